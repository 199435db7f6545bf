import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A piece of view state (search text, filter, tab) kept in the query string, so a link
 * reproduces the view (STYLE.md). The default value is left out of the URL, and a value outside
 * `allowed` falls back to the default.
 */
export function useSearchParam<T extends string>(
  key: string,
  fallback: T,
  allowed?: readonly T[],
): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value =
    raw !== null && (!allowed || (allowed as readonly string[]).includes(raw))
      ? (raw as T)
      : fallback;
  const setValue = useCallback(
    (next: string) => {
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next === fallback || next === '') updated.delete(key);
          else updated.set(key, next);
          return updated;
        },
        { replace: true },
      );
    },
    [fallback, key, setParams],
  );
  return [value, setValue];
}
