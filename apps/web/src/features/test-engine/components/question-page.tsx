import Box from '@mui/material/Box';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngine, useEngineState } from '../engine-context.ts';
import { proctoringPanels } from '../proctoring-panels.ts';
import { viewFor } from '../views/question-views.ts';
import { QuestionFrame } from './question-frame.tsx';
import { TestFooter } from './test-footer.tsx';
import { TestHeader } from './test-header.tsx';

/** Header, proctoring panels, the question area and the footer controls. */
export function QuestionPage() {
  useTranslation('testEngine');
  const engine = useEngine();
  const s = useEngineState();
  const item = s.items[s.index];
  if (!item) return null;
  const View = viewFor(item.qtypecode);
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
            disabled={s.submission !== null}
            onChange={(patch) => engine.answer(item.qid, patch)}
            setRecording={(on) => engine.setFlag({ recording: on })}
            setFilePickerOpen={(on) => engine.setFlag({ filePickerOpen: on })}
          />
        </QuestionFrame>
      </Box>
      <TestFooter />
    </Box>
  );
}
