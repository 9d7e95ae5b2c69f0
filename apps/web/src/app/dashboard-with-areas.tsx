import { lazy } from 'react';
import { TestDialogContext } from '../components/test-dialog.ts';
import DashboardPage from '../features/dashboard-shell/dashboard-page.tsx';
import { areaFor } from './dashboard-areas.tsx';

const TestDialogSlot = lazy(() => import('./test-dialog-slot.tsx').then((m) => ({ default: m.TestDialogSlot })));

/**
 * The dashboard route's page: the shell (dashboard-shell feature) with the areas of the other
 * features, and the test dialog an area opens when an item is started. Composed here so that
 * features import no other feature and nothing in app/ is imported back.
 */
export default function DashboardWithAreas() {
  return (
    <TestDialogContext.Provider value={TestDialogSlot}>
      <DashboardPage areaFor={areaFor} />
    </TestDialogContext.Provider>
  );
}
