import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { TestEngine } from '../state/test-engine.ts';

const isCaptureCombo = (e: KeyboardEvent) =>
  e.key === 'PrintScreen' ||
  ((e.ctrlKey || e.metaKey) && (e.key === 'p' || e.key === 'P')) ||
  ((e.ctrlKey || e.metaKey) && e.shiftKey && ['s', 'S', '3', '4', '5'].includes(e.key)) ||
  (e.metaKey && e.shiftKey);

/** The history entry the test adds over the page it opened on, so Back lands on the same URL. */
const GUARD = { invigilTest: true };

/**
 * Window events of a running test: window switches (blur), online/offline (the save queue
 * drains when the link returns), the page shown again (the server's clock is asked for), the leave prompt (progress saved first), the page blur on
 * screenshot or print key combinations (restored on the next click or key-up), and Back/Forward:
 * the test sits on a history entry of its own, so Back first lands on the same URL, and while
 * questions are open it asks the spec's leave question before going on. Once the candidate has
 * answered it with OK, leaving does not ask again (the browser's own leave box, on a page
 * outside the app, would ask the same a second time, without the spec's text).
 */
export function usePageGuards(engine: TestEngine) {
  const { t } = useTranslation('testEngine');
  const leaving = useRef(false);
  useEffect(() => {
    history.pushState(GUARD, '', location.href);
    const popState = () => {
      if (engine.get().phase !== 'questions' || engine.stoppedByServer) return;
      engine.saveOnLeave();
      // The browser's question box may blur the window: not a window switch (as a file picker).
      engine.setFlag({ filePickerOpen: true });
      const leave = window.confirm(t('leavePage'));
      setTimeout(() => engine.setFlag({ filePickerOpen: false }), 500);
      if (leave) {
        leaving.current = true;
        history.back();
      } else history.pushState(GUARD, '', location.href);
    };
    window.addEventListener('popstate', popState);
    return () => window.removeEventListener('popstate', popState);
  }, [engine, t]);
  useEffect(() => {
    const blur = () => engine.onWindowBlur();
    const online = () => engine.onOnline();
    const offline = () => engine.onOffline();
    const beforeUnload = (e: BeforeUnloadEvent) => {
      const { phase, lowBandwidth, submission } = engine.get();
      // A submission not sent yet: its answers are on this device only until it goes (the open
      // page sends it when the link returns; the dashboard's Close loads re-sends it as well).
      if (phase === 'finished' && submission?.state === 'failed' && !engine.closedByCandidate) {
        e.preventDefault();
        e.returnValue = t('leavePage');
        return t('leavePage');
      }
      // Nothing to lose once the server stopped the attempt or low bandwidth sent it back (998).
      if (phase !== 'questions' || engine.stoppedByServer || lowBandwidth || leaving.current) return;
      // The session ended: nothing more can be saved from here; the local copy keeps the answers.
      if (engine.get().sessionExpired) {
        engine.saveOnLeave();
        return;
      }
      engine.saveOnLeave();
      e.preventDefault();
      e.returnValue = t('leavePage');
      return t('leavePage');
    };
    const keyDown = (e: KeyboardEvent) => {
      if (engine.get().phase === 'questions' && isCaptureCombo(e)) {
        if (e.key !== 'PrintScreen') e.preventDefault();
        engine.setFlag({ blurred: true });
      }
    };
    const restore = () => {
      if (engine.get().blurred) engine.setFlag({ blurred: false });
    };
    // Back from hidden (another tab, a locked screen, a sleeping machine): the server says the time.
    const visible = () => {
      if (document.visibilityState === 'visible') void engine.resync();
    };
    const focus = () => {
      if (engine.get().filePickerOpen) setTimeout(() => engine.setFlag({ filePickerOpen: false }), 500);
    };
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    document.addEventListener('visibilitychange', visible);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('keydown', keyDown, true);
    window.addEventListener('keyup', restore, true);
    window.addEventListener('click', restore, true);
    return () => {
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('keydown', keyDown, true);
      window.removeEventListener('keyup', restore, true);
      window.removeEventListener('click', restore, true);
    };
  }, [engine, t]);
}
