import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LAYOUT } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** 'System Warning': log in here and log the other device out? */
export function AlreadyLoggedInDialog({ open, onYes, onNo }: { open: boolean; onYes(): void; onNo(): void }) {
  const { t } = useTranslation(['common', 'login']);
  return (
    <Dialog
      open={open}
      onClose={onNo}
      aria-labelledby="system-warning-title"
      slotProps={{ paper: { sx: { width: LAYOUT.messageModalWidth } } }}
    >
      <DialogTitle id="system-warning-title">{t('common:systemWarning')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('login:alreadyLoggedIn')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo}>{t('common:no')}</Button>
        <Button variant="contained" onClick={onYes} autoFocus>
          {t('common:yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
