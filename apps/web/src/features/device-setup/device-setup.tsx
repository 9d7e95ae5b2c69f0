import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { sendDeviceLog } from '../../lib/device-log.ts';
import { CameraPanel } from './camera-panel.tsx';
import type { MicPhase } from './mic-level.ts';
import { MicPanel } from './mic-panel.tsx';
import { PermissionDialog } from './permission-dialog.tsx';
import type { SetupPlan } from './setup-plan.ts';
import { TEXTS } from './texts.ts';
import { TroublePage } from './trouble-page.tsx';
import { useMedia, type PermissionResult } from './use-media.ts';
import { useVoiceSample } from './voice-sample.ts';

export interface DeviceSetupProps {
  examId: number;
  plan: SetupPlan;
  /** Setup done: the test (instruction page) opens. */
  onProceed(): void;
}

/** Setup snackbars hide after 2000 ms (spec §9). */
const SNACKBAR_MS = 2000;
/**
 * At the top: on a phone the capture's verdict scrolls its button (Proceed, Click Again) to the
 * bottom edge, where a bottom snackbar covered it (and a tap on it held it open).
 */
const SNACKBAR_AT = { vertical: 'top', horizontal: 'center' } as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The pre-test device setup (spec "Pre-test device setup", §4 "Device setup"): audio first, then
 * camera; one after the other for test types 14 and 15, side by side otherwise. A denied or
 * missing device shows the permission dialog, then the troubleshooting page.
 */
export default function DeviceSetup({ examId, plan, onProceed }: DeviceSetupProps) {
  const hasMic = plan.steps.includes('microphone');
  const hasCamera = plan.steps.includes('camera');
  const onResult = useCallback(
    ({ granted, constraints, tracks, error }: PermissionResult) =>
      sendDeviceLog(examId, 'permission', {
        event: granted ? 'permission_granted' : 'permission_denied',
        status: granted ? 'success' : 'failure',
        constraints,
        tracks,
        error,
      }),
    [examId],
  );
  const media = useMedia(hasMic, hasCamera ? plan.video : null, onResult);
  const [micPhase, setMicPhaseState] = useState<MicPhase>('idle');
  // The microphone test's outcome is an audio log (fire and forget), for support.
  const lastPhase = useRef<MicPhase>('idle');
  const setMicPhase = useCallback(
    (phase: MicPhase) => {
      setMicPhaseState(phase);
      if (phase === lastPhase.current) return;
      lastPhase.current = phase;
      if (phase === 'success' || phase === 'failed')
        sendDeviceLog(examId, 'audio', {
          event: phase === 'success' ? 'mic_test_passed' : 'mic_test_failed',
          status: phase === 'success' ? 'success' : 'failure',
          tracks: media.phase === 'ready' ? media.stream.getAudioTracks() : undefined,
        });
    },
    [examId, media],
  );
  // The candidate's voice alone, from the start of the microphone test: the speaker check's baseline.
  const voice = useVoiceSample(examId, media.phase === 'ready' ? media.stream : null, hasMic && micPhase !== 'idle');
  const [step, setStep] = useState(0);
  const [snackbar, setSnackbar] = useState<string | null>(null);
  const [trouble, setTrouble] = useState(false);

  if (media.phase === 'failed' && trouble) {
    return <TroublePage device={hasMic ? 'microphone' : 'camera'} cause={media.cause} />;
  }

  const mic = (stream: MediaStream, withNext: boolean) => (
    <Panel title={TEXTS.audioSetup}>
      <MicPanel
        stream={stream}
        onPhase={setMicPhase}
        voiceSample={voice}
        next={
          withNext
            ? hasCamera
              ? { label: TEXTS.continueToCamera, onClick: () => setStep(1) }
              : { label: TEXTS.proceed, onClick: onProceed }
            : undefined
        }
      />
    </Panel>
  );
  const camera = (stream: MediaStream) => (
    <Panel title={TEXTS.cameraSetup}>
      <CameraPanel
        examId={examId}
        stream={stream}
        size={plan.video}
        micReady={!hasMic || micPhase === 'success'}
        onSnackbar={setSnackbar}
        onProceed={onProceed}
      />
    </Panel>
  );

  let body: ReactNode;
  if (media.phase === 'requesting') {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label="Waiting for camera and microphone" />
      </Box>
    );
  } else if (media.phase === 'failed') {
    body = <Alert severity="error">{TEXTS.accessMandatory}</Alert>;
  } else if (plan.layout === 'sequential') {
    const current = plan.steps[step] ?? plan.steps[0];
    body = current === 'microphone' ? mic(media.stream, true) : camera(media.stream);
  } else {
    body = (
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'flex-start' },
        }}
      >
        {hasMic && mic(media.stream, !hasCamera)}
        {hasCamera && camera(media.stream)}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: plan.layout === 'sequential' ? 640 : 1240, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {TEXTS.title}
      </Typography>
      {body}
      <PermissionDialog open={media.phase === 'failed' && !trouble} onOk={() => setTrouble(true)} />
      <Snackbar
        open={snackbar !== null}
        autoHideDuration={SNACKBAR_MS}
        anchorOrigin={SNACKBAR_AT}
        onClose={() => setSnackbar(null)}
        message={snackbar}
      />
    </Box>
  );
}
