import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../../i18n/use-translation.ts';

export type ListTab = 'pending' | 'completed' | 'expired';
export const LIST_TABS: ListTab[] = ['pending', 'completed', 'expired'];

/** Pending / Completed / Expired {noun}: tabs, or a dropdown on small screens. */
export function ListTabs({ value, noun, mobile, onChange }: { value: ListTab; noun: string; mobile: boolean; onChange(tab: ListTab): void }) {
  const { t } = useTranslation('dashboard');
  if (mobile) {
    return (
      <FormControl size="small" fullWidth sx={{ mb: 2 }}>
        <InputLabel id="list-tab-label">{t('listView')}</InputLabel>
        <Select labelId="list-tab-label" id="list-tab-select" label={t('listView')} value={value} onChange={(e) => onChange(e.target.value as ListTab)}>
          {LIST_TABS.map((tab) => (
            <MenuItem key={tab} value={tab}>
              {t(`tabs.${tab}`, { noun })}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    );
  }
  return (
    <Tabs value={value} onChange={(_e, v: ListTab) => onChange(v)} aria-label={t('listView')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {LIST_TABS.map((tab) => (
        <Tab key={tab} value={tab} label={t(`tabs.${tab}`, { noun })} id={`list-tab-${tab}`} aria-controls="list-panel" sx={{ textTransform: 'none', fontWeight: 600 }} />
      ))}
    </Tabs>
  );
}
