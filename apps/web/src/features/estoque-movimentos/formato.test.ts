import { describe, expect, it } from 'vitest';
import { casasDaUnidade, formatarCusto, formatarQuantidade } from './formato.ts';

describe('stock figures as the screens write them', () => {
  it.each([
    ['1.500000', 'KG', '1,500'],
    ['12.000000', 'UN', '12'],
    ['12.000000', null, '12'],
    ['0.333333', 'UN', '0,3333'],
    ['0.25', 'lt', '0,250'],
    ['-2.500000', 'UN', '-2,5'],
    ['1234.5', 'KG', '1.234,500'],
    ['3.1415926', 'KG', '3,1416'],
  ])('quantity %s %s -> %s', (valor, unidade, esperado) => {
    expect(formatarQuantidade(valor, unidade)).toBe(esperado);
  });

  it('weights and volumes take 3 decimals, pieces none', () => {
    expect([
      casasDaUnidade('KG'),
      casasDaUnidade(' ml '),
      casasDaUnidade('CX'),
      casasDaUnidade(null),
    ]).toEqual([3, 3, 0, 0]);
  });

  it.each([
    ['20.000000', 'R$ 20,00'],
    ['0.042500', 'R$ 0,0425'],
    ['2.123456', 'R$ 2,1235'],
    ['1234.5', 'R$ 1.234,50'],
    ['-3.5', '-R$ 3,50'],
  ])('cost %s -> %s', (valor, esperado) => {
    expect(formatarCusto(valor)).toBe(esperado);
  });
});
