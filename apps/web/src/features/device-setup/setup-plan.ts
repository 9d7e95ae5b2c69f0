/** The monitoring settings the plan needs (POST /api/test/getMonitoringData result). */
export interface MonitoringFlags {
  monitoring: boolean;
  speaker_dialect: boolean;
}

type SetupStep = 'microphone' | 'camera';

export interface SetupPlan {
  /** Test types 14 and 15: one step after the other; others: the panels side by side. */
  layout: 'sequential' | 'sideBySide';
  /** In order: audio first, then camera. */
  steps: SetupStep[];
  /** Camera constraints (spec §9): 450x300 sequential, 550x450 otherwise. */
  video: { width: number; height: number };
}

const SEQUENTIAL_TYPES = new Set([14, 15]);
const IN_PROGRESS = '001';

/**
 * What the device setup asks for before a test (spec "Pre-test device setup", §4, §5): the
 * microphone when the speaker check is on, the camera when monitoring is on — except on resume
 * (status 001), where camera setup is hidden. No step: no setup.
 */
export function setupPlan(testType: number | undefined, status: string | undefined, flags: MonitoringFlags): SetupPlan {
  const steps: SetupStep[] = [];
  if (flags.speaker_dialect) steps.push('microphone');
  if (flags.monitoring && status !== IN_PROGRESS) steps.push('camera');
  const sequential = testType !== undefined && SEQUENTIAL_TYPES.has(testType);
  return {
    layout: sequential ? 'sequential' : 'sideBySide',
    steps,
    video: sequential ? { width: 450, height: 300 } : { width: 550, height: 450 },
  };
}
