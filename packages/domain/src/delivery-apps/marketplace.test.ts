import { describe, expect, it } from 'vitest';
import { mapearPedido } from './mapeamento.ts';
import {
  ACAO_MARKETPLACE,
  pedidoMarketplaceSchema,
  pedidoODDoMarketplace,
  textoPedidoODDoMarketplace,
  tipoDoEventoMarketplace,
} from './marketplace.ts';
import { pedidoODSchema } from './open-delivery.ts';
import { estadoDoEvento } from './status.ts';

// The marketplace's order becomes the Open Delivery order our mapping reads (same lines, fee, discounts and
// payments as an Open Delivery order would give), and its event codes become the service's event types.

const PRODUTOS: Record<string, string> = { 'X-1': 'a'.repeat(24), BACON: 'b'.repeat(24) };
const produtoDo = (codigo: string) => PRODUTOS[codigo] ?? null;

function pedido(mudar: (p: Record<string, unknown>) => void = () => undefined): Record<string, unknown> {
  const p: Record<string, unknown> = {
    id: 'c0a80101-0000-4000-8000-000000000001',
    displayId: '7781',
    orderType: 'DELIVERY',
    orderTiming: 'IMMEDIATE',
    createdAt: '2026-11-26T12:00:00.000Z',
    merchant: { id: 'loja-1', name: 'Loja' },
    customer: { id: 'c1', name: 'Ana', phone: { number: '0800 111' } },
    items: [
      {
        id: 'i1',
        name: 'X-Burguer',
        externalCode: 'X-1',
        quantity: 2,
        unitPrice: 20,
        optionsPrice: 3,
        totalPrice: 46,
        observations: 'sem cebola',
        options: [{ id: 'o1', name: 'Bacon', externalCode: 'BACON', quantity: 1, unitPrice: 3, price: 3 }],
      },
    ],
    benefits: [{ value: 5, target: 'CART', sponsorshipValues: [{ name: 'MERCHANT', value: 5 }] }],
    total: { subTotal: 46, deliveryFee: 7, benefits: 5, additionalFees: 0, orderAmount: 48 },
    payments: {
      prepaid: 0,
      pending: 48,
      methods: [{ value: 48, currency: 'BRL', method: 'CASH', prepaid: false, cash: { changeFor: 50 } }],
    },
    delivery: { deliveredBy: 'MERCHANT', deliveryAddress: { streetName: 'Rua A', streetNumber: '10' } },
  };
  mudar(p);
  return p;
}

describe('marketplace order -> Open Delivery order', () => {
  it('is a valid Open Delivery order that maps to the lines, fee, discount and payment of the order', () => {
    const od = pedidoODDoMarketplace(pedidoMarketplaceSchema.parse(pedido()));
    expect(pedidoODSchema.safeParse(od).success).toBe(true);
    const m = mapearPedido(od, produtoDo);
    expect(m).toEqual({
      ok: true,
      pedido: expect.objectContaining({
        linhas: [
          { produto: 'a'.repeat(24), quantidade: '2.000', obs: 'sem cebola' },
          { produto: 'b'.repeat(24), quantidade: '2.000', obs: '' },
        ],
        taxaEntrega: '7.00',
        descontoItens: '5.00',
        totalItens: '46.00',
        total: '48.00',
        pagamentos: [expect.objectContaining({ modo: 'naEntrega', tipoPagamento: 77, trocoPara: '50.00' })],
        endereco: 'Rua A, 10',
        identificacao: '7781',
      }),
    });
  });

  it('a prepaid method is the app payment (92); a delivery-fee benefit lowers the fee, not the items', () => {
    const p = pedido((x) => {
      x.benefits = [{ value: 2, target: 'DELIVERY_FEE' }];
      x.total = { subTotal: 46, deliveryFee: 7, benefits: 2, orderAmount: 51 };
      x.payments = {
        prepaid: 51,
        pending: 0,
        methods: [{ value: 51, currency: 'BRL', method: 'PIX', prepaid: true, type: 'ONLINE' }],
      };
    });
    const m = mapearPedido(pedidoODDoMarketplace(pedidoMarketplaceSchema.parse(p)), produtoDo);
    expect(m.ok && m.pedido).toMatchObject({
      taxaEntrega: '5.00',
      descontoItens: '0.00',
      pagamentos: [{ modo: 'prepago', tipoPagamento: 92, valor: '51.00' }],
    });
  });

  it('keeps a negative price and an unknown item for the mapping to refuse with its reason', () => {
    const negativo = pedido((x) => {
      (x.items as Record<string, unknown>[])[0] = {
        ...(x.items as Record<string, unknown>[])[0],
        unitPrice: -5,
      };
    });
    const m1 = mapearPedido(pedidoODDoMarketplace(pedidoMarketplaceSchema.parse(negativo)), produtoDo);
    expect(m1).toMatchObject({ ok: false, motivo: expect.stringMatching(/Preço negativo/) });
    const m2 = mapearPedido(pedidoODDoMarketplace(pedidoMarketplaceSchema.parse(pedido())), () => null);
    expect(m2).toMatchObject({ ok: false, itensSemProduto: [{ codigo: 'X-1' }, { codigo: 'BACON' }] });
  });

  it('raw text: malformed JSON and an order out of shape pass as they came; a good one is converted', () => {
    expect(textoPedidoODDoMarketplace('{"id": ')).toBe('{"id": ');
    expect(textoPedidoODDoMarketplace('{"id":"x"}')).toBe('{"id":"x"}');
    const od = JSON.parse(textoPedidoODDoMarketplace(JSON.stringify(pedido()))) as Record<string, unknown>;
    expect(od).toMatchObject({ type: 'DELIVERY', displayId: '7781', merchant: { id: 'loja-1' } });
    expect(pedidoODSchema.safeParse(od).success).toBe(true);
  });
});

describe('marketplace events and actions', () => {
  it('event codes become the service event types; an unknown code moves nothing', () => {
    expect(tipoDoEventoMarketplace('PLC')).toBe('CREATED');
    expect(tipoDoEventoMarketplace('CAN')).toBe('CANCELLED');
    expect(tipoDoEventoMarketplace('CCR')).toBe('ORDER_CANCELLATION_REQUEST');
    expect(estadoDoEvento(tipoDoEventoMarketplace('CCD'), 'ORDER_CANCELLATION_REQUEST')).toBe('CONFIRMED');
    expect(estadoDoEvento(tipoDoEventoMarketplace('ADR'), 'CONFIRMED')).toBeNull();
  });

  it('our actions become the marketplace paths; delivered is none', () => {
    expect(ACAO_MARKETPLACE.preparing).toBe('startPreparation');
    expect(ACAO_MARKETPLACE.readyForPickup).toBe('readyToPickup');
    expect(ACAO_MARKETPLACE.delivered).toBeNull();
  });
});
