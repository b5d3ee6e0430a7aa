import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Sale module tables (own migration chain: drizzle-vendas.config.ts -> drizzle/vendas). Sale, items,
// payments and events are real tables with real columns; jsonb only holds free-form parts (person and
// product snapshots, pizza parts, seat splits, combos realised). Items and payments are declared once in
// COLUNAS_ITEM / COLUNAS_PAGAMENTO: the drizzle table and the SQL that reads and writes them come from the
// same list, so the JSON of the API and the columns never drift apart.

export type TipoColuna =
  | 'texto'
  | 'inteiro'
  | 'dinheiro'
  | 'quantidade'
  | 'custo'
  | 'booleano'
  | 'json'
  | 'instante';

export interface ColunaMapeada {
  /** Field of the domain object (vendaItemSchema / pagamentoSchema). */
  readonly chave: string;
  readonly coluna: string;
  readonly tipo: TipoColuna;
}

const c = (chave: string, coluna: string, tipo: TipoColuna): ColunaMapeada => ({ chave, coluna, tipo });

export const COLUNAS_ITEM: readonly ColunaMapeada[] = [
  c('numeroItem', 'numero_item', 'inteiro'),
  c('_id', 'item_id', 'texto'),
  c('produto', 'produto', 'json'),
  c('produtosFilho', 'produtos_filho', 'json'),
  c('terminal', 'terminal_id', 'texto'),
  c('atendente', 'atendente', 'json'),
  c('posicao', 'posicao', 'json'),
  c('quantidade', 'quantidade', 'quantidade'),
  c('precoVenda', 'preco_venda', 'dinheiro'),
  c('precoCusto', 'preco_custo', 'custo'),
  c('valorBruto', 'valor_bruto', 'dinheiro'),
  c('valorLiquido', 'valor_liquido', 'dinheiro'),
  c('acrescimo', 'acrescimo', 'dinheiro'),
  c('acrescimoSugestao', 'acrescimo_sugestao', 'dinheiro'),
  c('desconto', 'desconto', 'dinheiro'),
  c('descontoCombo', 'desconto_combo', 'dinheiro'),
  c('descontoHappyHour', 'desconto_happy_hour', 'dinheiro'),
  c('descontoSugestao', 'desconto_sugestao', 'dinheiro'),
  c('descontoPersonalizado', 'desconto_personalizado', 'dinheiro'),
  c('descontoGeral', 'desconto_geral', 'dinheiro'),
  c('descontoJustificativa', 'desconto_justificativa', 'texto'),
  c('supervisorDesconto', 'supervisor_desconto', 'json'),
  c('confirmado', 'confirmado', 'booleano'),
  c('pizza', 'pizza', 'booleano'),
  c('obs', 'obs', 'texto'),
  c('cancelado', 'cancelado', 'booleano'),
  c('data', 'data', 'instante'),
  c('comboAtivo', 'combo_ativo', 'booleano'),
  c('corPredominanteCombo', 'cor_predominante_combo', 'texto'),
  c('existePosicaoPago', 'existe_posicao_pago', 'booleano'),
  c('promocao', 'promocao_id', 'texto'),
  c('promocaoAtivo', 'promocao_ativo', 'booleano'),
  c('sugestao', 'sugestao_id', 'texto'),
];

export const COLUNAS_PAGAMENTO: readonly ColunaMapeada[] = [
  c('_id', 'id', 'texto'),
  c('formaPagamento', 'forma_pagamento', 'json'),
  c('operador', 'operador', 'json'),
  c('cliente', 'cliente', 'json'),
  c('supervisorLiberacao', 'supervisor_liberacao', 'json'),
  c('operadora', 'operadora', 'json'),
  c('valor', 'valor', 'dinheiro'),
  c('valorPago', 'valor_pago', 'dinheiro'),
  c('valorTroco', 'valor_troco', 'dinheiro'),
  c('terminal', 'terminal_id', 'texto'),
  c('caixa', 'caixa_id', 'texto'),
  c('periodo', 'periodo_id', 'texto'),
  c('data', 'data', 'instante'),
  c('observacao', 'observacao', 'texto'),
  c('lixo', 'lixo', 'booleano'),
  c('supervisorLixo', 'supervisor_lixo', 'json'),
  c('posicao', 'posicao', 'inteiro'),
  c('parcelas', 'parcelas', 'inteiro'),
  c('nsu', 'nsu', 'texto'),
  c('autorizacao', 'autorizacao', 'texto'),
  c('bandeira', 'bandeira', 'texto'),
];

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });
const dinheiro = (nome: string) => numeric(nome, { precision: 18, scale: 2 });

