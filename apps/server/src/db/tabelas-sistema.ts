import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Hand-written infrastructure tables (resources are generated from their definitions).

/** Server-wide settings that must be shared by every instance (e.g. the token signing secret). */
export const sistemaConfig = pgTable('sistema_config', {
  chave: text('chave').primaryKey(),
  valor: text('valor').notNull(),
});

/** One-time keys for password recovery: only the SHA-256 of the key is stored. */
export const senhaRecuperacao = pgTable(
  'senha_recuperacao',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    usuarioId: text('usuario_id').notNull(),
    chaveHash: text('chave_hash').notNull().unique(),
    expiraEm: timestamp('expira_em', { withTimezone: true, mode: 'string' }).notNull(),
    usadaEm: timestamp('usada_em', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('senha_recuperacao_usuario_idx').on(t.grupoEmpresarialId, t.usuarioId)],
);

/** Outgoing e-mail. Without SMTP settings a message stays here (the admin reads it); with them it is sent. */
export const emailSaida = pgTable(
  'email_saida',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    para: text('para').notNull(),
    assunto: text('assunto').notNull(),
    corpo: text('corpo').notNull(),
    situacao: text('situacao').notNull(), // 'pendente' | 'enviado' | 'sem_smtp' | 'erro'
    erro: text('erro'),
    tentativas: integer('tentativas').notNull().default(0),
    enviadoEm: timestamp('enviado_em', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('email_saida_grupo_idx').on(t.grupoEmpresarialId, t.createdAt)],
);

/** Who changed what and when, for every write through the generic resources. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id'),
    tabela: text('tabela').notNull(),
    registroId: text('registro_id').notNull(),
    acao: text('acao').notNull(), // 'incluir' | 'alterar' | 'excluir'
    usuarioId: text('usuario_id'),
    antes: jsonb('antes'),
    depois: jsonb('depois'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('auditoria_registro_idx').on(t.grupoEmpresarialId, t.tabela, t.registroId)],
);

/** First answer of a retried write (Idempotency-Key header): a retry gets it back and changes nothing. */
export const idempotencia = pgTable(
  'idempotencia',
  {
    chave: text('chave').notNull(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    rota: text('rota').notNull(),
    resposta: jsonb('resposta').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.chave] })],
);
