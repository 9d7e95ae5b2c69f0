import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import type { TestEngine } from '../state/test-engine.ts';
import { usePageGuards } from './use-page-guards.ts';

function Guarded({ engine }: { engine: TestEngine }) {
  usePageGuards(engine);
  return null;
}

const engineIn = (phase: string, lowBandwidth = false) =>
  ({
    get: () => ({ phase, lowBandwidth }),
    saveOnLeave: vi.fn(),
    setFlag: vi.fn(),
    resync: vi.fn(),
    stoppedByServer: false,
  }) as unknown as TestEngine & {
    saveOnLeave: ReturnType<typeof vi.fn>;
    resync: ReturnType<typeof vi.fn>;
  };

/** Back as the browser does it: the previous entry, then popstate. */
const back = () => {
  history.back();
  return new Promise<void>((r) => window.addEventListener('popstate', () => setTimeout(r, 0), { once: true }));
};

describe('Back while a test runs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stays on the test when the candidate answers No to the leave question', async () => {
    history.replaceState(null, '', '/v2/user/profile');
    history.pushState(null, '', '/v2/user/dashboard');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const engine = engineIn('questions');
    render(<Guarded engine={engine} />);
    await back();
    expect(confirm).toHaveBeenCalledWith('Data will be lost if you leave the page, are you sure?');
    expect(engine.saveOnLeave).toHaveBeenCalled();
    expect(location.pathname).toBe('/v2/user/dashboard');
    // And again: every Back asks.
    await back();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(location.pathname).toBe('/v2/user/dashboard');
  });

  it('leaves after OK without the browser asking a second time', async () => {
    history.replaceState(null, '', '/v2/user/profile');
    history.pushState(null, '', '/v2/user/dashboard');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Guarded engine={engineIn('questions')} />);
    await back();
    expect(confirm).toHaveBeenCalledTimes(1);
    await new Promise<void>((r) => window.addEventListener('popstate', () => setTimeout(r, 0), { once: true }));
    expect(location.pathname).toBe('/v2/user/profile');
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
  });

  it('asks nothing before the questions: the first Back stays on the same page', async () => {
    history.replaceState(null, '', '/v2/user/profile');
    history.pushState(null, '', '/v2/user/dashboard');
    const confirm = vi.spyOn(window, 'confirm');
    render(<Guarded engine={engineIn('instructions')} />);
    await back();
    expect(confirm).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/v2/user/dashboard');
  });
});

describe('leaving the page', () => {
  const unload = () => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  };

  it('asks while the questions are open', () => {
    render(<Guarded engine={engineIn('questions')} />);
    expect(unload()).toBe(true);
  });

  it('asks after a submission that failed, until the candidate closes the thank-you page', () => {
    const engine = engineIn('finished');
    engine.get = () => ({ phase: 'finished', submission: { state: 'failed' } }) as never;
    render(<Guarded engine={engine} />);
    expect(unload()).toBe(true);
    Object.assign(engine, { closedByCandidate: true });
    expect(unload()).toBe(false);
  });

  it('does not ask once a save answered 401: the answers are kept on this device for the resume', () => {
    const engine = engineIn('questions');
    engine.get = () => ({ phase: 'questions', lowBandwidth: false, sessionExpired: true }) as never;
    render(<Guarded engine={engine} />);
    expect(unload()).toBe(false);
    expect(engine.saveOnLeave).toHaveBeenCalled();
  });

  it("does not ask after 'Low bandwidth detected' (its Close logs out)", () => {
    render(<Guarded engine={engineIn('questions', true)} />);
    expect(unload()).toBe(false);
  });
});

describe('the page shown again (another tab, a locked screen, a sleeping machine)', () => {
  it("asks the server's clock when it becomes visible, not when it is hidden", () => {
    const engine = engineIn('questions');
    render(<Guarded engine={engine} />);
    const show = (state: 'visible' | 'hidden') => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
      document.dispatchEvent(new Event('visibilitychange'));
    };
    show('hidden');
    expect(engine.resync).not.toHaveBeenCalled();
    show('visible');
    expect(engine.resync).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
