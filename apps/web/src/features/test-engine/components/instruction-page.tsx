import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EXAM_STATUS } from '@invigil/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useDeviceSetupSlot } from '../../../components/device-setup-slot.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { Countdown } from '../recording/countdown.tsx';
import { RichHtml } from './rich-html.tsx';

/** Spec §9: 'a 3-second start countdown'. */
const START_COUNTDOWN_SECONDS = 3;

/**
 * Instance name, instruction text (translated unless en-IN), Important Information (not for
 * surveys), Web Cam Configurations (monitored, not on resume), Start or Resume. On a monitored
 * test Start opens the device setup (full screen) and its Proceed starts the test. A first start
 * shows the spec's 3-second start countdown before startExam, so the clock does not run during
 * it; Resume goes on at once (the clock already runs).
 */
export function InstructionPage() {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const DeviceSetup = useDeviceSetupSlot();
  const [setupOpen, setSetupOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const d = s.detail!;
  const firstStart = d.status === EXAM_STATUS.notStarted;
  const begin = useCallback(() => {
    setSetupOpen(false);
    if (firstStart) setCount(START_COUNTDOWN_SECONDS);
    else void engine.begin();
  }, [engine, firstStart]);
  useEffect(() => {
    if (count === null) return;
    const timer = setTimeout(() => {
      if (count > 1) setCount(count - 1);
      else {
        setCount(null);
        void engine.begin();
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [count, engine]);
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
        disabled={s.busy || setupOpen || count !== null}
        onClick={() => (DeviceSetup ? setSetupOpen(true) : begin())}
      >
        {resume ? t('resume') : t('start')}
      </Button>
      <Backdrop open={count !== null} sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}>
        {count !== null && (
          <Countdown n={count} label={t(engine.isSurvey ? 'surveyStartsIn' : 'startsIn', { n: count })} />
        )}
      </Backdrop>
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
