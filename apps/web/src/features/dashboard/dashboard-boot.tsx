import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { getCookie } from '../../lib/cookies.ts';
import { resumePendingOnLoad } from '../../lib/recording-uploads/resume-on-load.ts';
import { resendQueuedSubmissions } from './api/resend-submissions.ts';

let resentFor: string | null = null;

/**
 * Dashboard load: re-send queued submissions once per sign-in (token) and page load; when one
 * went through, the lists are read again (the test leaves Pending for Completed). Recordings an
 * earlier page left unsent go on uploading (ADR 0195).
 */
export function DashboardBoot({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  useEffect(() => {
    const token = getCookie('token');
    if (!token || resentFor === token) return;
    resentFor = token;
    resumePendingOnLoad();
    void resendQueuedSubmissions().then(async (sent) => {
      if (sent === 0) return;
      // A first read still in flight may predate the submission: drop it and read again.
      await client.cancelQueries({ queryKey: ['dashboard'] });
      await client.invalidateQueries({ queryKey: ['dashboard'] });
    });
  }, [client]);
  return <>{children}</>;
}
