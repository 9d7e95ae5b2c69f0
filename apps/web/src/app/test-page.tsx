import { useEffect } from 'react';
import { resumePendingOnLoad } from '../lib/recording-uploads/resume-on-load.ts';
import { useSearchParams } from '../lib/router.tsx';
import { TestDialogSlot } from './test-dialog-slot.tsx';

/** /v2/user/test: the test-taking screen (no session guard; the API still needs a token). */
export default function TestPage() {
  const [params] = useSearchParams();
  const examId = Number(params.get('examId') ?? 0);
  // Recordings an earlier page left (this test's too: its engine shares the one upload manager).
  useEffect(resumePendingOnLoad, []);
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
