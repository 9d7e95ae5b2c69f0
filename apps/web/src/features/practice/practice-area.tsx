import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { DataTable, serialColumn } from '../../lib/data-table.tsx';
import { useApplyPractice, usePracticeList } from './api/practice.ts';

/** Practice: S.No, Test Name, Questions, Duration (Minutes), Test with Apply; result in a snackbar (6 s). */
export default function PracticeArea() {
  const { t } = useTranslation('dashboard');
  const list = usePracticeList();
  const apply = useApplyPractice();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = list.data?.practice ?? [];

  // A double click must not send a second request (it would answer 'already assigned').
  const inFlight = useRef(false);
  const onApply = (id: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    apply.mutate(id, {
      onSuccess: (r) => setNote({ ok: true, text: r.message || t('practice.assigned') }),
      onError: (e) =>
        setNote({
          ok: false,
          text:
            e instanceof ApiError && e.status === 409
              ? t('practice.alreadyAssigned')
              : // No answer at all: the spec's connectivity text, not the client's 'Network error'.
                e instanceof ApiError && e.status === 0
                ? t('startFailed')
                : (e as Error).message,
        }),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <Box data-testid="area-Practice">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('practice.title')}
      </Typography>
      {list.isPending && <PageLoader />}
      {list.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {list.data && (
        <DataTable
          label={t('practice.title')}
          rows={rows}
          empty={t('practice.empty')}
          rowKey={(r) => r.id}
          columns={[
            serialColumn(t('col.sno')),
            { header: t('practice.testName'), cell: (r) => r.test_name },
            { header: t('practice.questions'), cell: (r) => r.numberofquestions },
            { header: t('practice.duration'), cell: (r) => r.duration },
            {
              header: t('practice.test'),
              cell: (r) => (
                <Button
                  size="small"
                  variant="contained"
                  disabled={apply.isPending && apply.variables === r.id}
                  onClick={() => onApply(r.id)}
                  aria-label={`${t('practice.apply')}: ${r.test_name}`}
                >
                  {t('practice.apply')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Snackbar
        open={note !== null}
        autoHideDuration={6000}
        onClose={() => setNote(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {note ? (
          <Alert
            severity={note.ok ? 'success' : 'error'}
            variant="filled"
            onClose={() => setNote(null)}
            sx={{ width: '100%' }}
          >
            {note.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
