import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { VIDEO, minutesLabel, videoRecordingProblem, videoTimerSeconds } from '@invigil/contracts';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LevelMeter } from '../../../lib/media/level-meter.ts';
import { Recorder } from '../../../lib/media/recorder.ts';
import { WarningDialog } from '../components/engine-dialogs.tsx';
import type { QuestionViewProps } from '../views/view-types.ts';
import { Countdown } from './countdown.tsx';
import { pendingKey } from '../../../lib/recording-uploads/pending-store.ts';
import { grabStill, uploadStill } from './recording-api.ts';
import { RecordingWarning } from './recording-warning.tsx';
import {
  VIDEO_IDLE,
  canStartVideo,
  shouldAutoStop,
  videoBusy,
  videoReducer,
  type VideoState,
} from './video-machine.ts';
import { uploadsFor, useRecordingLink } from '../../../lib/recording-uploads/uploads-registry.ts';
import './recording-texts.ts';

const VIDEO_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/mp4',
] as const;

interface Live {
  stream: MediaStream;
  recorder: Recorder | null;
  meter: LevelMeter;
  still: Promise<string | undefined> | null;
}

/**
 * The video interview (type 27, spec: Question views, Video question flow): camera and
 * microphone (noMediaDevice), a confirmation, the 3-second countdown, a live preview with the
 * timer, auto-stop at 4:00, a still uploaded at the start, the browser's checks on stop, then the
 * upload; the server checks faces and identity. 'Video saved successfully !' with the recorded time.
 */
