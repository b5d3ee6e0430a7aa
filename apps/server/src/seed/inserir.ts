import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultar } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';

// One demo row into a table by its column names (seed only): `_ids` arrays as text[], objects as jsonb.

export type Valor = string | number | boolean | null | object;

export async function inserir(db: Db, tabela: string, linha: Record<string, Valor>): Promise<string> {
  const id = typeof linha.id === 'string' ? linha.id : novoId();
  const completa: Record<string, Valor> = { ...linha, id };
  const colunas = Object.keys(completa);
  const valores = colunas.map((c) => {
    const v = completa[c];
    if (v === null || v === undefined) return sql`null`;
    if (Array.isArray(v) && c.endsWith('_ids')) return sql`${`{${v.join(',')}}`}::text[]`;
    if (typeof v === 'object') return sql`${JSON.stringify(v)}::jsonb`;
    return sql`${v}`;
  });
  await consultar(
    db,
    sql`insert into ${sql.identifier(tabela)} (${sql.join(
      colunas.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(valores, sql`, `)})`,
  );
  return id;
}
