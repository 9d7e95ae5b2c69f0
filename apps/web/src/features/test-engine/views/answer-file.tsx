import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, answerFileName, isAllowedUpload } from '@invigil/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError, apiDownloadUrl } from '../../../lib/api-client.ts';
import { checkDownload, uploadAnswerFile } from '../api/test-calls.ts';
import type { QuestionViewProps } from './view-types.ts';

type UploadState = 'idle' | 'uploading' | 'uploaded' | 'failed';
type DownloadState = 'idle' | 'downloading' | 'done' | 'failed';

/**
 * The message of a refused upload: the server's 415 (contents not what the name says) and 413
 * keep the spec's format and size texts; anything else is the spec's upload failure.
 */
const refusalKey = (e: unknown) =>
  e instanceof ApiError && e.status === 415
    ? 'unsupportedFormat'
    : e instanceof ApiError && e.status === 413
      ? 'tooLarge'
      : 'uploadFailed';

/** File upload (idle, uploading, uploaded, failed) and download (idle, downloading, done, failed) of a descriptive answer. */
export function AnswerFile({ item, examId, disabled, onChange, setFilePickerOpen }: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const input = useRef<HTMLInputElement>(null);
  const [up, setUp] = useState<UploadState>(item.uploadedFile ? 'uploaded' : 'idle');
  const [down, setDown] = useState<DownloadState>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const name = item.uploadedFile ? answerFileName(item.uploadedFile) : '';

  const pick = async (file: File | undefined) => {
    setFilePickerOpen?.(false);
    if (!file) return;
    setMessage(null);
    if (!isAllowedUpload(file.name)) return setMessage(t('unsupportedFormat'));
    if (file.size >= UPLOAD_MAX_BYTES) return setMessage(t('tooLarge'));
    // A 0-byte file (a download that failed, a cloud placeholder) is not sent at all.
    if (file.size === 0) return setMessage(`${t('uploadFailed')} ${t('emptyFile', { name: file.name })}`);
    setUp('uploading');
    try {
      const res = await uploadAnswerFile(examId, item.qid, file);
      if (res.error) throw new Error('upload');
      onChange({ uploadedFile: res.file_url });
      setUp('uploaded');
    } catch (e) {
      setUp('failed');
      setMessage(t(refusalKey(e)));
    }
  };

  const download = async () => {
    if (!item.uploadedFile) return;
    setDown('downloading');
    try {
      const res = await checkDownload(item.uploadedFile);
      if (res.error) throw new Error('download');
      const blob = await apiDownloadUrl(res.file_url);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      setDown('done');
    } catch {
      setDown('failed');
      setMessage(t('downloadFailed'));
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <input
        ref={input}
        type="file"
        hidden
        accept={UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',')}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
        data-testid="answer-file-input"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={up === 'uploading' ? <CircularProgress size={16} /> : <AttachFileIcon />}
          disabled={disabled || up === 'uploading'}
          onClick={() => {
            setFilePickerOpen?.(true);
            input.current?.click();
          }}
        >
          {up === 'uploading' ? t('uploading') : t('uploadFile')}
        </Button>
        {item.uploadedFile && (
          <Button
            variant="text"
            startIcon={down === 'downloading' ? <CircularProgress size={16} /> : <DownloadIcon />}
            disabled={down === 'downloading'}
            onClick={() => void download()}
          >
            {down === 'downloading' ? t('downloading') : t('downloadFile')}
          </Button>
        )}
      </Box>
      {item.uploadedFile && up !== 'uploading' && (
        <Typography
          variant="body2"
          sx={{ mt: 1, overflowWrap: 'anywhere' }}
          role="status"
          data-testid="answer-file-name"
        >
          {t('uploaded', { name })}
        </Typography>
      )}
      {message && (
        <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }} role="alert">
          {message}
        </Alert>
      )}
    </Box>
  );
}
