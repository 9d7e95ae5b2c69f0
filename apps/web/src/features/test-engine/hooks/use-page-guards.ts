import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { TestEngine } from '../state/test-engine.ts';

const isCaptureCombo = (e: KeyboardEvent) =>
  e.key === 'PrintScreen' ||
  ((e.ctrlKey || e.metaKey) && (e.key === 'p' || e.key === 'P')) ||
  ((e.ctrlKey || e.metaKey) && e.shiftKey && ['s', 'S', '3', '4', '5'].includes(e.key)) ||
  (e.metaKey && e.shiftKey);

/**
 * Window events of a running test: window switches (blur), online/offline (the save queue
 * drains when the link returns), the leave prompt (progress saved first), and the page blur on
 * screenshot or print key combinations (restored on the next click or key-up).
 */
export function usePageGuards(engine: TestEngine) {
  const { t } = useTranslation('testEngine');
  useEffect(() => {
    const blur = () => engine.onWindowBlur();
    const online = () => engine.onOnline();
    const offline = () => engine.onOffline();
    const beforeUnload = (e: BeforeUnloadEvent) => {
      const { phase } = engine.get();
      if (phase !== 'questions' || engine.stoppedByServer) return;
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
    const focus = () => {
      if (engine.get().filePickerOpen) setTimeout(() => engine.setFlag({ filePickerOpen: false }), 500);
    };
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('keydown', keyDown, true);
    window.addEventListener('keyup', restore, true);
    window.addEventListener('click', restore, true);
    return () => {
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('keydown', keyDown, true);
      window.removeEventListener('keyup', restore, true);
      window.removeEventListener('click', restore, true);
    };
  }, [engine, t]);
}
