import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useReducer, useState } from 'react';
import { levelPercent, MIC, micReducer, type MicPhase } from './mic-level.ts';
import { NO_SOUND_CHECKS, TEXTS } from './texts.ts';
import type { VoiceSampleState } from './voice-sample.ts';

interface Props {
  stream: MediaStream;
  onPhase(phase: MicPhase): void;
  /** The voice sample recorded for the speaker check (voice-sample.ts): the sentence shows while it records. */
  voiceSample?: VoiceSampleState;
  /** Sequential flow: the button to continue to the camera test (or Proceed when no camera step). */
  next?: { label: string; onClick(): void };
}

/** The microphone test: idle, testing (level meter), success above 30 %, failed after 5 s of silence. */
export function MicPanel({ stream, onPhase, voiceSample, next }: Props) {
  const [phase, dispatch] = useReducer(micReducer, 'idle');
  const [level, setLevel] = useState(0);

  useEffect(() => onPhase(phase), [phase, onPhase]);

  useEffect(() => {
    if (phase !== 'testing') return;
    const ctx = new AudioContext();
    const source = ctx.createMediaStreamSource(stream);
    const gain = ctx.createGain();
    gain.gain.value = MIC.gain;
    const analyser = ctx.createAnalyser();
    analyser.fftSize = MIC.fftSize;
    source.connect(gain).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const poll = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const percent = levelPercent(samples);
      setLevel(percent);
      dispatch({ type: 'level', percent });
    }, 100);
    const timeout = setTimeout(() => dispatch({ type: 'timeout' }), MIC.timeoutMs);
    void ctx.resume();
    return () => {
      clearInterval(poll);
      clearTimeout(timeout);
      void ctx.close();
    };
  }, [phase, stream]);

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{TEXTS.micIntro}</Typography>
      <LinearProgress
        variant="determinate"
        value={phase === 'success' ? 100 : level}
        aria-label="Microphone level"
        color={phase === 'success' ? 'success' : 'primary'}
        sx={{ height: 10, borderRadius: 5, mb: 2 }}
      />
      {phase === 'testing' && <Typography role="status">{TEXTS.micTesting}</Typography>}
      {voiceSample === 'recording' && (
        <Box sx={{ mb: 2 }}>
          <Typography>{TEXTS.voiceSample}</Typography>
          <Typography
            component="blockquote"
            sx={{ m: 0, mt: 1, pl: 2, borderLeft: 3, borderColor: 'divider', fontStyle: 'italic' }}
          >
            {TEXTS.voiceSentence}
          </Typography>
        </Box>
      )}
      {phase === 'success' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {TEXTS.micSuccess}
        </Alert>
      )}
      {phase === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <strong>{TEXTS.noSound}</strong>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {NO_SOUND_CHECKS.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(phase === 'idle' || phase === 'failed') && (
          <Button variant="contained" onClick={() => dispatch({ type: 'start' })}>
            {phase === 'failed' ? TEXTS.retryMic : TEXTS.startMicTest}
          </Button>
        )}
        {phase === 'success' && next && (
          <Button variant="contained" onClick={next.onClick}>
            {next.label}
          </Button>
        )}
      </Box>
    </Box>
  );
}
