import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onSignInChange } from '../lib/session.ts';

/** One client for every signed-in page; loaded with them, so the login route stays small. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The cache holds the signed-in user's profile, lists and (for staff) other users' data: none of
// it may be shown to whoever signs in next on this page (a shared machine, no reload between).
onSignInChange(() => queryClient.clear());

export default function QueryShell({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
