import { sql } from 'drizzle-orm';
import {
  bigint,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Finance ledger tables (issue 18; own migration chain drizzle-financeiro.config.ts -> drizzle/financeiro,
// applied after `caixa` and `vendas`). Accounts and the chart of accounts are generic resources
// (financeiroConta, financeiroPlanoConta); what happens to money is here. Money is numeric(18,2), never float.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });
const dinheiro = (nome: string) => numeric(nome, { precision: 18, scale: 2 });

/**
 * A payable or receivable (one instalment of a document): `valor` is what is owed, `valorPago` the principal
 * settled so far (status 1 aberto, 2 pago parcial, 3 pago, 4 cancelado). Card receivables carry the gross
 * (`valor`) and the acquirer's fee (`taxa`): the account receives valor − taxa. Titles created by the system
 * carry their origin; (origem_tipo, origem_id, parcela) is unique, so a re-run never writes one twice.
 */
export const financeiroTitulo = pgTable(
  'financeiro_titulo',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** 'pagar' | 'receber' */
    tipo: text('tipo').notNull(),
    descricao: text('descricao').notNull(),
    documento: text('documento'),
    pessoaId: text('pessoa_id'),
    /** Acquirer of a card receivable. */
    operadoraId: text('operadora_id'),
    planoContaId: text('plano_conta_id').notNull(),
    /** Plano of the fee (card fees) when `taxa` > 0. */
    planoContaTaxaId: text('plano_conta_taxa_id'),
    /** Account expected to receive or pay it (may be chosen at settlement). */
    contaId: text('conta_id'),
    valor: dinheiro('valor').notNull(),
    taxa: dinheiro('taxa').notNull().default('0'),
    valorPago: dinheiro('valor_pago').notNull().default('0'),
    competencia: date('competencia', { mode: 'string' }).notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    parcela: integer('parcela').notNull().default(1),
    parcelas: integer('parcelas').notNull().default(1),
    /** Id shared by the instalments of one document. */
    lote: text('lote'),
    status: smallint('status').notNull().default(1),
    /** Card data kept to match the acquirer's settlement file. */
    nsu: text('nsu'),
    autorizacao: text('autorizacao'),
    bandeiraId: text('bandeira_id'),
    dataVenda: date('data_venda', { mode: 'string' }),
    origemTipo: text('origem_tipo').notNull().default('manual'),
    origemId: text('origem_id'),
    observacao: text('observacao'),
    usuarioId: text('usuario_id'),
    canceladoPor: text('cancelado_por'),
    motivoCancelamento: text('motivo_cancelamento'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('financeiro_titulo_vencimento_idx').on(t.grupoEmpresarialId, t.empresaId, t.tipo, t.vencimento),
    // No competência or acquirer-only index: no read uses one, and each costs every settled title an entry (0009).
    uniqueIndex('financeiro_titulo_origem_uq')
      .on(t.grupoEmpresarialId, t.origemTipo, t.origemId, t.parcela)
      .where(sql`origem_id is not null`),
  ],
);

/**
 * One settlement of a title (partial or whole): the principal it pays (`valor`), interest, fine and discount;
 * the account moved valor + juros + multa − desconto (− taxa for card receivables). Reversed, never edited.
 */
export const financeiroBaixa = pgTable(
  'financeiro_baixa',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    tituloId: text('titulo_id').notNull(),
    /** The client's id of the settlement operation (one or many titles): a retry finds what it did. */
    operacaoId: text('operacao_id').notNull(),
    contaId: text('conta_id').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    valor: dinheiro('valor').notNull(),
    juros: dinheiro('juros').notNull().default('0'),
    multa: dinheiro('multa').notNull().default('0'),
    desconto: dinheiro('desconto').notNull().default('0'),
    taxa: dinheiro('taxa').notNull().default('0'),
    estornada: smallint('estornada').notNull().default(0),
    usuarioId: text('usuario_id'),
    createdAt: instante('created_at').notNull().defaultNow(),
    /**
     * The title's tipo and chart nodes, copied at insert (they never change on a title): the cash-basis DRE of a
     * settlement file's 98,000 settlements sums them without reading each title again (financeiro 0010).
     */
    tituloTipo: text('titulo_tipo').notNull(),
    planoContaId: text('plano_conta_id'),
    planoContaTaxaId: text('plano_conta_taxa_id'),
  },
  (t) => [
    index('financeiro_baixa_titulo_idx').on(t.grupoEmpresarialId, t.tituloId),
    uniqueIndex('financeiro_baixa_operacao_uq').on(t.grupoEmpresarialId, t.operacaoId, t.tituloId),
  ],
);

/**
 * Account movements (spec 1 §3 "Account movement": conta, saldoAtual, created_at): immutable, signed, with the
 * account's running balance after it in (data, seq) order. A back-dated movement adds its value to the later
 * ones' balance in the same transaction. A reversal is a new movement pointing at the one it undoes.
 */
export const financeiroMovimentacao = pgTable(
  'financeiro_movimentacao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    contaId: text('conta_id').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    valor: dinheiro('valor').notNull(),
    saldoAtual: dinheiro('saldo_atual').notNull(),
    planoContaId: text('plano_conta_id'),
    descricao: text('descricao').notNull(),
    /** 'baixa' | 'transferencia' | 'ajuste' | 'fechamentoCaixa' | 'pix' | 'estorno' ... */
    origemTipo: text('origem_tipo').notNull(),
    origemId: text('origem_id'),
    /** Whether a title's settlement made it (the competence DRE counts the title instead). */
    tituloId: text('titulo_id'),
    estornoDe: text('estorno_de'),
    usuarioId: text('usuario_id'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('financeiro_movimentacao_extrato_idx').on(t.grupoEmpresarialId, t.contaId, t.data, t.seq),
    index('financeiro_movimentacao_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
    index('financeiro_movimentacao_origem_idx').on(t.grupoEmpresarialId, t.origemTipo, t.origemId),
    uniqueIndex('financeiro_movimentacao_estorno_uq').on(t.estornoDe).where(sql`estorno_de is not null`),
  ],
);

/** Balance cache per account, written with its movements; its row is the account's lock. */
export const financeiroContaSaldo = pgTable(
  'financeiro_conta_saldo',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    contaId: text('conta_id').notNull(),
    saldo: dinheiro('saldo').notNull().default('0'),
    ultimaData: date('ultima_data', { mode: 'string' }),
    ultimoSeq: bigint('ultimo_seq', { mode: 'bigint' }),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.contaId] })],
);

