import Alert from '@mui/material/Alert';
import { useTranslation } from '../../../i18n/use-translation.ts';
import './recording-texts.ts';

/**
 * The thank-you page's line while this attempt's recordings are still being sent (ADR 0195):
 * the upload goes on only while a page of the app is open, so the candidate is asked to keep it.
 */
export default function StillUploading() {
  const { t } = useTranslation('recording');
  return (
    <Alert severity="info" role="status" data-testid="recordings-still-uploading" sx={{ mb: 2 }}>
      {t('stillUploading')}
    </Alert>
  );
}
