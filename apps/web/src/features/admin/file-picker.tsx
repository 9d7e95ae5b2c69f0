import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** A labelled file chooser: a button for the hidden input, and the chosen file's name beside it. */
export function FilePicker({
  label,
  accept,
  file,
  onFile,
  testId,
}: {
  label: string;
  accept: string;
  file: File | null;
  onFile(file: File | null): void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Button component="label" htmlFor={id} variant="outlined" startIcon={<UploadFileIcon />}>
        {label}
        <input
          id={id}
          data-testid={testId}
          type="file"
          accept={accept}
          hidden
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
        {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : t('noFile')}
      </Typography>
    </Stack>
  );
}
