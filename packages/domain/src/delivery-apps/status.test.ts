import { describe, expect, it } from 'vitest';
import { acaoDaExpedicao, aplicarAcao, estadoDoEvento } from './status.ts';

describe('app order state machine', () => {
  it('walks confirm -> preparing -> ready -> dispatch -> delivered, each yielding its event', () => {
    let estado = 'CREATED' as Parameters<typeof aplicarAcao>[0];
    const eventos: string[] = [];
    for (const acao of ['confirm', 'preparing', 'readyForPickup', 'dispatch', 'delivered'] as const) {
      const r = aplicarAcao(estado, acao);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      eventos.push(r.evento);
      estado = r.estado;
    }
    expect(eventos).toEqual(['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'DISPATCHED', 'DELIVERED']);
  });

  it('refuses an action out of turn, and answers a customer cancellation only while it is asked', () => {
    expect(aplicarAcao('CREATED', 'dispatch')).toMatchObject({ ok: false });
    expect(aplicarAcao('DELIVERED', 'requestCancellation')).toMatchObject({ ok: false });
    expect(aplicarAcao('CONFIRMED', 'acceptCancellation')).toMatchObject({ ok: false });
    expect(aplicarAcao('ORDER_CANCELLATION_REQUEST', 'denyCancellation', 'PREPARING')).toEqual({
      ok: true,
      evento: 'CANCELLED_DENIED',
      estado: 'PREPARING',
    });
    expect(aplicarAcao('ORDER_CANCELLATION_REQUEST', 'acceptCancellation')).toMatchObject({
      estado: 'CANCELLED',
    });
  });

  it('reads events and our expedition statuses', () => {
    expect(estadoDoEvento('PICKED_UP', 'READY_FOR_PICKUP')).toBe('DISPATCHED');
    expect(estadoDoEvento('CANCELLATION_REQUEST_DENIED', 'CANCELLATION_REQUESTED')).toBe('CONFIRMED');
    expect(estadoDoEvento('ALGO_NOVO', 'CONFIRMED')).toBeNull();
    // never back along the forward path: our action moved our copy first, its event comes later
    expect(estadoDoEvento('CONFIRMED', 'DISPATCHED')).toBeNull();
    expect(estadoDoEvento('READY_FOR_PICKUP', 'DISPATCHED')).toBeNull();
    expect(estadoDoEvento('DISPATCHED', 'DISPATCHED')).toBeNull();
    expect(estadoDoEvento('PICKED_UP', 'DELIVERED')).toBeNull();
    expect(estadoDoEvento('DELIVERED', 'DISPATCHED')).toBe('DELIVERED');
    expect(estadoDoEvento('CANCELLED', 'DISPATCHED')).toBe('CANCELLED');
    expect(estadoDoEvento('CONFIRMED', 'ORDER_CANCELLATION_REQUEST')).toBe('CONFIRMED');
    expect([1, 2, 3, 4, 5].map(acaoDaExpedicao)).toEqual([
      'preparing',
      'readyForPickup',
      'dispatch',
      'delivered',
      null,
    ]);
  });
});