function construtor(col: ColunaMapeada): PgColumnBuilderBase {
  switch (col.tipo) {
    case 'texto':
      return text(col.coluna);
    case 'inteiro':
      return integer(col.coluna);
    case 'dinheiro':
      return dinheiro(col.coluna).notNull();
    case 'quantidade':
      return numeric(col.coluna, { precision: 18, scale: 4 }).notNull();
    case 'custo':
      return numeric(col.coluna, { precision: 18, scale: 6 }).notNull();
    case 'booleano':
      return boolean(col.coluna).notNull();
    case 'json':
      return jsonb(col.coluna);
    case 'instante':
      return instante(col.coluna).notNull();
  }
}

function colunasDe(lista: readonly ColunaMapeada[], pular: ReadonlySet<string>) {
  const colunas: Record<string, PgColumnBuilderBase> = {};
  for (const col of lista) if (!pular.has(col.coluna)) colunas[col.chave] = construtor(col);
  return colunas;
}

/** Total fields of the sale (camelCase) -> column. */
export const COLUNAS_TOTAIS: readonly ColunaMapeada[] = Object.entries({
  total: 'total',
  subTotal: 'sub_total',
  totalAcrescimo: 'total_acrescimo',
  totalDesconto: 'total_desconto',
  totalDescontoPerc: 'total_desconto_perc',
  troco: 'troco',
  totalPago: 'total_pago',
  totalTroco: 'total_troco',
  totalValeCompra: 'total_vale_compra',
  totalDescontoComum: 'total_desconto_comum',
  totalDescontoCombo: 'total_desconto_combo',
  totalDescontoHappyHour: 'total_desconto_happy_hour',
  totalDescontoSugestao: 'total_desconto_sugestao',
  totalAcrescimoComum: 'total_acrescimo_comum',
  totalAcrescimoSugestao: 'total_acrescimo_sugestao',
  taxaEntrega: 'taxa_entrega',
}).map(([chave, coluna]) => c(chave, coluna, 'dinheiro'));
const totais = colunasDe(COLUNAS_TOTAIS, new Set());

