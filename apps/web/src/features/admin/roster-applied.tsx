import { rosterLinksCsv, type RosterReport } from '@invigil/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import './admin-texts.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable } from '../../lib/data-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { saveBlob } from './api/admin.ts';

/** The most rows a roster report's tables draw; the rest are in the download (links) or counted (refused rows). */
export const ROSTER_ROWS_SHOWN = 200;

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

/**
 * A roster's report once applied: the counts, then the set-password links. A roster may hold
 * tens of thousands of rows; the table shows the first ROSTER_ROWS_SHOWN links (drawing 10,000
 * rows froze the page for 20 s) and the CSV download has them all (ADR 0223).
 */
export function RosterApplied({ report }: { report: RosterReport }) {
  const { t } = useTranslation('admin');
  const expires = report.links[0]?.expiresAt;
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Alert severity="success" role="status" data-testid="roster-done">
        {t('roster.done', { rows: report.rows, created: report.created, updated: report.updated })}
      </Alert>
      <Typography variant="h6" component="h2">
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
            rows={report.links.slice(0, ROSTER_ROWS_SHOWN)}
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
          {report.links.length > ROSTER_ROWS_SHOWN && (
            <Typography color="text.secondary" data-testid="links-cut">
              {t('roster.linksCut', { shown: ROSTER_ROWS_SHOWN, count: report.links.length })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
