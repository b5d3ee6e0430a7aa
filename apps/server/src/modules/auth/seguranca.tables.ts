import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Security tables (own migration chain: drizzle-seguranca.config.ts -> drizzle/seguranca). They live in the
// database so limits, spent releases and revoked sessions survive a restart and hold across every server
// instance of the chain.

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

/** Failed-attempt budgets (login per account and per address, release PIN per supervisor and per asker). */
export const limiteTentativa = pgTable('limite_tentativa', {
  /** `conta:<usuarioId>`, `ip:<address>`, `pin:<supervisorId>`, `pedinte:<usuarioId>`, `reset:...`. */
  chave: text('chave').primaryKey(),
  /** Failures since the last success or lock. */
  falhas: integer('falhas').notNull().default(0),
  /** How many times the key was locked in a row: each lock lasts twice the previous one. */
  bloqueios: integer('bloqueios').notNull().default(0),
  bloqueadoAte: instante('bloqueado_ate'),
  ultimaFalha: instante('ultima_falha').notNull().defaultNow(),
});

/** A supervisor release spent by a protected action: a second use finds its row and is refused. */
export const liberacaoUso = pgTable(
  'liberacao_uso',
  {
    /** The release token's id (jti). */
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    supervisorId: text('supervisor_id').notNull(),
    operadorId: text('operador_id').notNull(),
    permissao: integer('permissao').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** The sale (or NFC-e key) it was spent on. */
    alvo: text('alvo'),
    /** Idempotency-Key of the action that spent it: a retry of that same action is not a second use. */
    idempotencia: text('idempotencia'),
    usadoEm: instante('usado_em').notNull().defaultNow(),
  },
  (t) => [index('liberacao_uso_supervisor_idx').on(t.grupoEmpresarialId, t.supervisorId, t.usadoEm)],
);

/** Session tokens ended by POST /api/logout, kept until they would have expired anyway. */
export const tokenRevogado = pgTable('token_revogado', {
  jti: text('jti').primaryKey(),
  usuarioId: text('usuario_id').notNull(),
  expiraEm: instante('expira_em').notNull(),
});

/** Tokens of a user issued before this instant are dead (password change, deactivation, profile change). */
export const sessaoUsuario = pgTable('sessao_usuario', {
  usuarioId: text('usuario_id').primaryKey(),
  validasDesde: instante('validas_desde').notNull(),
});
