import { lazy, Suspense } from 'react';
import { useEngineState } from '../engine-context.ts';

const ProctoringPanel = lazy(() => import('./proctoring-panel.tsx'));

/** Loads the in-test proctoring only for a monitored attempt: other tests never download it. */
export function MonitorGate({ examId }: { examId: number }) {
  const { detail } = useEngineState();
  if (!detail?.monitoringflag) return null;
  return (
    <Suspense fallback={null}>
      <ProctoringPanel examId={examId} />
    </Suspense>
  );
}
