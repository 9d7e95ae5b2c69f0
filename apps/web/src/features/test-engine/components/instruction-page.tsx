import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EXAM_STATUS } from '@invigil/contracts';
import { useCallback, useState } from 'react';
import { useDeviceSetupSlot } from '../../../components/device-setup-slot.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { RichHtml } from './rich-html.tsx';

/**
 * Instance name, instruction text (translated unless en-IN), Important Information (not for
 * surveys), Web Cam Configurations (monitored, not on resume), Start or Resume. On a monitored
 * test Start opens the device setup (full screen) and its Proceed starts the test.
 */
export function InstructionPage() {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const DeviceSetup = useDeviceSetupSlot();
  const [setupOpen, setSetupOpen] = useState(false);
  const begin = useCallback(() => {
    setSetupOpen(false);
    void engine.begin();
  }, [engine]);
  const d = s.detail!;
  const translated = d.selectedLanguage !== 'en-IN' && d.translated_instructions ? d.translated_instructions : null;
  // Spec: a Start button while the status is 000, otherwise Resume (in progress, or a retest 998).
  const resume = d.status !== EXAM_STATUS.notStarted;
  const inProgress = d.status === EXAM_STATUS.inProgress;
  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {d.instancename}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {engine.isSurvey ? t('surveyInstructions') : t('testInstructions')}
        </Typography>
        <RichHtml html={translated ?? d.instruction_text} lang={translated ? d.selectedLanguage : undefined} />
      </Paper>
      {!engine.isSurvey && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('importantInformation')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            <li>{t('importantInfo1')}</li>
            <li>{t('importantInfo2')}</li>
            {d.webproctoringcount !== null && <li>{t('importantInfo3')}</li>}
          </Box>
        </Paper>
      )}
      {d.monitoringflag === 1 && !inProgress && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('webCamConfigurations')}
          </Typography>
          <Typography>{t('webCamInfo')}</Typography>
          <Typography sx={{ mt: 1 }}>{t('webCamSetup')}</Typography>
        </Paper>
      )}
      {s.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {s.error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={s.busy || setupOpen}
        onClick={() => (DeviceSetup ? setSetupOpen(true) : begin())}
      >
        {resume ? t('resume') : t('start')}
      </Button>
      {DeviceSetup && (
        <DeviceSetup
          examId={engine.examId}
          testType={d.test_type}
          status={d.status}
          open={setupOpen}
          onProceed={begin}
        />
      )}
    </Box>
  );
}
