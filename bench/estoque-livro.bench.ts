// The stock ledger's reads at chain scale (issue 17), on a fresh PostgreSQL database (BENCH_DATABASE_URL,
// default the local server), through the HTTP API as the back office calls it:
// - kardex of one product with 1,000,000 moves in the store: first page (50 rows) and a deep page; aim p99 < 200 ms;
// - stock position of 20,000 products × 10 stores with values (first page of 100 + totals); aim < 500 ms;
// - writing: a 500-line manual exit document, and back-dated moves in a product with 1,000,000 later-free moves.
// Run: npx tsx bench/estoque-livro.bench.ts   (BENCH_MOVIMENTOS, BENCH_PRODUTOS, BENCH_LOJAS to change the sizes)
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { consultarUm } from '../apps/server/src/db/consultar.ts';
import { novoId } from '../apps/server/src/lib/ids.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';

const MOVIMENTOS = Number(process.env.BENCH_MOVIMENTOS ?? 1_000_000);
const PRODUTOS = Number(process.env.BENCH_PRODUTOS ?? 20_000);
const LOJAS = Number(process.env.BENCH_LOJAS ?? 10);
const REPETICOES = 200;

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_estoque_livro_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
const banco = await abrirBanco({ databaseUrl: alvo.toString() });
const db = banco.db;
const demo = await semear(db);
const grupo = demo.grupoId;
const loja = demo.empresas.centro;

// Data: extra stores and products, a position row per (store, product), and one product's long history.
const t0 = performance.now();
await db.execute(
  sql`insert into empresa (id, grupo_empresarial_id, descricao, nome_fantasia)
      select substr(md5('loja' || g), 1, 24), ${grupo}, 'Loja bench ' || g, 'Loja bench ' || g
        from generate_series(1, ${LOJAS - 1}) g`,
);
await db.execute(
  sql`insert into produto_geral (id, grupo_empresarial_id, descricao, custo, ativo)
      select substr(md5('prod' || g), 1, 24), ${grupo}, 'Produto bench ' || lpad(g::text, 6, '0'), 3.5, true
        from generate_series(1, ${PRODUTOS}) g`,
);
await db.execute(
  sql`insert into estoque_saldo (grupo_empresarial_id, empresa_id, produto_id, quantidade, custo_medio, ultimo_custo, ultima_data, ultimo_seq)
      select ${grupo}, e.id, p.id, (random() * 100)::numeric(20, 6), (1 + random() * 20)::numeric(20, 6), 4, now(), 0
        from empresa e cross join produto_geral p
       where e.grupo_empresarial_id = ${grupo} and (e.id = ${loja} or e.descricao like 'Loja bench %')
         and p.descricao like 'Produto bench %'`,
);
const produtoLongo = (
  await consultarUm(db, sql`select id from produto_geral where descricao = 'Produto bench 000001'`)
)?.id as string;
// 1,000,000 moves alternating entries and exits over a year; the running figures are consistent.
await db.execute(
  sql`insert into estoque_movimento (id, grupo_empresarial_id, empresa_id, produto_id, data, seq, tipo, quantidade,
        custo_informado, custo_unitario, valor, saldo_apos, custo_medio_apos, origem_tipo, origem_id)
      select substr(md5('mov' || g), 1, 24), ${grupo}, ${loja}, ${produtoLongo},
             now() - interval '365 days' + (g * interval '31 seconds'), g,
             case when g % 2 = 0 then 1 else 8 end,
             case when g % 2 = 0 then 2 else -1 end, g % 2 = 0, 5, case when g % 2 = 0 then 10 else -5 end,
             (g / 2)::numeric + 1, 5, case when g % 2 = 0 then 'entrada' else 'venda' end, substr(md5('doc' || g), 1, 24)
        from generate_series(1, ${MOVIMENTOS}) g`,
);
await db.execute(sql`select setval(pg_get_serial_sequence('estoque_movimento', 'seq'), ${MOVIMENTOS + 1})`);
await db.execute(
  sql`update estoque_saldo set quantidade = ${Math.floor(MOVIMENTOS / 2) + 1}, custo_medio = 5,
        ultima_data = now() - interval '365 days' + (${MOVIMENTOS} * interval '31 seconds'), ultimo_seq = ${MOVIMENTOS}
       where empresa_id = ${loja} and produto_id = ${produtoLongo}`,
);
await db.execute(sql`analyze`);
const carga = Math.round(performance.now() - t0);

