import { olhoNoImposto as defOlhoNoImposto } from '@retaguarda/domain/recursos/referencia';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tabelaDoRecurso } from '../../db/tabela-recurso.ts';

// Reference-data module tables (own migration chain: drizzle-referencia.config.ts -> drizzle/referencia).

/** The IBPT table ('De Olho no Imposto'), replaced per state by each import. */
export const olhoNoImposto = tabelaDoRecurso(defOlhoNoImposto);

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

/**
 * One record per store (spec 2 section 7 `versionamento/getPopulate`): `versao` goes up in the same
 * transaction as every change the POS must reload, which compares it with the version of its cache.
 */
export const versionamento = pgTable(
  'versionamento',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    versao: integer('versao').notNull().default(1),
    /** The registration whose change made the last version (diagnostics). */
    ultimaTabela: text('ultima_tabela'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('versionamento_empresa_uq').on(t.empresaId),
    index('versionamento_grupo_idx').on(t.grupoEmpresarialId),
  ],
);
