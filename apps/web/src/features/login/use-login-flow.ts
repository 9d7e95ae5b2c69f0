import {
  LOGIN_ALREADY,
  LOGIN_REGENERATED,
  LOGIN_SUCCESS,
  remainingAttemptsMessage,
  type LoginResponse,
} from '@invigil/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { storeLogin } from '../../lib/session.ts';

type Attempt = (regen: boolean) => Promise<LoginResponse>;

/** Runs a sign-in (password or link): success, the already-logged-in question, or a message. */
export function useLoginFlow(onSignedIn: () => void) {
  const { t } = useTranslation('login');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Attempt | null>(null);
  // A second press before the button shows as disabled (a double click, Sign In then Enter on a
  // slow link) would send a second sign-in, which the first one's new session answers 'already
  // logged in'.
  const inFlight = useRef(false);

  const run = useCallback(
    async (attempt: Attempt, regen = false) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      setError('');
      try {
        const res = await attempt(regen);
        if ((res.status === LOGIN_SUCCESS || res.status === LOGIN_REGENERATED) && res.token) {
          storeLogin({
            token: res.token,
            role: res.role ?? '',
            userId: res.userId ?? 0,
            email: res.userdetail?.email ?? '',
            firstname: res.userdetail?.firstname ?? '',
            lastname: res.userdetail?.lastname ?? '',
            organizationId: res.userdetail?.organization_id ?? null,
          });
          onSignedIn();
        } else if (res.status === LOGIN_ALREADY || /already logged in/i.test(res.message ?? '')) {
          setPending(() => attempt);
        } else if (typeof res.remainingAttempts === 'number') {
          setError(remainingAttemptsMessage(res.remainingAttempts));
        } else {
          setError(res.message ?? t('connectionLost'));
        }
      } catch (e) {
        setError(e instanceof ApiError && e.status > 0 ? e.message : t('connectionLost'));
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [onSignedIn, t],
  );

  return {
    error,
    setError,
    busy,
    run,
    alreadyLoggedIn: pending !== null,
    confirmHere: () => {
      const attempt = pending;
      setPending(null);
      if (attempt) void run(attempt, true);
    },
    dismiss: () => setPending(null),
  };
}
