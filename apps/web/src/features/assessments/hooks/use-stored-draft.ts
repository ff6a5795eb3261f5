import { useCallback, useEffect, useRef, useState } from 'react';

export interface StoredDraft<T> {
  draft: T;
  /** Replaces the draft (stored at once). */
  setDraft(update: T | ((current: T) => T)): void;
  /** The draft came back from storage when the screen opened (a reload, a return later). */
  restored: boolean;
  /** Forgets the stored draft and starts again from `initial`. */
  discard(): void;
  /** Forgets the stored draft and keeps the screen as it is (after a successful submit). */
  clear(): void;
}

function read<T>(key: string, accept: (value: unknown) => value is T): T | null {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return accept(value) ? value : null;
  } catch {
    // Storage blocked or an unreadable old draft: start afresh.
    return null;
  }
}

/**
 * Screen state that survives a reload: kept in localStorage under `key` on every change, read back
 * when the screen opens if `accept` recognises it. A draft that cannot be written (private mode,
 * full storage) still works for the visit.
 */
export function useStoredDraft<T>(
  key: string,
  initial: () => T,
  accept: (value: unknown) => value is T,
): StoredDraft<T> {
  const [state, setState] = useState(() => {
    const stored = read(key, accept);
    return { draft: stored ?? initial(), restored: stored !== null };
  });
  // After clear() nothing is written again until the draft changes.
  const skipWrite = useRef(!state.restored);

  useEffect(() => {
    if (skipWrite.current) {
      skipWrite.current = false;
      return;
    }
    try {
      window.localStorage.setItem(key, JSON.stringify(state.draft));
    } catch {
      // Not stored: the draft lives for this visit only.
    }
  }, [key, state.draft]);

  const setDraft = useCallback((update: T | ((current: T) => T)) => {
    setState((current) => ({
      ...current,
      draft: typeof update === 'function' ? (update as (current: T) => T)(current.draft) : update,
    }));
  }, []);

  const forget = useCallback(() => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  }, [key]);

  const discard = useCallback(() => {
    forget();
    skipWrite.current = true;
    setState({ draft: initial(), restored: false });
  }, [forget, initial]);

  const clear = useCallback(() => {
    forget();
    skipWrite.current = true;
    setState((current) => ({ ...current, restored: false }));
  }, [forget]);

  return { draft: state.draft, setDraft, restored: state.restored, discard, clear };
}
