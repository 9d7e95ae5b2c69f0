import type { OrgOption } from '@invigil/contracts';
import { OutlinedNativeSelect } from '../../../lib/native-select.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** The Organization dropdown: shows org_name, valued by organization_id. */
export function OrgSelect({
  orgs,
  value,
  onChange,
}: {
  orgs: OrgOption[];
  value: number | null;
  onChange(id: number): void;
}) {
  const { t } = useTranslation('dashboard');
  if (!orgs.length) return null;
  return (
    <OutlinedNativeSelect
      label={t('organization')}
      value={value ?? ''}
      options={orgs.map((o) => ({ value: o.organization_id, label: o.org_name }))}
      onChange={(v) => onChange(Number(v))}
      sx={{ minWidth: 220, maxWidth: '100%' }}
    />
  );
}
