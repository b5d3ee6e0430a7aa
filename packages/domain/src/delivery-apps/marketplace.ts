import { z } from 'zod';
import type { AcaoOD, CODIGOS_CANCELAMENTO_OD, PedidoOD } from './open-delivery.ts';

// The marketplace polling model (modelled on the public shape of iFood's Merchant API v1.0; our own
// declarations, only the fields this product reads): OAuth client credentials, events polled every 30 s with
// the merchants header and acknowledged by id, orders fetched by id, status actions by name, catalogue
// updates by item price and status. Its order is converted here into the Open Delivery order the rest of the
// flow (mapeamento.ts, the server's pedidos.ts) already turns into a sale, so a new app is one adapter.
// Money is a JSON number in reais; field names are the protocol's.

/** `POST /authentication/v1.0/oauth/token` answer (form body grantType/clientId/clientSecret). */
export const tokenMarketplaceSchema = z.looseObject({
  accessToken: z.string().min(1),
  type: z.string().optional(),
  expiresIn: z.number().positive().optional(),
});

/** One event of `GET /order/v1.0/events:polling`. */
export const eventoMarketplaceSchema = z.looseObject({
  id: z.string().min(1).max(100),
  code: z.string().min(1).max(20),
  fullCode: z.string().max(60).optional(),
  orderId: z.string().min(1).max(100),
  merchantId: z.string().max(100).optional(),
  createdAt: z.iso.datetime({ offset: true }),
  metadata: z.looseObject({}).optional(),
});
export type EventoMarketplace = z.infer<typeof eventoMarketplaceSchema>;

/**
 * Event code -> the Open Delivery event type the service understands (status.ts estadoDoEvento); a code not
 * here is stored and acknowledged under its own code and moves nothing.
 */
export const EVENTO_DO_CODIGO_MARKETPLACE: Readonly<Record<string, string>> = {
  PLC: 'CREATED',
  CFM: 'CONFIRMED',
  PRS: 'PREPARING',
  RTP: 'READY_FOR_PICKUP',
  DSP: 'DISPATCHED',
  CLT: 'PICKED_UP',
  CON: 'CONCLUDED',
  CAN: 'CANCELLED',
  /** The merchant asked to cancel; the marketplace answers CAN or CARF. */
  CAR: 'CANCELLATION_REQUESTED',
  CARF: 'CANCELLATION_REQUEST_DENIED',
  /** The customer asked to cancel; the merchant accepts or denies. */
  CCR: 'ORDER_CANCELLATION_REQUEST',
  CCD: 'CANCELLED_DENIED',
};

export function tipoDoEventoMarketplace(codigo: string): string {
  return EVENTO_DO_CODIGO_MARKETPLACE[codigo] ?? codigo;
}

/** Our action (the Open Delivery names the service uses) -> the marketplace's path; null: nothing to send. */
export const ACAO_MARKETPLACE: Readonly<Record<AcaoOD, string | null>> = {
  confirm: 'confirm',
  preparing: 'startPreparation',
  readyForPickup: 'readyToPickup',
  dispatch: 'dispatch',
  // The marketplace concludes the order itself after delivery: the merchant has no such action.
  delivered: null,
  requestCancellation: 'requestCancellation',
  acceptCancellation: 'acceptCancellation',
  denyCancellation: 'denyCancellation',
};

/** Our cancellation reasons (the Open Delivery codes the screens use) -> the marketplace's numeric codes. */
export const CODIGO_CANCELAMENTO_MARKETPLACE: Readonly<
  Record<(typeof CODIGOS_CANCELAMENTO_OD)[number], string>
> = {
  SYSTEMIC_ISSUES: '501',
  DUPLICATE_APPLICATION: '502',
  UNAVAILABLE_ITEM: '503',
  RESTAURANT_WITHOUT_DELIVERY_PERSON: '504',
  OUTDATED_MENU: '505',
  ORDER_OUTSIDE_THE_DELIVERY_AREA: '506',
  BLOCKED_CUSTOMER: '507',
  OUTSIDE_DELIVERY_HOURS: '508',
  INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT: '509',
  RISK_AREA: '511',
  DELIVERY_PROBLEM: '512',
};

/** `requestCancellation` body. */
export const pedirCancelamentoMarketplaceSchema = z.object({
  reason: z.string().min(1).max(250),
  cancellationCode: z.string().regex(/^\d{3}$/),
});
/** `denyCancellation` body. */
export const negarCancelamentoMarketplaceSchema = z.object({
  reason: z.string().min(1).max(250),
  code: z.string().min(1),
});

