import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { VIDEO } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/**
 * The 3-second circular countdown before a video recording starts (and, with its own label,
 * before a test starts).
 */
export function Countdown({ n, label }: { n: number; label?: string }) {
  const { t } = useTranslation('recording');
  return (
    <Box
      role="timer"
      aria-live="assertive"
      aria-label={label ?? t('countdown', { n })}
      sx={{ position: 'relative', display: 'inline-flex', bgcolor: 'rgba(0,0,0,0.55)', borderRadius: '50%', p: 1 }}
    >
      <CircularProgress
        variant="determinate"
        value={(n / VIDEO.countdownSeconds) * 100}
        size={96}
        thickness={4}
        sx={{ color: 'common.white' }}
        aria-hidden
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography component="span" variant="h3" sx={{ color: 'common.white', fontWeight: 700 }} aria-hidden>
          {n}
        </Typography>
      </Box>
    </Box>
  );
}
