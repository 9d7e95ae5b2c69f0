import type { ExpiredRow } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { DataTable, serialColumn } from '../../../lib/data-table.tsx';

/** Expired rows: S.No, name, status, date and action (nothing left to do). */
export function ExpiredTable({ rows, empty, label }: { rows: ExpiredRow[]; empty: string; label: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <DataTable
      label={label}
      rows={rows}
      empty={empty}
      rowKey={(r) => r.userExamId}
      columns={[
        serialColumn(t('col.sno')),
        { header: t('col.name'), cell: (r) => r.name },
        { header: t('col.status'), cell: (r) => r.status },
        { header: t('col.date'), cell: (r) => formatDateTime(r.date) },
        { header: t('col.action'), cell: () => t('notAvailable') },
      ]}
    />
  );
}
