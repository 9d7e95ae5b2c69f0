import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { MediaDevices } from './media-devices.ts';
import { MonitorDialogView } from './monitor-dialog.tsx';
import { sendDeviceLog } from '../../../lib/device-log.ts';
import { audioCheck, monitoringSettingsWithRetry, photoCheck } from './proctoring-api.ts';
import { ProctoringMonitor, type MonitorState } from './proctoring-monitor.ts';
import type { MonitorSettings } from './warning-levels.ts';

const IDLE: MonitorState = { dialog: null };
const noMonitor = () => () => {};
const idle = () => IDLE;

/** Spec: after a proctoring stop the page reloads to the dashboard, which shows the attempt as aborted. */
const DASHBOARD = '/v2/user/dashboard';

/**
 * In-test proctoring of a monitored attempt (loaded only for those): the hidden camera view, the
 * periodic photo check and the speaker check, and their alerts. The server decides every outcome.
 */
export default function ProctoringPanel({ examId }: { examId: number }) {
  const { t } = useTranslation('proctoring');
  const engine = useEngine();
  const view = useRef<HTMLVideoElement>(null);
  const [monitor, setMonitor] = useState<ProctoringMonitor | null>(null);
  const [settings, setSettings] = useState<MonitorSettings | null>(null);

  useEffect(() => {
    let gone = false;
    let m: ProctoringMonitor | null = null;
    let unhook: (() => void) | null = null;
    const log = (channel: 'audio' | 'video', event: string, detail?: string) =>
      // Every in-test device event is a problem (camera or microphone gone, recorder failed).
      sendDeviceLog(examId, channel, { event, status: 'failure', detail });
    const devices = new MediaDevices(
      () => view.current,
      (kind) => (kind === 'camera' ? m?.cameraStopped() : log('audio', 'microphone_stopped')),
      log,
    );
    void (async () => {
      let s: MonitorSettings | null;
      try {
        s = await monitoringSettingsWithRetry(
          examId,
          () => gone,
          (e, attempt) => {
            if (attempt === 0) log('video', 'settings_unavailable', e instanceof Error ? e.message : String(e));
          },
        );
      } catch (e) {
        log('video', 'settings_refused', e instanceof Error ? e.message : String(e));
        return;
      }
      // The photo check needs monitoring; the speaker check only speaker_dialect (spec §4), so a
      // test with the speaker check alone is still listened to.
      if (gone || !s || (!s.monitoring && !s.speaker_dialect)) return;
      const cameraOk = s.monitoring ? await devices.startCamera() : true;
      const micOk = s.speaker_dialect ? await devices.startMicrophone() : false;
      if (gone) return devices.stop();
      m = new ProctoringMonitor({
        settings: s,
        capture: () => devices.capture(),
        photoCheck: (img, checkId, takenAgoMs) => photoCheck(examId, img, checkId, takenAgoMs),
        recordSample: micOk ? () => devices.recordSample() : undefined,
        audioCheck: (blob, checkId) => audioCheck(examId, blob, checkId),
        log,
        restartCamera: () => devices.startCamera(),
        leave: () => window.location.assign(DASHBOARD),
        onStopped: () => engine.stopByServer(),
      });
      setSettings(s);
      setMonitor(m);
      m.start();
      const monitor = m;
      unhook = engine.beforeFinish(() => monitor.flush());
      if (!cameraOk) m.cameraStopped();
    })();
    return () => {
      gone = true;
      unhook?.();
      m?.dispose();
      devices.stop();
    };
  }, [examId, engine]);

  // Once the test is being submitted (Finish, time-out, window switches) no check starts; the
  // finish may still send the kept ones (TestEngine.beforeFinish), and leaving the page ends them.
  const submitting = useEngineState().submission !== null;
  useEffect(() => {
    if (submitting) monitor?.stopChecks();
  }, [submitting, monitor]);

  const state = useSyncExternalStore(monitor?.subscribe ?? noMonitor, monitor?.get ?? idle);
  const d = state.dialog;
  // A warning gives way to the submission dialog; the server's stop stays until Close.
  const shown = d && (!submitting || (d.kind !== 'camera' && d.level === 'violation')) ? d : null;
  return (
    <>
      <video
        ref={view}
        muted
        playsInline
        autoPlay
        aria-label={t('cameraView')}
        data-testid="proctoring-camera"
        style={{ position: 'fixed', left: 0, bottom: 0, width: 2, height: 2, opacity: 0, pointerEvents: 'none' }}
      />
      <MonitorDialogView dialog={shown} settings={settings} onConfirm={() => void monitor?.confirm()} />
    </>
  );
}
