import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SPOKEN, clockLabel, minutesLabel, spokenAnswerProblem, type WarningType } from '@invigil/contracts';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LevelMeter } from '../../../lib/media/level-meter.ts';
import { errorName, isIos, mediaFailureOf } from '../../../lib/media/media-errors.ts';
import { Recorder } from '../../../lib/media/recorder.ts';
import { WarningDialog } from '../components/engine-dialogs.tsx';
import type { QuestionViewProps } from '../views/view-types.ts';
import { pendingKey } from '../../../lib/recording-uploads/pending-store.ts';
import { QuestionAudio } from './question-audio.tsx';
import { RecordingWarning } from './recording-warning.tsx';
import { SPOKEN_IDLE, spokenBusy, spokenReducer, spokenShouldAutoStop, type SpokenState } from './spoken-machine.ts';
import { uploadsFor, useRecordingLink } from '../../../lib/recording-uploads/uploads-registry.ts';
import { useRecordedUrl } from './use-recorded-url.ts';
import './recording-texts.ts';

const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'] as const;
const ext = (mime: string) => (mime.includes('ogg') ? 'ogg' : mime.includes('mp4') ? 'm4a' : 'webm');

/** Why a recorder could not start, as the spec's warning type. */
function startFailure(name: string): WarningType {
  if (name === 'NotSupportedError' && isIos()) return 'safariWarning';
  const cause = mediaFailureOf(name);
  if (cause === 'denied') return isIos() ? 'permissionDeniediOS' : 'permissionDenied';
  if (cause === 'noDevice') return 'noMediaDevice';
  return 'encodingError';
}

/**
 * The spoken answer (type 28, spec: Question views and §4): the question audio (3 plays), Start
 * Recording / Stop Recording, the recorded answer's player. At least 30 s (Recording Limit, then
 * Duration Too Short), an empty recording is corrupt, RMS below 0.01 is no audio; the server checks
 * the uploaded file again and only its answer counts.
 */
