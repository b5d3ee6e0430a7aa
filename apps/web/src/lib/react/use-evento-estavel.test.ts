import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEventoEstavel } from './use-evento-estavel.ts';

describe('useEventoEstavel', () => {
  it('keeps one function across renders and calls the latest one given', () => {
    const { result, rerender } = renderHook(({ n }) => useEventoEstavel((x: number) => x + n), {
      initialProps: { n: 1 },
    });
    const primeira = result.current;
    expect(primeira(10)).toBe(11);
    rerender({ n: 5 });
    expect(result.current).toBe(primeira);
    expect(primeira(10)).toBe(15);
  });
});