/** The sale (spec 1 section 3 "Sale"). */
export const venda = pgTable(
  'venda',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** Sale number per store, allocated in the creating transaction (no gap, no duplicate). */
    numero: integer('numero').notNull(),
    /** Sequence inside the cash period (shown instead of numero for counter and delivery, spec 9). */
    sequencialPeriodo: integer('sequencial_periodo'),
    sequencialPeriodoPrincipal: integer('sequencial_periodo_principal'),
    periodoId: text('periodo_id'),
    terminalId: text('terminal_id'),
    tipoVenda: smallint('tipo_venda').notNull(),
    status: smallint('status').notNull(),
    statusExpedicao: smallint('status_expedicao').notNull().default(0),
    localPedido: smallint('local_pedido'),
    mesa: integer('mesa'),
    comanda: integer('comanda'),
    clienteId: text('cliente_id'),
    cliente: jsonb('cliente'),
    operadorId: text('operador_id'),
    operador: jsonb('operador'),
    atendente: jsonb('atendente'),
    entregador: jsonb('entregador'),
    supervisor: jsonb('supervisor'),
    vendaDescricao: text('venda_descricao').notNull(),
    cpfCnpj: text('cpf_cnpj'),
    ...totais,
    taxaEntregaManual: boolean('taxa_entrega_manual').notNull().default(false),
    distanciaEntregaMetros: doublePrecision('distancia_entrega_metros'),
    posicaoVenda: integer('posicao_venda').notNull().default(0),
    combosRealizados: jsonb('combos_realizados').notNull(),
    descontoGeral: jsonb('desconto_geral'),
    descontoJustificativa: text('desconto_justificativa'),
    supervisorDesconto: jsonb('supervisor_desconto'),
    nfce: jsonb('nfce').notNull(),
    /** Opening instant of the sale (combos are judged at it). */
    data: instante('data').notNull(),
    encerradaEm: instante('encerrada_em'),
    /** Bumped by every committed write: clients and the socket event carry it. */
    versao: integer('versao').notNull().default(1),
    createdBy: text('created_by'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venda_numero_uq').on(t.grupoEmpresarialId, t.empresaId, t.numero),
    index('venda_status_idx').on(t.grupoEmpresarialId, t.empresaId, t.status, t.tipoVenda),
    index('venda_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
    index('venda_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.periodoId),
    // One open sale per table (and per tab) and store: two terminals opening table 12 at once cannot both win.
    uniqueIndex('venda_mesa_aberta_uq')
      .on(t.grupoEmpresarialId, t.empresaId, t.mesa)
      .where(sql`tipo_venda = 54 and status in (57, 58) and mesa is not null`),
    uniqueIndex('venda_comanda_aberta_uq')
      .on(t.grupoEmpresarialId, t.empresaId, t.comanda)
      .where(sql`tipo_venda = 56 and status in (57, 58) and comanda is not null`),
  ],
);

const pularItem = new Set(['numero_item']);
/** Sale items (spec 1 section 3 "Sale item"); numeroItem is unique inside its sale. */
export const vendaItem = pgTable(
  'venda_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    numeroItem: integer('numero_item').notNull(),
    produtoId: text('produto_id').notNull(),
    ...colunasDe(COLUNAS_ITEM, pularItem),
  },
  (t) => [
    primaryKey({ columns: [t.vendaId, t.numeroItem] }),
    index('venda_item_produto_idx').on(t.grupoEmpresarialId, t.empresaId, t.produtoId),
  ],
);

const pularPagamento = new Set(['id']);
/** Payments (spec 1 section 3 "Payment"): the client-generated _id doubles as idempotency key. */
export const vendaPagamento = pgTable(
  'venda_pagamento',
  {
    id: text('id').notNull(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    formaPagamentoId: text('forma_pagamento_id').notNull(),
    /** Payment type 77-92 (cash closing groups by it). */
    tipoPagamento: smallint('tipo_pagamento').notNull(),
    ...colunasDe(COLUNAS_PAGAMENTO, pularPagamento),
  },
  (t) => [
    primaryKey({ columns: [t.vendaId, t.id] }),
    index('venda_pagamento_periodo_idx').on(
      t.grupoEmpresarialId,
      t.empresaId,
      (t as unknown as Record<string, AnyPgColumn>).periodo!,
    ),
    index('venda_pagamento_tipo_idx').on(t.grupoEmpresarialId, t.empresaId, t.tipoPagamento),
  ],
);

/** Sale events (spec 1 section 3 "Sale event"): discounts and cancellations with their supervisor. */
export const vendaEvento = pgTable(
  'venda_evento',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    /** 'Desconto' | 'Cancelamento' (plus designed kinds: 'Cortesia', 'Transferencia', 'Reabertura'...). */
    tipo: text('tipo').notNull(),
    operador: jsonb('operador'),
    terminalId: text('terminal_id'),
    motivo: text('motivo').notNull().default(''),
    supervisorId: text('supervisor_id'),
    supervisor: jsonb('supervisor'),
    vendaCompleta: boolean('venda_completa').notNull().default(false),
    produtos: jsonb('produtos').notNull(),
    valorDesconto: dinheiro('valor_desconto').notNull().default('0'),
    dataHora: instante('data_hora').notNull(),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('venda_evento_venda_idx').on(t.grupoEmpresarialId, t.empresaId, t.vendaId),
    index('venda_evento_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.tipo, t.dataHora),
  ],
);

/**
 * Numbering counters: sale number per store ('venda') and sale sequence per cash period ('periodo:<id>').
 * Incremented with an upsert inside the sale's transaction: the row lock serialises concurrent sales, a
 * rolled-back sale gives its number back, so numbers have no gap and no duplicate.
 */
export const vendaNumeracao = pgTable(
  'venda_numeracao',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    chave: text('chave').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.chave] })],
);
