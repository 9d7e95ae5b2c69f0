import type { ComponentType } from 'react';

/** Proctoring panels (camera, microphone) shown above the question area; a later issue registers them. */
export const proctoringPanels: Array<ComponentType<{ examId: number }>> = [];

export function registerProctoringPanel(panel: ComponentType<{ examId: number }>) {
  proctoringPanels.push(panel);
}
