import { STATUS_LABEL, type PendingResultRow } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import './staff-texts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable, serialColumn } from '../../lib/data-table.tsx';
import { usePendingListing } from './api/staff.ts';
import { RegenerateButton, type RegenState } from './regenerate-button.tsx';
import { TimelineDialog } from './timeline-dialog.tsx';

/**
 * Regenerate Results: the results that can be regenerated (regeneratelisting: the ready list),
 * with why each failed, ReGenerate (regenratetest) and the attempt's timeline.
 */
export default function RegenerateResultsArea() {
  const { t } = useTranslation('staff');
  const listing = usePendingListing();
  const [timeline, setTimeline] = useState<number | null>(null);
  const [states, setStates] = useState<Record<number, RegenState>>({});
  const [error, setError] = useState<string | null>(null);
  const rows: PendingResultRow[] = listing.data?.data.reGenerateListReadyToRegenerate ?? [];
  return (
    <Box data-testid="area-Regenerate Results">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('regenerate.title')}
      </Typography>
      {listing.isPending && <PageLoader />}
      {listing.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {listing.data && (
        <DataTable
          dense
          label={t('regenerate.title')}
          rows={rows}
          empty={t('regenerate.empty')}
          rowKey={(r) => r.userexam_id}
          columns={[
            serialColumn(t('pending.col.sno')),
            { header: t('pending.col.username'), cell: (r) => r.username },
            { header: t('pending.col.userExamId'), cell: (r) => r.userexam_id },
            { header: t('pending.col.assessment'), cell: (r) => r.assessment_name },
            {
              header: t('search.col.testStatus'),
              cell: (r) => `${STATUS_LABEL[r.status] ?? r.status}${r.queued ? `, ${t('regen.queued')}` : ''}`,
            },
            { header: t('search.col.resultStatus'), cell: (r) => r.result_status ?? 'N.A.' },
            { header: t('regenerate.reason'), cell: (r) => r.result_error ?? 'N.A.', width: '24%' },
            {
              header: t('search.col.action'),
              cell: (r) => (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <RegenerateButton
                    ids={{ userExamId: r.userexam_id, userId: r.user_id, examInstanceId: r.examinstance_id }}
                    label={r.assessment_name}
                    status={r.status}
                    state={r.userexam_id in states ? states[r.userexam_id]! : r.queued ? 'QUEUED' : null}
                    onState={(s) => setStates((m) => ({ ...m, [r.userexam_id]: s }))}
                    onError={setError}
                  />
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setTimeline(r.userexam_id)}
                    aria-label={`${t('search.timeline')}: ${r.userexam_id}`}
                  >
                    {t('search.timeline')}
                  </Button>
                </Stack>
              ),
            },
          ]}
        />
      )}
      {timeline !== null && <TimelineDialog userExamId={timeline} onClose={() => setTimeline(null)} />}
    </Box>
  );
}
