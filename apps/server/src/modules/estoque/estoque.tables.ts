import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The stock ledger (issue 17; own migration chain: drizzle-estoque.config.ts -> drizzle/estoque, applied after
// the sales chain because its outbox trigger sits on `venda`). Every row carries its business group and store;
// indexes lead with them.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });
const qtd = (nome: string) => numeric(nome, { precision: 20, scale: 6 });
const dinheiro = (nome: string) => numeric(nome, { precision: 18, scale: 2 });

/**
 * Every change of stock, immutable and signed. Ordered by (data, seq): `data` is when the move counts (a
 * count dated yesterday, a sale's end), `seq` the order it was written in. `saldoApos` and `custoMedioApos`
 * are the position after it; a back-dated move recomputes them (and the cost of later exits) for its product
 * only. A correction is a new move whose `estornoDe` names the one it corrects.
 */
export const estoqueMovimento = pgTable(
  'estoque_movimento',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    produtoId: text('produto_id').notNull(),
    data: instante('data').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** TipoMovimentoEstoque (estoque/tipos.ts). */
    tipo: smallint('tipo').notNull(),
    quantidade: qtd('quantidade').notNull(),
    /** The move brought its own unit cost (purchase, transfer in, production output, entry reversal). */
    custoInformado: boolean('custo_informado').notNull(),
    custoUnitario: qtd('custo_unitario').notNull(),
    valor: dinheiro('valor').notNull(),
    saldoApos: qtd('saldo_apos').notNull(),
    custoMedioApos: qtd('custo_medio_apos').notNull(),
    /** What caused it: 'venda', 'inventario', 'transferencia', 'nfe', 'producao', 'manual'... and its id. */
    origemTipo: text('origem_tipo').notNull(),
    origemId: text('origem_id'),
    estornoDe: text('estorno_de'),
    motivo: text('motivo'),
    documento: text('documento'),
    usuarioId: text('usuario_id'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The kardex of a product, newest first, and the recomputation of the moves after a back-dated one.
    index('estoque_movimento_kardex_idx').on(t.grupoEmpresarialId, t.empresaId, t.produtoId, t.data, t.seq),
    index('estoque_movimento_origem_idx').on(t.grupoEmpresarialId, t.origemTipo, t.origemId),
    // A move is reversed at most once.
    uniqueIndex('estoque_movimento_estorno_uq').on(t.estornoDe).where(sql`estorno_de is not null`),
    index('estoque_movimento_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
  ],
);

/** Balance cache per store and product, written in the transaction of every move: saldo = Σ moves. */
export const estoqueSaldo = pgTable(
  'estoque_saldo',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: qtd('quantidade').notNull().default('0'),
    custoMedio: qtd('custo_medio').notNull().default('0'),
    /** Unit cost of the last entry that brought its own cost (tipoCusto 'ultimoCusto'). */
    ultimoCusto: qtd('ultimo_custo'),
    /** The newest move (data, seq): a move dated after it needs no recomputation. */
    ultimaData: instante('ultima_data'),
    ultimoSeq: bigint('ultimo_seq', { mode: 'number' }),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.produtoId] })],
);

