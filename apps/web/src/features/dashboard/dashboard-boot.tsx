import { type ReactNode, useEffect } from 'react';
import { getCookie } from '../../lib/cookies.ts';
import { resendQueuedSubmissions } from './api/resend-submissions.ts';

let resentFor: string | null = null;

/** Dashboard load: re-send queued submissions once per sign-in (token) and page load. */
export function DashboardBoot({ children }: { children: ReactNode }) {
  useEffect(() => {
    const token = getCookie('token');
    if (!token || resentFor === token) return;
    resentFor = token;
    void resendQueuedSubmissions();
  }, []);
  return <>{children}</>;
}
