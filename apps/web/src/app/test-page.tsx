import { useSearchParams } from '../lib/router.tsx';
import { TestDialogSlot } from './test-dialog-slot.tsx';

/** /v2/user/test: the test-taking screen (no session guard; the API still needs a token). */
export default function TestPage() {
  const [params] = useSearchParams();
  const examId = Number(params.get('examId') ?? 0);
  return (
    <TestDialogSlot
      open
      examId={examId}
      selectedLanguage={params.get('lang') ?? 'en-IN'}
      testData={{}}
      onClose={() => location.assign('/v2/user/dashboard')}
    />
  );
}
