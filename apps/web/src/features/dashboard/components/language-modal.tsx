import { LAYOUT, type LanguageOption } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';

interface Props {
  open: boolean;
  examName: string;
  languages: LanguageOption[];
  /** Preselected when there is only one language. */
  preferred: string | null;
  onCancel(): void;
  onConfirm(locale: string): void;
}

/**
 * 'Select Test Language' (width 425): only the test's languages; 'Test Language Required !!'
 * when several exist and none is chosen; then the spec's confirmation before starting.
 */
export function LanguageModal({ open, examName, languages, preferred, onCancel, onConfirm }: Props) {
  const { t } = useTranslation('dashboard');
  const single = languages.length === 1 ? languages[0]!.locale : null;
  const [choice, setChoice] = useState<string | null>(single ?? preferred);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [required, setRequired] = useState(false);

  const proceed = () => {
    if (!choice) {
      setRequired(true);
      return;
    }
    setStep('confirm');
  };

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="language-modal-title"
      slotProps={{ paper: { sx: { width: LAYOUT.languageModalWidth, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="language-modal-title">{t('language.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1, fontWeight: 600 }}>{examName}</DialogContentText>
        {step === 'choose' ? (
          <>
            <RadioGroup
              aria-label={t('language.label')}
              name="test-language"
              value={choice ?? ''}
              onChange={(e) => {
                setChoice(e.target.value);
                setRequired(false);
              }}
            >
              {languages.map((l) => (
                <FormControlLabel
                  key={l.locale}
                  value={l.locale}
                  control={<Radio />}
                  label={`${l.language} (${l.locale})`}
                />
              ))}
            </RadioGroup>
            {required && (
              <Alert severity="error" sx={{ mt: 1 }} role="alert">
                {t('language.required')}
              </Alert>
            )}
          </>
        ) : (
          <DialogContentText data-testid="language-confirm">{t('language.confirm')}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'choose' ? (
          <>
            <Button onClick={onCancel}>{t('language.cancel')}</Button>
            <Button variant="contained" onClick={proceed}>
              {t('language.proceed')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('choose')}>{t('language.no')}</Button>
            <Button
              variant="contained"
              // Yes sits where Proceed was: the second click of a double click on Proceed must not
              // answer a question the candidate never saw (its click count is 2).
              onClick={(e) => e.detail < 2 && onConfirm(choice!)}
              autoFocus
            >
              {t('language.yes')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
