import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { fetchMonitoring } from './api.ts';
import { setupPlan, type SetupPlan } from './setup-plan.ts';

// Loaded only when a started test is monitored (never with the dashboard).
const DeviceSetup = lazy(() => import('./device-setup.tsx'));

interface Props {
  examId: number;
  /** The started row: its test type and status decide the layout and whether the camera step shows. */
  testData: Record<string, unknown>;
  /** The test itself, shown once the setup is done or not needed. */
  children: ReactNode;
}

const spinner = (
  <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/**
 * Before a test opens: asks for its monitoring settings and, when monitoring or the speaker check
 * is on, shows the device setup first. If the settings cannot be read the test opens: the server
 * refuses to start a monitored attempt without a primary image anyway.
 */
export function SetupGate({ examId, testData, children }: Props) {
  const [plan, setPlan] = useState<SetupPlan | 'loading' | 'none'>('loading');
  useEffect(() => {
    let gone = false;
    const testType = typeof testData.testType === 'number' ? testData.testType : undefined;
    const status = typeof testData.status === 'string' ? testData.status : undefined;
    fetchMonitoring(examId).then(
      (m) => !gone && setPlan(((p) => (p.steps.length ? p : 'none'))(setupPlan(testType, status, m))),
      (e: unknown) => {
        console.error('monitoring settings failed', e);
        if (!gone) setPlan('none');
      },
    );
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [examId]);

  if (plan === 'loading') return spinner;
  if (plan === 'none') return <>{children}</>;
  return (
    <Suspense fallback={spinner}>
      <DeviceSetup examId={examId} plan={plan} onProceed={() => setPlan('none')} />
    </Suspense>
  );
}
