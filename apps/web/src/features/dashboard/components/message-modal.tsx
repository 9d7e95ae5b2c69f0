import { LAYOUT } from '@invigil/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** The message modal (width 390). */
export function MessageModal({
  open,
  title,
  message,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="message-modal-title"
      slotProps={{ paper: { sx: { width: LAYOUT.messageModalWidth, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="message-modal-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
