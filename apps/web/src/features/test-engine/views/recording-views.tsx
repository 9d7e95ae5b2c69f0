import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { QuestionViewProps } from './view-types.ts';

// The recorder, tus and the recording texts are one chunk, loaded only when such a question shows.
const Spoken = lazy(() => import('../recording/spoken-view.tsx'));
const Video = lazy(() => import('../recording/video-view.tsx'));

const loading = <Skeleton variant="rounded" height={120} />;

/** The spoken answer (28). */
export function SpokenAnswerView(props: QuestionViewProps) {
  return (
    <Suspense fallback={loading}>
      <Spoken {...props} />
    </Suspense>
  );
}

/** The video interview (27). */
export function VideoInterviewView(props: QuestionViewProps) {
  return (
    <Suspense fallback={loading}>
      <Video {...props} />
    </Suspense>
  );
}