/** Closed stock periods: no move dated on or before `fechadoAte` in the store (the last closing wins). */
export const estoquePeriodo = pgTable(
  'estoque_periodo',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** 'fechamento' or 'reabertura'; the store's closed date is the one of its newest row. */
    acao: text('acao').notNull(),
    fechadoAte: date('fechado_ate', { mode: 'string' }),
    usuarioId: text('usuario_id'),
    motivo: text('motivo'),
    createdAt: instante('created_at').notNull().defaultNow(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('estoque_periodo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.seq)],
);

/**
 * Outbox of the sales whose stock must be (re)checked: a trigger on `venda` writes a row in the sale's own
 * transaction when it ends or leaves 'ended' (cancelled, reopened). The worker makes the sale's consumption
 * moves equal what the sale should have consumed and deletes the row in the same transaction: a retry or a
 * second row finds nothing left to do, so each sale's consumption is written once across restarts and
 * instances.
 */
export const estoqueVendaPendente = pgTable(
  'estoque_venda_pendente',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  // No unique key on the sale: a change committed while the worker handles the sale must leave a new row
  // behind (the worker locks the sale, so two rows of one sale never run at once).
  (t) => [index('estoque_venda_pendente_venda_idx').on(t.vendaId)],
);

/**
 * Stock counts (estoqueInventario): one per store and date, numbered per store. `data` is when the shelf was
 * counted; the posted adjustments are dated at it. States: aberto -> emContagem -> conferido -> efetivado
 * (-> estornado), or cancelado; posted once (the row is locked while posting). Totals are stored when posted (the report).
 */
export const estoqueInventario = pgTable(
  'estoque_inventario',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    numero: integer('numero').notNull(),
    descricao: text('descricao'),
    data: instante('data').notNull(),
    /** StatusInventario (packages/domain estoque/inventario.ts). */
    status: text('status').notNull(),
    cega: boolean('cega').notNull().default(false),
    /** The filter the lines came from (FiltroInventario). */
    filtro: jsonb('filtro').notNull(),
    observacao: text('observacao'),
    valorSobra: dinheiro('valor_sobra'),
    valorFalta: dinheiro('valor_falta'),
    itensComDiferenca: integer('itens_com_diferenca'),
    criadoPor: text('criado_por'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    conferidoPor: text('conferido_por'),
    conferidoEm: instante('conferido_em'),
    efetivadoPor: text('efetivado_por'),
    efetivadoEm: instante('efetivado_em'),
    canceladoPor: text('cancelado_por'),
    canceladoEm: instante('cancelado_em'),
    motivoCancelamento: text('motivo_cancelamento'),
    /** A posted count reversed (once): its adjustments undone by reversing moves at the count's date. */
    estornadoPor: text('estornado_por'),
    estornadoEm: instante('estornado_em'),
    motivoEstorno: text('motivo_estorno'),
  },
  (t) => [
    uniqueIndex('estoque_inventario_numero_uq').on(t.grupoEmpresarialId, t.empresaId, t.numero),
    index('estoque_inventario_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
  ],
);

/**
 * One product of a count: the balance and average at the count's date when it was created (what a count that
 * is not blind shows), what was counted, and — once posted — the balance the difference was computed against,
 * the difference, its value and the ledger move that adjusted it.
 */
export const estoqueInventarioItem = pgTable(
  'estoque_inventario_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    inventarioId: text('inventario_id').notNull(),
    produtoId: text('produto_id').notNull(),
    /** Order of the count sheet (location, then description); lines added while counting go last. */
    ordem: integer('ordem').notNull(),
    localizacao: text('localizacao'),
    saldoSistema: qtd('saldo_sistema').notNull(),
    custoMedio: qtd('custo_medio').notNull(),
    /** Counted quantity; null = not counted yet. */
    quantidade: qtd('quantidade'),
    contadoPor: text('contado_por'),
    contadoEm: instante('contado_em'),
    saldoEfetivado: qtd('saldo_efetivado'),
    diferenca: qtd('diferenca'),
    custoAjuste: qtd('custo_ajuste'),
    valorDiferenca: dinheiro('valor_diferenca'),
    movimentoId: text('movimento_id'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.inventarioId, t.produtoId] })],
);

// ------------------------------------------------------------------------------------- purchases (compras.ts)

/**
 * Purchase orders (estoquePedidoCompra), numbered per store. States: rascunho -> enviado -> parcial -> recebido,
 * or cancelado (packages/domain estoque/compras.ts). Lines are edited only while a draft; an inbound NF-e of the
 * supplier receives on them (estoque_entrada_nota_item.pedido_ordem).
 */
