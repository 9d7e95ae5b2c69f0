import { MESSAGES, SESSION_TIME } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { autoLogin, login } from './api/login.ts';
import { OutlinedField } from '../../lib/outlined-field.tsx';
import { PasswordField } from '../../lib/password-field.tsx';
import { useLoginFlow } from './use-login-flow.ts';

// Only needed when the account is signed in elsewhere: loaded then, not with the login screen.
const AlreadyLoggedInDialog = lazy(() =>
  import('./components/already-logged-in-dialog.tsx').then((m) => ({ default: m.AlreadyLoggedInDialog })),
);
// Only for a set-password link (?invite=, ADR 0153): its own chunk, not part of the login route's bytes.
const SetPasswordForm = lazy(() =>
  import('./components/set-password-form.tsx').then((m) => ({ default: m.SetPasswordForm })),
);

const ERROR_ID = 'login-error';

/** The login screen: Username, Password, Sign In, copyright footer; auto-login from a signed link. */
export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const flow = useLoginFlow(() => navigate('/v2/user/dashboard', { replace: true }));
  const expired = getCookie('sessionTime') === SESSION_TIME.forcedOut && getCookie('token') === '';
  const autoTried = useRef(false);
  const invite = params.get('invite');

  useEffect(() => {
    const ref = params.get('ref');
    const email = params.get('email');
    if (!ref || !email || autoTried.current) return;
    autoTried.current = true;
    const sig = params.get('sig');
    if (!sig) {
      flow.setError(MESSAGES.autoLoginInvalid);
      return;
    }
    void flow.run((regen) => autoLogin({ ref, email, sig }, regen));
  }, [params, flow]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!userName.trim() || !password) {
      flow.setError(t('login:required'));
      return;
    }
    void flow.run((regen) => login(userName.trim().toLowerCase(), password, regen));
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper elevation={3} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
          <Typography variant="h4" component="h1" color="primary" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {t('common:productName')}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ textAlign: 'center', mb: 3, color: 'text.secondary' }}>
            {t('login:title')}
          </Typography>
          {expired && !flow.error && (
            <Alert severity="warning" sx={{ mb: 2 }} role="status">
              {t('common:sessionExpired')}
            </Alert>
          )}
          {flow.error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert" id={ERROR_ID}>
              {flow.error}
            </Alert>
          )}
          {invite ? (
            <Suspense fallback={null}>
              <SetPasswordForm token={invite} flow={flow} />
            </Suspense>
          ) : (
            <Box component="form" noValidate onSubmit={submit}>
              <OutlinedField
                label={t('login:username')}
                name="username"
                autoComplete="username"
                value={userName}
                onChange={(e) => setUserName(e.target.value.toLowerCase())}
                autoFocus
                plain
                invalid={!!flow.error}
                describedBy={flow.error ? ERROR_ID : undefined}
              />
              <PasswordField
                label={t('login:password')}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                invalid={!!flow.error}
                describedBy={flow.error ? ERROR_ID : undefined}
                texts={{ show: t('login:showPassword'), capsLock: t('login:capsLock') }}
              />
              <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={flow.busy}>
                {flow.busy ? t('login:signingIn') : t('login:signIn')}
              </Button>
            </Box>
          )}
        </Paper>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary', fontSize: 14 }}>
        {t('common:copyright', { year: new Date().getFullYear() })}
      </Box>
      {flow.alreadyLoggedIn && (
        <Suspense fallback={null}>
          <AlreadyLoggedInDialog open onYes={flow.confirmHere} onNo={flow.dismiss} />
        </Suspense>
      )}
    </Box>
  );
}
