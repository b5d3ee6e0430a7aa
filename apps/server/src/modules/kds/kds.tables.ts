import {
  kdsEstacao as defEstacao,
  kdsExpedicao as defExpedicao,
  kdsMontagem as defMontagem,
  kdsSetor as defSetor,
  kdsSetorCadastroGrupo as defSetorGrupo,
  kdsTeclado as defTeclado,
} from '@retaguarda/domain/recursos/kds';
import { sql } from 'drizzle-orm';
import {
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
import { tabelaDoRecurso } from '../../db/tabela-recurso.ts';

// KDS module tables (own migration chain: drizzle-kds.config.ts -> drizzle/kds). The six back-office
// registrations come from their resource definitions; the rest is the production state of the kitchen and
// the delivery dispatch. Every row carries its business group and store; indexes lead with them.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

export const kdsSetor = tabelaDoRecurso(defSetor);
export const kdsSetorCadastroGrupo = tabelaDoRecurso(defSetorGrupo);
export const kdsEstacao = tabelaDoRecurso(defEstacao);
export const kdsMontagem = tabelaDoRecurso(defMontagem);
export const kdsExpedicao = tabelaDoRecurso(defExpedicao);
export const kdsTeclado = tabelaDoRecurso(defTeclado);

/**
 * One confirmed sale item at one production station (an item of two sectors shown on two stations is two
 * rows). status: 0 pendente, 1 producao, 2 pronto, 3 despachado (bumped).
 */
export const kdsItem = pgTable(
  'kds_item',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    /** The sale item's _id (set when it was confirmed). */
    vendaItemId: text('venda_item_id').notNull(),
    numeroItem: integer('numero_item').notNull(),
    estacaoId: text('estacao_id').notNull(),
    kdsSetorId: text('kds_setor_id'),
    produtoId: text('produto_id').notNull(),
    descricao: text('descricao').notNull(),
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull(),
    obs: text('obs').notNull().default(''),
    partes: jsonb('partes').notNull(),
    adicionais: jsonb('adicionais').notNull(),
    status: smallint('status').notNull().default(0),
    cancelado: smallint('cancelado').notNull().default(0),
    recebidoEm: instante('recebido_em').notNull().defaultNow(),
    iniciadoEm: instante('iniciado_em'),
    prontoEm: instante('pronto_em'),
    despachadoEm: instante('despachado_em'),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('kds_item_estacao_item_uq').on(t.estacaoId, t.vendaItemId),
    // The station's open orders: not bumped yet (or bumped recently, for recall).
    index('kds_item_estacao_idx').on(t.grupoEmpresarialId, t.estacaoId, t.status),
    index('kds_item_venda_idx').on(t.grupoEmpresarialId, t.vendaId),
  ],
);

/**
 * Delivery dispatch of a sale: the rider it was given to and when he left, came back and settled; the
 * promised delivery time. One row per delivery sale that reached the dispatch.
 */
export const kdsEntrega = pgTable(
  'kds_entrega',
  {
    vendaId: text('venda_id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    motoboyId: text('motoboy_id'),
    motoboy: jsonb('motoboy'),
    atribuidoEm: instante('atribuido_em'),
    saidaEm: instante('saida_em'),
    retornoEm: instante('retorno_em'),
    acertoEm: instante('acerto_em'),
    acertoPor: text('acerto_por'),
    tempoEntregaMinutos: integer('tempo_entrega_minutos'),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kds_entrega_motoboy_idx')
      .on(t.grupoEmpresarialId, t.empresaId, t.motoboyId)
      .where(sql`acerto_em is null`),
  ],
);

/** Doorman registration (portaria): who came in, with which tab, how many people; when they left. */
export const portaria = pgTable(
  'portaria',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    nome: text('nome').notNull(),
    documento: text('documento'),
    telefone: text('telefone'),
    comanda: integer('comanda'),
    pessoas: integer('pessoas').notNull().default(1),
    observacao: text('observacao').notNull().default(''),
    entradaEm: instante('entrada_em').notNull().defaultNow(),
    saidaEm: instante('saida_em'),
    createdBy: text('created_by'),
  },
  (t) => [index('portaria_grupo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.entradaEm)],
);
