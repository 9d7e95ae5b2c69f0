import { initialState, type EngineState } from './engine-types.ts';

/** The patch a host module may apply to the engine's state (submission, loading...). */
export type SetState = (patch: Partial<EngineState>) => void;

/** The engine's state with its listeners (read by React through useSyncExternalStore). */
export class EngineStore {
  protected state: EngineState = initialState;
  private listeners = new Set<() => void>();

  get = () => this.state;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  protected set(patch: Partial<EngineState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }
  setFlag(patch: Pick<Partial<EngineState>, 'filePickerOpen' | 'recording' | 'uploading' | 'blurred' | 'modal'>) {
    this.set(patch);
  }

  get isSurvey() {
    return this.state.detail?.test_type === 7 || this.state.detail?.test_type === 8;
  }
}
