import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SPOKEN } from '@invigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { playQuestionAudio } from './recording-api.ts';

interface QuestionAudioProps {
  /** the attempt and question whose plays the server counts */
  examId: number;
  qid: number;
  count: number;
  onCount(n: number): void;
}

/**
 * The question audio of a spoken answer, at most 3 plays (spec): each Play asks the server, which
 * counts the play and hands out the audio as a short-lived signed URL (ADR 0212); pausing and
 * going on within a play does not count. The 4th sets audioButtonCount to 4 and hides the player.
 * The server's count is the one shown, so a reload or an edited page does not reset it.
 */
export function QuestionAudio({ examId, qid, count, onCount }: QuestionAudioProps) {
  const { t } = useTranslation('recording');
  const audio = useRef<HTMLAudioElement | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (src && playing) void audio.current?.play().catch(() => undefined);
  }, [src, playing]);

  if (count > SPOKEN.playLimit)
    return (
      <Alert severity="warning" sx={{ my: 1.5 }} role="status" data-testid="play-limit">
        {t('playLimit')}
      </Alert>
    );

  const play = async () => {
    setFailed(false);
    // Asked even after the 3rd: the server records the refused 4th (audioButtonCount 4).
    setAsking(true);
    const grant = await playQuestionAudio(examId, qid);
    setAsking(false);
    if (grant === 'refused') return onCount(SPOKEN.playLimit + 1);
    if (!grant) return setFailed(true);
    onCount(grant.plays);
    setSrc(grant.url);
    setPlaying(true);
  };

  return (
    <Box sx={{ my: 1.5 }}>
      {playing && src ? (
        <Box
          component="audio"
          ref={audio}
          controls
          src={src}
          aria-label={t('questionAudio')}
          controlsList="nodownload noplaybackrate"
          data-testid="question-audio"
          sx={{ display: 'block', width: 360, maxWidth: '100%' }}
          onEnded={() => setPlaying(false)}
          onError={() => {
            setPlaying(false);
            setFailed(true);
          }}
        />
      ) : (
        <Button
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          disabled={asking}
          onClick={() => void play()}
          data-testid="question-audio-play"
        >
          {t('playQuestionAudio')}
        </Button>
      )}
      {failed && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
          {t('audioFailed')}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" data-testid="plays-left" sx={{ display: 'block' }}>
        {t('playsLeft', { count: Math.max(0, SPOKEN.playLimit - count) })}
      </Typography>
    </Box>
  );
}
