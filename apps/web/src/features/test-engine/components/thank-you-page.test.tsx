import type { ExamDetail } from '@invigil/contracts';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { reportSending } from '../../../lib/recording-uploads/activity.ts';
import { EngineContext } from '../engine-context.ts';
import { EngineStore } from '../state/engine-store.ts';
import { initialState, type EngineState } from '../state/engine-types.ts';
import type { TestEngine } from '../state/test-engine.ts';
import { ThankYouPage } from './thank-you-page.tsx';

class StubEngine extends EngineStore {
  readonly examId = 7;
  constructor() {
    super();
    const detail = { id: 7, instancename: 'Spoken', thankyoumessage: '<p>Thanks</p>', showscore: 0 };
    this.state = { ...initialState, phase: 'finished', detail: detail as unknown as ExamDetail };
  }
  put(patch: Partial<EngineState>) {
    this.set(patch);
  }
}

describe('thank-you page while recordings are still being sent (ADR 0195)', () => {
  it('asks to keep the page open only while this attempt has recordings sending', async () => {
    reportSending(8, 1); // another attempt's
    render(
      <EngineContext.Provider value={new StubEngine() as unknown as TestEngine}>
        <ThankYouPage onClose={() => {}} />
      </EngineContext.Provider>,
    );
    expect(screen.queryByTestId('recordings-still-uploading')).toBeNull();
    reportSending(7, 2);
    const line = await screen.findByTestId('recordings-still-uploading');
    expect(line.textContent).toBe(
      'Your recorded answers are still being uploaded. Keep this page open until this message goes away.',
    );
    reportSending(7, 0);
    await waitFor(() => expect(screen.queryByTestId('recordings-still-uploading')).toBeNull());
  });
});

describe('thank-you page after a submission that did not reach the server', () => {
  it('says so whatever showscore is, not as a score, and stops once the resend got through', async () => {
    const engine = new StubEngine();
    engine.put({ submission: { state: 'failed', trigger: '010', evaluation: null, resultStatus: null } });
    render(
      <EngineContext.Provider value={engine as unknown as TestEngine}>
        <ThankYouPage onClose={() => {}} />
      </EngineContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Your test has NOT been submitted. Please check your internet connection. It is submitted automatically after the connection is restored and you log in again.',
    );
    expect(screen.queryByText('Your score')).toBeNull();
    engine.put({ submission: { state: 'done', trigger: '010', evaluation: null, resultStatus: 'Processing' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
