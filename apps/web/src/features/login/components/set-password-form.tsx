import { passwordSetValidationMessage } from '@invigil/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { OutlinedField } from '../../../lib/outlined-field.tsx';
import { setPassword } from '../api/login.ts';
import type { useLoginFlow } from '../use-login-flow.ts';

/**
 * A new user's first password, from the set-password link of a roster import (ADR 0153): the
 * spec's password rule, then the usual sign-in (the already-signed-in question included).
 * Loaded only when the login route carries `invite`.
 */
export function SetPasswordForm({ token, flow }: { token: string; flow: ReturnType<typeof useLoginFlow> }) {
  const { t } = useTranslation('login');
  const [password, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = passwordSetValidationMessage(password, confirm);
    if (invalid) {
      flow.setError(invalid);
      return;
    }
    void flow.run((regen) => setPassword(token, password, regen));
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('setPassword.title')}>
      <Typography component="h2" variant="h6" sx={{ textAlign: 'center' }}>
        {t('setPassword.title')}
      </Typography>
      {flow.error !== t('setPassword.rule') && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('setPassword.rule')}
        </Typography>
      )}
      <OutlinedField
        label={t('setPassword.password')}
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setValue(e.target.value)}
        autoFocus
      />
      <OutlinedField
        label={t('setPassword.confirm')}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={flow.busy}>
        {flow.busy ? t('setPassword.saving') : t('setPassword.button')}
      </Button>
    </form>
  );
}
