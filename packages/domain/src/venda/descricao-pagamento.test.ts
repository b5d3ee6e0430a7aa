import { describe, expect, it } from 'vitest';
import { descricaoPagamento } from './pagamentos.ts';

// How screens and printed bills name a payment (issue 18): the instalments of a card, nothing for one.
describe('descricaoPagamento', () => {
  it.each([
    [3, 'Cartão de Crédito 3x'],
    [12, 'Cartão de Crédito 12x'],
    [1, 'Cartão de Crédito'],
    [null, 'Cartão de Crédito'],
    [undefined, 'Cartão de Crédito'],
  ])('%s instalments -> %s', (parcelas, texto) => {
    expect(descricaoPagamento({ formaPagamento: { descricao: 'Cartão de Crédito' }, parcelas })).toBe(texto);
  });
});

describe('descricaoPagamento with the card brand', () => {
  it.each([
    ['01', 3, 'Cartão de Crédito Visa 3x'],
    ['06', 1, 'Cartão de Crédito Elo'],
    ['99', null, 'Cartão de Crédito Outros'],
    [null, 2, 'Cartão de Crédito 2x'],
  ])('brand %s, %s instalments -> %s', (bandeira, parcelas, texto) => {
    expect(
      descricaoPagamento({ formaPagamento: { descricao: 'Cartão de Crédito' }, parcelas, bandeira }),
    ).toBe(texto);
  });
});
