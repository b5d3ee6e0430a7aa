import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export type Linha = Record<string, unknown>;

/** Runs raw SQL on either driver and returns its rows (node-postgres and PGlite shape results alike). */
export async function consultar(db: Db, consulta: SQL): Promise<Linha[]> {
  const resultado: unknown = await db.execute(consulta);
  if (Array.isArray(resultado)) return resultado as Linha[];
  const { rows } = resultado as { rows: Linha[] };
  return rows;
}

export async function consultarUm(db: Db, consulta: SQL): Promise<Linha | undefined> {
  return (await consultar(db, consulta))[0];
}

/** Name of the constraint a failed statement violated (both drivers expose it, maybe under `cause`). */
export function restricaoErroPg(erro: unknown): string | undefined {
  let atual: unknown = erro;
  for (let i = 0; i < 4 && atual && typeof atual === 'object'; i++) {
    const nome = (atual as { constraint?: unknown }).constraint;
    if (typeof nome === 'string') return nome;
    atual = (atual as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL error code of a failed statement (e.g. 23505 unique violation), through driver wrappers. */
export function codigoErroPg(erro: unknown): string | undefined {
  let atual: unknown = erro;
  for (let i = 0; i < 4 && atual && typeof atual === 'object'; i++) {
    const codigo = (atual as { code?: unknown }).code;
    if (typeof codigo === 'string' && /^[0-9A-Z]{5}$/.test(codigo)) return codigo;
    atual = (atual as { cause?: unknown }).cause;
  }
  return undefined;
}

interface DbInterno {
  dialect: { sqlToQuery(consulta: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      campos: undefined,
      nome: string | undefined,
      arrays: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** Statement text -> its prepared name (few fixed texts; hashing a long text on every call is not free). */
const nomesPreparados = new Map<string, string>();

/** FNV-1a of the statement text: the same name always means the same text on a connection. */
function hashTexto(texto: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < texto.length; i++) h = Math.imul(h ^ texto.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * `consultar` as a named prepared statement on PostgreSQL: each pooled connection parses and plans the text
 * once and then only binds the values (the hot sale statements spent most of the database's time planning).
 * Only for statements whose text is fixed (values as parameters, no lists of varying length): every distinct
 * text stays prepared on each connection (a pooler in transaction mode would need prepared-statement support).
 * PGlite runs it as `consultar` does.
 */
export async function consultarPreparada(db: Db, nome: string, consulta: SQL): Promise<Linha[]> {
  const d = db as unknown as DbInterno;
  const q = d.dialect.sqlToQuery(consulta);
  let nomeFinal = nomesPreparados.get(q.sql);
  if (nomeFinal === undefined) {
    nomeFinal = `${nome}_${hashTexto(q.sql)}`;
    if (nomesPreparados.size < 1000) nomesPreparados.set(q.sql, nomeFinal);
  }
  const resultado = await d.session.prepareQuery(q, undefined, nomeFinal, false).execute();
  if (Array.isArray(resultado)) return resultado as Linha[];
  return (resultado as { rows: Linha[] }).rows;
}

/** Characters an element of an array literal escapes with a backslash. */
const A_ESCAPAR = /["\\]/;
const A_ESCAPAR_TODOS = /["\\]/g;

/**
 * A list of texts as ONE parameter (a PostgreSQL array literal, every element quoted; null stays NULL), for
 * `unnest(...)` and `= any(...)`: drizzle would spread a JS array into one parameter per element.
 */
export function arrayTexto(valores: readonly (string | null)[]): SQL {
  // Most values have nothing to escape: test first (a settlement file's insert sends 1,800,000 values; two
  // replaceAll per value cost 1.0-1.3 s of CPU there, the test 0.4-0.55 s).
  const corpo = valores
    .map((v) =>
      v === null ? 'NULL' : A_ESCAPAR.test(v) ? `"${v.replace(A_ESCAPAR_TODOS, '\\$&')}"` : `"${v}"`,
    )
    .join(',');
  return sql`${`{${corpo}}`}::text[]`;
}

/** A list of integers as ONE parameter (`{1,2,3}::bigint[]`), as `arrayTexto` does for texts. */
export function arrayBigint(valores: readonly (bigint | number | string)[]): SQL {
  return sql`${`{${valores.map((v) => BigInt(v).toString()).join(',')}}`}::bigint[]`;
}
