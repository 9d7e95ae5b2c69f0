/** h:mm:ss from seconds, hours padded to two digits (the one-minute mark reads 00:01:00). */
export function formatHms(totalSeconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(Number(totalSeconds) || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

export const ONE_MINUTE_WARNING = '00:01:00';
export const isOneMinuteMark = (seconds: number) => formatHms(seconds) === ONE_MINUTE_WARNING;

/** Remaining seconds from a server deadline (never negative, never more than the total). */
export function remainingSeconds(deadline: Date, now: Date, totalSeconds: number): number {
  const left = Math.floor((deadline.getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(totalSeconds, left));
}
