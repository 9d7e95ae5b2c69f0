import { passwordChangeValidationMessage } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUpdatePassword } from '../api/profile.ts';

/**
 * Required for assistive technology without MUI's ' *' in the label: the fields are named exactly
 * as the spec writes them ('Password', not 'Password *'); the form says what is missing.
 */
export const REQUIRED = { htmlInput: { 'aria-required': true } } as const;

/** Old Password, Password, Confirm Password, Change Password. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const change = useUpdatePassword();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  // A double click must not send the change twice (the second would find the old password changed).
  const inFlight = useRef(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const invalid = passwordChangeValidationMessage(oldPassword, password, confirm);
    if (invalid) return setResult({ ok: false, text: invalid });
    inFlight.current = true;
    change.mutate(
      { oldPassword, newPassword: password },
      {
        onSuccess: (res) => {
          if (!res.oldMatch) setResult({ ok: false, text: t('oldPasswordWrong') });
          else if (!res.update) setResult({ ok: false, text: t('somethingWrong') });
          else {
            setResult({ ok: true, text: t('passwordUpdated') });
            setOld('');
            setPassword('');
            setConfirm('');
          }
        },
        onError: () => setResult({ ok: false, text: t('somethingWrong') }),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
      <TextField
        label={t('oldPassword')}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOld(e.target.value)}
        slotProps={REQUIRED}
      />
      <TextField
        label={t('password')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={REQUIRED}
      />
      <TextField
        label={t('confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        slotProps={REQUIRED}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {t('changePassword')}
        </Button>
      </Box>
    </Box>
  );
}
