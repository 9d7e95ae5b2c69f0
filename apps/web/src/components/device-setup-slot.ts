import { type ComponentType, createContext, useContext } from 'react';

export interface DeviceSetupSlotProps {
  examId: number;
  /** The attempt's test type and status: they decide the layout and whether the camera step shows. */
  testType: number | undefined;
  status: string | undefined;
  /** True once the candidate pressed Start (or Resume): the setup opens, or `onProceed` runs at once. */
  open: boolean;
  /** Setup done or not needed: the test starts. */
  onProceed(): void;
}

/**
 * The pre-test device setup, provided by the app: the test engine's Start button opens it without
 * importing the device-setup feature (features do not import each other). Without a provider the
 * engine starts directly.
 */
export const DeviceSetupContext = createContext<ComponentType<DeviceSetupSlotProps> | null>(null);

export const useDeviceSetupSlot = () => useContext(DeviceSetupContext);
