import { describe, expect, it } from 'vitest';
import { cobrancaEntrega, type PagamentoCombinado, textosCobranca } from './cobranca.ts';

const dinheiro: PagamentoCombinado = {
  modo: 'naEntrega',
  formaPagamento: { descricao: 'Dinheiro' },
  trocoPara: '100.00',
  observacao: '',
};

describe('what the rider collects', () => {
  it('to collect in cash with change for a note', () => {
    const c = cobrancaEntrega(dinheiro, '87.50', '0.00');
    expect(c).toMatchObject({
      situacao: 'cobrar',
      valorCobrar: '87.50',
      trocoPara: '100.00',
      troco: '12.50',
    });
    expect(textosCobranca(c)).toEqual({
      cobrar: 'Cobrar R$ 87,50 em Dinheiro',
      troco: 'Levar troco de R$ 12,50',
      pagaCom: '(cliente paga com R$ 100,00)',
    });
  });

  it('the balance now: a fee raised at the store is collected and the change shrinks', () => {
    const c = cobrancaEntrega(dinheiro, '92.50', '0.00');
    expect([c.valorCobrar, c.troco]).toEqual(['92.50', '7.50']);
    // A note smaller than the new balance is no change to take.
    const menor = cobrancaEntrega({ ...dinheiro, trocoPara: '90.00' }, '92.50', '0.00');
    expect([menor.trocoPara, menor.troco]).toEqual([null, '0.00']);
    expect(textosCobranca(menor).troco).toBeNull();
  });

  it('exact note or no note: no change line; a card form', () => {
    const exato = cobrancaEntrega({ ...dinheiro, trocoPara: '87.50' }, '87.50', '0.00');
    expect(textosCobranca(exato)).toEqual({
      cobrar: 'Cobrar R$ 87,50 em Dinheiro',
      troco: null,
      pagaCom: null,
    });
    const cartao = cobrancaEntrega(
      { modo: 'naEntrega', formaPagamento: { descricao: 'Cartão de Débito' }, trocoPara: null },
      '1234.00',
      '0.00',
    );
    expect(textosCobranca(cartao).cobrar).toBe('Cobrar R$ 1.234,00 em Cartão de Débito');
  });

  it('prepaid is paid; paid at the store is paid; a prepaid balance grown later is collected in any form', () => {
    const pix: PagamentoCombinado = {
      modo: 'prepago',
      formaPagamento: { descricao: 'PIX' },
      trocoPara: null,
    };
    expect(textosCobranca(cobrancaEntrega(pix, '40.00', '40.00')).cobrar).toBe('Pago');
    expect(cobrancaEntrega(dinheiro, '40.00', '40.00').situacao).toBe('pago');
    const cresceu = cobrancaEntrega(pix, '45.00', '40.00');
    expect(textosCobranca(cresceu).cobrar).toBe('Cobrar R$ 5,00');
  });
});
