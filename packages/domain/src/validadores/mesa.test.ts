import { describe, expect, it } from 'vitest';
import { lerNumeroMesa, validarNumeroMesa } from './mesa.ts';

describe('table number', () => {
  it.each([1, 12, '7', ' 30 ', '0012'])('accepts %j', (valor) => {
    expect(validarNumeroMesa(valor)).toBe(true);
  });
  it.each([0, -1, 1.5, '0', '-3', '2.5', '1,0', 'a', '', null, undefined, Number.NaN, 2 ** 60])(
    'rejects %j with "Numero da mesa inválido"',
    (valor) => {
      expect(validarNumeroMesa(valor)).toBe('Numero da mesa inválido');
    },
  );
  it('reads the number', () => {
    expect(lerNumeroMesa(' 0012 ')).toBe(12);
    expect(lerNumeroMesa('x')).toBeUndefined();
  });
});
