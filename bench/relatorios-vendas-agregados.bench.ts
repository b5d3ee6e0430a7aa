// Decision 0022 (sales report aggregates): rollup tables kept by an outbox vs a materialized view vs a plain
// GROUP BY over the raw rows, on a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server).
// Data: BENCH_VENDAS sales (default 50,000) of 1-3 lines over a year in 10 stores, generated in SQL.
// Measures: the worker's cost per ended sale (incremental), a full rebuild, creating/refreshing an equivalent
// materialized view, and a month's summary of every store read from each (median of BENCH_REPETICOES).
// Run: npx tsx bench/relatorios-vendas-agregados.bench.ts
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { arrayTexto, consultar } from '../apps/server/src/db/consultar.ts';
import {
  processarAgregados,
  reconstruirAgregados,
} from '../apps/server/src/modules/relatorios-vendas/agregados.ts';
import { semear } from '../apps/server/src/seed/seed.ts';

const VENDAS = Number(process.env.BENCH_VENDAS ?? 50_000);
const LOJAS = 10;
const REPETICOES = Number(process.env.BENCH_REPETICOES ?? 7);

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_relatorios_vendas_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
const banco = await abrirBanco({ databaseUrl: alvo.toString() });
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function tempo(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return Math.round(performance.now() - t0);
}
try {
  const db = banco.db;
  const demo = await semear(db);
  const g = demo.grupoId;
  await consultar(
    db,
    sql`insert into empresa (id, grupo_empresarial_id, descricao) select substr(md5('loja' || n), 1, 24), ${g}, 'Loja ' || n
          from generate_series(1, ${LOJAS - 2}) n`,
  );
  const lojas = (
    await consultar(db, sql`select id from empresa where grupo_empresarial_id = ${g} limit ${LOJAS}`)
  ).map((x) => String(x.id));
  const produtos = (
    await consultar(db, sql`select id from produto_geral where grupo_empresarial_id = ${g} limit 20`)
  ).map((x) => String(x.id));
  const carga = await tempo(async () => {
    await consultar(
      db,
      sql`insert into venda (id, grupo_empresarial_id, empresa_id, numero, tipo_venda, status, local_pedido, operador_id,
            atendente, venda_descricao, total, sub_total, total_acrescimo, total_desconto, total_desconto_perc, troco,
            total_pago, total_troco, total_vale_compra, total_desconto_comum, total_desconto_combo, total_desconto_happy_hour,
            total_desconto_sugestao, total_acrescimo_comum, total_acrescimo_sugestao, taxa_entrega, combos_realizados, nfce,
            data)
          select substr(md5('v' || n), 1, 24), ${g}, (${arrayTexto(lojas)}::text[])[1 + (n % ${LOJAS})], 1000000 + n,
                 53 + (n % 4), 57, 68 + (n % 10), 'op' || (n % 30), jsonb_build_object('_id', 'at' || (n % 50)), 'Consumidor',
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '[]', '[]',
                 timestamptz '2025-01-01 03:00Z' + (n::double precision / ${VENDAS}) * interval '365 days'
                   + ((n * 7919) % 43200) * interval '1 second'
            from generate_series(1, ${VENDAS}) n`,
    );
    await consultar(
      db,
      sql`insert into venda_item (grupo_empresarial_id, empresa_id, venda_id, numero_item, produto_id, quantidade,
            preco_venda, preco_custo, valor_bruto, valor_liquido, acrescimo, acrescimo_sugestao, desconto, desconto_combo,
            desconto_happy_hour, desconto_sugestao, desconto_personalizado, desconto_geral, confirmado, pizza, cancelado,
            data, combo_ativo, existe_posicao_pago, promocao_ativo)
          select v.grupo_empresarial_id, v.empresa_id, v.id, k, (${arrayTexto(produtos)}::text[])[1 + ((v.numero + k) % ${produtos.length})],
                 1 + (k % 2), 10 + (v.numero % 40), 4, (1 + (k % 2)) * (10 + (v.numero % 40)),
                 (1 + (k % 2)) * (10 + (v.numero % 40)), 0, 0, 0, 0, 0, 0, 0, 0, true, false, false, v.data, false, false, false
            from venda v cross join lateral generate_series(1, 1 + (v.numero % 3)) k where v.numero > 1000000`,
    );
    await consultar(
      db,
      sql`update venda v set sub_total = s.b, total = s.b from (select venda_id, sum(valor_bruto) b from venda_item group by 1) s
           where s.venda_id = v.id`,
    );
    await consultar(db, sql`analyze`);
  });
  // Incremental: every sale ends (the triggers fill the outbox), the worker drains it.
  const fim = await tempo(() =>
    consultar(
      db,
      sql`update venda set status = 59, encerrada_em = data + interval '25 minutes' where numero > 1000000`,
    ),
  );
  const drenagem = await tempo(async () => {
    while ((await processarAgregados(db)) > 0) {
      /* next batch */
    }
  });
  const reconstrucao = await tempo(() => reconstruirAgregados(db, g));
  const linhasHora = (await consultar(db, sql`select count(*)::int n from relatorio_venda_hora`))[0]?.n;
  const linhasProduto = (await consultar(db, sql`select count(*)::int n from relatorio_venda_produto_dia`))[0]
    ?.n;
  // The materialized view the rollup would be replaced by (same grain, sale-level sums).
  const criarVisao = await tempo(() =>
    consultar(
      db,
      sql`create materialized view mv_venda_hora as
          select v.grupo_empresarial_id, v.empresa_id, ((coalesce(v.encerrada_em, v.data) at time zone 'UTC') - interval '3 hours')::date dia,
                 extract(hour from (coalesce(v.encerrada_em, v.data) at time zone 'UTC') - interval '3 hours')::int hora,
                 v.status, v.tipo_venda, coalesce(v.local_pedido, 0) origem, coalesce(v.terminal_id, '') terminal_id,
                 coalesce(v.operador_id, '') operador_id, coalesce(v.atendente->>'_id', '') atendente_id,
                 count(*) vendas, sum(v.total) total
            from venda v where v.status in (59, 60, 61) group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
    ),
  );
  await consultar(
    db,
    sql`create unique index on mv_venda_hora (grupo_empresarial_id, empresa_id, dia, hora, status, tipo_venda, origem, terminal_id, operador_id, atendente_id)`,
  );
  const refresh = await tempo(() => consultar(db, sql`refresh materialized view concurrently mv_venda_hora`));
  // One more sale ended: what keeping each up to date costs per sale.
  const umaVenda = await tempo(async () => {
    await consultar(db, sql`update venda set status = 60 where numero = 1000001`);
    await processarAgregados(db);
  });
  // A month of every store, by store and day.
  const mes = async (f: () => Promise<unknown>) => {
    const xs: number[] = [];
    for (let i = 0; i < REPETICOES; i++) xs.push(await tempo(f));
    return mediana(xs);
  };
  const resumoAgregado = await mes(() =>
    consultar(
      db,
      sql`select empresa_id, dia, sum(vendas), sum(total) from relatorio_venda_hora
           where grupo_empresarial_id = ${g} and empresa_id = any(${arrayTexto(lojas)}::text[])
             and dia between '2025-06-01' and '2025-06-30' and status = 59 group by 1, 2`,
    ),
  );
  const resumoVisao = await mes(() =>
    consultar(
      db,
      sql`select empresa_id, dia, sum(vendas), sum(total) from mv_venda_hora
           where grupo_empresarial_id = ${g} and dia between '2025-06-01' and '2025-06-30' and status = 59 group by 1, 2`,
    ),
  );
  const resumoBruto = await mes(() =>
    consultar(
      db,
      sql`select empresa_id, ((coalesce(encerrada_em, data) at time zone 'UTC') - interval '3 hours')::date, count(*), sum(total)
            from venda where grupo_empresarial_id = ${g} and empresa_id = any(${arrayTexto(lojas)}::text[])
             and coalesce(encerrada_em, data) >= '2025-06-01 03:00Z' and coalesce(encerrada_em, data) < '2025-07-01 03:00Z'
             and status = 59 group by 1, 2`,
    ),
  );
  const produtosAgregado = await mes(() =>
    consultar(
      db,
      sql`select produto_id, sum(quantidade), sum(liquido) from relatorio_venda_produto_dia
           where grupo_empresarial_id = ${g} and dia between '2025-06-01' and '2025-06-30' and status = 59 group by 1`,
    ),
  );
  const produtosBruto = await mes(() =>
    consultar(
      db,
      sql`select i.produto_id, sum(i.quantidade), sum(i.valor_liquido) from venda_item i join venda v on v.id = i.venda_id
           where v.grupo_empresarial_id = ${g} and coalesce(v.encerrada_em, v.data) >= '2025-06-01 03:00Z'
             and coalesce(v.encerrada_em, v.data) < '2025-07-01 03:00Z' and v.status = 59 and not i.cancelado group by 1`,
    ),
  );
  console.log(
    JSON.stringify(
      {
        vendas: VENDAS,
        cargaMs: carga,
        encerrarTodasMs: fim,
        drenagemMs: drenagem,
        drenagemPorVendaMs: Number((drenagem / VENDAS).toFixed(3)),
        reconstrucaoMs: reconstrucao,
        linhasHora,
        linhasProduto,
        criarVisaoMaterializadaMs: criarVisao,
        refreshVisaoMaterializadaMs: refresh,
        umaVendaIncrementalMs: umaVenda,
        mesTodasLojasMs: {
          agregado: resumoAgregado,
          visaoMaterializada: resumoVisao,
          groupByBruto: resumoBruto,
        },
        mesProdutosMs: { agregado: produtosAgregado, groupByBruto: produtosBruto },
      },
      null,
      2,
    ),
  );
} finally {
  await banco.fechar();
  await new Promise((r) => setTimeout(r, 500));
  await admin
    .query(`drop database ${nome}`)
    .catch((e: Error) => console.error(`banco ${nome} não removido: ${e.message}`));
  await admin.end();
}
