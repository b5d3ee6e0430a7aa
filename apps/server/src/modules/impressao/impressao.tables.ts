import {
  produtoGeralSetorEmpresa as defProdutoSetor,
  setorImpressaoProducao as defSetorProducao,
} from '@retaguarda/domain/recursos/impressao';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tabelaDoRecurso } from '../../db/tabela-recurso.ts';

// Print module tables (own migration chain: drizzle-impressao.config.ts -> drizzle/impressao). Every row
// carries its business group and store; indexes lead with them.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

/**
 * Print job (spec 1 section 3 "Print job"): one row per copy (numeroVias of the print sector). tipoStatus is
 * the statusImpressao catalogue (1 'Aguardando Impressão', 2 'Imprimindo', 3 'Impresso', 4 'Erro').
 * An agent claims a job (status 2, agente, reservaExpira) and acknowledges it (3) or reports a failure
 * (back to 1 after a backoff in proximaTentativa, or 4 when the attempts are exhausted).
 */
export const impressao = pgTable(
  'impressao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    terminalId: text('terminal_id').notNull(),
    setorImpressaoId: text('setor_impressao_id'),
    /** Printer resolved from the sector when the job was created (the agent prints there). */
    impressoraId: text('impressora_id'),
    descricao: text('descricao').notNull().default(''),
    /** ESC/POS (or plain text) bytes in base64. */
    conteudo: text('conteudo').notNull(),
    /** Layout lines the bytes were rendered from, for the HTML preview (absent for raw content). */
    linhas: jsonb('linhas'),
    tipoImpressao: smallint('tipo_impressao').notNull(),
    tipoStatus: smallint('tipo_status').notNull().default(1),
    producaoItens: jsonb('producao_itens'),
    origemId: text('origem_id'),
    via: smallint('via').notNull().default(1),
    totalVias: smallint('total_vias').notNull().default(1),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: instante('proxima_tentativa'),
    agente: text('agente'),
    reservaExpira: instante('reserva_expira'),
    impressoEm: instante('impresso_em'),
    erro: text('erro'),
    createdBy: text('created_by'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('impressao_grupo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    // The claim query: waiting jobs of some terminals, oldest first.
    index('impressao_fila_idx')
      .on(t.grupoEmpresarialId, t.terminalId, t.createdAt)
      .where(sql`tipo_status in (1, 2)`),
    index('impressao_origem_idx').on(t.grupoEmpresarialId, t.origemId),
  ],
);

/**
 * What the kitchen already got for each line of a sale (STYLE: Odoo order_change): the next production
 * ticket prints only the difference (new, increased, changed or cancelled quantities).
 */
export const impressaoProducaoEnviada = pgTable(
  'impressao_producao_enviada',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    /** `{ [chave]: { quantidade, descricao, obs, partes, setores } }` as last sent. */
    enviado: jsonb('enviado').notNull(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.vendaId] })],
);

// The two registrations that route production tickets (packages/domain recursos/impressao.ts): generic
// resources, but their tables live in this module's chain so the print module ships them with itself.
export const produtoGeralSetorEmpresa = tabelaDoRecurso(defProdutoSetor);
export const setorImpressaoProducao = tabelaDoRecurso(defSetorProducao);

/**
 * A print agent (the store PC's `apps/print-agent`, issue 14 point 5): its token names this row and can only
 * claim, acknowledge and fail the print jobs of its store. Revoked from the back office (revogadoEm): the
 * next request of that token is refused.
 */
export const agenteImpressao = pgTable(
  'agente_impressao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    descricao: text('descricao').notNull(),
    criadoPor: text('criado_por').notNull(),
    createdAt: instante('created_at').notNull().defaultNow(),
    expiraEm: instante('expira_em').notNull(),
    ultimoUsoEm: instante('ultimo_uso_em'),
    revogadoEm: instante('revogado_em'),
    revogadoPor: text('revogado_por'),
  },
  (t) => [index('agente_impressao_empresa_idx').on(t.grupoEmpresarialId, t.empresaId)],
);
