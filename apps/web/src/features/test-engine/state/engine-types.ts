import type { Evaluation, ExamDetail, QuestionItem, WindowSwitchVerdict } from '@invigil/contracts';

type Phase = 'loading' | 'failed' | 'instructions' | 'questions' | 'finished';

type Modal =
  | null
  | { kind: 'one-minute' }
  | { kind: 'finish' }
  | { kind: 'last-question' }
  | { kind: 'window'; verdict: WindowSwitchVerdict; count: number; limit: number }
  | { kind: 'issue' };

interface Submission {
  state: 'processing' | 'done' | 'failed';
  trigger: string;
  evaluation: Evaluation | null;
  resultStatus: string | null;
}

export interface EngineState {
  phase: Phase;
  error: string | null;
  detail: ExamDetail | null;
  items: QuestionItem[];
  index: number;
  /** Seconds left, as the server said (displayed only). */
  remaining: number;
  modal: Modal;
  submission: Submission | null;
  /** The time-out modal ('Time's up!'). */
  timeUp: boolean;
  lowBandwidth: boolean;
  pendingCount: number;
  online: boolean;
  /** A save answered 401: the session ended (signed in elsewhere, expired); answers wait on this device. */
  sessionExpired: boolean;
  adaptiveDone: boolean;
  busy: boolean;
  blurred: boolean;
  /** Set while a file picker is open: its window blur is not a switch. */
  filePickerOpen: boolean;
  /** Set while a recorder runs (media views plug in): Next, Previous and Finish wait. */
  recording: boolean;
  /** Set while a recorded answer is being sent and checked: navigation waits for it too. */
  uploading: boolean;
}

export const initialState: EngineState = {
  phase: 'loading',
  error: null,
  detail: null,
  items: [],
  index: 0,
  remaining: 0,
  modal: null,
  submission: null,
  timeUp: false,
  lowBandwidth: false,
  pendingCount: 0,
  online: true,
  sessionExpired: false,
  adaptiveDone: false,
  busy: false,
  blurred: false,
  filePickerOpen: false,
  recording: false,
  uploading: false,
};
