import { TIPO_PAGAMENTO, TIPO_TROCO } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  erroPagamento,
  escolhaEmOutraLoja,
  escolhaPadrao,
  formasDoModo,
  pagamentoParaEnvio,
  resumoPagamento,
} from './pagamento-pedido.tsx';

const forma = (n: number, tipo: number, descricao: string, tipoTroco: number = TIPO_TROCO.naoPermite) => ({
  _id: n.toString(16).padStart(24, '0'),
  descricao,
  tipo: tipo as 77,
  tipoTroco: tipoTroco as 1,
});
const centro = [
  forma(1, TIPO_PAGAMENTO.dinheiro, 'Dinheiro', TIPO_TROCO.permite),
  forma(2, TIPO_PAGAMENTO.credito, 'Cartão de Crédito'),
  forma(3, TIPO_PAGAMENTO.carteiraDigital, 'PIX'),
  forma(4, TIPO_PAGAMENTO.convenio, 'Convênio'),
];
const shopping = [
  forma(11, TIPO_PAGAMENTO.credito, 'Crédito'),
  forma(12, TIPO_PAGAMENTO.dinheiro, 'Dinheiro', TIPO_TROCO.permite),
];

describe('payment agreed in the call center (mirror of the server rules)', () => {
  it('offers cash to collect by default and only the forms of each mode', () => {
    expect(escolhaPadrao(centro)).toEqual({
      modo: 'naEntrega',
      forma: centro[0]?._id,
      trocoPara: null,
      observacao: '',
    });
    expect(formasDoModo(centro, 'prepago').map((f) => f.descricao)).toEqual(['Cartão de Crédito', 'PIX']);
    expect(formasDoModo(centro, 'naEntrega').map((f) => f.descricao)).toEqual([
      'Dinheiro',
      'Cartão de Crédito',
      'PIX',
    ]);
  });

  it("shows the server's refusals before sending", () => {
    const dinheiro = {
      modo: 'naEntrega' as const,
      forma: centro[0]?._id ?? null,
      trocoPara: 30,
      observacao: '',
    };
    expect(erroPagamento(dinheiro, centro, '37.90')).toBe(
      'O valor para troco (R$ 30,00) é menor que o valor a cobrar (R$ 37,90)!',
    );
    expect(erroPagamento({ ...dinheiro, trocoPara: 50 }, centro, '37.90')).toBeNull();
    expect(
      erroPagamento({ ...dinheiro, forma: centro[1]?._id ?? null, trocoPara: 50 }, centro, '37.90'),
    ).toBe('A forma de pagamento Cartão de Crédito não permite troco');
    expect(erroPagamento({ ...dinheiro, forma: null }, centro, '37.90')).toBe(
      'Informe a forma de pagamento!',
    );
  });

  it('keeps the same kind of form on a store switch (ids are per store)', () => {
    const credito = {
      modo: 'prepago' as const,
      forma: centro[1]?._id ?? null,
      trocoPara: null,
      observacao: 'NSU 1',
    };
    expect(escolhaEmOutraLoja(credito, centro, shopping)).toEqual({ ...credito, forma: shopping[0]?._id });
    // PIX does not exist there: back to cash to collect, the note kept.
    const pix = { ...credito, forma: centro[2]?._id ?? null };
    expect(escolhaEmOutraLoja(pix, centro, shopping)).toEqual({
      modo: 'naEntrega',
      forma: shopping[1]?._id,
      trocoPara: null,
      observacao: 'NSU 1',
    });
  });

  it('sends and summarises what was agreed', () => {
    expect(
      pagamentoParaEnvio({
        modo: 'naEntrega',
        forma: centro[0]?._id ?? null,
        trocoPara: 50,
        observacao: ' ',
      }),
    ).toEqual({ modo: 'naEntrega', formaPagamento: centro[0]?._id, trocoPara: '50.00' });
    expect(
      pagamentoParaEnvio({
        modo: 'prepago',
        forma: centro[2]?._id ?? null,
        trocoPara: 50,
        observacao: 'E2E',
      }),
    ).toEqual({ modo: 'prepago', formaPagamento: centro[2]?._id, observacao: 'E2E' });
    const base = { formaPagamento: centro[0]!, valorCobrar: '37.90', observacao: '' };
    expect(resumoPagamento({ ...base, modo: 'naEntrega', trocoPara: '50.00', troco: '12.10' }, 55)).toBe(
      'Cobrar R$ 37,90 na entrega em Dinheiro · troco para R$ 50,00 (levar R$ 12,10)',
    );
    expect(resumoPagamento({ ...base, modo: 'naEntrega', trocoPara: null, troco: '0.00' }, 53)).toBe(
      'Cobrar R$ 37,90 na retirada em Dinheiro',
    );
    expect(
      resumoPagamento(
        {
          ...base,
          formaPagamento: centro[2]!,
          modo: 'prepago',
          valorCobrar: '0.00',
          trocoPara: null,
          troco: '0.00',
        },
        55,
      ),
    ).toBe('Pré-pago · PIX');
    expect(resumoPagamento(null, 55)).toBe('Pagamento não informado');
  });
});
