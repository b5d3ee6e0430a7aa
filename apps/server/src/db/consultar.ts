import type { SQL } from 'drizzle-orm';
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
