import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// relatoriosCriados (issue 19): the reports users saved. Own migration chain: drizzle-relatorios-salvos.config.ts
// -> drizzle/relatorios-salvos. The group column gives the table row-level security per group (decision 0011).

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

export const relatorioSalvo = pgTable(
  'relatorio_salvo',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    /** Who saved it: the only one who may rename or delete it. */
    usuarioId: text('usuario_id').notNull(),
    descricao: text('descricao').notNull(),
    /** The base report's route (packages/domain relatorios-salvos RELATORIOS_DO_SISTEMA). */
    relatorio: text('relatorio').notNull(),
    /** 'privado' | 'grupo' */
    visibilidade: text('visibilidade').notNull(),
    /** `{ parametros, filtro, colunas, agrupamento, grafico }`, validated by estadoRelatorioSchema. */
    estado: jsonb('estado').notNull(),
    lixo: boolean('lixo').notNull().default(false),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('relatorio_salvo_usuario_idx').on(t.grupoEmpresarialId, t.usuarioId),
    index('relatorio_salvo_visibilidade_idx').on(t.grupoEmpresarialId, t.visibilidade, t.relatorio),
  ],
);
