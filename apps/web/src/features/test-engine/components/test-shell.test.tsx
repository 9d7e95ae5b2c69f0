import type { ExamDetail, QuestionItem } from '@invigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DeviceSetupContext, type DeviceSetupSlotProps } from '../../../components/device-setup-slot.ts';
import { act, fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { EngineContext } from '../engine-context.ts';
import { EngineStore } from '../state/engine-store.ts';
import { initialState, type EngineState } from '../state/engine-types.ts';
import type { TestEngine } from '../state/test-engine.ts';
import { LowBandwidthDialog } from './engine-dialogs.tsx';
import { InstructionPage } from './instruction-page.tsx';
import { TestFooter } from './test-footer.tsx';
import { TestHeader } from './test-header.tsx';
import { TestShell } from './test-shell.tsx';

const detail = {
  id: 7,
  instancename: 'Two-Minute Quick Test',
  instruction_text: '<p>Go</p>',
  selectedLanguage: 'en-IN',
  status: '001',
  test_type: 1,
  examtypeid: 1,
  showscore: 0,
  thankyoumessage: '<p>Thanks</p>',
} as unknown as ExamDetail;
const item = { qid: 1, qtypecode: 1, buttonStyle: 'Not Answered', qmarks: 1 } as unknown as QuestionItem;

/** The engine's state as the screens read it (no server behind it). */
class StubEngine extends EngineStore {
  readonly examId = 7;
  begin = vi.fn(async () => {});
  constructor(patch: Partial<EngineState>) {
    super();
    this.state = { ...initialState, detail, items: [item], ...patch };
  }
}

function renderWith(ui: React.ReactElement, patch: Partial<EngineState>) {
  const engine = new StubEngine(patch);
  render(<EngineContext.Provider value={engine as unknown as TestEngine}>{ui}</EngineContext.Provider>);
  return engine;
}

describe('a save answered 401 (the session ended mid-test)', () => {
  it('says so in the spec words, keeps the answers here and offers to sign in again', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, assign });
    document.cookie = 'token=abc; path=/';
    renderWith(<TestHeader />, { phase: 'questions', remaining: 300, sessionExpired: true, pendingCount: 2 });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Session expired. Please login again! Your answers are kept on this device and sent when you resume the test after signing in.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(document.cookie).toContain('sessionTime=2');
    expect(assign).toHaveBeenCalledWith('/v2/user/login');
    vi.unstubAllGlobals();
  });
});