export default function VideoView({ item, examId, disabled, setRecording }: QuestionViewProps) {
  const { t } = useTranslation('recording');
  const uploads = uploadsFor(examId);
  const saved = !!item.answerResourcePath;
  const [state, dispatch] = useReducer(videoReducer, saved ? ({ phase: 'saved' } as VideoState) : VIDEO_IDLE);
  const [elapsed, setElapsed] = useState(0);
  const preview = useRef<HTMLVideoElement | null>(null);
  const live = useRef<Live | null>(null);
  const busy = videoBusy(state);

  useRecordingLink(uploads, item.qid, saved, dispatch, busy, setRecording);
  useEffect(() => () => release(), []);

  // The countdown, then the recording starts (and its still is taken and sent).
  useEffect(() => {
    if (state.phase !== 'countdown') return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
  }, [state]);
  useEffect(() => {
    if (state.phase === 'recording' && live.current && !live.current.recorder) begin();
  }, [state.phase]); // eslint-disable-line react-hooks/exhaustive-deps
  // The timer, capped at 241 s, and the auto-stop at 4:00.
  useEffect(() => {
    if (state.phase !== 'recording') return;
    const timer = setInterval(() => {
      const s = live.current?.recorder?.elapsed() ?? 0;
      setElapsed(s);
      if (shouldAutoStop(s)) void stop();
    }, 250);
    return () => clearInterval(timer);
  }, [state.phase]); // eslint-disable-line react-hooks/exhaustive-deps

  function release() {
    live.current?.meter.stop();
    live.current?.stream.getTracks().forEach((x) => x.stop());
    live.current = null;
    if (preview.current) preview.current.srcObject = null;
  }

  async function start() {
    dispatch({ type: 'start' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: VIDEO.width }, height: { ideal: VIDEO.height }, facingMode: 'user' },
        audio: true,
      });
      if (!stream.getVideoTracks().length || !stream.getAudioTracks().length) throw new Error('no device');
      live.current = { stream, recorder: null, meter: new LevelMeter(), still: null };
      if (preview.current) {
        preview.current.srcObject = stream;
        void preview.current.play().catch(() => undefined);
      }
      dispatch({ type: 'devices', ok: true });
    } catch {
      release();
      dispatch({ type: 'devices', ok: false });
    }
  }

  function begin() {
    const l = live.current;
    if (!l) return;
    try {
      l.recorder = new Recorder(l.stream, {
        types: VIDEO_TYPES,
        videoBitsPerSecond: VIDEO.bitsPerSecond,
        audioBitsPerSecond: VIDEO.audioBitsPerSecond,
        keyFrameMs: VIDEO.keyFrameMs,
        sliceMs: VIDEO.sliceMs,
      });
      l.recorder.start();
    } catch {
      release();
      dispatch({ type: 'refused', warning: 'noMediaDevice' });
      return;
    }
    l.meter.start(l.stream);
    setElapsed(0);
    l.still = grabStill(preview.current).then((jpeg) => (jpeg ? uploadStill(examId, item.qid, jpeg) : undefined));
  }

  async function stop() {
    const l = live.current;
    if (!l?.recorder || state.phase !== 'recording') return;
    dispatch({ type: 'stop' });
    const rec = await l.recorder.stop();
    const rms = l.meter.rms();
    const still = l.still;
    release();
    const problem = videoRecordingProblem({ bytes: rec.blob.size, durationSeconds: rec.seconds, rms });
    dispatch({ type: 'checked', problem });
    if (problem) return;
    await uploads.add({
      key: pendingKey(examId, item.qid),
      userExamId: examId,
      qid: item.qid,
      kind: 'video',
      blob: rec.blob,
      mimeType: rec.mimeType,
      fileName: `answer-${item.qid}.${rec.mimeType.includes('mp4') ? 'mp4' : 'webm'}`,
      seconds: rec.seconds,
      stillUrl: (await still) ?? undefined,
      createdAt: Date.now(),
    });
  }

  /** Retry Recording (while recording it drops the take) and the warning's Retry: back to Start. */
  const retry = () => {
    if (live.current?.recorder) void live.current.recorder.stop();
    release();
    uploads.dismiss(item.qid);
    dispatch({ type: 'retry' });
  };

  const showPreview = ['devices', 'confirm', 'countdown', 'recording'].includes(state.phase);
  const recordedTime = item.recordedTime ?? 0;

  return (
    <Box data-testid="video-view" data-phase={state.phase}>
      <Box
        sx={{
          position: 'relative',
          display: showPreview ? 'flex' : 'none',
          justifyContent: 'center',
          alignItems: 'center',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
          my: 1,
        }}
      >
        <Box
          component="video"
          ref={preview}
          muted
          playsInline
          autoPlay
          aria-label={t('livePreview')}
          data-testid="video-preview"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
        {state.phase === 'countdown' && (
          <Box sx={{ position: 'absolute' }}>
            <Countdown n={state.n} />
          </Box>
        )}
        {state.phase === 'recording' && (
          <Typography
            role="timer"
            data-testid="video-timer"
            sx={{
              position: 'absolute',
              top: 8,
              left: 8,
              px: 1,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.6)',
              color: 'common.white',
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
            }}
          >
            <FiberManualRecordIcon sx={{ color: '#ff5252' }} fontSize="small" aria-hidden />
            {/* mm.ss min, as the spec writes its cap ('04.00 min') */}
            {minutesLabel(videoTimerSeconds(elapsed * 1000))}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', my: 2 }}>
        <Button
          variant="contained"
          startIcon={<VideocamIcon />}
          disabled={!canStartVideo(state, disabled)}
          onClick={() => void start()}
        >
          {t('startRecording')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<StopIcon />}
          disabled={state.phase !== 'recording'}
          onClick={() => void stop()}
        >
          {t('stopRecording')}
        </Button>
        <Button variant="text" startIcon={<ReplayIcon />} disabled={state.phase !== 'recording'} onClick={retry}>
          {t('retryRecording')}
        </Button>
      </Box>
      {state.phase !== 'saved' && (
        <Typography variant="body2" color="text.secondary">
          {t('minimum')} {t('videoLimit', { limit: minutesLabel(VIDEO.maxSeconds) })}
        </Typography>
      )}
      {state.phase === 'saved' && (
        <Box role="status" data-testid="video-saved" sx={{ mt: 1 }}>
          <Typography color="success.main" sx={{ fontWeight: 600 }}>
            {t('videoSaved')}
          </Typography>
          <Typography variant="body2">{t('recordedTime', { time: minutesLabel(recordedTime) })}</Typography>
        </Box>
      )}
      <WarningDialog
        open={state.phase === 'confirm'}
        id="video-confirm"
        title={t('confirm.title')}
        actions={
          <>
            <Button
              onClick={() => {
                release();
                dispatch({ type: 'cancel' });
              }}
            >
              {t('cancel')}
            </Button>
            <Button variant="contained" onClick={() => dispatch({ type: 'confirm' })} autoFocus>
              {t('confirm.yes')}
            </Button>
          </>
        }
      >
        {t('confirm.text')}
      </WarningDialog>
      <RecordingWarning warning={state.phase === 'failed' ? state.warning : null} onRetry={retry} />
    </Box>
  );
}
