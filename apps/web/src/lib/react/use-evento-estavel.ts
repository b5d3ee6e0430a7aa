import { useCallback, useRef } from 'react';

/**
 * One function for the life of the component that always calls the latest `fn`: a memoised child gets it
 * without rendering again each time the parent renders (the product search box of the POS and call center).
 * Call it from events only, not while rendering.
 */
export function useEventoEstavel<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const atual = useRef(fn);
  atual.current = fn;
  return useCallback((...args: A) => atual.current(...args), []);
}
