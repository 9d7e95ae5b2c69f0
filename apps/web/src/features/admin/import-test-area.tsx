import type { ImportReport } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import './admin-texts.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { OutlinedField } from '../../lib/outlined-field.tsx';
import { DataTable, serialColumn } from '../../lib/data-table.tsx';
import { useImportTest } from './api/admin.ts';
import { FilePicker } from './file-picker.tsx';

const SCHEMA_URL = '/api/docs/invigil-extension.schema.json';

function Report({ report, ok }: { report: ImportReport; ok: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      {ok ? (
        <Alert severity="success" role="status" data-testid="import-done">
          {t('importTest.done', {
            title: report.title,
            id: report.examId,
            count: report.items.length,
            media: report.media,
          })}
        </Alert>
      ) : (
        <Alert severity="error" role="alert" data-testid="import-refused">
          {t('importTest.refused', { count: report.problems.length })}
        </Alert>
      )}
      {report.notes.length > 0 && (
        <Alert severity="info">
          <Typography sx={{ fontWeight: 600 }}>{t('importTest.notes')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {report.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </Box>
        </Alert>
      )}
      {!ok && (
        <DataTable
          label={t('importTest.problemsLabel')}
          rows={report.problems}
          empty=""
          rowKey={(p) => `${p.item}:${p.reason}`}
          columns={[
            serialColumn('S.No'),
            { header: t('importTest.col.item'), cell: (p) => p.item },
            { header: t('importTest.col.reason'), cell: (p) => p.reason },
          ]}
        />
      )}
      {ok && (
        <DataTable
          label={t('importTest.itemsLabel')}
          rows={report.items}
          empty=""
          dense
          rowKey={(i) => i.identifier}
          columns={[
            serialColumn('S.No'),
            { header: t('importTest.col.item'), cell: (i) => i.identifier },
            { header: t('importTest.col.from'), cell: (i) => i.from },
            { header: t('importTest.col.type'), cell: (i) => `${i.qtypename} (${i.qtypecode})` },
          ]}
        />
      )}
    </Stack>
  );
}

/** Import Test (super administrator): a QTI package or extension document in, the per-item report out. */
export default function ImportTestArea() {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const run = useImportTest();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) run.mutate({ file, title: title.trim() || undefined });
  };
  const outcome = run.data;
  return (
    <Box data-testid="area-Import Test">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('importTest.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('importTest.intro')}
      </Typography>
      <Link href={SCHEMA_URL} target="_blank" rel="noopener" sx={{ display: 'inline-block', mb: 2 }}>
        {t('importTest.schemaLink')}
      </Link>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <FilePicker label={t('choose')} accept=".zip,.json" file={file} onFile={setFile} testId="import-file" />
        <OutlinedField
          label={t('importTest.testTitle')}
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Button type="submit" variant="contained" disabled={!file || run.isPending} sx={{ mt: 1 }}>
          {run.isPending ? t('importTest.importing') : t('importTest.button')}
        </Button>
      </Paper>
      {run.isError && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {t('loadFailed')}
        </Alert>
      )}
      {outcome && !outcome.ok && !outcome.report && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {outcome.message}
        </Alert>
      )}
      {outcome?.report && <Report report={outcome.report} ok={outcome.ok} />}
    </Box>
  );
}
