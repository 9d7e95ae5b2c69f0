import { rosterLinksCsv, type RosterReport } from '@invigil/contracts';
import DownloadIcon from '@mui/icons-material/Download';
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
import { formatDateTime } from '../../lib/dates.ts';
import { saveBlob, useUploadRoster } from './api/admin.ts';
import { FilePicker } from './file-picker.tsx';

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="small"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? t('roster.copied') : t('roster.copy')}
    </Button>
  );
}

function Applied({ report }: { report: RosterReport }) {
  const { t } = useTranslation('admin');
  const expires = report.links[0]?.expiresAt;
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Alert severity="success" role="status" data-testid="roster-done">
        {t('roster.done', { rows: report.rows, created: report.created, updated: report.updated })}
      </Alert>
      <Typography variant="h6" component="h3">
        {t('roster.linksLabel')}
      </Typography>
      {report.links.length === 0 ? (
        <Typography color="text.secondary">{t('roster.noLinks')}</Typography>
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography>{t('roster.linksNote', { date: formatDateTime(expires) })}</Typography>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() =>
                saveBlob(new Blob([rosterLinksCsv(report.links)], { type: 'text/csv' }), 'set-password-links.csv')
              }
            >
              {t('roster.download')}
            </Button>
          </Stack>
          <DataTable
            label={t('roster.linksLabel')}
            rows={report.links}
            empty=""
            rowKey={(l) => l.email}
            rowTestId={(l) => `link-${l.email}`}
            columns={[
              { header: t('roster.col.name'), cell: (l) => l.name },
              { header: t('roster.col.email'), cell: (l) => l.email },
              {
                header: t('roster.col.link'),
                cell: (l) => (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <Box
                      component="code"
                      data-testid="invite-link"
                      sx={{
                        fontSize: 12,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                        maxWidth: { xs: 140, sm: 320 },
                      }}
                      title={l.link}
                    >
                      {l.link}
                    </Box>
                    <CopyButton text={l.link} />
                  </Box>
                ),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

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
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
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
              rows={refused.report.rejected}
              empty=""
              rowKey={(r) => r.line}
              columns={[
                { header: t('roster.col.line'), cell: (r) => r.line, width: 64 },
                { header: t('roster.col.email'), cell: (r) => r.email },
                { header: t('roster.col.reasons'), cell: (r) => r.reasons.join(' ') },
              ]}
            />
          )}
        </Stack>
      )}
      {outcome?.ok && <Applied report={outcome.report} />}
    </Box>
  );
}
