import type { OrgOption } from '@invigil/contracts';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** The Organization dropdown: shows org_name, valued by organization_id. */
export function OrgSelect({ orgs, value, onChange }: { orgs: OrgOption[]; value: number | null; onChange(id: number): void }) {
  const { t } = useTranslation('dashboard');
  if (!orgs.length) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%' }}>
      <InputLabel id="org-select-label">{t('organization')}</InputLabel>
      <Select
        labelId="org-select-label"
        id="org-select"
        label={t('organization')}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {orgs.map((o) => (
          <MenuItem key={o.organization_id} value={o.organization_id}>
            {o.org_name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
