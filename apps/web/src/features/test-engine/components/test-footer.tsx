import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import FlagIcon from '@mui/icons-material/Flag';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ADAPTIVE_EXAM_TYPE, BUTTON_STYLE, formatHms } from '@invigil/contracts';
import { TAP_TARGET_LINK } from '../../../components/theme.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { useNavigation } from '../hooks/use-navigation.ts';

/** Footer: 'Time Spent', Previous, Next, Finish, 'Flag this question' and mark / unmark for review. */
export function TestFooter() {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const { canNext, canPrevious, canFinish } = useNavigation();
  const cur = s.items[s.index];
  const marked = cur?.buttonStyle === BUTTON_STYLE.markedReview;
  // Adaptive tests never come back to a question: nothing to review.
  const reviewable = s.detail?.examtypeid !== ADAPTIVE_EXAM_TYPE;
  return (
    <Paper
      component="footer"
      square
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        px: 2,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Box sx={{ flex: '1 1 160px', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {t('timeSpent')}:{' '}
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid="time-spent">
            {formatHms(cur?.timeSpend ?? 0)}
          </Box>
        </Typography>
        {/* A link, as the spec calls it (role link), opening the Report Issue dialog. */}
        <Link
          href="#"
          variant="body2"
          onClick={(e) => {
            e.preventDefault();
            engine.setFlag({ modal: { kind: 'issue' } });
          }}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ...TAP_TARGET_LINK }}
        >
          <FlagIcon fontSize="small" aria-hidden />
          {t('flagQuestion')}
        </Link>
        {reviewable && cur && (
          <Button
            size="small"
            variant={marked ? 'contained' : 'outlined'}
            aria-pressed={marked}
            onClick={() => engine.toggleReview()}
            startIcon={marked ? <BookmarkIcon /> : <BookmarkBorderIcon />}
            sx={
              marked
                ? { bgcolor: '#5e35b1', '&:hover': { bgcolor: '#4527a0' } }
                : { color: '#5e35b1', borderColor: '#5e35b1' }
            }
          >
            {marked ? t('unmarkReview') : t('markForReview')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<NavigateBeforeIcon />}
          disabled={!canPrevious}
          onClick={(e) => {
            // The second click of a double click (detail 2) would move past a question unseen.
            if (e.detail < 2) engine.go(s.index - 1);
          }}
        >
          {t('previous')}
        </Button>
        <Button
          variant="contained"
          endIcon={<NavigateNextIcon />}
          disabled={!canNext}
          onClick={(e) => {
            if (e.detail < 2) void engine.next();
          }}
        >
          {t('next')}
        </Button>
        <Button variant="contained" color="secondary" disabled={!canFinish} onClick={() => engine.requestFinish()}>
          {t('finish')}
        </Button>
      </Box>
    </Paper>
  );
}
