import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One parameter of the address's query: its value, and a setter that sets it (or, with null,
 * removes it) in place of the current history entry, keeping the other parameters.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}
