import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { LAYOUT } from '@invigil/contracts';
import type { ReactNode } from 'react';

const paper = (width: number) => ({ paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } });

/**
 * A 380 px warning dialog (spec: warning dialogs are 380 px wide). A `lead` line opens the text
 * in bold and is part of the dialog's name ('System Warning' + "Time's up!").
 */
export function WarningDialog({
  open,
  title,
  lead,
  children,
  actions,
  id,
  onEscape,
}: {
  open: boolean;
  title: string;
  lead?: string;
  children: ReactNode;
  actions: ReactNode;
  id: string;
  /** What Esc does (its No or OK); without it Esc leaves the dialog open. A click outside never closes it. */
  onEscape?(): void;
}) {
  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (reason === 'escapeKeyDown') onEscape?.();
      }}
      slotProps={paper(LAYOUT.warningModalWidth)}
      aria-labelledby={lead ? `${id}-title ${id}-lead` : `${id}-title`}
      aria-describedby={`${id}-text`}
      transitionDuration={500}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {lead && (
          <DialogContentText id={`${id}-lead`} sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>
            {lead}
          </DialogContentText>
        )}
        <DialogContentText id={`${id}-text`} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}

/** The 425 px submission dialog: processing, result shown, or failure. */
export function SubmissionDialog({
  open,
  title,
  busy,
  children,
  onClose,
  closeLabel,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  children: ReactNode;
  onClose?(): void;
  closeLabel: string;
}) {
  return (
    <Dialog
      open={open}
      slotProps={paper(LAYOUT.submissionModalWidth)}
      aria-labelledby="submission-title"
      aria-describedby="submission-text"
    >
      <DialogTitle id="submission-title">{title}</DialogTitle>
      <DialogContent>
        {busy && <CircularProgress size={28} sx={{ display: 'block', mx: 'auto', mb: 2 }} aria-hidden />}
        <DialogContentText id="submission-text" component="div" role="status">
          {children}
        </DialogContentText>
      </DialogContent>
      {onClose && !busy && (
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {closeLabel}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

/** 'Low bandwidth detected': Close goes to /v2/user/logout and triggers the retest call. */
export function LowBandwidthDialog({
  open,
  title,
  text,
  retry,
  closeLabel,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  retry: string;
  closeLabel: string;
  onClose(): void;
}) {
  return (
    <WarningDialog
      open={open}
      id="low-bandwidth"
      title={title}
      actions={
        // A link to /v2/user/logout, as the spec says; the retest call goes first (onClose leaves after it).
        <Link
          href="/v2/user/logout"
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
          sx={{ mr: 1, fontWeight: 600 }}
        >
          {closeLabel}
        </Link>
      }
    >
      {text} {retry}
    </WarningDialog>
  );
}
