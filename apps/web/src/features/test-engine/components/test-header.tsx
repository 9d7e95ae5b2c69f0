import AppsIcon from '@mui/icons-material/Apps';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import TimerIcon from '@mui/icons-material/Timer';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatHms, progressPercent } from '@invigil/contracts';
import { useState } from 'react';
import { TAP_TARGET_LINK } from '../../../components/theme.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { getCookie } from '../../../lib/cookies.ts';
import { clearLogin } from '../../../lib/session.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { useNavigation } from '../hooks/use-navigation.ts';
import { QuestionGrid } from './question-grid.tsx';
import { RichHtml } from './rich-html.tsx';

/** Header: user name, instance name, instructions link, 'Question n / total', the grid popup and the countdown. */
/**
 * A save answered 401 (signed in elsewhere, the session expired): the spec's forced logout, by
 * the candidate's choice. The answers not yet saved are in the local copy and go out when the
 * test is resumed after signing in.
 */
function signInAgain() {
  clearLogin('forced');
  location.assign('/v2/user/login');
}

export function TestHeader() {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const { canJump, answered } = useNavigation();
  const [gridAnchor, setGridAnchor] = useState<HTMLElement | null>(null);
  const [showInstructions, setShowInstructions] = useState(false);
  const survey = engine.isSurvey;
  const d = s.detail!;
  const low = s.remaining <= 60;
  const saveState = !s.online ? 'offline' : s.pendingCount > 0 ? 'pending' : 'saved';
  // Spec §4 Timer: progress is answered divided by total times 100.
  const progress = progressPercent(answered.filter(Boolean).length, s.items.length);
  const instructions =
    d.selectedLanguage !== 'en-IN' && d.translated_instructions ? d.translated_instructions : d.instruction_text;
  return (
    <AppBar position="sticky" color="default" elevation={1} sx={{ bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1.5, flexWrap: 'wrap', py: 1, minHeight: 64 }}>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {getCookie('userName')}
          </Typography>
          <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 700 }} noWrap title={d.instancename}>
            {d.instancename}
          </Typography>
          {/* A link, as the spec calls it (role link); it opens the instructions in place. */}
          <Link
            href="#"
            variant="body2"
            onClick={(e) => {
              e.preventDefault();
              setShowInstructions(true);
            }}
            sx={TAP_TARGET_LINK}
          >
            {survey ? t('surveyInstructions') : t('testInstructions')}
          </Link>
        </Box>
        <Button
          variant="outlined"
          startIcon={<AppsIcon />}
          onClick={(e) => setGridAnchor(e.currentTarget)}
          aria-haspopup="dialog"
        >
          {t('counter', { word: survey ? t('statement') : t('question'), n: s.index + 1, total: s.items.length })}
        </Button>
        <Tooltip
          title={
            saveState === 'offline'
              ? t('offline')
              : saveState === 'pending'
                ? t('pendingSaves', { count: s.pendingCount })
                : t('allSaved')
          }
        >
          <Box
            role="status"
            aria-label={
              saveState === 'offline'
                ? t('offline')
                : saveState === 'pending'
                  ? t('pendingSaves', { count: s.pendingCount })
                  : t('allSaved')
            }
            sx={{
              display: 'flex',
              color: saveState === 'offline' ? 'error.main' : saveState === 'pending' ? 'warning.dark' : 'success.main',
            }}
          >
            {saveState === 'offline' ? (
              <CloudOffIcon />
            ) : saveState === 'pending' ? (
              <CloudUploadIcon />
            ) : (
              <CloudDoneIcon />
            )}
          </Box>
        </Tooltip>
        <Box
          role="timer"
          aria-label={t('timeLeft')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1.5,
            py: 0.5,
            borderRadius: 1,
            fontVariantNumeric: 'tabular-nums',
            bgcolor: low ? 'error.main' : 'primary.main',
            color: '#fff',
            fontWeight: 700,
            fontSize: '1.1rem',
          }}
        >
          <TimerIcon fontSize="small" aria-hidden />
          <span data-testid="countdown">{s.timeUp ? t('timesUp') : formatHms(s.remaining)}</span>
        </Box>
      </Toolbar>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={t('progress', { percent: progress })}
        title={t('progress', { percent: progress })}
        sx={{ height: 4 }}
      />
      {!s.online && (
        <Box role="alert" sx={{ bgcolor: 'warning.light', color: '#000', px: 2, py: 0.5, fontSize: '0.875rem' }}>
          {t('offline')}
        </Box>
      )}
      {s.online && s.sessionExpired && (
        <Box
          role="alert"
          sx={{
            bgcolor: 'warning.light',
            color: '#000',
            px: 2,
            py: 0.5,
            fontSize: '0.875rem',
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <span>
            {t('common:sessionExpired')} {t('sessionExpiredKept')}
          </span>
          <Button size="small" variant="contained" color="inherit" onClick={signInAgain}>
            {t('signInAgain')}
          </Button>
        </Box>
      )}
      <QuestionGrid
        anchor={gridAnchor}
        onClose={() => setGridAnchor(null)}
        styles={s.items.map((q) => q.buttonStyle)}
        current={s.index}
        canJump={canJump}
        onJump={(i) => engine.go(i)}
      />
      <Dialog
        open={showInstructions}
        onClose={() => setShowInstructions(false)}
        aria-labelledby="instr-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="instr-title">{survey ? t('surveyInstructions') : t('testInstructions')}</DialogTitle>
        <DialogContent>
          <RichHtml html={instructions} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShowInstructions(false)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </AppBar>
  );
}
