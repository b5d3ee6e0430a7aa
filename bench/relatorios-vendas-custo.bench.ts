// Issue 19, "the counter-sale bench within 10 % of its figure with the aggregates kept up to date": what the
// sales report aggregates cost per counter sale, measured in CPU (which the shared machine's load cannot fake)
// and in throughput, in ONE run on a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server).
// The terminals of bench/venda-balcao.bench.ts ('inteira', BENCH_TERMINAIS=50) sell in rounds of BENCH_SEGUNDOS
// (10) after 3 s of warm-up, alternately with the two report triggers disabled ("sem") and enabled ("com"),
// in ABBA order BENCH_CICLOS times (2: sem com com sem sem com com sem), so a steady drift of the database or
// of the machine cancels out. The app's own report worker drains the outbox as in production; each round ends
// when every outbox (reports, stock, finance) is empty, so the "com" rounds carry the applier's work.
// Per round: the server process's CPU (process.cpuUsage: HTTP, sale engine, workers) and the CPU of every
// PostgreSQL backend of the database (/proc/<pid>/stat), from the start of the load to the drained outboxes,
// divided by the sales created in the round; sales/s of the measured window; the load average at its end.
// BENCH_VENDAS (default 5,000) sales are generated first with `npm run seed:vendas`'s generator (as the
// previous comparison in bench/RESULTS.md), so the tables are not empty.
// Run: npx tsx bench/relatorios-vendas-custo.bench.ts
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { consultarUm } from '../apps/server/src/db/consultar.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { gerarVendas } from '../apps/server/src/seed/seed-vendas.ts';
import { cpuDoBanco, dadosDaVendaBalcao, rodarCliente } from './medir-cliente.ts';

const VENDAS = Number(process.env.BENCH_VENDAS ?? 5000);
const DURACAO_MS = Number(process.env.BENCH_SEGUNDOS ?? 10) * 1000;
const TERMINAIS = Number(process.env.BENCH_TERMINAIS ?? 50);
const CICLOS = Number(process.env.BENCH_CICLOS ?? 2);

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_relatorios_custo_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
const banco = await abrirBanco({ databaseUrl: alvo.toString() });
const db = banco.db;
const carga = () => os.loadavg().map((n) => Number(n.toFixed(1)));
const cargaInicio = carga();
let fechar: (() => Promise<void>) | undefined;
try {
  const demo = await semear(db);
  const app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe', logLevel: 'warn' },
    banco,
    logger: false,
  });
  fechar = () => app.close();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  if (VENDAS > 0)
    await gerarVendas(app, db, demo.grupoId, {
      vendas: VENDAS,
      lojas: 3,
      dias: 30,
      semente: 1,
      modelos: Number(process.env.BENCH_MODELOS ?? 20),
      // The stock worker would drain the generated sales' consumption during the rounds.
      semConsumoEstoque: true,
      log: (m) => console.error(`[seed:vendas] ${m}`),
    });
  const numero = async (consulta: ReturnType<typeof sql>) =>
    Number((await consultarUm(db, consulta))?.n ?? 0);
  const pendentes = () =>
    numero(sql`select (select count(*) from relatorio_venda_pendente) + (select count(*) from estoque_venda_pendente)
                 + (select count(*) from financeiro_pendente) as n`);
  /** Waits until the app's workers have drained every outbox (at most 5 minutes). */
  const drenar = async () => {
    const limite = performance.now() + 300_000;
    while ((await pendentes()) > 0 && performance.now() < limite)
      await new Promise((ok) => setTimeout(ok, 50));
  };
  await drenar();
  const vendasAntes = await numero(sql`select count(*) as n from venda`);
  const dados = await dadosDaVendaBalcao(app, db, demo, { conexoes: TERMINAIS, duracaoMs: DURACAO_MS });
  const gatilhos = (ligar: boolean) =>
    db.execute(
      sql.raw(
        `alter table venda ${ligar ? 'enable' : 'disable'} trigger venda_relatorio_inseridas;
         alter table venda ${ligar ? 'enable' : 'disable'} trigger venda_relatorio_status`,
      ),
    );
  const cliente = path.join(import.meta.dirname, 'venda-balcao-cliente.mjs');
  const rodadas: Record<string, unknown>[] = [];
  const ordem = Array.from({ length: CICLOS }, () => ['sem', 'com', 'com', 'sem'] as const).flat();
  for (const fase of ordem) {
    await gatilhos(fase === 'com');
    const vendas0 = await numero(sql`select count(*) as n from venda`);
    const cpu0 = process.cpuUsage();
    const banco0 = cpuDoBanco(nome);
    const t0 = performance.now();
    const r = await rodarCliente(cliente, url, { ...dados, modo: 'inteira' }, nome);
    const filaAoFim = await numero(sql`select count(*) as n from relatorio_venda_pendente`);
    await drenar();
    const cpu = process.cpuUsage(cpu0);
    const bancoS = cpuDoBanco(nome) - banco0;
    const vendas = (await numero(sql`select count(*) as n from venda`)) - vendas0;
    const porVenda = (s: number) => Math.round((s * 1000 * 1000) / Math.max(1, vendas)) / 1000;
    const servidorS = (cpu.user + cpu.system) / 1e6;
    rodadas.push({
      agregados: fase,
      vendas,
      vendasPorSegundo: r.vendasPorSegundo,
      p99Ms: r.latenciaRequisicaoP99ms,
      erros: r.erros,
      cpuServidorMsPorVenda: porVenda(servidorS),
      cpuBancoMsPorVenda: porVenda(bancoS),
      cpuTotalMsPorVenda: porVenda(servidorS + bancoS),
      cpuClienteMsPorRequisicao: r.cpuClienteMsPorRequisicao,
      filaRelatorioAoFimDaCarga: filaAoFim,
      segundos: Math.round(performance.now() - t0) / 1000,
      carga: carga(),
    });
    console.error(JSON.stringify(rodadas.at(-1)));
  }
  await gatilhos(true);
  const media = (fase: string, campo: string) => {
    const v = rodadas.filter((x) => x.agregados === fase).map((x) => Number(x[campo]));
    return v.reduce((a, b) => a + b, 0) / v.length;
  };
  const comparar = (campo: string) => {
    const sem = media('sem', campo);
    const com = media('com', campo);
    return {
      sem: Math.round(sem * 1000) / 1000,
      com: Math.round(com * 1000) / 1000,
      variacaoPercentual: Math.round(((com - sem) / sem) * 1000) / 10,
    };
  };
  console.log(
    JSON.stringify({
      bench: 'relatorios-vendas-custo',
      banco: 'postgres',
      vendasGeradas: VENDAS,
      vendasNoBancoAntes: vendasAntes,
      terminais: TERMINAIS,
      segundosPorRodada: DURACAO_MS / 1000,
      cargaInicio,
      cargaFim: carga(),
      rodadas,
      cpuTotalMsPorVenda: comparar('cpuTotalMsPorVenda'),
      cpuBancoMsPorVenda: comparar('cpuBancoMsPorVenda'),
      cpuServidorMsPorVenda: comparar('cpuServidorMsPorVenda'),
      vendasPorSegundo: comparar('vendasPorSegundo'),
    }),
  );
} finally {
  await fechar?.();
  await banco.fechar();
  for (let i = 0; i < 50; i++) {
    const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
    if (r.rows[0]?.n === 0) break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  await admin.query(`drop database ${nome} with (force)`);
  await admin.end();
}
