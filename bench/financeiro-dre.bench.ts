// The DRE by the chart of accounts at chain scale (issue 18: "DRE of a year over 1,000,000 movements < 1 s"), on a
// fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server), through the HTTP API as the screen calls
// it: a year, every store (10), consolidated with the per-store and per-month figures, in both bases, and the year
// compared with the one before. Data: 1,000,000 account movements over the year (80% without a title — cash
// closings, PIX, differences, adjustments under leaf nodes —, 10% transfers, 10% settlements), 200,000 titles by
// competence and 100,000 settlements.
// Run: npx tsx bench/financeiro-dre.bench.ts   (BENCH_MOVIMENTOS, BENCH_TITULOS, BENCH_LOJAS to change the sizes)
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { arrayTexto } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';

const MOVIMENTOS = Number(process.env.BENCH_MOVIMENTOS ?? 1_000_000);
const TITULOS = Number(process.env.BENCH_TITULOS ?? 200_000);
const LOJAS = Number(process.env.BENCH_LOJAS ?? 10);
const REPETICOES = Number(process.env.BENCH_REPETICOES ?? 7);

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_financeiro_dre_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
let banco: Awaited<ReturnType<typeof abrirBanco>> | undefined;
try {
  banco = await abrirBanco({ databaseUrl: alvo.toString() });
  const db = banco.db;
  const demo = await semear(db);
  const grupo = demo.grupoId;
  const ANO = '2025';

  const t0 = performance.now();
  await db.execute(
    sql`insert into empresa (id, grupo_empresarial_id, descricao, nome_fantasia)
        select substr(md5('loja' || g), 1, 24), ${grupo}, 'Loja bench ' || g, 'Loja bench ' || g
          from generate_series(1, ${LOJAS - 2}) g`,
  );
  const lojas = (
    await db.execute(
      sql`select id from empresa where grupo_empresarial_id = ${grupo}
           and (id in (${demo.empresas.centro}, ${demo.empresas.shopping}) or descricao like 'Loja bench %')`,
    )
  ).rows.map((r) => String((r as { id: unknown }).id));
  // One account per store; the leaf nodes of the chart the money falls under.
  await db.execute(
    sql`insert into financeiro_conta (id, grupo_empresarial_id, empresa_id, descricao, tipo)
        select substr(md5('conta' || e), 1, 24), ${grupo}, e, 'Conta bench', 'banco' from unnest(${arrayTexto(lojas)}) e`,
  );
  await db.execute(sql`create temp table folhas as
    select row_number() over (order by codigo) - 1 as i, id, natureza from financeiro_plano_conta p
     where grupo_empresarial_id = ${grupo} and lixo = false
       and not exists (select 1 from financeiro_plano_conta f where f.financeiro_plano_conta_pai_id = p.id)`);
  await db.execute(
    sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, plano_conta_id, valor,
          taxa, valor_pago, competencia, vencimento, status)
        select substr(md5('tit' || g), 1, 24), ${grupo}, l.e, case when f.natureza = 'Receita' then 'receber' else 'pagar' end,
               'Título bench', f.id, (10 + g % 5000)::numeric / 10, case when g % 3 = 0 then 2.5 else 0 end,
               case when g % 2 = 0 then (10 + g % 5000)::numeric / 10 else 0 end,
               ${`${ANO}-01-01`}::date + (g % 365), ${`${ANO}-01-01`}::date + (g % 365) + 30,
               case when g % 2 = 0 then 3 when g % 17 = 0 then 4 else 1 end
          from generate_series(1, ${TITULOS}) g
          join lateral (select ${sql.raw(`(array['${lojas.join("','")}'])`)}[1 + g % ${lojas.length}] as e) l on true
          join folhas f on f.i = g % (select count(*) from folhas)`,
  );
  await db.execute(
    sql`insert into financeiro_baixa (id, grupo_empresarial_id, empresa_id, titulo_id, operacao_id, conta_id, data, valor,
          juros, desconto, taxa, titulo_tipo, plano_conta_id, plano_conta_taxa_id)
        select substr(md5('bx' || t.id), 1, 24), t.grupo_empresarial_id, t.empresa_id, t.id, t.id,
               substr(md5('conta' || t.empresa_id), 1, 24), t.vencimento - 10, t.valor,
               case when t.valor > 300 then 1.5 else 0 end, case when t.valor < 50 then 0.5 else 0 end, t.taxa,
               t.tipo, t.plano_conta_id, t.plano_conta_taxa_id
          from financeiro_titulo t where t.grupo_empresarial_id = ${grupo} and t.status = 3`,
  );
  await db.execute(
    sql`insert into financeiro_movimentacao (id, grupo_empresarial_id, empresa_id, conta_id, data, seq, valor, saldo_atual,
          plano_conta_id, descricao, origem_tipo, titulo_id)
        select substr(md5('mov' || g), 1, 24), ${grupo}, l.e, substr(md5('conta' || l.e), 1, 24),
               ${`${ANO}-01-01`}::date + (g % 365), g,
               case when f.natureza = 'Receita' then 1 else -1 end * (1 + g % 900)::numeric / 4, 0,
               case when g % 10 < 8 then f.id end, 'Movimento bench',
               case when g % 10 = 8 then 'transferencia' when g % 10 = 9 then 'baixa'
                    when g % 3 = 0 then 'pix' else 'fechamentoCaixa' end,
               case when g % 10 = 9 then substr(md5('tit' || g), 1, 24) end
          from generate_series(1, ${MOVIMENTOS}) g
          join lateral (select ${sql.raw(`(array['${lojas.join("','")}'])`)}[1 + g % ${lojas.length}] as e) l on true
          join folhas f on f.i = g % (select count(*) from folhas)`,
  );
  await db.execute(
    sql`select setval(pg_get_serial_sequence('financeiro_movimentacao', 'seq'), ${MOVIMENTOS + 1})`,
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

  async function medir(rota: string, corpo: Record<string, unknown>) {
    const tempos: number[] = [];
    let resultado = '';
    for (let i = 0; i < REPETICOES; i++) {
      const t = performance.now();
      const r = await app.inject({
        method: 'POST',
        url: `/api/relatorio/${rota}`,
        headers: { token },
        payload: { empresas: lojas, dataInicio: `${ANO}-01-01`, dataFim: `${ANO}-12-31`, ...corpo },
      });
      tempos.push(performance.now() - t);
      const j = r.json() as { valido: boolean; data: { resultadoLiquido: string } };
      if (!j.valido) throw new Error(r.body);
      resultado = j.data.resultadoLiquido;
    }
    tempos.sort((a, b) => a - b);
    const ms = (v: number) => Math.round(v * 10) / 10;
    // The first run warms the plan cache and the pages: the median and the worst of the rest.
    return {
      p50Ms: ms(tempos[Math.floor(tempos.length / 2)]!),
      maxMs: ms(tempos.at(-1)!),
      resultadoLiquido: resultado,
    };
  }

  const competencia = await medir('financeiroPlanoDeContas', { regime: 'competencia' });
  const caixa = await medir('financeiroPlanoDeContas', { regime: 'caixa' });
  const caixaComparado = await medir('financeiroPlanoDeContas', { regime: 'caixa', comparar: true });
  const meses = await medir('financeiroPlanoDeContasTeste', { regime: 'competencia' });

  await app.close();
  console.log(
    JSON.stringify({
      bench: 'financeiro-dre',
      cargaMaquina: os.loadavg().map((n) => n.toFixed(1)),
      banco: 'postgres',
      movimentos: MOVIMENTOS,
      titulos: TITULOS,
      lojas: lojas.length,
      msParaCarregarDados: carga,
      objetivoMs: 1000,
      anoCompetencia: competencia,
      anoCaixa: caixa,
      anoCaixaComparadoAoAnterior: caixaComparado,
      anoPorMesCompetencia: meses,
    }),
  );
} finally {
  await banco?.fechar();
  for (let i = 0; i < 50; i++) {
    const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
    if (r.rows[0]?.n === 0) break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  await admin.query(`drop database ${nome} with (force)`);
  await admin.end();
}
