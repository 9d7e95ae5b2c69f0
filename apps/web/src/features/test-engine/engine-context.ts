import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TestEngine } from './state/test-engine.ts';

export const EngineContext = createContext<TestEngine | null>(null);

export function useEngine(): TestEngine {
  const e = useContext(EngineContext);
  if (!e) throw new Error('useEngine outside the test engine');
  return e;
}

export function useEngineState() {
  const e = useEngine();
  return useSyncExternalStore(e.subscribe, e.get);
}
