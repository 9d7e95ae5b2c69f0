import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { LAYOUT, UPLOAD_MESSAGE_MS } from '@invigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { UploadStatus } from '../../../lib/recording-uploads/upload-manager.ts';
import './recording-texts.ts';

/**
 * The uploading dialog of a recording (spec: messages rotate every 3 s): how much has gone, and
 * when the link drops, that the recording is kept and continues from where it stopped.
 */
export function UploadDialog({ status }: { status: Extract<UploadStatus, { state: 'uploading' }> | null }) {
  const { t } = useTranslation('recording');
  const messages = t('uploading.messages', { returnObjects: true }) as string[];
  const [i, setI] = useState(0);
  useEffect(() => {
    if (!status) return;
    const timer = setInterval(() => setI((n) => (n + 1) % messages.length), UPLOAD_MESSAGE_MS);
    return () => clearInterval(timer);
  }, [status === null, messages.length]); // eslint-disable-line react-hooks/exhaustive-deps
  const percent = status && status.total > 0 ? Math.floor((status.sent / status.total) * 100) : 0;
  return (
    <Dialog
      open={status !== null}
      slotProps={{ paper: { sx: { width: LAYOUT.warningModalWidth, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      aria-labelledby="upload-title"
      aria-describedby="upload-text"
    >
      <DialogTitle id="upload-title">{t('uploading.title')}</DialogTitle>
      <DialogContent>
        <Typography
          id="upload-text"
          role="status"
          aria-live="polite"
          sx={{ minHeight: 48 }}
          data-testid="upload-message"
        >
          {status?.checking ? t('checking') : messages[i % messages.length]}
        </Typography>
        <LinearProgress
          variant={status?.checking ? 'indeterminate' : 'determinate'}
          value={percent}
          sx={{ my: 2 }}
          aria-label={t('uploading.progress', { percent })}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" data-testid="upload-percent">
            {t('uploading.progress', { percent })}
          </Typography>
        </Box>
        {status && !status.online && (
          <Typography variant="body2" color="warning.dark" sx={{ mt: 1 }} role="alert">
            {t('uploading.offline')}
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