/**
 * Outbox of what the POS did that finance must post: a cash period closed or reconciled, a payment removed
 * after its period closed. Written by triggers in the same transaction as the cause; drained by the posting
 * worker on any instance (FOR UPDATE SKIP LOCKED), which reconciles each period's postings exactly once.
 */
export const financeiroPendente = pgTable('financeiro_pendente', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
  empresaId: text('empresa_id').notNull(),
  periodoId: text('periodo_id').notNull(),
  createdAt: instante('created_at').notNull().defaultNow(),
});

/**
 * An acquirer's settlement file as imported (calendarioRecebimento "importar extrato"): its summary and the
 * forecasts due in its days that no line paid (`naoPagos`, kept as found at the import).
 */
export const financeiroExtratoOperadora = pgTable(
  'financeiro_extrato_operadora',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    operadoraId: text('operadora_id').notNull(),
    nome: text('nome').notNull(),
    formato: text('formato').notNull(),
    dataInicial: date('data_inicial', { mode: 'string' }),
    dataFinal: date('data_final', { mode: 'string' }),
    resumo: jsonb('resumo').notNull(),
    naoPagos: jsonb('nao_pagos').notNull(),
    usuarioId: text('usuario_id'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [index('financeiro_extrato_operadora_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt)],
);

/**
 * One line of a settlement file. (group, store, acquirer, chave) is unique: the same line in a second import is
 * skipped, so importing a file twice changes nothing. `situacao` is the match (ok, atrasado, aMenor, aMaior,
 * desconhecido) and `tituloId` the receivable it paid.
 */
export const financeiroExtratoLinha = pgTable(
  'financeiro_extrato_linha',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    operadoraId: text('operadora_id').notNull(),
    extratoId: text('extrato_id').notNull(),
    chave: text('chave').notNull(),
    linha: integer('linha').notNull(),
    dataPagamento: date('data_pagamento', { mode: 'string' }).notNull(),
    dataVenda: date('data_venda', { mode: 'string' }).notNull(),
    bandeira: text('bandeira'),
    produto: text('produto').notNull(),
    nsu: text('nsu'),
    autorizacao: text('autorizacao'),
    parcela: integer('parcela').notNull(),
    parcelas: integer('parcelas').notNull(),
    valorBruto: dinheiro('valor_bruto').notNull(),
    taxa: dinheiro('taxa').notNull(),
    valorLiquido: dinheiro('valor_liquido').notNull(),
    tituloId: text('titulo_id'),
    situacao: text('situacao').notNull(),
    diferenca: dinheiro('diferenca'),
    diasAtraso: integer('dias_atraso'),
    motivo: text('motivo'),
  },
  (t) => [
    // A line is known by its key within the store's acquirer (a second import of it writes nothing): that is its
    // primary key, no id of its own (one index less to write per line of a 100,000-line file; financeiro 0010).
    primaryKey({
      name: 'financeiro_extrato_linha_pkey',
      columns: [t.grupoEmpresarialId, t.empresaId, t.operadoraId, t.chave],
    }),
    // Read only for an import's divergences: the lines that matched right (~96 %) stay out of it.
    index('financeiro_extrato_linha_divergencia_idx')
      .on(t.grupoEmpresarialId, t.extratoId, t.linha)
      .where(sql`situacao <> 'ok'`),
  ],
);
