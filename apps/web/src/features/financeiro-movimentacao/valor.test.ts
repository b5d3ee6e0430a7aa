import { describe, expect, it } from 'vitest';
import { valorDigitado } from './valor.ts';

describe('valor digitado', () => {
  it('reads the pt-BR way of typing money', () => {
    expect(valorDigitado('100,00')).toBe('100.00');
    expect(valorDigitado('1.234,5')).toBe('1234.5');
    expect(valorDigitado('R$ 12')).toBe('12');
    expect(valorDigitado('12.50')).toBe('12.50');
  });
  it('refuses zero, negatives, letters and a third decimal', () => {
    for (const t of ['', '0', '0,00', '-5', 'abc', '1,234']) expect(valorDigitado(t), t).toBeNull();
  });
});
