import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SPOKEN } from '@invigil/contracts';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { countQuestionAudioPlay } from './recording-api.ts';
import { afterPlay } from './spoken-machine.ts';

interface QuestionAudioProps {
  src: string;
  /** the attempt and question whose plays the server counts */
  examId: number;
  qid: number;
  count: number;
  onCount(n: number): void;
}

/**
 * The question audio of a spoken answer, at most 3 plays (spec): a play from the start counts,
 * pausing and going on does not; the 4th attempt sets audioButtonCount to 4 and hides the player.
 * The server counts the plays (questionAudioPlay) and refuses the 4th, so a reload or an edited
 * page does not reset them; its count is the one shown.
 */
export function QuestionAudio({ src, examId, qid, count, onCount }: QuestionAudioProps) {
  const { t } = useTranslation('recording');
  const fromStart = useRef(true);
  if (count > SPOKEN.playLimit)
    return (
      <Alert severity="warning" sx={{ my: 1.5 }} role="status" data-testid="play-limit">
        {t('playLimit')}
      </Alert>
    );
  return (
    <Box sx={{ my: 1.5 }}>
      <Box
        component="audio"
        controls
        preload="none"
        src={src}
        aria-label={t('questionAudio')}
        controlsList="nodownload noplaybackrate"
        data-testid="question-audio"
        sx={{ display: 'block', width: 360, maxWidth: '100%' }}
        onPlay={(e: { currentTarget: HTMLAudioElement }) => {
          const el = e.currentTarget;
          if (!fromStart.current && el.currentTime > 0.5) return;
          fromStart.current = false;
          const next = afterPlay(count);
          if (!next.allowed) {
            el.pause();
            onCount(next.count);
            // The server records the refused 4th too (audioButtonCount 4: hidden after a reload).
            void countQuestionAudioPlay(examId, qid);
            return;
          }
          void countQuestionAudioPlay(examId, qid).then((plays) => {
            // Unreachable server: counted here, the server's count wins on the next play or reload.
            const n = plays ?? next.count;
            if (n > SPOKEN.playLimit) el.pause();
            onCount(n);
          });
        }}
        onEnded={() => {
          fromStart.current = true;
        }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="plays-left">
        {t('playsLeft', { count: Math.max(0, SPOKEN.playLimit - count) })}
      </Typography>
    </Box>
  );
}