/** Catalogue updates, one item at a time (`PATCH .../items/price`, `PATCH .../items/status`). */
export const precoItemMarketplaceSchema = z.object({
  externalCode: z.string().min(1),
  price: z.object({ value: z.number().nonnegative(), originalValue: z.number().nonnegative().optional() }),
});
export const statusItemMarketplaceSchema = z.object({
  externalCode: z.string().min(1),
  status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
});

const opcaoMarketplaceSchema = z.looseObject({
  id: z.string().min(1),
  index: z.number().int().optional(),
  name: z.string(),
  externalCode: z.string().optional(),
  unit: z.string().optional(),
  /** Per unit of its item. */
  quantity: z.number(),
  unitPrice: z.number(),
  price: z.number(),
  groupName: z.string().optional(),
});

const itemMarketplaceSchema = z.looseObject({
  id: z.string().min(1),
  index: z.number().int().optional(),
  name: z.string(),
  externalCode: z.string().optional(),
  unit: z.string().optional(),
  quantity: z.number(),
  unitPrice: z.number(),
  optionsPrice: z.number().optional(),
  /** (unitPrice + optionsPrice) x quantity. */
  totalPrice: z.number(),
  observations: z.string().optional(),
  options: z.array(opcaoMarketplaceSchema).optional(),
});

export const METODOS_PAGAMENTO_MARKETPLACE = [
  'CREDIT',
  'DEBIT',
  'MEAL_VOUCHER',
  'FOOD_VOUCHER',
  'CASH',
  'PIX',
  'DIGITAL_WALLET',
  'GIFT_CARD',
  'OTHER',
] as const;

