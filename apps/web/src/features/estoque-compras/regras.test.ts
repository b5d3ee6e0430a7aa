import { describe, expect, it } from 'vitest';
import { decimalDigitado } from './regras.ts';

describe('decimalDigitado', () => {
  it.each([
    ['8,40', '8.40'],
    ['8.40', '8.40'],
    ['1.234,5', '1234.5'],
    [' 12 ', '12'],
    ['0,000001', '0.000001'],
  ])('%s -> %s', (texto, esperado) => {
    expect(decimalDigitado(texto)).toBe(esperado);
  });

  it.each(['', '-1', 'abc', '1,2,3', '0,0000001', '1e3', '12,'])('refuses %j', (texto) => {
    expect(decimalDigitado(texto)).toBeNull();
  });
});
