import { type ComponentType, createContext, useContext } from 'react';

export interface TestDialogProps {
  open: boolean;
  examId: number;
  selectedLanguage: string;
  /** The test row the dashboard started (name, status, languages...). */
  testData: { examName?: string; [key: string]: unknown };
  onClose(): void;
}

/**
 * The full-screen test dialog, provided by the app: the dashboard opens it without importing the
 * test engine (features do not import each other).
 */
export const TestDialogContext = createContext<ComponentType<TestDialogProps> | null>(null);

export function useTestDialog(): ComponentType<TestDialogProps> {
  const dialog = useContext(TestDialogContext);
  if (!dialog) throw new Error('useTestDialog outside a TestDialogContext provider');
  return dialog;
}
