import { z } from 'zod';

// The payloads of Open Delivery v1.7 (Abrasel; OpenAPI at github.com/Abrasel-Nacional/opendelivery,
// versions/1.7.1/openapi.yaml, Apache-2.0) that the Software Service side reads or sends. Written from the
// spec's shapes: only the fields this product uses are declared, unknown ones pass (the spec says new fields
// and enum values may appear at any time). Money is a JSON number with up to 4 decimals; dates are UTC
// RFC 3339 strings.

/** Every order event type of the standard; an event of another type is still acknowledged. */
export const TIPOS_EVENTO_OD = [
  'CREATED',
  'CONFIRMED',
  'PREPARATION_REQUESTED',
  'PREPARING',
  'DISPATCHED',
  'READY_FOR_PICKUP',
  'PICKUP_AREA_ASSIGNED',
  'PICKED_UP',
  'DELIVERED',
  'CONCLUDED',
  'CANCELLATION_REQUESTED',
  'CANCELLATION_REQUEST_DENIED',
  'CANCELLED',
  'ORDER_CANCELLATION_REQUEST',
  'CANCELLED_DENIED',
] as const;
export type TipoEventoOD = (typeof TIPOS_EVENTO_OD)[number];

/** The merchant's actions on an order (POST /v1/orders/{orderId}/{acao}). */
export const ACOES_OD = [
  'confirm',
  'preparing',
  'readyForPickup',
  'dispatch',
  'delivered',
  'requestCancellation',
  'acceptCancellation',
  'denyCancellation',
] as const;
export type AcaoOD = (typeof ACOES_OD)[number];

/** `POST /oauth/token` answer (TokenResponse). */
export const tokenRespostaSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type deve ser bearer'),
  expires_in: z.number().positive().optional(),
});
export type TokenResposta = z.infer<typeof tokenRespostaSchema>;

/** One event of `GET /v1/events:polling` or of the `POST /newEvent` webhook (Event). */
export const eventoODSchema = z.looseObject({
  eventId: z.string().min(1).max(100),
  // Kept as text: an event type this product does not know is acknowledged all the same.
  eventType: z.string().min(1).max(60),
  orderId: z.string().min(1).max(100),
  orderURL: z.string().max(2000).optional(),
  createdAt: z.iso.datetime({ offset: true }),
  sourceAppId: z.string().optional(),
  metadata: z.looseObject({ reason: z.string().optional(), code: z.string().optional() }).optional(),
});
export type EventoOD = z.infer<typeof eventoODSchema>;

/** `POST /v1/events/acknowledgment` body item (AckEvents). */
export const ackEventoSchema = z.object({
  id: z.string().min(1),
  orderId: z.string().min(1),
  eventType: z.string().min(1),
});
export type AckEvento = z.infer<typeof ackEventoSchema>;

export const precoODSchema = z.object({ value: z.number(), currency: z.string().regex(/^[A-Z]{3}$/) });
export type PrecoOD = z.infer<typeof precoODSchema>;

const opcaoItemSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  externalCode: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: precoODSchema,
  totalPrice: precoODSchema,
  specialInstructions: z.string().optional(),
});

const itemPedidoSchema = z.looseObject({
  id: z.string().min(1),
  index: z.number().int().optional(),
  name: z.string(),
  externalCode: z.string(),
  unit: z.string(),
  quantity: z.number(),
  specialInstructions: z.string().optional(),
  unitPrice: precoODSchema,
  optionsPrice: precoODSchema.optional(),
  totalPrice: precoODSchema,
  options: z.array(opcaoItemSchema).optional(),
});
export type ItemPedidoOD = z.infer<typeof itemPedidoSchema>;

export const METODOS_PAGAMENTO_OD = [
  'CREDIT',
  'DEBIT',
  'MEAL_VOUCHER',
  'FOOD_VOUCHER',
  'DIGITAL_WALLET',
  'PIX',
  'CASH',
  'CREDIT_DEBIT',
  'COUPON',
  'REDEEM',
  'PREPAID_REDEEM',
  'OTHER',
] as const;

