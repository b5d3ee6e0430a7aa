import { z } from 'zod';
import { APPS_DELIVERY, PROTOCOLOS_DELIVERY } from './apps.ts';

// Request and answer shapes of the delivery-app routes (server apps/server/src/modules/delivery-apps), shared
// with the screens appSistema (integrations and health), appTerceiros (credentials per store),
// appTerceirosCadastro (item mapping) and the order list that needs attention. A secret goes in, never out.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const url = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'Endereço inválido: use http:// ou https://');
const appId = z
  .number()
  .int()
  .refine((n) => APPS_DELIVERY.some((a) => a.id === n), 'Aplicativo inválido');

export const integracaoEntradaSchema = z.object({
  empresa: id,
  app: appId,
  protocolo: z.enum(PROTOCOLOS_DELIVERY).default('open-delivery'),
  /** Our id of the store in the app (X-App-MerchantId; spec: document + UUID, 36-100 characters). */
  merchantId: z.string().trim().min(36, 'O merchantId deve ter de 36 a 100 caracteres').max(100),
  /** The Ordering Application's id (X-App-Id). */
  appIdExterno: z.string().trim().min(1, 'Informe o X-App-Id do aplicativo').max(100),
  baseUrl: url,
  /** Where /oauth/token is, when the app uses another base address for it. */
  authUrl: url.optional(),
  clientId: z.string().trim().min(1, 'Informe o clientId').max(200),
  /** Required when the integration is created; omitted on an update to keep the stored one. */
  clientSecret: z.string().min(1).max(500).optional(),
  ativo: z.boolean().default(true),
  /** Confirm app orders as they arrive; otherwise an operator accepts or refuses each. */
  aceiteAutomatico: z.boolean().default(false),
  intervaloPollingSegundos: z.number().int().min(5).max(300).default(30),
});
export type IntegracaoEntrada = z.input<typeof integracaoEntradaSchema>;

export const saudeIntegracaoSchema = z.object({
  ultimoPolling: z.string().nullable(),
  ultimoErro: z.string().nullable(),
  ultimoErroEm: z.string().nullable(),
  pedidosHoje: z.number().int(),
  pedidosAtencao: z.number().int(),
});

/** An integration as the screens see it: the secret only as "defined". */
export const integracaoSaidaSchema = z.object({
  _id: id,
  empresa: z.object({ _id: id, descricao: z.string() }),
  app: z.number().int(),
  appNome: z.string(),
  protocolo: z.string(),
  merchantId: z.string(),
  appIdExterno: z.string(),
  baseUrl: z.string(),
  authUrl: z.string().nullable(),
  clientId: z.string(),
  segredoDefinido: z.boolean(),
  ativo: z.boolean(),
  aceiteAutomatico: z.boolean(),
  intervaloPollingSegundos: z.number().int(),
  /** GET /merchant address the app reads the menu from. */
  urlCardapio: z.string(),
  saude: saudeIntegracaoSchema,
});
export type IntegracaoSaida = z.infer<typeof integracaoSaidaSchema>;

export const mapeamentoItemEntradaSchema = z.object({
  integracao: id,
  /** The app item's externalCode (or its id when it has none). */
  codigoExterno: z.string().trim().min(1).max(200),
  nomeExterno: z.string().max(300).optional(),
  produto: id,
});
export type MapeamentoItemEntrada = z.input<typeof mapeamentoItemEntradaSchema>;

export const mapeamentoItemSaidaSchema = z.object({
  _id: id,
  integracao: id,
  codigoExterno: z.string(),
  nomeExterno: z.string().nullable(),
  produto: z.object({ _id: id, descricao: z.string() }).nullable(),
});
export type MapeamentoItemSaida = z.infer<typeof mapeamentoItemSaidaSchema>;

/**
 * The mapping screen's product search (GET /api/deliveryApps/produtos), under permission 868 in the
 * integration's store: whoever maps the app's items need not hold the product registration's permission.
 */
export const buscaProdutosDeliverySchema = z.object({
  integracao: id,
  busca: z.string().trim().max(100).optional(),
});
export const produtoDeliverySaidaSchema = z.object({
  _id: id,
  descricao: z.string(),
  codigoInterno: z.number().int().nullable(),
});
export type ProdutoDeliverySaida = z.infer<typeof produtoDeliverySaidaSchema>;

