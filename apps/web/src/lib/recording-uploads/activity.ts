import { useSyncExternalStore } from 'react';

/**
 * How many recordings of each attempt this page is sending now (the upload managers report it).
 * Small on purpose: the thank-you page reads it without loading the uploader (tus) itself.
 */
const sending = new Map<number, number>();
const listeners = new Set<() => void>();

export function reportSending(userExamId: number, count: number) {
  if ((sending.get(userExamId) ?? 0) === count) return;
  if (count) sending.set(userExamId, count);
  else sending.delete(userExamId);
  for (const fn of listeners) fn();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => void listeners.delete(fn);
};

/** The number of this attempt's recordings still being sent or checked (0 when none). */
export function useRecordingsSending(userExamId: number): number {
  return useSyncExternalStore(subscribe, () => sending.get(userExamId) ?? 0);
}