export const estoquePedidoCompra = pgTable(
  'estoque_pedido_compra',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    numero: integer('numero').notNull(),
    /** pessoa of the supplier. */
    fornecedorId: text('fornecedor_id').notNull(),
    dataPedido: instante('data_pedido').notNull(),
    dataPrevista: date('data_prevista', { mode: 'string' }),
    /** StatusPedidoCompra. */
    status: text('status').notNull(),
    observacao: text('observacao'),
    valorTotal: dinheiro('valor_total').notNull(),
    criadoPor: text('criado_por'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    enviadoPor: text('enviado_por'),
    enviadoEm: instante('enviado_em'),
    canceladoPor: text('cancelado_por'),
    canceladoEm: instante('cancelado_em'),
    motivoCancelamento: text('motivo_cancelamento'),
  },
  (t) => [
    uniqueIndex('estoque_pedido_compra_numero_uq').on(t.grupoEmpresarialId, t.empresaId, t.numero),
    index('estoque_pedido_compra_fornecedor_idx').on(
      t.grupoEmpresarialId,
      t.empresaId,
      t.fornecedorId,
      t.status,
    ),
    index('estoque_pedido_compra_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.dataPedido),
  ],
);

/** A line of an order: quantity and price in the supplier's unit, `fatorConversao` stock units each. */
export const estoquePedidoCompraItem = pgTable(
  'estoque_pedido_compra_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    pedidoId: text('pedido_id').notNull(),
    ordem: integer('ordem').notNull(),
    produtoId: text('produto_id').notNull(),
    unidadeId: text('unidade_id'),
    fatorConversao: qtd('fator_conversao').notNull(),
    quantidade: qtd('quantidade').notNull(),
    precoUnitario: qtd('preco_unitario').notNull(),
    valor: dinheiro('valor').notNull(),
    /** Σ of what posted notes received on the line (their reversal gives it back). */
    quantidadeRecebida: qtd('quantidade_recebida').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.pedidoId, t.ordem] })],
);

/**
 * An inbound NF-e posted to stock (fiscal/entrada-estoque.ts). `id` is the stock document's id (the moves'
 * origem_id). A note has at most one posting that is not reversed (the partial unique index backs the row lock
 * of nota_entrada against two posts at once); after a reversal it may be posted again, as a new row.
 */
export const estoqueEntradaNota = pgTable(
  'estoque_entrada_nota',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    notaEntradaId: text('nota_entrada_id').notNull(),
    /** pessoa of the supplier (found or registered by the emitter's CNPJ). */
    fornecedorId: text('fornecedor_id'),
    pedidoCompraId: text('pedido_compra_id'),
    /** When the moves count: the note's dhEmi or the receipt date chosen. */
    data: instante('data').notNull(),
    valorTotal: dinheiro('valor_total').notNull(),
    lancadoPor: text('lancado_por'),
    lancadoEm: instante('lancado_em').notNull().defaultNow(),
    estornadoPor: text('estornado_por'),
    estornadoEm: instante('estornado_em'),
    motivoEstorno: text('motivo_estorno'),
  },
  (t) => [
    uniqueIndex('estoque_entrada_nota_ativa_uq')
      .on(t.grupoEmpresarialId, t.notaEntradaId)
      .where(sql`estornado_em is null`),
    index('estoque_entrada_nota_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
    index('estoque_entrada_nota_pedido_idx').on(t.grupoEmpresarialId, t.pedidoCompraId),
  ],
);

/**
 * One item of a posted note: what it put in stock (stock units, cost per unit, value, the move) and what it
 * received on the order's line (`quantidadePedido` in the line's unit).
 */
export const estoqueEntradaNotaItem = pgTable(
  'estoque_entrada_nota_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    entradaId: text('entrada_id').notNull(),
    notaItemId: text('nota_item_id').notNull(),
    nItem: integer('n_item').notNull(),
    produtoId: text('produto_id').notNull(),
    fatorConversao: qtd('fator_conversao').notNull(),
    quantidade: qtd('quantidade').notNull(),
    custoUnitario: qtd('custo_unitario').notNull(),
    valor: dinheiro('valor').notNull(),
    movimentoId: text('movimento_id').notNull(),
    /** Order lines received: [{ ordem, quantidade }] in each line's unit. */
    recebimentos: jsonb('recebimentos'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.entradaId, t.notaItemId] }),
    index('estoque_entrada_nota_item_produto_idx').on(t.grupoEmpresarialId, t.produtoId),
  ],
);

/**
 * Production orders (estoqueProducaoProdutos, producao.ts): a store makes a product from its recipe, asked as
 * a number of recipes (tipoSolicitacao 1) or of yield units (2). The recipe's lines are copied at the request
 * (estoque_producao_item), so the kitchen makes what was asked even if the recipe changes meanwhile.
 * solicitada -> finalizada (the consumption and the output are written in its transaction, once: the row is
 * locked) | cancelada; finalizada -> estornada (reversal moves of all its moves).
 */
