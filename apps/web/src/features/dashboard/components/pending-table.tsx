import { isResumable, isSurveyType, type PendingRow } from '@invigil/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { DataTable, serialColumn } from '../../../lib/data-table.tsx';

interface Props {
  rows: PendingRow[];
  empty: string;
  label: string;
  busyId: number | null;
  onStart(row: PendingRow): void;
}

/** Pending rows: S.No, name, status, date/time and the Take/Resume action, then the hint. */
export function PendingTable({ rows, empty, label, busyId, onStart }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <DataTable
        label={label}
        rows={rows}
        empty={empty}
        rowKey={(r) => r.userExamId}
        columns={[
          serialColumn(t('col.sno')),
          { header: t('col.name'), cell: (r) => r.examName },
          {
            header: t('col.status'),
            cell: (r) => (
              <Chip
                size="small"
                label={r.statusLabel}
                color={isResumable(r.status) ? 'primary' : 'default'}
                variant={isResumable(r.status) ? 'filled' : 'outlined'}
              />
            ),
          },
          { header: t('col.dateTime'), cell: (r) => formatDateTime(r.date) },
          {
            header: t('col.action'),
            cell: (r) => {
              const resume = isResumable(r.status);
              const text = resume ? t('resume') : isSurveyType(r.testType) ? t('takeSurvey') : t('takeTest');
              return (
                <Button
                  size="small"
                  variant="contained"
                  color={resume ? 'secondary' : 'primary'}
                  disabled={!r.available || busyId === r.userExamId}
                  onClick={() => onStart(r)}
                  aria-label={`${text}: ${r.examName}`}
                  title={r.available ? undefined : t('availableFrom', { date: formatDateTime(r.date) })}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {text}
                </Button>
              );
            },
          },
        ]}
      />
      {rows.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('proceedHint')}
        </Typography>
      )}
    </>
  );
}
