// Counter sale through the HTTP API at 50 concurrent terminals: create (Idempotency-Key) + 5 item launches
// + 2 payments (debit and cash with change) + end, i.e. 9 requests and 9 write transactions per sale, each
// recomputed by the server with the engine ('passos'); then the same sale sent whole, as the counter terminal
// and the offline queue send it: one request, one write ('inteira'). The server listens in this process; the terminals run in a child
// process (bench/venda-balcao-cliente.mjs) so they do not share its event loop. On PGlite and on a fresh
// PostgreSQL database (BENCH_DATABASE_URL, default the local server). Prints one JSON object.
// Run: npx tsx bench/venda-balcao.bench.ts   (BENCH_SEGUNDOS, BENCH_TERMINAIS to change the load; BENCH_MODOS=inteira
// or BENCH_MODOS=autocannon for one path, BENCH_MANTER_BANCO=1 to keep the PostgreSQL database for a look afterwards)
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco, type Banco } from '../apps/server/src/db/client.ts';
import { consultarUm } from '../apps/server/src/db/consultar.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { dadosDaVendaBalcao, rodarCliente } from './medir-cliente.ts';

// BENCH_SEM_RLS=1: queries keep the connecting superuser, which bypasses row-level security (the
// baseline of bench/rls-comparacao.mjs, decision 0009).
const RLS = process.env.BENCH_SEM_RLS !== '1';

const DURACAO_MS = Number(process.env.BENCH_SEGUNDOS ?? 10) * 1000;
const TERMINAIS = Number(process.env.BENCH_TERMINAIS ?? 50);

async function medir(banco: Banco, nomeBanco?: string) {
  const demo = await semear(banco.db);
  const db = banco.db;
  const app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe', logLevel: 'warn' },
    banco,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const dados = await dadosDaVendaBalcao(app, db, demo, { conexoes: TERMINAIS, duracaoMs: DURACAO_MS });
  const cliente = path.join(import.meta.dirname, 'venda-balcao-cliente.mjs');
  const modos = (process.env.BENCH_MODOS ?? 'passos,inteira,autocannon').split(',');
  const passos = modos.includes('passos')
    ? await rodarCliente(cliente, url, { ...dados, modo: 'passos' }, nomeBanco)
    : null;
  const inteira = modos.includes('inteira')
    ? await rodarCliente(cliente, url, { ...dados, modo: 'inteira' }, nomeBanco)
    : null;
  // The same whole sale under autocannon: an independent load generator for the same figures.
  const autocannon = modos.includes('autocannon')
    ? await rodarCliente(
        path.join(import.meta.dirname, 'venda-balcao-autocannon.mjs'),
        url,
        { ...dados, modo: 'inteira' },
        nomeBanco,
      )
    : null;
  const contagem = await consultarUm(
    db,
    sql`select count(*)::int as n, count(distinct numero)::int as numeros from venda where status = 59`,
  );
  await app.close();
  return {
    passos,
    inteira,
    autocannon,
    vendasEncerradasNoBanco: contagem?.n,
    numerosDistintos: contagem?.numeros,
  };
}

let resultadoPglite: unknown = null;
if (process.env.BENCH_SO_POSTGRES !== '1') {
  const pglite = await abrirBanco({ rls: RLS });
  resultadoPglite = await medir(pglite);
  await pglite.fechar();
}

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_venda_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
const postgres = await abrirBanco({ databaseUrl: alvo.toString(), rls: RLS });
const resultadoPostgres = await medir(postgres, nome);
await postgres.fechar();
// pool.end resolves before its sessions are gone: wait for them, or the forced drop kills them (57P01).
for (let i = 0; i < 50; i++) {
  const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
  if (r.rows[0]?.n === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
if (!process.env.BENCH_MANTER_BANCO) await admin.query(`drop database ${nome} with (force)`);
await admin.end();

console.log(
  JSON.stringify({
    bench: 'venda-balcao-api',
    cargaMaquina: os.loadavg().map((n) => n.toFixed(1)),
    operacao:
      'criar + 5 itens + 2 pagamentos + encerrar: passos = 9 requisições HTTP por venda, inteira = 1 requisição',
    terminais: TERMINAIS,
    segundos: DURACAO_MS / 1000,
    pglite: resultadoPglite,
    postgres: resultadoPostgres,
  }),
);
