import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { useNavigation } from '../hooks/use-navigation.ts';
import { LowBandwidthDialog, SubmissionDialog, WarningDialog } from './engine-dialogs.tsx';
import { InstructionPage } from './instruction-page.tsx';
import { QuestionPage } from './question-page.tsx';
import { ReportIssueDialog } from './report-issue-dialog.tsx';
import { ThankYouPage } from './thank-you-page.tsx';
import { useState } from 'react';

/**
 * The shell in the spec's order of precedence: low-bandwidth modal, time-out modal,
 * instruction screen, thank-you screen, finish modal, question page.
 */
export function TestShell({ onExit, onLogout }: { onExit(): void; onLogout(): void }) {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const { answered } = useNavigation();
  const [postDialogClosed, setPostDialogClosed] = useState(false);
  const survey = engine.isSurvey;
  const sub = s.submission;

  if (s.phase === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status">
        <CircularProgress aria-hidden />
        <Typography sx={{ mt: 2 }}>{t('loadingTest')}</Typography>
      </Box>
    );
  }
  if (s.phase === 'failed') {
    return (
      <WarningDialog
        open
        id="start-failed"
        title={t('common:systemWarning')}
        actions={<Button onClick={onExit}>{t('close')}</Button>}
      >
        {s.error ?? t('startFailed')}
      </WarningDialog>
    );
  }

  // 1. low bandwidth; 2. time out: these take the whole screen's attention.
  if (s.lowBandwidth) {
    return (
      <LowBandwidthDialog
        open
        title={t('lowBandwidthTitle')}
        text={t('lowBandwidthText')}
        retry={t('lowBandwidthRetry')}
        closeLabel={t('close')}
        onClose={() => {
          void engine.retestAndLeave().finally(onLogout);
        }}
      />
    );
  }
  const modal = s.modal;
  const windowModal = modal?.kind === 'window' ? modal : null;
  const timeUpOpen = s.timeUp && !postDialogClosed;

  return (
    <>
      {s.phase === 'instructions' && <InstructionPage />}
      {s.phase === 'finished' && (
        <ThankYouPage
          onClose={() => {
            engine.closedByCandidate = true;
            onExit();
          }}
        />
      )}
      {s.phase === 'questions' && <QuestionPage />}

      <WarningDialog
        open={timeUpOpen}
        id="time-up"
        title={t('common:systemWarning')}
        lead={t('timesUp')}
        actions={
          <Button variant="contained" disabled={sub?.state === 'processing'} onClick={() => setPostDialogClosed(true)}>
            {t('ok')}
          </Button>
        }
      >
        {survey ? t('autoSubmittedSurvey') : t('autoSubmitted')}
        {sub?.state === 'processing' && <Box sx={{ mt: 1 }}>{t('resultProcessing')}</Box>}
        {sub?.state === 'failed' && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('submissionFailed')} {t('submissionFailedLater')}
          </Alert>
        )}
      </WarningDialog>

      <WarningDialog
        open={modal?.kind === 'finish'}
        id="finish"
        onEscape={() => engine.closeModal()}
        title={survey ? t('finishSurveyTitle') : t('finishTitle')}
        actions={
          <>
            <Button onClick={() => engine.closeModal()}>{t('no')}</Button>
            <Button variant="contained" onClick={() => void engine.submit('010')}>
              {t('yes')}
            </Button>
          </>
        }
      >
        {t(survey ? 'finishConfirmSurvey' : 'finishConfirm', {
          answered: answered.filter(Boolean).length,
          total: s.items.length,
        })}
      </WarningDialog>

      <WarningDialog
        open={modal?.kind === 'one-minute'}
        id="one-minute"
        onEscape={() => engine.closeModal()}
        title={t('oneMinuteTitle')}
        actions={
          <Button variant="contained" onClick={() => engine.closeModal()}>
            {t('ok')}
          </Button>
        }
      >
        {t('oneMinuteText')}
      </WarningDialog>

      <WarningDialog
        open={modal?.kind === 'last-question'}
        id="last-question"
        onEscape={() => engine.closeModal()}
        title={t('lastQuestionTitle')}
        actions={
          <Button variant="contained" onClick={() => engine.closeModal()}>
            {t('ok')}
          </Button>
        }
      >
        {survey ? t('lastStatementText') : t('lastQuestionText')}
      </WarningDialog>

      <WarningDialog
        open={!!windowModal}
        id="window-switch"
        title={
          windowModal
            ? (t('windowTitles', { returnObjects: true }) as Record<string, string>)[windowModal.verdict]!
            : ''
        }
        actions={
          <Button
            variant="contained"
            disabled={windowModal?.verdict === 'violation' && sub?.state === 'processing'}
            onClick={() => (windowModal?.verdict === 'violation' ? onExit() : engine.closeModal())}
          >
            {windowModal?.verdict === 'violation' ? t('close') : t('ok')}
          </Button>
        }
      >
        {windowModal?.verdict === 'violation' ? (
          <>
            {t('terminated')}
            {sub?.state === 'processing' && <Box sx={{ mt: 1 }}>{t('savingResponses')}</Box>}
          </>
        ) : windowModal?.verdict === 'last-warning' ? (
          t('windowSwitchLast')
        ) : (
          t('windowSwitchWarning', {
            count: windowModal?.count ?? 0,
            // The test ends on the switch past the limit: limit - count + 1 more.
            left: Math.max(1, (windowModal?.limit ?? 0) - (windowModal?.count ?? 0) + 1),
          })
        )}
      </WarningDialog>

      {modal?.kind === 'issue' && s.items[s.index] && (
        <ReportIssueDialog open qid={s.items[s.index]!.qid} onClose={() => engine.closeModal()} />
      )}

      <SubmissionDialog
        open={!!sub && !s.timeUp && !windowModal && !postDialogClosed}
        title={survey ? t('finishSurveyTitle') : t('finishTitle')}
        busy={sub?.state === 'processing'}
        closeLabel={t('ok')}
        onClose={() => setPostDialogClosed(true)}
      >
        {sub?.state === 'processing' && t('resultProcessing')}
        {sub?.state === 'done' && (
          <>
            <Box>{survey ? t('submittedSurvey') : t('submitted')}</Box>
            {sub.evaluation && s.detail?.showscore === 1 && (
              <Box sx={{ mt: 1, fontWeight: 700 }}>
                {t('resultShown', {
                  obtained: sub.evaluation.obtainedMarks,
                  total: sub.evaluation.totalMarks,
                  percentage: sub.evaluation.percentage,
                })}
              </Box>
            )}
          </>
        )}
        {sub?.state === 'failed' && (
          <>
            {t('submissionFailed')} {t('submissionFailedLater')}
          </>
        )}
      </SubmissionDialog>
    </>
  );
}