export const estoqueProducao = pgTable(
  'estoque_producao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    numero: integer('numero').notNull(),
    produtoId: text('produto_id').notNull(),
    fichaTecnicaId: text('ficha_tecnica_id').notNull(),
    indexReceita: integer('index_receita'),
    /** Catalogue tipoSolicitacaoProducao: 1 Receita, 2 Unidade de Rendimento. */
    tipoSolicitacao: smallint('tipo_solicitacao').notNull(),
    /** Recipes (kind 1) or yield units (kind 2) asked for. */
    quantidadeSolicitada: qtd('quantidade_solicitada').notNull(),
    rendimento: qtd('rendimento').notNull(),
    quantidadePrevista: qtd('quantidade_prevista').notNull(),
    /** StatusProducao (packages/domain estoque/producao.ts). */
    status: text('status').notNull(),
    observacao: text('observacao'),
    quantidadeProduzida: qtd('quantidade_produzida'),
    custoTotal: dinheiro('custo_total'),
    custoUnitario: qtd('custo_unitario'),
    criadoPor: text('criado_por'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    finalizadoPor: text('finalizado_por'),
    finalizadoEm: instante('finalizado_em'),
    canceladoPor: text('cancelado_por'),
    canceladoEm: instante('cancelado_em'),
    estornadoPor: text('estornado_por'),
    estornadoEm: instante('estornado_em'),
    /** Why it was cancelled or reversed. */
    motivo: text('motivo'),
  },
  (t) => [
    uniqueIndex('estoque_producao_numero_uq').on(t.grupoEmpresarialId, t.empresaId, t.numero),
    index('estoque_producao_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
  ],
);

/** An ingredient line of an order: the recipe's net quantity and factor, what the order takes (gross, scaled). */
export const estoqueProducaoItem = pgTable(
  'estoque_producao_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    producaoId: text('producao_id').notNull(),
    ordem: integer('ordem').notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: qtd('quantidade').notNull(),
    fatorCorrecao: numeric('fator_correcao', { precision: 12, scale: 4 }).notNull(),
    quantidadeBruta: qtd('quantidade_bruta').notNull(),
    /** The consumption move once finished. */
    movimentoId: text('movimento_id'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.producaoId, t.ordem] })],
);

/**
 * Stock transfers between the stores of a group (estoqueTransferencia, transferencias.ts). rascunho -> enviada
 * (one 'transferenciaSaida' per line at the origin, at its average) -> recebida (one 'transferenciaEntrada' per
 * line received at the destination, at the cost that travelled) | cancelada (a shipped one: reversal moves at
 * the origin). Shipped, received and cancelled once: the row is locked. The origin's settings are copied when
 * shipped; `financeiro` holds the titles finance (issue 18) must write, and `gerou_faturamento` is set in the
 * transaction that writes them, so they are written once.
 */
export const estoqueTransferencia = pgTable(
  'estoque_transferencia',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    numero: integer('numero').notNull(),
    empresaOrigemId: text('empresa_origem_id').notNull(),
    empresaDestinoId: text('empresa_destino_id').notNull(),
    /** StatusTransferencia (packages/domain estoque/transferencias.ts). */
    status: text('status').notNull(),
    observacao: text('observacao'),
    /** The replenishment order it came from. */
    pedidoTransferenciaId: text('pedido_transferencia_id'),
    tipoCusto: text('tipo_custo'),
    percentualAdicional: numeric('percentual_adicional', { precision: 9, scale: 4 }),
    atualizarPrecoCusto: boolean('atualizar_preco_custo'),
    valorEnviado: dinheiro('valor_enviado'),
    valorRecebido: dinheiro('valor_recebido'),
    valorDivergencia: dinheiro('valor_divergencia'),
    /** FinanceiroTransferencia: settings and the titles to generate. */
    financeiro: jsonb('financeiro'),
    gerouFaturamento: boolean('gerou_faturamento').notNull().default(false),
    criadoPor: text('criado_por'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    enviadoPor: text('enviado_por'),
    /** When the goods left: the exit moves' date. */
    enviadoEm: instante('enviado_em'),
    recebidoPor: text('recebido_por'),
    /** When the goods arrived: the entry moves' date. */
    recebidoEm: instante('recebido_em'),
    observacaoRecebimento: text('observacao_recebimento'),
    canceladoPor: text('cancelado_por'),
    canceladoEm: instante('cancelado_em'),
    motivoCancelamento: text('motivo_cancelamento'),
  },
  (t) => [
    uniqueIndex('estoque_transferencia_numero_uq').on(t.grupoEmpresarialId, t.numero),
    index('estoque_transferencia_origem_idx').on(t.grupoEmpresarialId, t.empresaOrigemId, t.createdAt),
    index('estoque_transferencia_destino_idx').on(t.grupoEmpresarialId, t.empresaDestinoId, t.createdAt),
    index('estoque_transferencia_envio_idx').on(t.grupoEmpresarialId, t.enviadoEm),
    // What finance has still to turn into titles (received, not billed).
    index('estoque_transferencia_faturar_idx')
      .on(t.grupoEmpresarialId)
      .where(sql`status = 'recebida' and gerou_faturamento = false`),
  ],
);