export default function SpokenView({ item, examId, disabled, onChange, setRecording }: QuestionViewProps) {
  const { t } = useTranslation('recording');
  const uploads = uploadsFor(examId);
  const answered = !!item.answerResourcePath;
  const [state, dispatch] = useReducer(spokenReducer, answered ? ({ phase: 'answered' } as SpokenState) : SPOKEN_IDLE);
  const [elapsed, setElapsed] = useState(0);
  const [local, setLocal] = useState<Blob | null>(null);
  const [play, setPlay] = useState(false);
  const media = useRef<{ stream: MediaStream; recorder: Recorder; meter: LevelMeter } | null>(null);
  const stopping = useRef(false);
  const busy = spokenBusy(state);

  useRecordingLink(uploads, item.qid, answered, dispatch, busy, setRecording);
  useEffect(() => () => release(), []);
  useEffect(() => {
    if (state.phase !== 'recording') return;
    const timer = setInterval(() => {
      const seconds = media.current?.recorder.elapsed() ?? 0;
      setElapsed(seconds);
      // at 5:00 it stops by itself, as a video does at 4:00 (the Recording Limit dialog closes)
      if (spokenShouldAutoStop(seconds)) void stop(true);
    }, 250);
    return () => clearInterval(timer);
  }, [state.phase]); // eslint-disable-line react-hooks/exhaustive-deps

  function release() {
    media.current?.meter.stop();
    media.current?.stream.getTracks().forEach((x) => x.stop());
    media.current = null;
  }

  async function start() {
    dispatch({ type: 'start' });
    // spec: recording marks the question started
    onChange({ descriptiveText: 'Answered' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { sampleRate: 44100 }, video: false });
      const recorder = new Recorder(stream, {
        types: AUDIO_TYPES,
        audioBitsPerSecond: SPOKEN.bitsPerSecond,
        sliceMs: SPOKEN.sliceMs,
      });
      const meter = new LevelMeter();
      media.current = { stream, recorder, meter };
      recorder.start();
      meter.start(stream);
      stopping.current = false;
      setElapsed(0);
      setLocal(null);
      dispatch({ type: 'granted' });
    } catch (e) {
      release();
      dispatch({ type: 'refused', warning: startFailure(errorName(e)) });
    }
  }

  async function stop(force = false) {
    const m = media.current;
    if (!m) return;
    const seconds = m.recorder.elapsed();
    dispatch({ type: 'stop', seconds, force });
    if (seconds < SPOKEN.minSeconds && !force) return;
    // once: the auto-stop's timer and a press may both arrive while the recorder finishes
    if (stopping.current) return;
    stopping.current = true;
    const rec = await m.recorder.stop();
    const rms = m.meter.rms();
    release();
    const problem = spokenAnswerProblem({ bytes: rec.blob.size, durationSeconds: rec.seconds, rms });
    dispatch({ type: 'checked', problem });
    if (problem) return;
    setLocal(rec.blob);
    await uploads.add({
      key: pendingKey(examId, item.qid),
      userExamId: examId,
      qid: item.qid,
      kind: 'audio',
      blob: rec.blob,
      mimeType: rec.mimeType,
      fileName: `answer-${item.qid}.${ext(rec.mimeType)}`,
      seconds: rec.seconds,
      createdAt: Date.now(),
    });
  }

  const retry = () => {
    uploads.dismiss(item.qid);
    dispatch({ type: 'retry', answered });
  };

  const canStart = !disabled && (state.phase === 'idle' || state.phase === 'answered');
  const { url: playerUrl, refresh } = useRecordedUrl(local, item.answerResourcePath, play);
  const source = item.question_resource_url || item.qresourcepath;

  return (
    <Box data-testid="spoken-view" data-phase={state.phase}>
      {source && (
        <QuestionAudio
          examId={examId}
          qid={item.qid}
          count={item.audioButtonCount ?? 0}
          onCount={(n) => onChange({ audioButtonCount: n })}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', my: 2 }}>
        <Button variant="contained" startIcon={<MicIcon />} disabled={!canStart} onClick={() => void start()}>
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
        {state.phase === 'recording' && (
          <Typography
            role="timer"
            aria-live="off"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="recording-timer"
          >
            <FiberManualRecordIcon color="error" fontSize="small" aria-hidden />
            {t('recordingNow')} · {t('elapsed', { time: clockLabel(elapsed) })}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('minimum')} {t('videoLimit', { limit: minutesLabel(SPOKEN.maxSeconds) })}
      </Typography>
      {(local || answered) && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" id={`answer-${item.qid}`}>
            {t('yourAnswer')}
          </Typography>
          {playerUrl ? (
            <Box
              component="audio"
              controls
              src={playerUrl}
              aria-labelledby={`answer-${item.qid}`}
              autoPlay={!local}
              onError={() => !local && refresh()}
              data-testid="answer-audio"
              sx={{ display: 'block', width: 360, maxWidth: '100%', mt: 1 }}
            />
          ) : (
            <Button size="small" onClick={() => setPlay(true)} sx={{ mt: 1 }}>
              {play ? t('loadingAnswer') : t('yourAnswer')}
            </Button>
          )}
        </Box>
      )}
      {state.phase === 'answered' && answered && (
        <Typography role="status" color="success.main" sx={{ mt: 1 }} data-testid="spoken-saved">
          {t('answered')}
        </Typography>
      )}
      <WarningDialog
        open={state.phase === 'recording' && state.limitOpen}
        id="recording-limit"
        title={t('limit.title')}
        actions={
          <>
            <Button onClick={() => void stop(true)}>{t('limit.stopAnyway')}</Button>
            <Button variant="contained" onClick={() => dispatch({ type: 'keepRecording' })} autoFocus>
              {t('limit.keepRecording')}
            </Button>
          </>
        }
      >
        {t('limit.text')}
      </WarningDialog>
      <RecordingWarning warning={state.phase === 'failed' ? state.warning : null} onRetry={retry} />
    </Box>
  );
}
