import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LAYOUT, type QuestionIssuesRequest } from '@invigil/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { reportIssue } from '../api/test-calls.ts';

/** 'Report Issue': issue type and description required; Reset clears both. Failures are only logged. */
export function ReportIssueDialog({ open, qid, onClose }: { open: boolean; qid: number; onClose(): void }) {
  const { t } = useTranslation('testEngine');
  const types = t('issueTypes', { returnObjects: true }) as string[];
  const [type, setType] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState(false);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const reset = () => {
    setType('');
    setDescription('');
    setError(false);
  };
  const submit = async () => {
    if (!type || !description.trim()) return setError(true);
    if (sending) return;
    setSending(true);
    try {
      // The choices are the translated ISSUE_TYPES.
      await reportIssue(qid, type as QuestionIssuesRequest['issuetype'], description.trim());
    } catch (e) {
      console.error('question issue not sent', e);
    }
    setSending(false);
    setSent(true);
    reset();
    setTimeout(() => {
      setSent(false);
      onClose();
    }, 1200);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: LAYOUT.submissionModalWidth, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      aria-labelledby="report-issue-title"
    >
      <DialogTitle id="report-issue-title">{t('reportIssue')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label={t('issueType')}
          value={type}
          onChange={(e) => setType(e.target.value)}
          error={error && !type}
        >
          {types.map((x) => (
            <MenuItem key={x} value={x}>
              {x}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          multiline
          minRows={3}
          label={t('description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={error && !description.trim()}
          slotProps={{ htmlInput: { maxLength: 2000, 'aria-required': true } }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {t('issueRequired')}
          </Alert>
        )}
        {sent && (
          <Alert severity="success" role="status">
            {t('issueSent')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={reset}>{t('reset')}</Button>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={sending || sent} onClick={() => void submit()}>
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