/** `GET /v1/orders/{orderId}` (Order): what an order becomes a sale from. */
export const pedidoODSchema = z.looseObject({
  id: z.string().min(1).max(100),
  type: z.enum(['DELIVERY', 'TAKEOUT', 'INDOOR']),
  displayId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  orderTiming: z.string().optional(),
  merchant: z.looseObject({ id: z.string(), name: z.string() }),
  items: z.array(itemPedidoSchema),
  otherFees: z
    .array(
      z.looseObject({
        name: z.string().optional(),
        type: z.string(),
        receivedBy: z.string().optional(),
        price: precoODSchema,
      }),
    )
    .optional(),
  discounts: z
    .array(z.looseObject({ amount: precoODSchema, target: z.string(), targetId: z.string().optional() }))
    .optional(),
  total: z.looseObject({
    itemsPrice: precoODSchema,
    otherFees: precoODSchema,
    discount: precoODSchema,
    orderAmount: precoODSchema,
  }),
  payments: z.looseObject({
    prepaid: z.number(),
    pending: z.number(),
    methods: z.array(
      z.looseObject({
        value: z.number(),
        currency: z.string(),
        type: z.enum(['PREPAID', 'PENDING']),
        method: z.string(),
        brand: z.string().optional(),
        methodInfo: z.string().optional(),
        changeFor: z.number().optional(),
      }),
    ),
  }),
  customer: z
    .looseObject({
      id: z.string().optional(),
      name: z.string(),
      documentNumber: z.string().optional(),
      phone: z.looseObject({ number: z.string() }).optional(),
    })
    .optional(),
  delivery: z
    .looseObject({
      deliveredBy: z.string().optional(),
      deliveryAddress: z
        .looseObject({
          street: z.string().optional(),
          number: z.string().optional(),
          district: z.string().optional(),
          city: z.string().optional(),
          state: z.string().optional(),
          postalCode: z.string().optional(),
          complement: z.string().optional(),
          formattedAddress: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  extraInfo: z.string().optional(),
});
export type PedidoOD = z.infer<typeof pedidoODSchema>;

/** Body of `confirm` (OrderConfirmed). */
export const confirmarODSchema = z.object({
  reason: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  orderExternalCode: z.string().min(1),
  preparationTime: z.number().int().optional(),
});

export const CODIGOS_CANCELAMENTO_OD = [
  'SYSTEMIC_ISSUES',
  'DUPLICATE_APPLICATION',
  'UNAVAILABLE_ITEM',
  'RESTAURANT_WITHOUT_DELIVERY_PERSON',
  'OUTDATED_MENU',
  'ORDER_OUTSIDE_THE_DELIVERY_AREA',
  'BLOCKED_CUSTOMER',
  'OUTSIDE_DELIVERY_HOURS',
  'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT',
  'RISK_AREA',
  'DELIVERY_PROBLEM',
] as const;

/** Body of `requestCancellation` (RequestCancelled). */
export const pedirCancelamentoODSchema = z.object({
  reason: z.string().min(1),
  code: z.enum(CODIGOS_CANCELAMENTO_OD),
  mode: z.enum(['AUTO', 'MANUAL']),
  outOfStockItems: z.array(z.string()).max(100).optional(),
  invalidItems: z.array(z.string()).max(100).optional(),
});
export type PedirCancelamentoOD = z.infer<typeof pedirCancelamentoODSchema>;

/** Body of `denyCancellation` (RequestDenied). */
export const negarCancelamentoODSchema = z.object({
  reason: z.string().min(1),
  code: z.enum(['DISH_ALREADY_DONE', 'OUT_FOR_DELIVERY']),
});
export type NegarCancelamentoOD = z.infer<typeof negarCancelamentoODSchema>;

/** Body each action requires (none for the others). */
export const CORPO_ACAO_OD: Partial<Record<AcaoOD, z.ZodType>> = {
  confirm: confirmarODSchema,
  requestCancellation: pedirCancelamentoODSchema,
  denyCancellation: negarCancelamentoODSchema,
};

/** Problem answer of the standard (Error). */
export interface ErroOD {
  title: string;
  status: number;
}
