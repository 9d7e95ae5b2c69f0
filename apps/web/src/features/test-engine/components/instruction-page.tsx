import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EXAM_STATUS } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { RichHtml } from './rich-html.tsx';

/** Instance name, instruction text (translated unless en-IN), Important Information (not for surveys), Start or Resume. */
export function InstructionPage() {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const d = s.detail!;
  const translated = d.selectedLanguage !== 'en-IN' && d.translated_instructions ? d.translated_instructions : null;
  const resume = d.status === EXAM_STATUS.inProgress;
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
      {d.monitoringflag === 1 && !resume && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('webCamConfigurations')}
          </Typography>
          <Typography>{t('webCamInfo')}</Typography>
        </Paper>
      )}
      {s.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {s.error}
        </Alert>
      )}
      <Button variant="contained" size="large" disabled={s.busy} onClick={() => void engine.begin()}>
        {resume ? t('resume') : t('start')}
      </Button>
    </Box>
  );
}
