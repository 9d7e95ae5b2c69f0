import type { CompletedRow } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { type Column, DataTable, serialColumn } from '../../../lib/data-table.tsx';

/** Completed rows; feedback and survey lists show assessee and role instead of the name. */
export function CompletedTable({
  rows,
  empty,
  label,
  byAssessee,
}: {
  rows: CompletedRow[];
  empty: string;
  label: string;
  byAssessee: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const lead: Column<CompletedRow>[] = byAssessee
    ? [
        { header: t('col.assessee'), cell: (r) => r.assessee ?? t('notAvailable') },
        { header: t('col.role'), cell: (r) => r.role ?? t('notAvailable') },
      ]
    : [{ header: t('col.name'), cell: (r) => r.name }];
  return (
    <DataTable
      label={label}
      rows={rows}
      empty={empty}
      rowKey={(r) => r.userExamId}
      columns={[
        serialColumn(t('col.sno')),
        ...lead,
        { header: t('col.testStatus'), cell: (r) => r.testStatus },
        { header: t('col.resultStatus'), cell: (r) => r.resultStatus },
        { header: t('col.resultDate'), cell: (r) => (r.resultDate ? formatDateTime(r.resultDate) : t('notAvailable')) },
      ]}
    />
  );
}
