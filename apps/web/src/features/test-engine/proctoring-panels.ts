import type { ComponentType } from 'react';

/** Proctoring panels (camera, microphone) shown above the question area; a later issue adds them here. */
export const proctoringPanels: Array<ComponentType<{ examId: number }>> = [];
