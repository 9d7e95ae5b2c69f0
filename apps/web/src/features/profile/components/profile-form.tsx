import { profileValidationMessage, type GetProfileResponse } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { setCookie } from '../../../lib/cookies.ts';
import { profileQueryKey, useUpdateProfile } from '../api/profile.ts';
import { REQUIRED } from './password-form.tsx';

type Profile = GetProfileResponse['profileData'];

/** First Name, Last Name, Contact No, Email Address (read-only), Update. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(profile.firstname);
  const [lastName, setLastName] = useState(profile.lastname);
  const [contact, setContact] = useState(profile.contact_number);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = profileValidationMessage(profile.email_address, contact.trim());
    if (invalid) return setResult({ ok: false, text: invalid });
    if (!firstName.trim() || !lastName.trim()) return setResult({ ok: false, text: t('namesRequired') });
    update.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        contactNumber: contact.trim(),
        userInfoID: profile.id,
        email: profile.email_address,
        orgId: profile.organization_id,
      },
      {
        onSuccess: (res) => {
          setResult({ ok: res.success, text: res.success ? t('updated') : t('somethingWrong') });
          if (res.success) {
            setCookie('userName', `${firstName.trim()} ${lastName.trim()}`);
            void queryClient.invalidateQueries({ queryKey: profileQueryKey });
          }
        },
        onError: () => setResult({ ok: false, text: t('somethingWrong') }),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          role={result.ok ? 'status' : 'alert'}
          sx={{ gridColumn: '1 / -1' }}
        >
          {result.text}
        </Alert>
      )}
      <TextField
        label={t('firstName')}
        name="firstName"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        slotProps={REQUIRED}
      />
      <TextField
        label={t('lastName')}
        name="lastName"
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        slotProps={REQUIRED}
      />
      <TextField
        label={t('contactNo')}
        name="contactNumber"
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        inputMode="numeric"
        slotProps={REQUIRED}
      />
      <TextField
        label={t('email')}
        name="email"
        value={profile.email_address}
        slotProps={{ input: { readOnly: true } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('update')}
        </Button>
      </Box>
    </Box>
  );
}
