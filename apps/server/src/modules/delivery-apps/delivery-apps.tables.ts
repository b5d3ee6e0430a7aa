import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Delivery-app integrations (issue 20). Own migration chain: drizzle-delivery-apps.config.ts ->
// drizzle/delivery-apps. Every table carries the group column, so row-level security per group applies
// (decision 0011); the pollers and the app's webhook run as system work and filter by the integration.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

/** One store's link to one app: credentials (the secret encrypted with the fiscal vault's key) and health. */
export const deliveryIntegracao = pgTable(
  'delivery_integracao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** 1-6 (packages/domain delivery-apps APPS_DELIVERY). */
    app: integer('app').notNull(),
    protocolo: text('protocolo').notNull(),
    /** Our store id in the app (X-App-MerchantId). */
    merchantId: text('merchant_id').notNull(),
    /** The Ordering Application's id (X-App-Id). */
    appIdExterno: text('app_id_externo').notNull(),
    baseUrl: text('base_url').notNull(),
    authUrl: text('auth_url'),
    clientId: text('client_id').notNull(),
    /** Cofre (AES-256-GCM) of the client secret, bound to this integration's id. */
    segredoCifrado: text('segredo_cifrado').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    aceiteAutomatico: boolean('aceite_automatico').notNull().default(false),
    intervaloPollingSegundos: integer('intervalo_polling_segundos').notNull().default(30),
    ultimoPolling: instante('ultimo_polling'),
    ultimoErro: text('ultimo_erro'),
    ultimoErroEm: instante('ultimo_erro_em'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_integracao_merchant_uq').on(t.appIdExterno, t.merchantId),
    index('delivery_integracao_empresa_idx').on(t.grupoEmpresarialId, t.empresaId),
  ],
);

/** Every event received (polling or webhook), once per id: stored before it is acknowledged. */
export const deliveryEvento = pgTable(
  'delivery_evento',
  {
    integracaoId: text('integracao_id').notNull(),
    eventoId: text('evento_id').notNull(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    pedidoExterno: text('pedido_externo').notNull(),
    tipo: text('tipo').notNull(),
    /** The event's createdAt: events are processed in this order. */
    criadoEm: instante('criado_em').notNull(),
    recebidoEm: instante('recebido_em').notNull().defaultNow(),
    origem: text('origem').notNull(),
    corpo: jsonb('corpo').notNull(),
    processadoEm: instante('processado_em'),
    reconhecidoEm: instante('reconhecido_em'),
  },
  (t) => [
    primaryKey({ columns: [t.integracaoId, t.eventoId] }),
    index('delivery_evento_pendente_idx').on(t.integracaoId, t.processadoEm, t.criadoEm),
  ],
);

/** One app order: the sale it became (exactly once), or why it needs attention. */
export const deliveryPedido = pgTable(
  'delivery_pedido',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    integracaoId: text('integracao_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    app: integer('app').notNull(),
    pedidoExterno: text('pedido_externo').notNull(),
    identificacao: text('identificacao'),
    /** atencao | aguardando | aceito | recusado | cancelado */
    situacao: text('situacao').notNull(),
    /** The order's state in the app (Open Delivery). */
    estadoApp: text('estado_app').notNull(),
    /** Before a customer's cancellation request (a denial returns to it). */
    estadoAnterior: text('estado_anterior'),
    motivo: text('motivo'),
    itensSemProduto: jsonb('itens_sem_produto').notNull().default([]),
    /** The order as fetched (or its raw text when it was not JSON). */
    pedido: jsonb('pedido'),
    /** The mapping's result (lines, fee, discounts, payments): what the sale was made of. */
    mapeado: jsonb('mapeado'),
    vendaId: text('venda_id'),
    total: text('total'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_pedido_externo_uq').on(t.integracaoId, t.pedidoExterno),
    uniqueIndex('delivery_pedido_venda_uq').on(t.vendaId),
    index('delivery_pedido_situacao_idx').on(t.grupoEmpresarialId, t.situacao, t.createdAt),
  ],
);

/** App item -> our product, mapped once per integration and remembered. */
export const deliveryItemMapa = pgTable(
  'delivery_item_mapa',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    integracaoId: text('integracao_id').notNull(),
    codigoExterno: text('codigo_externo').notNull(),
    nomeExterno: text('nome_externo'),
    produtoId: text('produto_id').notNull(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_item_mapa_uq').on(t.integracaoId, t.codigoExterno)],
);

/** Each status action sent to the app, in order, with its answer. */
export const deliveryAcao = pgTable(
  'delivery_acao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    pedidoId: text('pedido_id').notNull(),
    acao: text('acao').notNull(),
    corpo: jsonb('corpo'),
    statusHttp: integer('status_http'),
    erro: text('erro'),
    enviadoEm: instante('enviado_em').notNull().defaultNow(),
  },
  (t) => [index('delivery_acao_pedido_idx').on(t.pedidoId, t.enviadoEm)],
);

/**
 * The catalogue a marketplace was sent, per item (catalogo-marketplace.ts): what our registration says now
 * (preco, disponivel) beside what the marketplace last took; a row where they differ is a pending update,
 * sent by the poller off any product save and marked when the marketplace answers.
 */
export const deliveryCatalogoItem = pgTable(
  'delivery_catalogo_item',
  {
    integracaoId: text('integracao_id').notNull(),
    produtoId: text('produto_id').notNull(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    /** Decimal text of the store's delivery price. */
    preco: text('preco').notNull(),
    disponivel: boolean('disponivel').notNull(),
    precoEnviado: text('preco_enviado'),
    disponivelEnviado: boolean('disponivel_enviado'),
    ultimoErro: text('ultimo_erro'),
    atualizadoEm: instante('atualizado_em').notNull().defaultNow(),
    enviadoEm: instante('enviado_em'),
  },
  (t) => [primaryKey({ columns: [t.integracaoId, t.produtoId] })],
);
