import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { BUTTON_STYLE, type ButtonStyle } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

const STYLE_COLORS: Record<ButtonStyle, { bg: string; fg: string; border?: string }> = {
  [BUTTON_STYLE.answered]: { bg: '#2e7d32', fg: '#fff' },
  [BUTTON_STYLE.notAnswered]: { bg: '#c62828', fg: '#fff' },
  [BUTTON_STYLE.markedReview]: { bg: '#5e35b1', fg: '#fff' },
  [BUTTON_STYLE.notVisited]: { bg: '#ffffff', fg: '#333', border: '#9e9e9e' },
};

/** The question-number grid popup with its legend: Answered / Not Answered / Marked Review / Not Visited. */
export function QuestionGrid({
  anchor,
  onClose,
  styles,
  current,
  canJump,
  onJump,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
  styles: ButtonStyle[];
  current: number;
  canJump(i: number): boolean;
  onJump(i: number): void;
}) {
  const { t } = useTranslation('testEngine');
  const legend: Array<[ButtonStyle, string]> = [
    [BUTTON_STYLE.answered, t('answered')],
    [BUTTON_STYLE.notAnswered, t('notAnswered')],
    [BUTTON_STYLE.markedReview, t('markedReview')],
    [BUTTON_STYLE.notVisited, t('notVisited')],
  ];
  const count = (s: ButtonStyle) => styles.filter((x) => x === s).length;
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{
        paper: {
          sx: { p: 2, width: 300, maxWidth: 'calc(100vw - 24px)' },
          role: 'dialog',
          'aria-label': t('questionGrid'),
        } as object,
      }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('questionGrid')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, mb: 2 }}>
        {styles.map((s, i) => {
          const c = STYLE_COLORS[s];
          return (
            <Button
              key={i}
              size="small"
              disabled={!canJump(i) && i !== current}
              onClick={() => {
                onJump(i);
                onClose();
              }}
              aria-label={`${i + 1}: ${legend.find(([k]) => k === s)?.[1]}`}
              aria-current={i === current ? 'step' : undefined}
              sx={{
                minWidth: 0,
                bgcolor: c.bg,
                color: c.fg,
                border: 1,
                borderColor: c.border ?? c.bg,
                outline: i === current ? '3px solid #ffb300' : 'none',
                '&:hover': { bgcolor: c.bg, opacity: 0.9 },
                '&.Mui-disabled': { bgcolor: c.bg, color: c.fg, opacity: 0.75 },
              }}
            >
              {i + 1}
            </Button>
          );
        })}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {legend.map(([s, label]) => (
          <Box component="li" key={s} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              sx={{
                width: 16,
                height: 16,
                borderRadius: 0.5,
                bgcolor: STYLE_COLORS[s].bg,
                border: 1,
                borderColor: STYLE_COLORS[s].border ?? STYLE_COLORS[s].bg,
              }}
            />
            <Typography variant="body2">
              {label} ({count(s)})
            </Typography>
          </Box>
        ))}
      </Box>
    </Popover>
  );
}
