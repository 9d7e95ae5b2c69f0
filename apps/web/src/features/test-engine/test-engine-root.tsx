import { useEffect, useState } from 'react';
import { EngineContext } from './engine-context.ts';
import { usePageGuards } from './hooks/use-page-guards.ts';
import { TestEngine } from './state/test-engine.ts';
import { TestShell } from './components/test-shell.tsx';

export interface TestEngineRootProps {
  examId: number;
  selectedLanguage: string;
  onClose(): void;
}

/** The test engine: rendered inside the full-screen test dialog (and by /v2/user/test). */
export default function TestEngineRoot({ examId, selectedLanguage, onClose }: TestEngineRootProps) {
  const [engine] = useState(() => new TestEngine(examId, selectedLanguage));
  useEffect(() => {
    void engine.load();
    return () => engine.dispose();
  }, [engine]);
  usePageGuards(engine);
  return (
    <EngineContext.Provider value={engine}>
      <TestShell onExit={onClose} onLogout={() => window.location.assign('/v2/user/logout')} />
    </EngineContext.Provider>
  );
}
