// Stock consumption by sale (issue 17), on a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local
// server). Two figures:
// 1. The counter sale sent whole (what the counter POS sends; bench/venda-balcao.bench.ts 'inteira') with the
//    consumption off (the outbox triggers disabled) and on (triggers + the worker draining while the terminals
//    sell), alternated off/on/off/on in this one run so both see the same machine. Aim: 'on' within 10 % of 'off'.
// 2. The worker's drain rate: every sale of the run queued again with its moves wiped, drained by
//    `processarConsumo` batches. Aim: >= 2,000 sale lines/s.
// Every product the client sells gets a 3-ingredient recipe (the can is sold as it is and controlled).
// Run: npx tsx bench/estoque-consumo.bench.ts   (BENCH_SEGUNDOS, BENCH_TERMINAIS)
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { novoId } from '../apps/server/src/lib/ids.ts';
import { processarConsumo } from '../apps/server/src/modules/estoque/consumo-venda.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { dadosDaVendaBalcao, rodarCliente } from './medir-cliente.ts';

const DURACAO_MS = Number(process.env.BENCH_SEGUNDOS ?? 10) * 1000;
const TERMINAIS = Number(process.env.BENCH_TERMINAIS ?? 50);

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_estoque_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
const banco = await abrirBanco({ databaseUrl: alvo.toString() });
const db = banco.db;
const demo = await semear(db);
const app = await construirApp({
  config: { ...lerConfig({}), webDist: '/nao-existe', logLevel: 'warn' },
  banco,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const dados = await dadosDaVendaBalcao(app, db, demo, { conexoes: TERMINAIS, duracaoMs: DURACAO_MS });
const grupo = demo.grupoId;

// Recipes: 3 ingredients per product sold (the demo's own recipes, if any, are replaced).
await db.execute(sql`update estoque_ficha_tecnica set padrao = false where grupo_empresarial_id = ${grupo}`);
const ingredientes: string[] = [];
for (let i = 0; i < 8; i++) {
  const id = novoId();
  await db.execute(
    sql`insert into produto_geral (id, grupo_empresarial_id, descricao, custo, ativo)
        values (${id}, ${grupo}, ${`Insumo bench ${i}`}, ${'2.5'}, true)`,
  );
  ingredientes.push(id);
}
for (const [n, produto] of dados.produtos.entries()) {
  const itens = [0, 1, 2].map((k) => ({
    produto: ingredientes[(n + k) % ingredientes.length],
    quantidade: (0.05 + k * 0.1).toFixed(3),
    fatorCorrecao: '1.05',
  }));
  await db.execute(
    sql`insert into estoque_ficha_tecnica (id, grupo_empresarial_id, produto_geral_id, index_receita, padrao, rendimento, itens)
        values (${novoId()}, ${grupo}, ${produto}, 900, true, 1, ${JSON.stringify(itens)}::jsonb)`,
  );
}

const gatilhos = (ligar: boolean) =>
  db.execute(
    sql.raw(
      `alter table venda ${ligar ? 'enable' : 'disable'} trigger venda_estoque_inseridas;
       alter table venda ${ligar ? 'enable' : 'disable'} trigger venda_estoque_status`,
    ),
  );
const pendentes = async () =>
  Number((await consultarUm(db, sql`select count(*)::int as n from estoque_venda_pendente`))?.n ?? 0);

const cliente = path.join(import.meta.dirname, 'venda-balcao-cliente.mjs');
const rodadas: Record<string, unknown>[] = [];
for (const fase of ['sem', 'com', 'sem', 'com'] as const) {
  await gatilhos(fase === 'com');
  const r = await rodarCliente(cliente, url, { ...dados, modo: 'inteira' }, nome);
  const fimCarga = performance.now();
  const atraso = await pendentes();
  while ((await pendentes()) > 0) await new Promise((ok) => setTimeout(ok, 50));
  rodadas.push({
    consumo: fase,
    vendasPorSegundo: r.vendasPorSegundo ?? r.requisicoesPorSegundo,
    p99Ms: r.latenciaRequisicaoP99ms,
    erros: r.erros,
    cpuServidorMsPorRequisicao: r.cpuServidorMsPorRequisicao,
    cpuBancoMsPorRequisicao: r.cpuBancoMsPorRequisicao,
    filaAoFimDaCarga: atraso,
    msParaDrenarAposCarga: Math.round(performance.now() - fimCarga),
  });
}
await app.close();

// Drain rate: requeue every ended sale with its consumption wiped, then drain in the worker's batches.
await gatilhos(false);
// The whole ledger goes, the demo's opening stock too: wiping the balances but not every move would leave
// saldo ≠ Σ moves for the can the store controls.
await db.execute(sql`delete from estoque_movimento`);
await db.execute(sql`delete from estoque_saldo`);
const [fila] = await consultar(
  db,
  sql`with v as (insert into estoque_venda_pendente (grupo_empresarial_id, empresa_id, venda_id)
                 select grupo_empresarial_id, empresa_id, id from venda where status = 59 returning venda_id)
      select count(*)::int as vendas,
             (select count(*)::int from venda_item where venda_id in (select venda_id from v)) as linhas from v`,
);
const inicio = performance.now();
while ((await processarConsumo(db)) > 0) {
  /* next batch */
}
const segundos = (performance.now() - inicio) / 1000;
const [movs] = await consultar(
  db,
  sql`select count(*)::int as n from estoque_movimento where origem_tipo = 'venda'`,
);
await banco.fechar();
for (let i = 0; i < 50; i++) {
  const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
  if (r.rows[0]?.n === 0) break;
  await new Promise((ok) => setTimeout(ok, 100));
}
await admin.query(`drop database ${nome} with (force)`);
await admin.end();

const media = (consumo: string) => {
  const v = rodadas.filter((r) => r.consumo === consumo).map((r) => Number(r.vendasPorSegundo));
  return v.reduce((a, b) => a + b, 0) / v.length;
};
console.log(
  JSON.stringify({
    bench: 'estoque-consumo-venda',
    cargaMaquina: os.loadavg().map((n) => n.toFixed(1)),
    banco: 'postgres',
    terminais: TERMINAIS,
    segundosPorRodada: DURACAO_MS / 1000,
    rodadas,
    vendaBalcaoSemConsumo: Math.round(media('sem')),
    vendaBalcaoComConsumo: Math.round(media('com')),
    variacaoPercentual: Math.round(((media('com') - media('sem')) / media('sem')) * 1000) / 10,
    drenagem: {
      vendas: fila?.vendas,
      linhasDeVenda: fila?.linhas,
      movimentosEscritos: movs?.n,
      segundos: Math.round(segundos * 100) / 100,
      linhasPorSegundo: Math.round(Number(fila?.linhas ?? 0) / segundos),
    },
  }),
);
