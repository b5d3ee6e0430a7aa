import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Cash module tables (own migration chain: drizzle-caixa.config.ts -> drizzle/caixa). Every row carries its
// business group and store; indexes lead with them. Money is numeric, never float.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });
const dinheiro = (nome: string) => numeric(nome, { precision: 18, scale: 2 });

/**
 * Cash period (spec 1 section 3 "Period"): one register (caixa) open from dataAbertura to dataFechamento.
 * status is the cashier operation status of spec 1 section 4 (catalogue statusOperacaoCaixa 1-6).
 */
export const periodo = pgTable(
  'periodo',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    caixaId: text('caixa_id').notNull(),
    /** Terminal that opened the period. */
    terminalId: text('terminal_id'),
    periodoAberto: boolean('periodo_aberto').notNull().default(true),
    status: smallint('status').notNull(),
    dataAbertura: instante('data_abertura').notNull(),
    dataFechamento: instante('data_fechamento'),
    operadorAberturaId: text('operador_abertura_id').notNull(),
    operadorFechamentoId: text('operador_fechamento_id'),
    /** Change fund put in the drawer at opening (counted as a supply). */
    valorAbertura: dinheiro('valor_abertura').notNull().default('0'),
    /** Counted amount per payment type at closing: `[{ tipo, valor }]`. */
    contagem: jsonb('contagem'),
    /** What the system expected per payment type at closing (same shape), kept for the report. */
    apurado: jsonb('apurado'),
    /** Counted minus expected (negative = missing money). */
    diferenca: dinheiro('diferenca'),
    /** The closing's: who released its difference at the POS, and its note. The reconciliation never writes them. */
    supervisorDiferencaId: text('supervisor_diferenca_id'),
    observacao: text('observacao'),
    /** The reconciliation's (conciliacaoCaixa): who accepted the divergence (permission 42), its note, when, who. */
    conciliacaoSupervisorId: text('conciliacao_supervisor_id'),
    conciliacaoObservacao: text('conciliacao_observacao'),
    conciliadoEm: instante('conciliado_em'),
    conciliadoPorId: text('conciliado_por_id'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('periodo_grupo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.dataAbertura),
    // At most one open period per register: two terminals opening the same register race on this index.
    uniqueIndex('periodo_caixa_aberto_uq')
      .on(t.grupoEmpresarialId, t.empresaId, t.caixaId)
      .where(sql`periodo_aberto`),
  ],
);

/** Bleed-off (sangria) and supply (suprimento) of a period, with value, motive and operator. */
export const caixaMovimento = pgTable(
  'caixa_movimento',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    periodoId: text('periodo_id').notNull(),
    caixaId: text('caixa_id').notNull(),
    terminalId: text('terminal_id'),
    /** 'sangria' | 'suprimento' */
    tipo: text('tipo').notNull(),
    valor: dinheiro('valor').notNull(),
    motivo: text('motivo').notNull().default(''),
    operadorId: text('operador_id').notNull(),
    supervisorId: text('supervisor_id'),
    /** Per-period sequence of the slip printed for it. */
    numero: integer('numero').notNull(),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [index('caixa_movimento_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.periodoId)],
);
