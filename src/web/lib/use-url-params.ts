import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

type ChangeParams = (
  change: (next: URLSearchParams) => void,
  options?: { replace?: boolean },
) => void;

/**
 * The address's query and a way to change it that builds on the last change.
 * react-router's functional update reads the params of the last render, so
 * two changes in one tick (a filter chosen, a date typed right after) kept
 * only the second: CI lost Jobs' driver=none that way. A newly rendered
 * address (back, a link) replaces what the last change left.
 */
export function useUrlParams(): [URLSearchParams, ChangeParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ rendered: params, value: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, value: params };
  const change = useCallback<ChangeParams>(
    (apply, options) => {
      const next = new URLSearchParams(latest.current.value);
      apply(next);
      latest.current.value = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change];
}
