import { isResumable, type GetLanguagesResponse, type PendingRow } from '@invigil/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTestDialog } from '../../../components/test-dialog.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { fetchLanguages } from '../api/get-languages.ts';

// The modals load when an item is started (beside the languages call), not with the lists.
const languageModal = () => import('./language-modal.tsx');
const LanguageModal = lazy(() => languageModal().then((m) => ({ default: m.LanguageModal })));
const MessageModal = lazy(() => import('./message-modal.tsx').then((m) => ({ default: m.MessageModal })));

type Flow =
  | { step: 'idle' }
  | { step: 'language'; row: PendingRow; languages: GetLanguagesResponse }
  | { step: 'test'; row: PendingRow; language: string }
  | { step: 'failed' };

/**
 * Starting an item: the languages of the test, the 'Select Test Language' modal and its
 * confirmation, then the full-screen test dialog (the app's, through TestDialogContext).
 * Closing the dialog reloads the page.
 * An in-progress (or retest) item whose language is already chosen resumes directly.
 */
export function useStartTest() {
  const { t } = useTranslation(['dashboard', 'common']);
  const TestDialog = useTestDialog();
  const [flow, setFlow] = useState<Flow>({ step: 'idle' });
  const [busy, setBusy] = useState<number | null>(null);
  // The row button that started it: disabled while the languages load, it loses the keyboard
  // focus, so the modals cannot give it back themselves; it gets it back when they close.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (flow.step !== 'idle' || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [flow.step]);

  const start = useCallback(async (row: PendingRow) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (isResumable(row.status) && row.selectedLanguage) {
      setFlow({ step: 'test', row, language: row.selectedLanguage });
      return;
    }
    setBusy(row.userExamId);
    void languageModal();
    try {
      setFlow({ step: 'language', row, languages: await fetchLanguages(row.userExamId) });
    } catch (e) {
      console.error('languages failed', e);
      setFlow({ step: 'failed' });
    } finally {
      setBusy(null);
    }
  }, []);

  const ui = (
    <Suspense fallback={null}>
      {flow.step === 'language' && (
        <LanguageModal
          open
          examName={flow.row.examName}
          languages={flow.languages.languagesData}
          preferred={flow.row.selectedLanguage}
          onCancel={() => setFlow({ step: 'idle' })}
          onConfirm={(language) => setFlow({ step: 'test', row: flow.row, language })}
        />
      )}
      {flow.step === 'test' && (
        <TestDialog
          open
          examId={flow.row.userExamId}
          selectedLanguage={flow.language}
          testData={{ ...flow.row }}
          onClose={() => window.location.reload()}
        />
      )}
      {flow.step === 'failed' && (
        <MessageModal
          open
          title={t('common:systemWarning')}
          message={t('startFailed')}
          onClose={() => setFlow({ step: 'idle' })}
        />
      )}
    </Suspense>
  );
  return { start, busy, ui };
}
