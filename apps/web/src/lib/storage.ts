/** Local and session storage that never throws (private mode, quota, disabled storage). */
function safe(storage: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): boolean {
      try {
        storage().setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key: string): void {
      try {
        storage().removeItem(key);
      } catch {
        /* ignore */
      }
    },
    keys(): string[] {
      try {
        const s = storage();
        return Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
      } catch {
        return [];
      }
    },
  };
}

export const local = safe(() => localStorage);
export const session = safe(() => sessionStorage);
