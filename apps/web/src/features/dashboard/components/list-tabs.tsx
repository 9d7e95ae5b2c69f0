import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { OutlinedNativeSelect } from '../../../lib/native-select.tsx';

export type ListTab = 'pending' | 'completed' | 'expired';
const LIST_TABS: ListTab[] = ['pending', 'completed', 'expired'];

/** Pending / Completed / Expired {noun}: tabs, or a dropdown on small screens. */
export function ListTabs({
  value,
  noun,
  mobile,
  onChange,
}: {
  value: ListTab;
  noun: string;
  mobile: boolean;
  onChange(tab: ListTab): void;
}) {
  const { t } = useTranslation('dashboard');
  if (mobile) {
    return (
      <OutlinedNativeSelect
        label={t('listView')}
        value={value}
        options={LIST_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`, { noun }) }))}
        onChange={(v) => onChange(v as ListTab)}
        fullWidth
        sx={{ mb: 2 }}
      />
    );
  }
  return (
    <Tabs
      value={value}
      onChange={(_e, v: ListTab) => onChange(v)}
      aria-label={t('listView')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {LIST_TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={t(`tabs.${tab}`, { noun })}
          id={`list-tab-${tab}`}
          aria-controls="list-panel"
          sx={{ textTransform: 'none', fontWeight: 600 }}
        />
      ))}
    </Tabs>
  );
}
