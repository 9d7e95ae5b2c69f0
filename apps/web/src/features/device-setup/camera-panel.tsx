import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { sendDeviceLog } from '../../lib/device-log.ts';
import { savePrimaryImage } from './api.ts';
import { CAPTURE_TEXT, captureResult, type CaptureState } from './capture-result.ts';
import { TEXTS } from './texts.ts';

interface Props {
  examId: number;
  stream: MediaStream;
  size: { width: number; height: number };
  /** False until the microphone test passed (side-by-side flow with the speaker check). */
  micReady: boolean;
  onSnackbar(text: string): void;
  onProceed(): void;
}

/** The video frame as a PNG screenshot, converted to JPEG at 0.8 (spec §5, §9). */
async function capture(video: HTMLVideoElement): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
  const png = canvas.toDataURL('image/png');
  const img = new Image();
  img.src = png;
  await img.decode();
  const out = document.createElement('canvas');
  out.width = img.naturalWidth;
  out.height = img.naturalHeight;
  out.getContext('2d')!.drawImage(img, 0, 0);
  return out.toDataURL('image/jpeg', 0.8);
}

const SEVERITY = { success: 'success', processing: 'info' } as const;

/** Capture Image → processing → success / no face / multiple faces / objects; Click Again resets. */
export function CameraPanel({ examId, stream, size, micReady, onSnackbar, onProceed }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CaptureState>('idle');
  const [still, setStill] = useState<string | null>(null);
  // Capture waits for the camera's first frame: a click before it (a slow phone, just after a
  // reload) would send a blank picture and be refused as 'no face'.
  const [frame, setFrame] = useState(false);

  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream, still]);

  // On a phone the verdict is under the picture: bring it (and its button) into view.
  useEffect(() => {
    if (state !== 'idle') result.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state]);

  const onCapture = async () => {
    if (!video.current) return;
    setState('processing');
    try {
      const jpeg = await capture(video.current);
      setStill(jpeg);
      const result = captureResult(await savePrimaryImage(examId, jpeg));
      sendDeviceLog(examId, 'video', {
        event: `capture_${result.state}`,
        status: result.state === 'success' ? 'success' : 'failure',
        tracks: stream.getVideoTracks(),
      });
      setState(result.state);
      if (result.state === 'idle') {
        setStill(null);
        setFrame(false);
      }
      if (result.snackbar) onSnackbar(result.snackbar);
    } catch (e) {
      console.error('capture failed', e);
      sendDeviceLog(examId, 'video', {
        event: 'capture_error',
        status: 'failure',
        error: e,
        tracks: stream.getVideoTracks(),
      });
      setState('idle');
      setStill(null);
      setFrame(false);
      onSnackbar(TEXTS.analysisError);
    }
  };
  const reset = () => {
    setState('idle');
    setStill(null);
    setFrame(false);
  };
  const text = CAPTURE_TEXT[state];
  const failed = state === 'noFace' || state === 'multipleFaces' || state === 'objects';

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{TEXTS.cameraIntro}</Typography>
      <Box
        sx={{
          width: '100%',
          maxWidth: size.width,
          aspectRatio: `${size.width} / ${size.height}`,
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
          mx: 'auto',
          mb: 2,
        }}
      >
        {still ? (
          <Box
            component="img"
            src={still}
            alt="Captured image"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box
            component="video"
            ref={video}
            autoPlay
            muted
            playsInline
            aria-label="Camera preview"
            onLoadedData={() => setFrame(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
        )}
      </Box>
      {text && (
        <Alert
          severity={failed ? 'error' : SEVERITY[state as keyof typeof SEVERITY]}
          icon={state === 'processing' ? <CircularProgress size={20} aria-hidden /> : undefined}
          sx={{ mb: 2 }}
          role={failed ? 'alert' : 'status'}
        >
          {text}
        </Alert>
      )}
      {!micReady && state === 'idle' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {TEXTS.enableMicFirst}
        </Alert>
      )}
      <Box ref={result} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {state === 'idle' && (
          <Button variant="contained" disabled={!micReady || !frame} onClick={() => void onCapture()}>
            {TEXTS.captureImage}
          </Button>
        )}
        {failed && (
          <Button variant="contained" onClick={reset}>
            {TEXTS.clickAgain}
          </Button>
        )}
        {state === 'success' && (
          <Button variant="contained" color="success" onClick={onProceed}>
            {TEXTS.proceed}
          </Button>
        )}
      </Box>
    </Box>
  );
}
