import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DeviceSetupSlotProps } from '../../components/device-setup-slot.ts';
import { fetchMonitoring } from './api.ts';
import { setupPlan, type SetupPlan } from './setup-plan.ts';

// Loaded only when a monitored test is started (never with the dashboard).
const DeviceSetup = lazy(() => import('./device-setup.tsx'));

const spinner = (
  <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/**
 * The spec's pre-test device setup: a full-screen dialog opened by the instruction page's Start
 * button. The attempt's monitoring settings are asked for as soon as the instruction page shows;
 * when monitoring or the speaker check is on, Start opens the setup (audio, then camera) and its
 * Proceed starts the test; otherwise Start starts it at once. If the settings cannot be read the
 * test starts: the server refuses to start a monitored attempt without a primary image anyway.
 */
export function SetupGate({ examId, testType, status, open, onProceed }: DeviceSetupSlotProps) {
  const [plan, setPlan] = useState<SetupPlan | 'loading' | 'none'>('loading');
  useEffect(() => {
    let gone = false;
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
  }, [examId, status]);

  // Nothing to set up: Start starts the test.
  useEffect(() => {
    if (open && plan === 'none') onProceed();
  }, [open, plan, onProceed]);

  if (!open || plan === 'none') return null;
  return (
    <Dialog fullScreen open slotProps={{ paper: { 'aria-label': 'Device Setup' } as object }}>
      {plan === 'loading' ? (
        spinner
      ) : (
        <Suspense fallback={spinner}>
          <DeviceSetup examId={examId} plan={plan} onProceed={onProceed} />
        </Suspense>
      )}
    </Dialog>
  );
}
