import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { mediaKind } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** A question, passage or choice resource shown by its extension (spec: Media by extension). */
export function MediaResource({ path, label }: { path: string | null | undefined; label: string }) {
  const { t } = useTranslation('testEngine');
  if (!path) return null;
  const kind = mediaKind(path);
  const box = { my: 1.5, maxWidth: '100%' };
  switch (kind) {
    case 'image':
      return (
        <Box
          component="img"
          src={path}
          alt={label}
          sx={{ ...box, display: 'block', maxHeight: 320, borderRadius: 1 }}
        />
      );
    case 'audio':
      return (
        <Box component="audio" controls src={path} aria-label={label} sx={{ ...box, display: 'block', width: 360 }} />
      );
    case 'video':
      return (
        <Box component="video" controls src={path} aria-label={label} sx={{ ...box, display: 'block', width: 480 }} />
      );
    case 'file':
      return (
        <Button
          component="a"
          href={path}
          download
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          sx={box}
          aria-label={`${t('clickToDownload')}: ${label}`}
        >
          {t('clickToDownload')}
        </Button>
      );
    default:
      return (
        <Typography color="error" sx={box}>
          {t('unsupportedFormat')}
        </Typography>
      );
  }
}
