import type { AcaoOD, TipoEventoOD } from './open-delivery.ts';

// The life of an app order as the Ordering Application keeps it (Open Delivery "Order Events" and
// "Order Cancellation"): which merchant action is valid in which state, and the event it produces. The
// simulator refuses an action out of turn with 422 as the real one does; the server uses the same table to
// send only what the app will take (a sale's expedition status may jump steps).

export type EstadoPedidoOD =
  | 'CREATED'
  | 'CONFIRMED'
  | 'PREPARING'
  | 'READY_FOR_PICKUP'
  | 'DISPATCHED'
  | 'DELIVERED'
  | 'CONCLUDED'
  /** The merchant asked to cancel; the app answers CANCELLED or CANCELLATION_REQUEST_DENIED. */
  | 'CANCELLATION_REQUESTED'
  /** The app (customer) asked to cancel; the merchant accepts or denies. */
  | 'ORDER_CANCELLATION_REQUEST'
  | 'CANCELLED';

const ATIVOS_ANTES_DA_ENTREGA: readonly EstadoPedidoOD[] = [
  'CREATED',
  'CONFIRMED',
  'PREPARING',
  'READY_FOR_PICKUP',
];

/** States each action is valid in, and the event the app emits when it takes it. */
export const TRANSICOES_OD: Record<AcaoOD, { de: readonly EstadoPedidoOD[]; evento: TipoEventoOD }> = {
  confirm: { de: ['CREATED'], evento: 'CONFIRMED' },
  preparing: { de: ['CONFIRMED'], evento: 'PREPARING' },
  readyForPickup: { de: ['CONFIRMED', 'PREPARING'], evento: 'READY_FOR_PICKUP' },
  dispatch: { de: ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP'], evento: 'DISPATCHED' },
  delivered: { de: ['DISPATCHED'], evento: 'DELIVERED' },
  requestCancellation: { de: ATIVOS_ANTES_DA_ENTREGA, evento: 'CANCELLATION_REQUESTED' },
  acceptCancellation: { de: ['ORDER_CANCELLATION_REQUEST'], evento: 'CANCELLED' },
  denyCancellation: { de: ['ORDER_CANCELLATION_REQUEST'], evento: 'CANCELLED_DENIED' },
};

export type ResultadoTransicao =
  | { ok: true; evento: TipoEventoOD; estado: EstadoPedidoOD }
  | { ok: false; motivo: string };

/**
 * The action applied to an order in `estado`. `anterior` is the state before a customer's cancellation
 * request (a denied request returns the order to it).
 */
export function aplicarAcao(
  estado: EstadoPedidoOD,
  acao: AcaoOD,
  anterior: EstadoPedidoOD = 'CONFIRMED',
): ResultadoTransicao {
  const t = TRANSICOES_OD[acao];
  if (!t.de.includes(estado))
    return { ok: false, motivo: `Ação ${acao} não é válida para um pedido em ${estado}.` };
  if (acao === 'denyCancellation') return { ok: true, evento: t.evento, estado: anterior };
  const destino: EstadoPedidoOD =
    acao === 'requestCancellation'
      ? 'CANCELLATION_REQUESTED'
      : acao === 'acceptCancellation'
        ? 'CANCELLED'
        : (t.evento as EstadoPedidoOD);
  return { ok: true, evento: t.evento, estado: destino };
}

/** The forward path of an order: an event of it never takes the order back (see estadoDoEvento). */
const CAMINHO: readonly EstadoPedidoOD[] = [
  'CREATED',
  'CONFIRMED',
  'PREPARING',
  'READY_FOR_PICKUP',
  'DISPATCHED',
  'DELIVERED',
  'CONCLUDED',
];

/**
 * The state an app event leaves the order in, seen from our side (null: the event does not move it). A step
 * of the forward path at or behind the order's is no move: our own actions already moved our copy when the
 * app took them, so their events arrive after it (the poll brings CONFIRMED when we are DISPATCHED), and two
 * events of one millisecond come in any order.
 */
export function estadoDoEvento(evento: string, atual: EstadoPedidoOD): EstadoPedidoOD | null {
  const passo = CAMINHO.indexOf(evento as EstadoPedidoOD);
  if (passo >= 0 && passo <= CAMINHO.indexOf(atual)) return null;
  switch (evento) {
    case 'CREATED':
    case 'CONFIRMED':
    case 'PREPARING':
    case 'READY_FOR_PICKUP':
    case 'DISPATCHED':
    case 'DELIVERED':
    case 'CONCLUDED':
    case 'CANCELLED':
    case 'ORDER_CANCELLATION_REQUEST':
    case 'CANCELLATION_REQUESTED':
      return evento;
    case 'PICKED_UP':
      return CAMINHO.indexOf(atual) < CAMINHO.indexOf('DISPATCHED') ? 'DISPATCHED' : null;
    case 'CANCELLATION_REQUEST_DENIED':
    case 'CANCELLED_DENIED':
      return atual === 'CANCELLATION_REQUESTED' || atual === 'ORDER_CANCELLATION_REQUEST'
        ? 'CONFIRMED'
        : null;
    default:
      return null;
  }
}

/**
 * Our expedition status (spec 1 §4: 1 em produção, 2 produzido, 3 em entrega, 4 entregue) -> the app action
 * that tells it; null for the others.
 */
export function acaoDaExpedicao(statusExpedicao: number): AcaoOD | null {
  switch (statusExpedicao) {
    case 1:
      return 'preparing';
    case 2:
      return 'readyForPickup';
    case 3:
      return 'dispatch';
    case 4:
      return 'delivered';
    default:
      return null;
  }
}
