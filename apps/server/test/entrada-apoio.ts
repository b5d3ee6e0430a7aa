import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import type { AppTeste, Resposta } from './app-teste.ts';

// Helpers of the bad-input tests (issue 14 point 8): a fingerprint of every row of the database, and the
// shape of a refusal.

/**
 * Every table of the schema, each as its row count and the sum of its rows' hashes (no sort: cheap enough to
 * take after every request): a refused input must leave it identical.
 * Migration bookkeeping and the failed-attempt counters of the login (limite_tentativa) are left out.
 */
export async function fotografoDoBanco(t: AppTeste): Promise<() => Promise<string>> {
  const tabelas = (
    await consultar(
      t.banco.db,
      sql`select table_name as nome from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name not like '%migrations%' and table_name <> 'limite_tentativa'
          order by table_name`,
    )
  ).map((l) => String(l.nome));
  // Each table as `name:md5` (a difference names the table that changed).
  const partes = tabelas.map(
    (tabela) =>
      sql`${`${tabela}:`} || (select count(*)::text || '/' || coalesce(sum(hashtext(x::text)::bigint), 0)::text from ${sql.identifier(tabela)} x)`,
  );
  // A function takes at most 100 arguments and the schema has more tables: concat_ws of chunks of 90.
  const blocos = [];
  for (let i = 0; i < partes.length; i += 90)
    blocos.push(sql`concat_ws(' ', ${sql.join(partes.slice(i, i + 90), sql`, `)})`);
  const consulta = sql`select concat_ws(' ', ${sql.join(blocos, sql`, `)}) as d`;
  return async () => String((await consultarUm(t.banco.db, consulta))?.d);
}

/**
 * Waits until the database stops changing (a sale's kitchen lines are written after its answer), so the
 * first fingerprint of a test is not taken in the middle of an earlier request's work.
 */
export async function aguardarBancoParado(foto: () => Promise<string>): Promise<string> {
  let anterior = await foto();
  for (let i = 0; i < 50; i++) {
    await new Promise((ok) => setTimeout(ok, 100));
    const atual = await foto();
    if (atual === anterior) return atual;
    anterior = atual;
  }
  throw new Error('o banco não parou de mudar');
}

// What a message must never show: the database's or a library's own words, or the unknown-error text.
const VAZAMENTO =
  /Erro Não Catalogado|invalid input|syntax|violates|out of range|overflow|unsupported|bind message|Expected|Received|Too (big|small)|Invalid|SQL|stack|at \w+ \(/;

/** True when a message leaks an internal text (a driver's, zod's English, a stack...). */
export function vaza(mensagem: unknown): boolean {
  return typeof mensagem !== 'string' || VAZAMENTO.test(mensagem);
}

/** A clear pt-BR refusal naming the field: HTTP 200, `valido: false`, the field in the message, no leak. */
export function esperarRecusa(r: Resposta, campo: RegExp | string): string {
  const mensagem = r.corpo.data?.message;
  expect(r.status, JSON.stringify(r.corpo)).toBe(200);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(false);
  expect(typeof mensagem).toBe('string');
  expect(mensagem).toMatch(campo);
  expect(vaza(mensagem), String(mensagem)).toBe(false);
  return String(mensagem);
}
