// Runs one measurement on the embedded PGlite and then on a fresh database of the local PostgreSQL server
// (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres), dropping it afterwards.
// BENCH_SO_POSTGRES=1: PostgreSQL only.
import pg from 'pg';
import { abrirBanco, type Banco } from '../apps/server/src/db/client.ts';

// BENCH_SEM_RLS=1: queries keep the connecting superuser, which bypasses row-level security (the
// baseline of bench/rls-comparacao.mjs, decision 0009).
const RLS = process.env.BENCH_SEM_RLS !== '1';

export async function medirNosDoisBancos<T>(
  medir: (banco: Banco) => Promise<T>,
): Promise<{ pglite: T | null; postgres: T }> {
  // BENCH_SO_POSTGRES=1 skips the embedded database (quicker runs while profiling the PostgreSQL path).
  let pglite: T | null = null;
  if (process.env.BENCH_SO_POSTGRES !== '1') {
    const embutido = await abrirBanco({ rls: RLS });
    pglite = await medir(embutido);
    await embutido.fechar();
    console.error(JSON.stringify({ pglite }));
  }

  const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const nome = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${nome}`);
  const alvo = new URL(base);
  alvo.pathname = `/${nome}`;
  const servidor = await abrirBanco({ databaseUrl: alvo.toString(), rls: RLS });
  const postgres = await medir(servidor);
  console.error(JSON.stringify({ postgres }));
  await servidor.fechar();
  // Without force: a session still closing would be killed and its pool would throw (57P01) in this process.
  await new Promise((r) => setTimeout(r, 500));
  await admin
    .query(`drop database ${nome}`)
    .catch((e: Error) => console.error(`banco ${nome} não removido: ${e.message}`));
  await admin.end();
  return { pglite, postgres };
}