export const SITUACOES_PEDIDO_APP = ['atencao', 'aguardando', 'aceito', 'recusado', 'cancelado'] as const;
export type SituacaoPedidoApp = (typeof SITUACOES_PEDIDO_APP)[number];

/** One item of an app order as the desk shows it (the app's names and prices, not our products'). */
export const itemPedidoAppSchema = z.object({
  nome: z.string(),
  quantidade: z.number(),
  /** The app's total of the line, options included (decimal text). */
  total: z.string(),
  obs: z.string().nullable(),
  opcoes: z.array(z.object({ nome: z.string(), quantidade: z.number(), obs: z.string().nullable() })),
});
export type ItemPedidoApp = z.infer<typeof itemPedidoAppSchema>;

export const pagamentoPedidoAppSchema = z.object({
  /** Paid in the app, or collected by the store on delivery. */
  modo: z.enum(['prepago', 'naEntrega']),
  /** pt-BR name of the method (Dinheiro, Crédito, PIX...). */
  metodo: z.string(),
  bandeira: z.string().nullable(),
  valor: z.string(),
  /** Cash on delivery: the note the customer pays with (decimal text), for the change. */
  trocoPara: z.string().nullable(),
});
export type PagamentoPedidoApp = z.infer<typeof pagamentoPedidoAppSchema>;

export const clientePedidoAppSchema = z.object({
  nome: z.string(),
  telefone: z.string().nullable(),
  endereco: z.string().nullable(),
});

export const pedidoAppSaidaSchema = z.object({
  _id: id,
  integracao: id,
  empresa: id,
  app: z.number().int(),
  pedidoExterno: z.string(),
  identificacao: z.string().nullable(),
  situacao: z.enum(SITUACOES_PEDIDO_APP),
  /** The order's state in the app (Open Delivery event type). */
  estadoApp: z.string(),
  motivo: z.string().nullable(),
  itensSemProduto: z.array(z.object({ codigo: z.string(), nome: z.string() })),
  venda: id.nullable(),
  total: z.string().nullable(),
  /** When it reached us. */
  recebidoEm: z.string(),
  /** The app's own createdAt (null when the order never read well). */
  criadoNoAppEm: z.string().nullable(),
  /** The app cancels an order not confirmed by then: createdAt + PRAZO_CONFIRMACAO_MS. */
  prazoConfirmacao: z.string().nullable(),
  itens: z.array(itemPedidoAppSchema),
  cliente: clientePedidoAppSchema.nullable(),
  pagamentos: z.array(pagamentoPedidoAppSchema),
  /** The customer's reason when they asked to cancel (ORDER_CANCELLATION_REQUEST). */
  motivoCancelamentoCliente: z.string().nullable(),
});
export type PedidoAppSaida = z.infer<typeof pedidoAppSaidaSchema>;

export const decisaoPedidoSchema = z.discriminatedUnion('acao', [
  z.object({ acao: z.literal('aceitar') }),
  z.object({
    acao: z.literal('recusar'),
    motivo: z.string().trim().min(1, 'Informe o motivo da recusa').max(300),
  }),
]);
export type DecisaoPedido = z.infer<typeof decisaoPedidoSchema>;

export const decisaoCancelamentoSchema = z.discriminatedUnion('acao', [
  z.object({ acao: z.literal('aceitar') }),
  z.object({
    acao: z.literal('negar'),
    codigo: z.enum(['DISH_ALREADY_DONE', 'OUT_FOR_DELIVERY']),
    motivo: z.string().trim().min(1, 'Informe o motivo').max(300),
  }),
]);
export type DecisaoCancelamento = z.infer<typeof decisaoCancelamentoSchema>;

/**
 * Socket.IO event to the store's room when one of its app orders arrives or changes (received, accepted,
 * refused, cancellation asked or answered): the desk shows it at once instead of at its next refresh.
 */
export const EVENTO_PEDIDO_APP = 'pedidoAppAlterado';
export const eventoPedidoAppSchema = z.object({
  pedido: id,
  empresa: id,
  situacao: z.enum(SITUACOES_PEDIDO_APP),
  estadoApp: z.string(),
});
export type EventoPedidoApp = z.infer<typeof eventoPedidoAppSchema>;