/** `GET /order/v1.0/orders/{id}`. */
export const pedidoMarketplaceSchema = z.looseObject({
  id: z.string().min(1).max(100),
  displayId: z.string(),
  orderType: z.enum(['DELIVERY', 'TAKEOUT', 'DINE_IN', 'INDOOR']),
  orderTiming: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  merchant: z.looseObject({ id: z.string(), name: z.string() }),
  customer: z
    .looseObject({
      id: z.string().optional(),
      name: z.string(),
      documentNumber: z.string().optional(),
      phone: z.looseObject({ number: z.string() }).optional(),
    })
    .optional(),
  items: z.array(itemMarketplaceSchema),
  benefits: z
    .array(
      z.looseObject({
        value: z.number(),
        target: z.string(),
        targetId: z.string().optional(),
        sponsorshipValues: z.array(z.looseObject({ name: z.string(), value: z.number() })).optional(),
      }),
    )
    .optional(),
  additionalFees: z
    .array(z.looseObject({ type: z.string(), value: z.number(), description: z.string().optional() }))
    .optional(),
  total: z.looseObject({
    subTotal: z.number(),
    deliveryFee: z.number(),
    benefits: z.number(),
    additionalFees: z.number().optional(),
    orderAmount: z.number(),
  }),
  payments: z.looseObject({
    prepaid: z.number(),
    pending: z.number(),
    methods: z.array(
      z.looseObject({
        value: z.number(),
        currency: z.string(),
        method: z.string(),
        prepaid: z.boolean(),
        type: z.enum(['ONLINE', 'OFFLINE']).optional(),
        card: z.looseObject({ brand: z.string().optional() }).optional(),
        cash: z.looseObject({ changeFor: z.number().optional() }).optional(),
      }),
    ),
  }),
  delivery: z
    .looseObject({
      deliveredBy: z.string().optional(),
      observations: z.string().optional(),
      deliveryAddress: z
        .looseObject({
          streetName: z.string().optional(),
          streetNumber: z.string().optional(),
          neighborhood: z.string().optional(),
          complement: z.string().optional(),
          city: z.string().optional(),
          state: z.string().optional(),
          postalCode: z.string().optional(),
          formattedAddress: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  extraInfo: z.string().optional(),
});
export type PedidoMarketplace = z.infer<typeof pedidoMarketplaceSchema>;

const brl = (value: number) => ({ value, currency: 'BRL' });
const arred = (v: number) => Math.round(v * 100) / 100;

const TIPO_DO_PEDIDO = {
  DELIVERY: 'DELIVERY',
  TAKEOUT: 'TAKEOUT',
  DINE_IN: 'INDOOR',
  INDOOR: 'INDOOR',
} as const;
const METODO_OD: Readonly<Record<string, string>> = { GIFT_CARD: 'REDEEM' };
const ALVO_OD: Readonly<Record<string, string>> = { DELIVERY_FEE: 'DELIVERY_FEE', ITEM: 'ITEM' };

/**
 * The marketplace's order as the Open Delivery order our mapping reads. Values are carried as they came
 * (a negative price stays negative, so the mapping refuses it with its reason); only names and nesting change.
 */
export function pedidoODDoMarketplace(p: PedidoMarketplace): PedidoOD {
  const end = p.delivery?.deliveryAddress;
  const outrasTaxas = (p.additionalFees ?? []).map((f) => ({
    name: f.description ?? f.type,
    type: f.type,
    receivedBy: 'MARKETPLACE',
    price: brl(f.value),
  }));
  return {
    id: p.id,
    type: TIPO_DO_PEDIDO[p.orderType],
    displayId: p.displayId,
    createdAt: p.createdAt,
    ...(p.orderTiming ? { orderTiming: p.orderTiming } : {}),
    merchant: { id: p.merchant.id, name: p.merchant.name },
    items: p.items.map((it) => {
      const opcoes = it.options ?? [];
      const precoOpcoes = it.optionsPrice ?? arred(opcoes.reduce((s, o) => s + o.price, 0));
      return {
        id: it.id,
        ...(it.index !== undefined ? { index: it.index } : {}),
        name: it.name,
        externalCode: it.externalCode ?? '',
        unit: it.unit ?? 'UN',
        quantity: it.quantity,
        ...(it.observations ? { specialInstructions: it.observations } : {}),
        unitPrice: brl(it.unitPrice),
        optionsPrice: brl(precoOpcoes),
        totalPrice: brl(it.totalPrice),
        ...(opcoes.length
          ? {
              options: opcoes.map((o) => ({
                id: o.id,
                name: o.name,
                externalCode: o.externalCode ?? '',
                unit: o.unit ?? 'UN',
                quantity: o.quantity,
                unitPrice: brl(o.unitPrice),
                totalPrice: brl(o.price),
              })),
            }
          : {}),
      };
    }),
    otherFees: [
      ...(p.total.deliveryFee !== 0
        ? [
            {
              name: 'Taxa de entrega',
              type: 'DELIVERY_FEE',
              receivedBy: 'MERCHANT',
              price: brl(p.total.deliveryFee),
            },
          ]
        : []),
      ...outrasTaxas,
    ],
    discounts: (p.benefits ?? []).map((b) => ({
      amount: brl(b.value),
      target: ALVO_OD[b.target] ?? 'CART',
      ...(b.targetId ? { targetId: b.targetId } : {}),
    })),
    total: {
      itemsPrice: brl(p.total.subTotal),
      otherFees: brl(arred(p.total.deliveryFee + (p.total.additionalFees ?? 0))),
      discount: brl(p.total.benefits),
      orderAmount: brl(p.total.orderAmount),
    },
    payments: {
      prepaid: p.payments.prepaid,
      pending: p.payments.pending,
      methods: p.payments.methods.map((m) => ({
        value: m.value,
        currency: m.currency,
        type: m.prepaid ? ('PREPAID' as const) : ('PENDING' as const),
        method: METODO_OD[m.method] ?? m.method,
        ...(m.card?.brand ? { brand: m.card.brand } : {}),
        ...(m.cash?.changeFor !== undefined ? { changeFor: m.cash.changeFor } : {}),
      })),
    },
    ...(p.customer
      ? {
          customer: {
            ...(p.customer.id ? { id: p.customer.id } : {}),
            name: p.customer.name,
            ...(p.customer.documentNumber ? { documentNumber: p.customer.documentNumber } : {}),
            ...(p.customer.phone ? { phone: { number: p.customer.phone.number } } : {}),
          },
        }
      : {}),
    ...(p.delivery
      ? {
          delivery: {
            ...(p.delivery.deliveredBy ? { deliveredBy: p.delivery.deliveredBy } : {}),
            ...(end
              ? {
                  deliveryAddress: {
                    street: end.streetName,
                    number: end.streetNumber,
                    district: end.neighborhood,
                    complement: end.complement,
                    city: end.city,
                    state: end.state,
                    postalCode: end.postalCode,
                    formattedAddress: end.formattedAddress,
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(p.extraInfo ? { extraInfo: p.extraInfo } : {}),
  };
}

/**
 * The raw text of a marketplace order -> the raw text the service stores and maps. Not JSON: the text as it
 * came (the service keeps it and says so); JSON out of the marketplace's shape: the JSON as it came (refused
 * by the order schema with the field); otherwise the converted order.
 */
export function textoPedidoODDoMarketplace(texto: string): string {
  let json: unknown;
  try {
    json = JSON.parse(texto);
  } catch {
    return texto;
  }
  const p = pedidoMarketplaceSchema.safeParse(json);
  if (!p.success) return texto;
  return JSON.stringify({ ...pedidoODDoMarketplace(p.data), marketplace: json });
}
