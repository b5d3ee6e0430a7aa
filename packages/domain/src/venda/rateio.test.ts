import { describe, expect, it } from 'vitest';
import { ratearProporcional } from './rateio.ts';

describe('ratearProporcional (rateio à moda do Odoo)', () => {
  it('partes truncadas e a sobra do arredondamento na maior linha', () => {
    expect(ratearProporcional(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(ratearProporcional(100, [1000, 3000, 1000])).toEqual([20, 60, 20]);
    expect(ratearProporcional(10, [300, 700, 1000])).toEqual([1, 3, 6]);
  });
  it('nunca passa a capacidade da linha; a sobra segue para a próxima maior', () => {
    expect(ratearProporcional(5, [3, 3], [3, 2])).toEqual([3, 2]);
    expect(() => ratearProporcional(7, [3, 3])).toThrow(RangeError);
  });
  it('total zero ou pesos nulos', () => {
    expect(ratearProporcional(0, [5, 5])).toEqual([0, 0]);
    expect(ratearProporcional(4, [0, 0], [2, 2])).toEqual([2, 2]);
  });
});