/**
 * One product of a transfer: what was shipped and at which costs (the average the exit carried, and the cost
 * that travelled: tipoCusto + percentage), what arrived, and the loss in transit with its reason.
 */
export const estoqueTransferenciaItem = pgTable(
  'estoque_transferencia_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    transferenciaId: text('transferencia_id').notNull(),
    produtoId: text('produto_id').notNull(),
    ordem: integer('ordem').notNull(),
    quantidade: qtd('quantidade').notNull(),
    planoDeContaCredito: text('plano_de_conta_credito'),
    planoDeContaDebito: text('plano_de_conta_debito'),
    custoSaida: qtd('custo_saida'),
    custoUnitario: qtd('custo_unitario'),
    valorEnviado: dinheiro('valor_enviado'),
    movimentoSaidaId: text('movimento_saida_id'),
    quantidadeRecebida: qtd('quantidade_recebida'),
    valorRecebido: dinheiro('valor_recebido'),
    divergencia: qtd('divergencia'),
    valorDivergencia: dinheiro('valor_divergencia'),
    motivoDivergencia: text('motivo_divergencia'),
    movimentoEntradaId: text('movimento_entrada_id'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.transferenciaId, t.produtoId] }),
    index('estoque_transferencia_item_produto_idx').on(t.grupoEmpresarialId, t.produtoId),
  ],
);

/**
 * A store's request to the central kitchen / warehouse (estoquePedidoTransferencia and
 * solicitacaoPedidoTransferencia, one screen). solicitado -> reservado (the supplier sets the quantities aside)
 * -> finalizado (turned into a transfer) | cancelado.
 */
export const estoquePedidoTransferencia = pgTable(
  'estoque_pedido_transferencia',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    numero: integer('numero').notNull(),
    /** The store that asks and receives. */
    empresaSolicitanteId: text('empresa_solicitante_id').notNull(),
    /** The store that supplies. */
    empresaFornecedoraId: text('empresa_fornecedora_id').notNull(),
    /** StatusPedidoTransferencia. */
    status: text('status').notNull(),
    /** 'manual' or 'listaReposicao'. */
    origem: text('origem').notNull(),
    dataNecessidade: date('data_necessidade', { mode: 'string' }),
    observacao: text('observacao'),
    transferenciaId: text('transferencia_id'),
    criadoPor: text('criado_por'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    reservadoPor: text('reservado_por'),
    reservadoEm: instante('reservado_em'),
    finalizadoPor: text('finalizado_por'),
    finalizadoEm: instante('finalizado_em'),
    canceladoPor: text('cancelado_por'),
    canceladoEm: instante('cancelado_em'),
    motivoCancelamento: text('motivo_cancelamento'),
  },
  (t) => [
    uniqueIndex('estoque_pedido_transferencia_numero_uq').on(t.grupoEmpresarialId, t.numero),
    index('estoque_pedido_transferencia_solicitante_idx').on(
      t.grupoEmpresarialId,
      t.empresaSolicitanteId,
      t.status,
    ),
    index('estoque_pedido_transferencia_fornecedora_idx').on(
      t.grupoEmpresarialId,
      t.empresaFornecedoraId,
      t.status,
    ),
  ],
);

/** One product of a request: asked, and set aside by the supplier (null until reserved). */
export const estoquePedidoTransferenciaItem = pgTable(
  'estoque_pedido_transferencia_item',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    pedidoId: text('pedido_id').notNull(),
    produtoId: text('produto_id').notNull(),
    ordem: integer('ordem').notNull(),
    quantidade: qtd('quantidade').notNull(),
    quantidadeReservada: qtd('quantidade_reservada'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.pedidoId, t.produtoId] })],
);
