import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { WarningDialog } from '../components/engine-dialogs.tsx';
import type { MonitorDialog, MonitorSettings } from './warning-levels.ts';
import './proctoring-texts.ts';

/** The proctoring alert (380 px warning dialog): Ok for a warning, Close for the violation. */
export function MonitorDialogView({
  dialog,
  settings,
  onConfirm,
}: {
  dialog: MonitorDialog | null;
  settings: MonitorSettings | null;
  onConfirm(): void;
}) {
  const { t } = useTranslation('proctoring');
  const d = dialog;
  const violation = !!d && d.kind !== 'camera' && d.level === 'violation';
  // A photo check keeps its face dialog's title (spec section 2), the 4th too ('Face not matched':
  // 'Your photo does not match. You cannot proceed further.'); the speakers' 5th is the violation.
  const titleKey = !d
    ? 'camera'
    : d.kind === 'photo'
      ? d.level === 'image'
        ? 'image'
        : d.outcome
      : violation
        ? 'violation'
        : d.kind;
  return (
    <WarningDialog
      open={!!d}
      id="proctoring-alert"
      title={d ? t(`titles.${titleKey}`) : ''}
      actions={
        <Button variant="contained" onClick={onConfirm}>
          {violation ? t('close') : t('ok')}
        </Button>
      }
    >
      {d?.kind === 'camera' && (
        <>
          <Box>{t('camera')}</Box>
          <Box sx={{ mt: 1 }}>{t('cameraHelp')}</Box>
        </>
      )}
      {d?.kind === 'photo' && !violation && (
        <>
          <Box>{t(`messages.${d.outcome}`)}</Box>
          {d.level === 'image' && <Box sx={{ mt: 1 }}>{t('retake')}</Box>}
          {settings?.photo_action === 'S' && <Box sx={{ mt: 1 }}>{t('photoCount', { count: d.warnings })}</Box>}
        </>
      )}
      {d?.kind === 'audio' && !violation && (
        <>
          <Box>{t('messages.audio')}</Box>
          <Box sx={{ mt: 1 }}>{t('audioCount', { count: d.warnings })}</Box>
        </>
      )}
      {violation && (
        <>
          {d.kind === 'photo' && <Box sx={{ mb: 1 }}>{t(`stopMessages.${d.outcome}`)}</Box>}
          <Box>{t('violation')}</Box>
          <Box sx={{ mt: 1 }}>{t('resultsProcessing')}</Box>
        </>
      )}
    </WarningDialog>
  );
}
