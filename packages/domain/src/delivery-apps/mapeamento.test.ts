import { describe, expect, it } from 'vitest';
import { codigoDoItem, mapearPedido } from './mapeamento.ts';
import type { PedidoOD } from './open-delivery.ts';
import { pedidoODSchema } from './open-delivery.ts';

// The order -> sale mapping: lines by the item code, the app's fee and discounts, payments by our types, and
// every refusal of a bad order with its pt-BR reason.

const brl = (value: number) => ({ value, currency: 'BRL' });
const PRODUTOS: Record<string, string> = { 'X-1': 'a'.repeat(24), REFRI: 'b'.repeat(24) };
const produtoDo = (codigo: string) => PRODUTOS[codigo] ?? null;

function pedido(mudar: (p: Record<string, unknown>) => void = () => undefined): PedidoOD {
  const p: Record<string, unknown> = {
    id: '3f1d2c1e-0000-4000-8000-000000000001',
    type: 'DELIVERY',
    displayId: 'AB12',
    createdAt: '2026-11-26T12:00:00Z',
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
        options: [
          {
            id: 'o1',
            name: 'Refri',
            externalCode: 'REFRI',
            unit: 'UN',
            quantity: 1,
            unitPrice: brl(3),
            totalPrice: brl(3),
          },
        ],
      },
    ],
    otherFees: [{ name: 'Entrega', type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: brl(6.5) }],
    discounts: [{ amount: brl(4), target: 'CART', sponsorshipValues: [] }],
    total: { itemsPrice: brl(46), otherFees: brl(6.5), discount: brl(4), orderAmount: brl(48.5) },
    payments: {
      prepaid: 40,
      pending: 8.5,
      methods: [
        { value: 40, currency: 'BRL', type: 'PREPAID', method: 'CREDIT' },
        { value: 8.5, currency: 'BRL', type: 'PENDING', method: 'CASH', changeFor: 10 },
      ],
    },
    customer: { id: 'c', name: 'Ana', phone: { number: '41999990000' } },
  };
  mudar(p);
  return pedidoODSchema.parse(p);
}

describe('mapearPedido', () => {
  it('maps lines (options as their own lines per unit of the item), fee, discount and payments', () => {
    const r = mapearPedido(pedido(), produtoDo);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.pedido.linhas).toEqual([
      { produto: PRODUTOS['X-1'], quantidade: '2.000', obs: '' },
      { produto: PRODUTOS.REFRI, quantidade: '2.000', obs: '' },
    ]);
    expect(r.pedido).toMatchObject({
      taxaEntrega: '6.50',
      descontoItens: '4.00',
      totalItens: '46.00',
      total: '48.50',
    });
    expect(r.pedido.pagamentos).toEqual([
      expect.objectContaining({ modo: 'prepago', tipoPagamento: 92, valor: '40.00' }),
      expect.objectContaining({ modo: 'naEntrega', tipoPagamento: 77, valor: '8.50', trocoPara: '10.00' }),
    ]);
  });

  it('refuses with a pt-BR reason: unknown item, negative price, bad quantity, payments off the total, no items', () => {
    const desconhecido = mapearPedido(pedido(), (c) => (c === 'X-1' ? 'x'.repeat(24) : null));
    expect(desconhecido).toMatchObject({ ok: false, itensSemProduto: [{ codigo: 'REFRI', nome: 'Refri' }] });
    const negativo = mapearPedido(
      pedido((p) => {
        (p.items as { unitPrice: unknown }[])[0]!.unitPrice = brl(-1);
      }),
      produtoDo,
    );
    expect(negativo).toMatchObject({
      ok: false,
      motivo: expect.stringMatching(/Preço negativo no item "X-Burguer"/),
    });
    const qtd = mapearPedido(
      pedido((p) => {
        (p.items as { quantity: number }[])[0]!.quantity = 0;
      }),
      produtoDo,
    );
    expect(qtd).toMatchObject({ ok: false, motivo: 'Quantidade inválida no item "X-Burguer".' });
    const pagos = mapearPedido(
      pedido((p) => {
        (p.payments as { methods: { value: number }[] }).methods[1]!.value = 1;
      }),
      produtoDo,
    );
    expect(pagos).toMatchObject({
      ok: false,
      motivo: expect.stringMatching(/soma dos pagamentos \(R\$ 41.00\)/),
    });
    expect(
      mapearPedido(
        pedido((p) => (p.items = [])),
        produtoDo,
      ),
    ).toMatchObject({ ok: false, motivo: 'Pedido sem itens.' });
  });

  it('an item is known by its externalCode, else its id', () => {
    expect(codigoDoItem({ id: 'i', externalCode: ' C1 ' })).toBe('C1');
    expect(codigoDoItem({ id: 'i', externalCode: '' })).toBe('i');
  });
});
