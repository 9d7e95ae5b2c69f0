import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import GlobalStyles from '@mui/material/GlobalStyles';
import { lazy, Suspense } from 'react';
import { DeviceSetupContext } from '../components/device-setup-slot.ts';
import type { TestDialogProps } from '../components/test-dialog.ts';
import { SetupGate } from '../features/device-setup/setup-gate.tsx';

const TestEngineRoot = lazy(() => import('../features/test-engine/test-engine-root.tsx'));

/**
 * The full-screen test dialog the dashboard opens when a candidate starts an item; the test
 * engine's shell renders inside, and its Start button opens the device setup when the test is
 * monitored (the app gives the engine the setup through DeviceSetupContext). Closing it reloads
 * the page (the dashboard does that). Escape and backdrop clicks do not close a running test.
 * While it is open the dashboard under it is not laid out at all (the dialog lives in a portal
 * outside #root): a phone does not keep a long page behind the test, and the page is only as
 * tall as the test.
 */
export function TestDialogSlot({ open, examId, selectedLanguage, testData, onClose }: TestDialogProps) {
  return (
    <Dialog
      fullScreen
      open={open}
      slotProps={{ paper: { 'aria-label': testData.examName ?? `Exam ${examId}` } as object }}
    >
      <GlobalStyles styles={{ '#root': { display: 'none' } }} />
      <DeviceSetupContext.Provider value={SetupGate}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          }
        >
          <TestEngineRoot examId={examId} selectedLanguage={selectedLanguage} onClose={onClose} />
        </Suspense>
      </DeviceSetupContext.Provider>
    </Dialog>
  );
}
