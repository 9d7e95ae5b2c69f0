import type { PendingResultRow } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import './staff-texts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable, serialColumn } from '../../lib/data-table.tsx';
import { useAddIntoQueue, usePendingListing } from './api/staff.ts';

const TABS = [
  { key: 'answers', list: 'reGenerateListPendingAnswersInsertion' },
  { key: 'status', list: 'reGenerateListPendingStatusUpdate' },
  { key: 'result', list: 'reGenerateListReadyToRegenerate' },
] as const;

/**
 * Pending Results: three tabs of attempts whose result is pending, and 'Add into Queue' (above the
 * tabs: it queues all three lists) with its 'System Warning'.
 */
export default function PendingResultsArea() {
  const { t } = useTranslation('staff');
  const listing = usePendingListing();
  const add = useAddIntoQueue();
  const [tab, setTab] = useState(0);
  const [warning, setWarning] = useState(false);
  const current = TABS[tab]!;
  const rows: PendingResultRow[] = listing.data?.data[current.list] ?? [];
  const onAdd = () => {
    setWarning(true);
    add.mutate();
  };
  return (
    <Box data-testid="area-Pending Results">
      {/* One button for the three lists: the call queues every pending result (ADR 0223). */}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          {t('pending.title')}
        </Typography>
        <Button variant="contained" onClick={onAdd} disabled={add.isPending || !listing.data}>
          {t('pending.add')}
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('pending.title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((x, i) => (
          <Tab key={x.key} label={t(`pending.tabs.${x.key}`)} id={`pending-tab-${i}`} aria-controls="pending-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="pending-panel" aria-labelledby={`pending-tab-${tab}`}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(`pending.note.${current.key}`)}
        </Alert>
        {listing.isPending && <PageLoader />}
        {listing.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {add.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="add-failed">
            {t('loadFailed')}
          </Alert>
        )}
        {listing.data && (
          <>
            <Typography sx={{ mb: 1.5, fontWeight: 600 }} data-testid="pending-total">
              {t('pending.total', { count: rows.length })}
            </Typography>
            <DataTable
              label={t(`pending.tabs.${current.key}`)}
              rows={rows}
              empty={t('pending.empty')}
              rowKey={(r) => r.userexam_id}
              rowTestId={(r) => `pending-${r.userexam_id}`}
              columns={[
                serialColumn(t('pending.col.sno')),
                { header: t('pending.col.username'), cell: (r) => r.username },
                { header: t('pending.col.userExamId'), cell: (r) => r.userexam_id },
                { header: t('pending.col.group'), cell: (r) => r.group_name },
                { header: t('pending.col.assessment'), cell: (r) => r.assessment_name },
              ]}
            />
          </>
        )}
      </Box>
      <Dialog
        open={warning && !add.isError}
        onClose={() => setWarning(false)}
        aria-labelledby="pending-warning-title"
        maxWidth="xs"
      >
        <DialogTitle id="pending-warning-title">{t('pending.warningTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('pending.warning')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWarning(false)} variant="contained">
            {t('pending.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
