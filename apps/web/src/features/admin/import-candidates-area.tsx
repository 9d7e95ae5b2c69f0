import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import './admin-texts.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable } from '../../lib/data-table.tsx';
import { useUploadRoster } from './api/admin.ts';
import { FilePicker } from './file-picker.tsx';
import { ROSTER_ROWS_SHOWN, RosterApplied } from './roster-applied.tsx';

/** Import Candidates (super administrator): a CSV roster in, created and updated users and their set-password links out. */
export default function ImportCandidatesArea() {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const run = useUploadRoster();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) run.mutate(file);
  };
  const outcome = run.data;
  const refused = outcome && !outcome.ok ? outcome : null;
  return (
    <Box data-testid="area-Import Candidates">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('roster.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('roster.intro')}
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <FilePicker label={t('choose')} accept=".csv,text/csv" file={file} onFile={setFile} testId="roster-file" />
        <Button type="submit" variant="contained" disabled={!file || run.isPending} sx={{ mt: 2 }}>
          {run.isPending ? t('roster.uploading') : t('roster.button')}
        </Button>
      </Paper>
      {run.isError && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {t('loadFailed')}
        </Alert>
      )}
      {refused && (
        <Stack spacing={2} sx={{ mt: 3 }}>
          <Alert severity="error" role="alert" data-testid="roster-refused">
            {refused.report?.rejected.length
              ? t('roster.refused', { count: refused.report.rejected.length })
              : refused.message}
          </Alert>
          {!!refused.report?.rejected.length && (
            <DataTable
              label={t('roster.rejectedLabel')}
              rows={refused.report.rejected.slice(0, ROSTER_ROWS_SHOWN)}
              empty=""
              rowKey={(r) => r.line}
              columns={[
                { header: t('roster.col.line'), cell: (r) => r.line, width: 64 },
                { header: t('roster.col.email'), cell: (r) => r.email },
                { header: t('roster.col.reasons'), cell: (r) => r.reasons.join(' ') },
              ]}
            />
          )}
          {(refused.report?.rejected.length ?? 0) > ROSTER_ROWS_SHOWN && (
            <Typography color="text.secondary" data-testid="rejected-cut">
              {t('roster.rejectedCut', { shown: ROSTER_ROWS_SHOWN, count: refused.report!.rejected.length })}
            </Typography>
          )}
        </Stack>
      )}
      {outcome?.ok && <RosterApplied report={outcome.report} />}
    </Box>
  );
}
