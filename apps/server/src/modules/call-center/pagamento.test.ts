import { TIPO_PAGAMENTO, TIPO_TROCO } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { validarPagamento } from './pagamento.ts';

const forma = (tipo: number, descricao: string, tipoTroco: number = TIPO_TROCO.naoPermite) => ({
  _id: tipo.toString(16).padStart(24, '0'),
  descricao,
  tipo: tipo as 77,
  tipoTroco: tipoTroco as 1,
});
const dinheiro = forma(TIPO_PAGAMENTO.dinheiro, 'Dinheiro', TIPO_TROCO.permite);
const credito = forma(TIPO_PAGAMENTO.credito, 'Cartão de Crédito');
const pix = forma(TIPO_PAGAMENTO.carteiraDigital, 'PIX');

describe('payment agreed on a call-center order', () => {
  it('to collect in cash: the amount, the note and the change to take along', () => {
    expect(
      validarPagamento(
        { modo: 'naEntrega', formaPagamento: dinheiro._id, trocoPara: '50' },
        dinheiro,
        '37.90',
      ),
    ).toEqual({
      modo: 'naEntrega',
      formaPagamento: dinheiro,
      valorCobrar: '37.90',
      trocoPara: '50.00',
      troco: '12.10',
      observacao: '',
    });
    // No note: nothing to change; the exact note is no change either.
    expect(
      validarPagamento({ modo: 'naEntrega', formaPagamento: dinheiro._id }, dinheiro, '37.90').troco,
    ).toBe('0.00');
    expect(
      validarPagamento(
        { modo: 'naEntrega', formaPagamento: credito._id, trocoPara: '37.90' },
        credito,
        '37.90',
      ).troco,
    ).toBe('0.00');
  });

  it('refuses a note below the amount and change on a form that gives none', () => {
    expect(() =>
      validarPagamento(
        { modo: 'naEntrega', formaPagamento: dinheiro._id, trocoPara: '20' },
        dinheiro,
        '37.90',
      ),
    ).toThrow('O valor para troco (R$ 20,00) é menor que o valor a cobrar (R$ 37,90)!');
    expect(() =>
      validarPagamento({ modo: 'naEntrega', formaPagamento: credito._id, trocoPara: '50' }, credito, '37.90'),
    ).toThrow('A forma de pagamento Cartão de Crédito não permite troco');
  });

  it('prepaid: only forms taken at a distance, nothing left to collect, no change', () => {
    expect(
      validarPagamento({ modo: 'prepago', formaPagamento: pix._id, observacao: ' E2E123 ' }, pix, '37.90'),
    ).toMatchObject({
      modo: 'prepago',
      valorCobrar: '0.00',
      trocoPara: null,
      troco: '0.00',
      observacao: 'E2E123',
    });
    expect(() =>
      validarPagamento({ modo: 'prepago', formaPagamento: dinheiro._id }, dinheiro, '10.00'),
    ).toThrow('A forma de pagamento Dinheiro não pode ser pré-paga no Call Center!');
    expect(() =>
      validarPagamento({ modo: 'prepago', formaPagamento: pix._id, trocoPara: '50' }, pix, '10.00'),
    ).toThrow('Troco somente para pagamento cobrado na entrega!');
    const cortesia = forma(TIPO_PAGAMENTO.cortesia, 'Cortesia');
    expect(() =>
      validarPagamento({ modo: 'naEntrega', formaPagamento: cortesia._id }, cortesia, '10.00'),
    ).toThrow('A forma de pagamento Cortesia não pode ser cobrada na entrega!');
  });
});
