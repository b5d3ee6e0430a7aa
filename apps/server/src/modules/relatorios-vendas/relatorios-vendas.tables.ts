import {
  bigserial,
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
} from 'drizzle-orm/pg-core';

// Aggregates of the sales reports (issue 19, docs/decisions/0022-relatorios-de-venda.md). Each sale in a final
// status (59 ended, 60 cancelled, 61 open-cancelled) adds its contribution under its status, exactly once, by the
// worker of `agregados.ts`; `relatorio_venda_aplicada` remembers what was added so a later change (a cancellation
// after the end) takes exactly that out. Money columns are sums of the raw rows' numeric(18,2) values.

const dinheiro = (nome: string) => numeric(nome, { precision: 18, scale: 2 }).notNull().default('0');

const medidasLinha = {
  quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull().default('0'),
  bruto: dinheiro('bruto'),
  /** Every discount of the lines (the line's `desconto`: the five kinds below). */
  descontos: dinheiro('descontos'),
  descontoCombo: dinheiro('desconto_combo'),
  descontoHappyHour: dinheiro('desconto_happy_hour'),
  descontoSugestao: dinheiro('desconto_sugestao'),
  descontoPersonalizado: dinheiro('desconto_personalizado'),
  descontoGeral: dinheiro('desconto_geral'),
  acrescimos: dinheiro('acrescimos'),
  liquido: dinheiro('liquido'),
  /** quantity x cost, 6 decimals like the line's cost. */
  custo: numeric('custo', { precision: 22, scale: 6 }).notNull().default('0'),
};

/** store x day x hour x status x sale type x origin x terminal x operator x attendant: the sale-level totals. */
export const relatorioVendaHora = pgTable(
  'relatorio_venda_hora',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    dia: date('dia').notNull(),
    hora: smallint('hora').notNull(),
    status: smallint('status').notNull(),
    tipoVenda: smallint('tipo_venda').notNull(),
    /** localPedido, 0 when the sale has none. */
    origem: smallint('origem').notNull(),
    /** '' when none. */
    terminalId: text('terminal_id').notNull(),
    operadorId: text('operador_id').notNull(),
    atendenteId: text('atendente_id').notNull(),
    vendas: integer('vendas').notNull().default(0),
    /** Quantity of the product lines (service lines left out). */
    itens: numeric('itens', { precision: 18, scale: 4 }).notNull().default('0'),
    ...medidasLinha,
    taxaServico: dinheiro('taxa_servico'),
    taxaEntrega: dinheiro('taxa_entrega'),
    /** The sales' total (what the customers pay). */
    total: dinheiro('total'),
  },
  (t) => [
    primaryKey({
      name: 'relatorio_venda_hora_pk',
      columns: [
        t.grupoEmpresarialId,
        t.empresaId,
        t.dia,
        t.hora,
        t.status,
        t.tipoVenda,
        t.origem,
        t.terminalId,
        t.operadorId,
        t.atendenteId,
      ],
    }),
  ],
);

/** store x day x status x product: the line totals (pizza and combo lines under the product sold). */
export const relatorioVendaProdutoDia = pgTable(
  'relatorio_venda_produto_dia',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    dia: date('dia').notNull(),
    status: smallint('status').notNull(),
    produtoId: text('produto_id').notNull(),
    /** Sales holding the product. */
    vendas: integer('vendas').notNull().default(0),
    ...medidasLinha,
  },
  (t) => [
    primaryKey({
      name: 'relatorio_venda_produto_dia_pk',
      columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.status, t.produtoId],
    }),
  ],
);

/** store x day x status x payment type: payments not deleted (lixo). */
export const relatorioVendaPagamentoDia = pgTable(
  'relatorio_venda_pagamento_dia',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    dia: date('dia').notNull(),
    status: smallint('status').notNull(),
    tipoPagamento: smallint('tipo_pagamento').notNull(),
    pagamentos: integer('pagamentos').notNull().default(0),
    valor: dinheiro('valor'),
  },
  (t) => [
    primaryKey({
      name: 'relatorio_venda_pagamento_dia_pk',
      columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.status, t.tipoPagamento],
    }),
  ],
);

/** Outbox: written by triggers on `venda` in the sale's own transaction; drained by the worker. */
export const relatorioVendaPendente = pgTable(
  'relatorio_venda_pendente',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    vendaId: text('venda_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('relatorio_venda_pendente_venda_idx').on(t.vendaId)],
);

/** What each sale added to the aggregates (its three contributions), so a change takes out exactly that. */
export const relatorioVendaAplicada = pgTable('relatorio_venda_aplicada', {
  vendaId: text('venda_id').primaryKey(),
  grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
  contribuicao: jsonb('contribuicao').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
