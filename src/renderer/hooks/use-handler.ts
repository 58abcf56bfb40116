/**
 * A handler that keeps its identity from drawing to drawing and calls the latest `fn`: handed to a memoised component
 * (memo), it does not draw that component again each time its parent draws, as a new closure would.
 */
import { useCallback, useRef } from 'react';

export function useHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
