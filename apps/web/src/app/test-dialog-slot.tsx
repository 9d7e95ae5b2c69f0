import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import { lazy, Suspense, useEffect } from 'react';
import type { TestDialogProps } from '../components/test-dialog.ts';
import { SetupGate } from '../features/device-setup/setup-gate.tsx';

const loadEngine = () => import('../features/test-engine/test-engine-root.tsx');
const TestEngineRoot = lazy(loadEngine);

/**
 * The full-screen test dialog the dashboard opens when a candidate starts an item; the test
 * engine's shell renders inside, after the device setup when the test is monitored. Closing it
 * reloads the page (the dashboard does that).
 * Escape and backdrop clicks do not close a running test. The gate sits outside the engine's
 * Suspense: Preact's Suspense remounts its children while they load, which would restart the setup.
 */
export function TestDialogSlot({ open, examId, selectedLanguage, testData, onClose }: TestDialogProps) {
  // The engine's code downloads while the gate asks for the monitoring settings (and during setup).
  useEffect(() => void loadEngine(), []);
  return (
    <Dialog
      fullScreen
      open={open}
      slotProps={{ paper: { 'aria-label': testData.examName ?? `Exam ${examId}` } as object }}
    >
      <SetupGate examId={examId} testData={testData}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          }
        >
          <TestEngineRoot examId={examId} selectedLanguage={selectedLanguage} onClose={onClose} />
        </Suspense>
      </SetupGate>
    </Dialog>
  );
}
