import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { WarningDialog } from '../features/test-engine/components/engine-dialogs.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { resumePendingOnLoad } from '../lib/recording-uploads/resume-on-load.ts';
import { useSearchParams } from '../lib/router.tsx';
import { TestDialogSlot } from './test-dialog-slot.tsx';

const toDashboard = () => location.assign('/v2/user/dashboard');

/**
 * /v2/user/test: the test-taking screen (no session guard; the API still needs a token). Opened
 * without a test (no examId), there is nothing to load: a System Warning says so and Close goes
 * to the dashboard, instead of asking the server for exam 0 and showing its validation text.
 */
export default function TestPage() {
  const { t } = useTranslation(['testEngine', 'common']);
  const [params] = useSearchParams();
  const examId = Number(params.get('examId') ?? 0);
  const valid = Number.isInteger(examId) && examId >= 1;
  // Recordings an earlier page left (this test's too: its engine shares the one upload manager).
  useEffect(resumePendingOnLoad, []);
  if (!valid) {
    return (
      <WarningDialog
        open
        id="no-test"
        title={t('common:systemWarning')}
        actions={<Button onClick={toDashboard}>{t('common:close')}</Button>}
      >
        {t('noTestSelected')}
      </WarningDialog>
    );
  }
  return (
    <TestDialogSlot
      open
      examId={examId}
      selectedLanguage={params.get('lang') ?? 'en-IN'}
      testData={{}}
      onClose={toDashboard}
    />
  );
}
