import { describe, expect, it } from 'vitest';
import { escaparLike, padraoContem } from './like.ts';

describe('LIKE patterns of typed text', () => {
  it('keeps %, _ and the backslash literal', () => {
    expect(escaparLike('50% off_a\\b')).toBe('50\\% off\\_a\\\\b');
    expect(padraoContem('Pão')).toBe('%Pão%');
    expect(padraoContem('10%')).toBe('%10\\%%');
  });
});
