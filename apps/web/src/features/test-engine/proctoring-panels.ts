import type { ComponentType } from 'react';
import { MonitorGate } from './proctoring/monitor-gate.tsx';

/** Proctoring panels shown with the question area: the in-test camera and speaker checks. */
export const proctoringPanels: Array<ComponentType<{ examId: number }>> = [MonitorGate];
