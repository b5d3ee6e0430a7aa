import { describe, expect, it } from 'vitest';
import { PRAZO_CONFIRMACAO_MS, resumoDoPedido, trocoDe } from './resumo.ts';

// What the order desk shows of an app order, from the order as the app sent it: items with options and notes,
// customer and address, payments with change, and the deadline 8 minutes after the app's createdAt.

const brl = (value: number) => ({ value, currency: 'BRL' });

const PEDIDO = {
  id: '3f1d2c1e-0000-4000-8000-000000000001',
  type: 'DELIVERY',
  displayId: 'AB12',
  createdAt: '2026-11-26T12:00:00-03:00',
  merchant: { id: 'm', name: 'Loja' },
  items: [
    {
      id: 'i1',
      name: 'X-Burguer',
      externalCode: 'X-1',
      unit: 'UN',
      quantity: 2,
      unitPrice: brl(20),
      totalPrice: brl(46),
      specialInstructions: '  sem picles ',
      options: [
        {
          id: 'o1',
          name: 'Bacon',
          externalCode: 'B',
          unit: 'UN',
          quantity: 1,
          unitPrice: brl(3),
          totalPrice: brl(3),
          specialInstructions: 'crocante',
        },
      ],
    },
  ],
  total: { itemsPrice: brl(46), otherFees: brl(5), discount: brl(0), orderAmount: brl(51) },
  payments: {
    prepaid: 10,
    pending: 41,
    methods: [
      { value: 10, currency: 'BRL', type: 'PREPAID', method: 'PIX' },
      { value: 41, currency: 'BRL', type: 'PENDING', method: 'CASH', changeFor: 50 },
      { value: 0, currency: 'BRL', type: 'PENDING', method: 'CREDIT' },
    ],
  },
  customer: { name: 'Maria', phone: { number: '41 99999-0000' } },
  delivery: { deliveryAddress: { street: 'Rua XV', number: '100', district: 'Centro', city: 'Curitiba' } },
};

describe('resumoDoPedido', () => {
  it("reads items, options, notes, customer, address, payments and the deadline from the app's createdAt", () => {
    const r = resumoDoPedido(PEDIDO);
    expect(r.criadoNoAppEm).toBe('2026-11-26T15:00:00.000Z');
    expect(Date.parse(r.prazoConfirmacao as string) - Date.parse(r.criadoNoAppEm as string)).toBe(
      PRAZO_CONFIRMACAO_MS,
    );
    expect(r.itens).toEqual([
      {
        nome: 'X-Burguer',
        quantidade: 2,
        total: '46.00',
        obs: 'sem picles',
        opcoes: [{ nome: 'Bacon', quantidade: 1, obs: 'crocante' }],
      },
    ]);
    expect(r.cliente).toEqual({
      nome: 'Maria',
      telefone: '41 99999-0000',
      endereco: 'Rua XV, 100, Centro, Curitiba',
    });
    // A zero payment is not shown.
    expect(r.pagamentos).toEqual([
      { modo: 'prepago', metodo: 'PIX', bandeira: null, valor: '10.00', trocoPara: null },
      { modo: 'naEntrega', metodo: 'Dinheiro', bandeira: null, valor: '41.00', trocoPara: '50.00' },
    ]);
    expect(r.pagamentos.map(trocoDe)).toEqual([null, '9.00']);
  });

  it('an order that does not read as the standard answers an empty summary, not an error', () => {
    for (const ruim of [null, { bruto: '{"id":' }, { ...PEDIDO, createdAt: 'ontem' }])
      expect(resumoDoPedido(ruim)).toEqual({
        criadoNoAppEm: null,
        prazoConfirmacao: null,
        itens: [],
        cliente: null,
        pagamentos: [],
      });
  });

  it('cash paid with the exact note asks no change', () => {
    expect(
      trocoDe({ modo: 'naEntrega', metodo: 'Dinheiro', bandeira: null, valor: '50.00', trocoPara: '50.00' }),
    ).toBeNull();
  });
});
