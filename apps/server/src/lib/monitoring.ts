import { MONITORING_DEFAULTS, type MonitoringSettings } from '@invigil/contracts';

const flag = (v: unknown, d: boolean) =>
  v === undefined || v === null || v === '' ? d : v === true || v === 1 || v === '1' || v === 'true' || v === 'Y';
const action = (v: unknown): 'S' | 'C' => (String(v ?? '').toUpperCase() === 'S' ? 'S' : 'C');

/** An exam's monitoring settings (settings.monitoring or the legacy monitoringflag), with the spec defaults. */
export function monitoringSettings(settings: Record<string, unknown>): MonitoringSettings {
  const timer = Number(settings.photo_timer);
  return {
    photo_timer: Number.isFinite(timer) && timer > 0 ? Math.round(timer) : MONITORING_DEFAULTS.photo_timer,
    photo_matching: flag(settings.photo_matching, MONITORING_DEFAULTS.photo_matching),
    photo_action: action(settings.photo_action),
    speaker_dialect: flag(settings.speaker_dialect, MONITORING_DEFAULTS.speaker_dialect),
    audio_action: action(settings.audio_action),
    monitoring: flag(settings.monitoring ?? settings.monitoringflag, MONITORING_DEFAULTS.monitoring),
  };
}
