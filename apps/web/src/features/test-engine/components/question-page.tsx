import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import { answerLocked, RESOURCE_TYPES, type RecordedAnswerFields } from '@invigil/contracts';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { proctoringPanels } from '../proctoring-panels.ts';
import { viewFor } from '../views/question-views.ts';
import { QuestionFrame } from './question-frame.tsx';
import { TestFooter } from './test-footer.tsx';
import { TestHeader } from './test-header.tsx';

// Only tests with recorded answers load the uploads' host (and the recording chunk with it).
const RecordingHost = lazy(() => import('../recording/recording-host.tsx'));
const recorded = (code: number) => (RESOURCE_TYPES as readonly number[]).includes(code);

/** Header, proctoring panels, the question area and the footer controls. */
export function QuestionPage() {
  const { t } = useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const item = s.items[s.index];
  const onSaved = useCallback(
    (qid: number, { qid: _, ...fields }: RecordedAnswerFields) => engine.answer(qid, fields),
    [engine],
  );
  if (!item) return null;
  const View = viewFor(item);
  const examtypeid = s.detail?.examtypeid ?? 1;
  const locked = answerLocked({ examtypeid, index: s.index, total: s.items.length });
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', filter: s.blurred ? 'blur(12px)' : 'none' }}
      data-testid="question-page"
    >
      <TestHeader />
      {proctoringPanels.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, px: 2, pt: 1, '&:empty': { display: 'none' } }}>
          {proctoringPanels.map((Panel, i) => (
            <Panel key={i} examId={engine.examId} />
          ))}
        </Box>
      )}
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 3 } }}>
        <QuestionFrame key={item.qid} item={item} number={s.index + 1} total={s.items.length}>
          <View
            item={item}
            examId={engine.examId}
            disabled={s.submission !== null || locked}
            onChange={(patch) => engine.answer(item.qid, patch)}
            setRecording={(on) => engine.setFlag({ recording: on })}
            setFilePickerOpen={(on) => engine.setFlag({ filePickerOpen: on })}
          />
          {locked && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('answerLocked')}
            </Alert>
          )}
        </QuestionFrame>
      </Box>
      <TestFooter />
      {s.items.some((q) => recorded(q.qtypecode)) && (
        <Suspense fallback={null}>
          <RecordingHost
            examId={engine.examId}
            currentQid={item.qid}
            onSaved={onSaved}
            setUploading={(on) => engine.setFlag({ uploading: on })}
            goTo={(qid) => engine.go(s.items.findIndex((q) => q.qid === qid))}
            labelOf={(qid) => t('qOfN', { n: s.items.findIndex((q) => q.qid === qid) + 1, total: s.items.length })}
          />
        </Suspense>
      )}
    </Box>
  );
}
