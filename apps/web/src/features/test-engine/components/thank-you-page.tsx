import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { ThemeProvider } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CssBaseline from '@mui/material/CssBaseline';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { makeTheme } from '../../../components/theme.ts';
import { useRecordingsSending } from '../../../lib/recording-uploads/activity.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { RichHtml } from './rich-html.tsx';

const StillUploading = lazy(() => import('../recording/still-uploading.tsx'));

/**
 * Instance name, a light/dark toggle, the thank-you HTML, a line while recordings are still being
 * sent, the failure of a submission not sent yet (whatever showscore says; it goes once the
 * engine's resend succeeds), the score block when showscore is on, Close.
 */
export function ThankYouPage({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('testEngine');
  const s = useEngineState();
  const sending = useRecordingsSending(useEngine().examId);
  const d = s.detail!;
  const [mode, setMode] = useState<'light' | 'dark'>('light');
  const theme = useMemo(() => makeTheme(mode), [mode]);
  const ev = s.submission?.evaluation;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box sx={{ minHeight: '100%', bgcolor: 'background.default', color: 'text.primary', p: { xs: 2, sm: 4 } }}>
        <Box sx={{ maxWidth: 720, mx: 'auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
              {d.instancename}
            </Typography>
            <Tooltip title={t('toggleTheme')}>
              <IconButton aria-label={t('toggleTheme')} onClick={() => setMode(mode === 'light' ? 'dark' : 'light')}>
                {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
              </IconButton>
            </Tooltip>
          </Box>
          <Paper sx={{ p: { xs: 2, sm: 4 }, mb: 2 }}>
            <RichHtml html={d.thankyoumessage || `<h3>${t('thankYou')}</h3>`} />
          </Paper>
          {sending > 0 && (
            <Suspense fallback={null}>
              <StillUploading />
            </Suspense>
          )}
          {s.submission?.state === 'failed' && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('submissionFailed')} {t('submissionFailedLater')}
            </Alert>
          )}
          {d.showscore === 1 && s.submission?.state !== 'failed' && (
            <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} aria-labelledby="score-title">
              <Typography id="score-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('scoreTitle')}
              </Typography>
              {ev ? (
                <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }} data-testid="score-block">
                  <Box>
                    <Typography variant="caption" color="text.secondary">
                      {t('obtainedMarks')}
                    </Typography>
                    <Typography variant="h5">{ev.obtainedMarks}</Typography>
                  </Box>
                  <Box>
                    <Typography variant="caption" color="text.secondary">
                      {t('totalMarks')}
                    </Typography>
                    <Typography variant="h5">{ev.totalMarks}</Typography>
                  </Box>
                  <Box>
                    <Typography variant="caption" color="text.secondary">
                      {t('percentage')}
                    </Typography>
                    <Typography variant="h5">{ev.percentage}%</Typography>
                  </Box>
                </Box>
              ) : (
                <Typography>{t('resultPending')}</Typography>
              )}
            </Paper>
          )}
          <Button variant="contained" onClick={onClose}>
            {t('close')}
          </Button>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
