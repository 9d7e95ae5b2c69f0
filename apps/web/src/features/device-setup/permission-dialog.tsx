import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DesktopHelp, MobileHelp } from './help-images.tsx';
import { TEXTS } from './texts.ts';

/** Camera and/or microphone permission needed: the spec's text, a help image (phone or desktop) and OK. */
export function PermissionDialog({ open, onOk }: { open: boolean; onOk(): void }) {
  const mobile = useMediaQuery('(max-width:767px)');
  return (
    <Dialog open={open} aria-labelledby="permission-title" maxWidth="xs" fullWidth>
      <DialogTitle id="permission-title">{TEXTS.permissionTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{TEXTS.permissionBody}</Typography>
        <Typography sx={{ mb: 2, fontWeight: 600 }}>{TEXTS.accessMandatory}</Typography>
        <div style={{ display: 'flex', justifyContent: 'center' }}>{mobile ? <MobileHelp /> : <DesktopHelp />}</div>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onOk} autoFocus>
          {TEXTS.ok}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
