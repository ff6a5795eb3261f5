import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Keeps keyboard focus where the teacher expects it when a list changes under them: on the new
 * input after "Add", on a neighbour after "Remove", on the moved row's button after a move.
 * Elements register under a key; `focusFirst(keys)` focuses the first one that exists and is
 * enabled once the next render has committed.
 */
export function usePendingFocus() {
  const nodes = useRef(new Map<string, HTMLElement>());
  const [pending, setPending] = useState<string[] | null>(null);

  useEffect(() => {
    if (!pending) return;
    for (const key of pending) {
      const node = nodes.current.get(key);
      if (node && !(node as HTMLButtonElement).disabled) {
        node.focus();
        break;
      }
    }
    setPending(null);
  }, [pending]);

  const register = useCallback(
    (key: string) => (node: HTMLElement | null) => {
      if (node) nodes.current.set(key, node);
      else nodes.current.delete(key);
    },
    [],
  );

  const focusFirst = useCallback((keys: string[]) => setPending(keys), []);
  return { register, focusFirst };
}

export type PendingFocus = ReturnType<typeof usePendingFocus>;
