import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** Group buttons within a tab: each selects that group's list. */
export function GroupButtons({
  groups,
  selected,
  onSelect,
}: {
  groups: Array<{ groupId: number; groupName: string }>;
  selected: number | null;
  onSelect(id: number): void;
}) {
  const { t } = useTranslation('dashboard');
  if (groups.length < 1) return null;
  return (
    <Stack direction="row" role="group" aria-label={t('groups')} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {groups.map((g) => (
        <Button
          key={g.groupId}
          size="small"
          variant={g.groupId === selected ? 'contained' : 'outlined'}
          aria-pressed={g.groupId === selected}
          onClick={() => onSelect(g.groupId)}
        >
          {g.groupName}
        </Button>
      ))}
    </Stack>
  );
}
