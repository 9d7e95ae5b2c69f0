import { lazy, Suspense } from 'react';
import { useEngineState } from '../engine-context.ts';

const ProctoringPanel = lazy(() => import('./proctoring-panel.tsx'));

/**
 * Loads the in-test proctoring only for a monitored attempt (the photo check) or one with the speaker
 * check: other tests never download it.
 */
export function MonitorGate({ examId }: { examId: number }) {
  const { detail } = useEngineState();
  if (!detail?.monitoringflag && !detail?.speaker_dialect) return null;
  return (
    <Suspense fallback={null}>
      <ProctoringPanel examId={examId} />
    </Suspense>
  );
}
