import type { SearchUserAccount } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useUnlockUser } from './api/staff.ts';

/**
 * The found user's sign-in lockout on Search User Details: while the account is locked, the
 * time it ends and 'Unlock account'; after an unlock, that it is unlocked. Nothing otherwise.
 * Keyed by the account and its lock by the caller, so a new search starts afresh.
 */
export function AccountLockAlert({ account }: { account: SearchUserAccount }) {
  const { t } = useTranslation('staff');
  const unlock = useUnlockUser();
  if (unlock.isSuccess) {
    return (
      <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="account-lock">
        {t('lock.unlocked')}
      </Alert>
    );
  }
  if (!account.locked_until) return null;
  const failed = unlock.isError
    ? unlock.error instanceof ApiError && unlock.error.message
      ? unlock.error.message
      : t('search.failed')
    : null;
  return (
    <Alert
      severity="warning"
      // On a phone the button goes under the text (icon and text stay side by side).
      sx={{
        mb: 2,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 calc(100% - 40px)', sm: '1 1 auto' }, minWidth: 0 },
        '& .MuiAlert-action': { pt: 0, alignItems: 'center' },
      }}
      data-testid="account-lock"
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          disabled={unlock.isPending}
          onClick={() => unlock.mutate(account.user_id)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('lock.unlock')}
        </Button>
      }
    >
      {t('lock.locked', { time: formatDateTime(account.locked_until) })}
      {failed && (
        <Box role="alert" sx={{ mt: 0.5, fontWeight: 600 }}>
          {failed}
        </Box>
      )}
    </Alert>
  );
}
