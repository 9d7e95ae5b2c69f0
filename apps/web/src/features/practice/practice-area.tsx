import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../app/page-loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApplyPractice, usePracticeList } from './api/practice.ts';

/** Practice: S.No, Test Name, Questions, Duration (Minutes), Test with Apply; result in a snackbar (6 s). */
export default function PracticeArea() {
  const { t } = useTranslation('dashboard');
  const list = usePracticeList();
  const apply = useApplyPractice();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = list.data?.practice ?? [];

  const onApply = (id: number) =>
    apply.mutate(id, {
      onSuccess: (r) => setNote({ ok: true, text: r.message || t('practice.assigned') }),
      onError: (e) => setNote({ ok: false, text: e instanceof ApiError && e.status === 409 ? t('practice.alreadyAssigned') : (e as Error).message }),
    });

  return (
    <Box data-testid="area-Practice">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('practice.title')}
      </Typography>
      {list.isPending && <PageLoader />}
      {list.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {list.data && !rows.length && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('practice.empty')}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('practice.title')}>
            <TableHead>
              <TableRow>
                {[t('col.sno'), t('practice.testName'), t('practice.questions'), t('practice.duration'), t('practice.test')].map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={r.id} hover>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{r.test_name}</TableCell>
                  <TableCell>{r.numberofquestions}</TableCell>
                  <TableCell>{r.duration}</TableCell>
                  <TableCell>
                    <Button size="small" variant="contained" disabled={apply.isPending && apply.variables === r.id} onClick={() => onApply(r.id)} aria-label={`${t('practice.apply')}: ${r.test_name}`}>
                      {t('practice.apply')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Snackbar open={note !== null} autoHideDuration={6000} onClose={() => setNote(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        {note ? (
          <Alert severity={note.ok ? 'success' : 'error'} variant="filled" onClose={() => setNote(null)} sx={{ width: '100%' }}>
            {note.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