describe('time out (spec: the timer shows "Time\'s up!", the auto-submit notice is a System Warning)', () => {
  it('shows "Time\'s up!" in the countdown once the time is over', () => {
    renderWith(<TestHeader />, { phase: 'questions', timeUp: true, remaining: 0 });
    expect(screen.getByTestId('countdown').textContent).toBe("Time's up!");
  });

  it('shows the progress: answered divided by total times 100', () => {
    const answered = { ...item, qid: 2, buttonStyle: 'Answered' as const, selectedChoiceId: '5', answerStatus: true };
    renderWith(<TestHeader />, { phase: 'questions', remaining: 61, items: [item, answered, { ...item, qid: 3 }] });
    const bar = screen.getByRole('progressbar', { name: 'Progress: 33% answered' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
  });

  it('counts down in h:mm:ss before that', () => {
    renderWith(<TestHeader />, { phase: 'questions', remaining: 61 });
    expect(screen.getByTestId('countdown').textContent).toBe('00:01:01');
  });

  it('opens the System Warning dialog saying the test was submitted automatically', () => {
    renderWith(<TestShell onExit={() => {}} onLogout={() => {}} />, {
      phase: 'finished',
      timeUp: true,
      submission: { state: 'done', trigger: '011', evaluation: null, resultStatus: null },
    });
    const dialog = screen.getByRole('dialog', { name: "System Warning Time's up!" });
    expect(dialog.textContent).toContain('Your time is over and your test has been submitted automatically.');
  });
});

describe('window-switch warning (spec: the switch past webproctoringcount ends the test)', () => {
  it('counts the switches left until the one that ends the test', () => {
    renderWith(<TestShell onExit={() => {}} onLogout={() => {}} />, {
      phase: 'questions',
      modal: { kind: 'window', verdict: 'warning', count: 1, limit: 2 },
    });
    const dialog = screen.getByRole('dialog', { name: 'WARNING !!!' });
    // Limit 2: the 2nd switch is the last warning, the 3rd ends the test.
    expect(dialog.textContent).toContain('You have switched 1 time(s); 2 more will end the test.');
  });
});

describe('window-switch violation', () => {
  const violation = { kind: 'window' as const, verdict: 'violation' as const, count: 3, limit: 2 };

  it('says the responses are being saved, with Close disabled, until the submission ends', () => {
    renderWith(<TestShell onExit={() => {}} onLogout={() => {}} />, {
      phase: 'questions',
      modal: violation,
      submission: { state: 'processing', trigger: '111', evaluation: null, resultStatus: null },
    });
    const dialog = screen.getByRole('dialog', { name: 'Violation of Rule !!!' });
    expect(dialog.textContent).toContain('Saving your responses... Please wait...');
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets the candidate close it once saved', () => {
    renderWith(<TestShell onExit={() => {}} onLogout={() => {}} />, {
      phase: 'finished',
      modal: violation,
      submission: { state: 'done', trigger: '111', evaluation: null, resultStatus: null },
    });
    const dialog = screen.getByRole('dialog', { name: 'Violation of Rule !!!' });
    expect(dialog.textContent).not.toContain('Saving your responses');
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

/** Runs the 3-second start countdown, a second at a time (each second re-arms its timer). */
const countDown = () => {
  for (let i = 0; i < 3; i++) act(() => void vi.advanceTimersByTime(1000));
};

describe('instruction page Start (spec: the device setup is a full-screen dialog opened by Start)', () => {
  const seen: DeviceSetupSlotProps[] = [];
  function FakeSetup(p: DeviceSetupSlotProps) {
    seen.push(p);
    return p.open ? <button onClick={p.onProceed}>Proceed</button> : null;
  }
  const monitored = { ...detail, status: '000', monitoringflag: 1, test_type: 14 } as unknown as ExamDetail;

  it('opens the setup with the attempt, and its Proceed starts the test', () => {
    vi.useFakeTimers();
    const engine = renderWith(
      <DeviceSetupContext.Provider value={FakeSetup}>
        <InstructionPage />
      </DeviceSetupContext.Provider>,
      { phase: 'instructions', detail: monitored },
    );
    expect(screen.getByRole('heading', { name: 'Web Cam Configurations' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(engine.begin).not.toHaveBeenCalled();
    expect(seen.at(-1)).toMatchObject({ examId: 7, testType: 14, status: '000', open: true });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(seen.at(-1)!.open).toBe(false);
    countDown();
    expect(engine.begin).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('starts without a setup provider after the countdown', () => {
    vi.useFakeTimers();
    const engine = renderWith(<InstructionPage />, { phase: 'instructions', detail: monitored });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    countDown();
    expect(engine.begin).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe("the start countdown (spec §9: 'a 3-second start countdown')", () => {
  it('counts 3, 2, 1 before the test starts, with Start disabled meanwhile', () => {
    vi.useFakeTimers();
    const engine = renderWith(<InstructionPage />, {
      phase: 'instructions',
      detail: { ...detail, status: '000' } as ExamDetail,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    for (const n of [3, 2, 1]) {
      expect(screen.getByRole('timer', { name: `The test starts in ${n}` })).toBeTruthy();
      expect(engine.begin).not.toHaveBeenCalled();
      expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(true);
      act(() => void vi.advanceTimersByTime(1000));
    }
    expect(engine.begin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('timer')).toBeNull();
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(false);
    vi.useRealTimers();
  });

  it("says survey for a survey (spec: types 7 and 8 use 'survey' instead of 'test')", () => {
    vi.useFakeTimers();
    for (const testType of [7, 8]) {
      const { unmount } = render(
        <EngineContext.Provider
          value={
            new StubEngine({
              phase: 'instructions',
              detail: { ...detail, status: '000', test_type: testType } as ExamDetail,
            }) as unknown as TestEngine
          }
        >
          <InstructionPage />
        </EngineContext.Provider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      expect(screen.getByRole('timer', { name: 'The survey starts in 3' })).toBeTruthy();
      unmount();
    }
    vi.useRealTimers();
  });

  it('Resume goes on at once: the clock already runs', () => {
    const engine = renderWith(<InstructionPage />, { phase: 'instructions' });
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(engine.begin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('instruction page button (spec: Start while the status is 000, otherwise Resume)', () => {
  it.each([
    ['000', 'Start'],
    ['001', 'Resume'],
    ['998', 'Resume'],
  ])('status %s shows %s', (status, label) => {
    renderWith(<InstructionPage />, { phase: 'instructions', detail: { ...detail, status } as ExamDetail });
    expect(screen.getByRole('button', { name: label })).toBeTruthy();
  });
});

describe("the header's and footer's links (spec: a 'Test Instructions' link, a 'Flag this question' link)", () => {
  it("'Test Instructions' is a link that opens the instructions", () => {
    renderWith(<TestHeader />, { phase: 'questions', remaining: 61 });
    fireEvent.click(screen.getByRole('link', { name: 'Test Instructions' }));
    expect(screen.getByRole('dialog', { name: 'Test Instructions' })).toBeTruthy();
  });

  it("'Flag this question' is a link that opens the Report Issue dialog", () => {
    const engine = renderWith(<TestFooter />, { phase: 'questions', remaining: 61 });
    const setFlag = vi.spyOn(engine, 'setFlag');
    fireEvent.click(screen.getByRole('link', { name: 'Flag this question' }));
    expect(setFlag).toHaveBeenCalledWith({ modal: { kind: 'issue' } });
  });

  it('a double click on Next or Previous moves one question, two clicks two', () => {
    const items = [1, 2, 3].map((qid) => ({ ...item, qid }));
    const engine = renderWith(<TestFooter />, { phase: 'questions', remaining: 61, items, index: 1 });
    const next = vi.fn(async () => {});
    const go = vi.fn();
    Object.assign(engine, { next, go });
    const nextButton = screen.getByRole('button', { name: 'Next' });
    const previousButton = screen.getByRole('button', { name: 'Previous' });
    fireEvent.click(nextButton, { detail: 1 });
    fireEvent.click(nextButton, { detail: 2 });
    expect(next).toHaveBeenCalledTimes(1);
    fireEvent.click(nextButton, { detail: 1 });
    expect(next).toHaveBeenCalledTimes(2);
    fireEvent.click(previousButton, { detail: 1 });
    fireEvent.click(previousButton, { detail: 2 });
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(0);
  });

  it("'Low bandwidth detected' closes with a link to /v2/user/logout, after the retest call", () => {
    const onClose = vi.fn();
    render(
      <LowBandwidthDialog
        open
        title="Low bandwidth detected"
        text="t"
        retry="r"
        closeLabel="Close"
        onClose={onClose}
      />,
    );
    const close = screen.getByRole('link', { name: 'Close' });
    expect(close.getAttribute('href')).toBe('/v2/user/logout');
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('keyboard: Esc answers the test dialogs that ask nothing final', () => {
  it.each([
    ['finish', 'Finish Test'],
    ['one-minute', undefined],
    ['last-question', 'Last question'],
  ] as const)('Esc closes the %s dialog as its No / OK does, and submits nothing', (kind, name) => {
    const engine = renderWith(<TestShell onExit={() => {}} onLogout={() => {}} />, {
      phase: 'questions',
      modal: { kind },
    });
    const closeModal = vi.fn();
    const submit = vi.fn();
    Object.assign(engine, { closeModal, submit });
    const dialog = name ? screen.getByRole('dialog', { name }) : screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closeModal).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
  });

  it('Esc does not close the window-switch warning (its OK may end the test)', () => {
    const engine = renderWith(<TestShell onExit={() => {}} onLogout={() => {}} />, {
      phase: 'questions',
      modal: { kind: 'window', verdict: 'warning', count: 1, limit: 2 },
    });
    const closeModal = vi.fn();
    Object.assign(engine, { closeModal });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'WARNING !!!' }), { key: 'Escape' });
    expect(closeModal).not.toHaveBeenCalled();
  });
});