const app = await construirApp({
  config: { ...lerConfig({}), webDist: '/nao-existe', logLevel: 'warn' },
  banco,
  logger: false,
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'admin@exemplo.com.br', senha: sha256Hex('admin123'), grupoEmpresarial: grupo },
});
const token = (login.json() as { data: { token: string } }).data.token;

async function medir(url: string, vezes = REPETICOES) {
  const tempos: number[] = [];
  let corpo: unknown;
  for (let i = 0; i < vezes; i++) {
    const t = performance.now();
    const r = await app.inject({ method: 'GET', url, headers: { token } });
    tempos.push(performance.now() - t);
    corpo = r.json();
    if (!(corpo as { valido: boolean }).valido) throw new Error(r.body);
  }
  tempos.sort((a, b) => a - b);
  const p = (q: number) =>
    Math.round(tempos[Math.min(tempos.length - 1, Math.floor((q / 100) * tempos.length))]! * 10) / 10;
  return { p50Ms: p(50), p99Ms: p(99), corpo };
}

const primeira = await medir(`/api/estoque/kardex?empresa=${loja}&produto=${produtoLongo}&limite=50`);
const cursorMeio = `${new Date(Date.now() - 180 * 86_400_000).toISOString()}|${Math.floor(MOVIMENTOS / 2)}`;
const meio = await medir(
  `/api/estoque/kardex?empresa=${loja}&produto=${produtoLongo}&limite=50&antesDe=${encodeURIComponent(cursorMeio)}`,
);
const lojas = [
  loja,
  ...(await db.execute(sql`select id from empresa where descricao like 'Loja bench %'`)).rows.map((r) =>
    String((r as { id: unknown }).id),
  ),
];
const posicao = await medir(
  `/api/estoque/posicao?${lojas.map((e) => `empresa=${e}`).join('&')}&limite=100`,
  30,
);
const busca = await medir(
  `/api/estoque/posicao?${lojas.map((e) => `empresa=${e}`).join('&')}&limite=100&busca=bench 0199`,
  30,
);

// Writes: a 500-line manual exit document, and a back-dated exit in the long product (recomputes later moves).
const itens = (
  await db.execute(
    sql`select id from produto_geral where descricao like 'Produto bench %' order by descricao limit 500`,
  )
).rows.map((r) => ({ produto: String((r as { id: unknown }).id), quantidade: '0.5' }));
await db.execute(
  sql`update empresa set configuracoes_estoque = '{"permitirEstoqueNegativo": true}'::jsonb where id = ${loja}`,
);
const t1 = performance.now();
const saida = await app.inject({
  method: 'POST',
  url: '/api/estoque/saidaManual',
  headers: { token },
  payload: { _id: novoId(), empresa: loja, motivo: 'perda', itens },
});
const saida500Ms = Math.round(performance.now() - t1);
if (!(saida.json() as { valido: boolean }).valido) throw new Error(saida.body);
const t2 = performance.now();
const retro = await app.inject({
  method: 'POST',
  url: '/api/estoque/saidaManual',
  headers: { token },
  payload: {
    _id: novoId(),
    empresa: loja,
    motivo: 'perda',
    data: new Date(Date.now() - 86_400_000 * 0.5).toISOString(),
    itens: [{ produto: itens[1]!.produto, quantidade: '1' }],
  },
});
const retroativoMs = Math.round(performance.now() - t2);
if (!(retro.json() as { valido: boolean }).valido) throw new Error(retro.body);

await app.close();
await banco.fechar();
for (let i = 0; i < 50; i++) {
  const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
  if (r.rows[0]?.n === 0) break;
  await new Promise((ok) => setTimeout(ok, 100));
}
await admin.query(`drop database ${nome} with (force)`);
await admin.end();

console.log(
  JSON.stringify({
    bench: 'estoque-livro',
    cargaMaquina: os.loadavg().map((n) => n.toFixed(1)),
    banco: 'postgres',
    movimentosDoProduto: MOVIMENTOS,
    saldos: PRODUTOS * LOJAS,
    msParaCarregarDados: carga,
    kardexPrimeiraPagina: { p50Ms: primeira.p50Ms, p99Ms: primeira.p99Ms, objetivoP99Ms: 200 },
    kardexPaginaNoMeio: { p50Ms: meio.p50Ms, p99Ms: meio.p99Ms },
    posicao20milX10Lojas: { p50Ms: posicao.p50Ms, p99Ms: posicao.p99Ms, objetivoMs: 500 },
    posicaoComBusca: { p50Ms: busca.p50Ms, p99Ms: busca.p99Ms },
    saidaManual500LinhasMs: saida500Ms,
    saidaRetroativaMs: retroativoMs,
  }),
);
