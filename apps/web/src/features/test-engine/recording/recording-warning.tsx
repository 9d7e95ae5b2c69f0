import Button from '@mui/material/Button';
import type { WarningType } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { WarningDialog } from '../components/engine-dialogs.tsx';
import './recording-texts.ts';

/**
 * A warning dialog of the spec's types (380 px) with Retry. safariWarning's Retry logs the user
 * out (spec: closing or retrying safariWarning logs the user out).
 */
export function RecordingWarning({
  warning,
  onRetry,
  extra,
}: {
  warning: WarningType | null;
  onRetry(): void;
  extra?: string;
}) {
  const { t } = useTranslation('recording');
  const key = warning ? `warnings.${warning}` : 'warnings.default';
  const title = t(`${key}.title`, { defaultValue: t('warnings.default.title') });
  const text = t(`${key}.text`, { defaultValue: t('warnings.default.text') });
  const retry = () => {
    if (warning === 'safariWarning') window.location.assign('/v2/user/logout');
    else onRetry();
  };
  return (
    <WarningDialog
      open={warning !== null}
      id="recording-warning"
      title={title}
      actions={
        <Button variant="contained" onClick={retry} autoFocus>
          {t('retry')}
        </Button>
      }
    >
      {text}
      {extra ? <span style={{ display: 'block', marginTop: 8 }}>{extra}</span> : null}
    </WarningDialog>
  );
}
