// The receivables calendar and the settlement-file import at chain scale (issue 18), on a fresh PostgreSQL
// database (BENCH_DATABASE_URL, default the local server), through the HTTP API as the screen calls it:
// - calendar of one month for 10 stores fed by a year of card payments (~3,000,000 card receivables); aim p99 < 300 ms;
// - a settlement file of 100,000 lines imported, matched and settled; aim < 10 s.
// Data with INSERT ... SELECT generate_series (never row by row).
// Run: npx tsx bench/financeiro-calendario.bench.ts   (BENCH_TITULOS, BENCH_LINHAS, BENCH_LOJAS to change the sizes)
import os from 'node:os';
import { CABECALHO_EXTRATO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { planoPorChave } from '../apps/server/src/modules/financeiro/cadastros-padrao.ts';
import { semear } from '../apps/server/src/seed/seed.ts';

const TITULOS = Number(process.env.BENCH_TITULOS ?? 3_000_000);
const LINHAS = Number(process.env.BENCH_LINHAS ?? 100_000);
const LOJAS = Number(process.env.BENCH_LOJAS ?? 10);
const REPETICOES = 100;
const cargaAntes = os.loadavg().map((n) => n.toFixed(1));
// A year of sales ending here; the month measured is in its middle (receivables due from every kind of sale).
const INICIO = '2025-01-01';
const MES = '2025-08';

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_financeiro_calendario_${Date.now()}`;
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

const t0 = performance.now();
// Nine more stores, each with its Cielo; the finance clerk works in all ten.
await db.execute(
  sql`insert into empresa (id, grupo_empresarial_id, descricao, nome_fantasia)
      select substr(md5('loja' || g), 1, 24), ${grupo}, 'Loja bench ' || g, 'Loja bench ' || g
        from generate_series(1, ${LOJAS - 1}) g`,
);
await db.execute(
  sql`insert into operadora (id, grupo_empresarial_id, empresa_id, descricao)
      select substr(md5('op' || e.id), 1, 24), ${grupo}, e.id, 'Cielo'
        from empresa e where e.descricao like 'Loja bench %'`,
);
const perfil = (
  await consultarUm(
    db,
    sql`select acessos->0->>'acessoSistema' as p from usuario where email = 'financeiro@exemplo.com.br'`,
  )
)?.p as string;
await db.execute(
  sql`update usuario set acessos = (
        select jsonb_agg(jsonb_build_object('empresa', e.id, 'acessoSistema', ${perfil}::text))
          from empresa e where e.grupo_empresarial_id = ${grupo} and (e.id = ${loja} or e.descricao like 'Loja bench %'))
      where email = 'financeiro@exemplo.com.br'`,
);
const lojas = (
  await consultar(
    db,
    sql`select e.id, o.id as operadora from empresa e join operadora o on o.empresa_id = e.id and o.descricao = 'Cielo'
         where e.grupo_empresarial_id = ${grupo} and (e.id = ${loja} or e.descricao like 'Loja bench %') order by e.id`,
  )
).map((l) => ({ empresa: String(l.id), operadora: String(l.operadora) }));
const receita = await planoPorChave(db, grupo, 'receitaVendas');
const taxa = await planoPorChave(db, grupo, 'taxasCartao');
const empresasSql = `{${lojas.map((l) => l.empresa).join(',')}}`;
const operadorasSql = `{${lojas.map((l) => l.operadora).join(',')}}`;

// A year of card payments: a third debit (D+1), the rest credit in 1..4 instalments every 30 days from D+30; those
// due before the last month already settled. Payment g, instalment p: sale day g % 365, store g % LOJAS.
await db.execute(
  sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, operadora_id, plano_conta_id,
        plano_conta_taxa_id, valor, taxa, valor_pago, competencia, vencimento, parcela, parcelas, lote, status, nsu,
        autorizacao, data_venda, origem_tipo, origem_id)
      select substr(md5('tit' || g), 1, 24), ${grupo}, (${empresasSql}::text[])[1 + g % ${LOJAS}], 'receber',
             'Cartão - venda bench', (${operadorasSql}::text[])[1 + g % ${LOJAS}], ${receita}, ${taxa},
             v.valor, round(v.valor * 0.0309, 2), case when v.venc < date '2025-12-01' then v.valor else 0 end,
             v.venda, v.venc, 1, 1, md5('pg' || g), case when v.venc < date '2025-12-01' then 3 else 1 end,
             (1000000 + g)::text, null, v.venda, 'pagamento', md5('pg' || g)
        from generate_series(1, ${TITULOS}) g,
             lateral (select (${INICIO}::date + (g % 365)) as venda, (10 + (g::bigint * 7919) % 29000) / 100.0 as valor) b,
             lateral (select b.venda, b.valor::numeric(18, 2) as valor,
                             b.venda + case when g % 3 = 0 then 1 else 30 * (1 + g % 4) end as venc) v`,
);
await db.execute(sql`vacuum analyze financeiro_titulo`);
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
  payload: { email: 'financeiro@exemplo.com.br', senha: sha256Hex('financeiro123'), grupoEmpresarial: grupo },
});
const token = (login.json() as { data: { token: string } }).data.token;

async function medir(url: string, payload: unknown, vezes = REPETICOES) {
  const tempos: number[] = [];
  let corpo: unknown;
  for (let i = 0; i < vezes; i++) {
    const t = performance.now();
    const r = await app.inject({ method: 'POST', url, headers: { token }, payload: payload as object });
    tempos.push(performance.now() - t);
    corpo = r.json();
    if (!(corpo as { valido: boolean }).valido) throw new Error(r.body);
  }
  tempos.sort((a, b) => a - b);
  const p = (q: number) =>
    Math.round(tempos[Math.min(tempos.length - 1, Math.floor((q / 100) * tempos.length))]! * 10) / 10;
  return { p50Ms: p(50), p99Ms: p(99), corpo };
}

const empresas = lojas.map((l) => l.empresa);
const mes = await medir('/api/financeiro/calendario', { empresas, mes: MES, visao: 'receber' });
// Before migration financeiro 0006 the month was one grouped read of the titles themselves (the (group, store,
// type, due date) index, then each title's row): the same query, straight on the database, for comparison.
const lidoDosTitulos: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  await db.execute(
    sql`select t.vencimento, t.operadora_id, count(*)::int as quantidade, sum(t.valor) as bruto, sum(t.taxa) as taxa,
               sum(case when t.valor_pago = 0 then 0
                        else t.valor_pago - round(t.taxa * t.valor_pago / t.valor, 2) end) as realizado
          from financeiro_titulo t
         where t.grupo_empresarial_id = ${grupo} and t.empresa_id = any(${`{${empresas.join(',')}}`}::text[])
           and t.tipo = 'receber' and t.operadora_id is not null
           and t.vencimento between ${`${MES}-01`}::date and ${`${MES}-31`}::date and t.status <> 4
         group by t.vencimento, t.operadora_id`,
  );
  lidoDosTitulos.push(performance.now() - t);
}
lidoDosTitulos.sort((a, b) => a - b);
const titulosNoMes = (mes.corpo as { data: { total: { quantidade: number } } }).data.total.quantidade;
const dia = await medir(
  '/api/financeiro/calendario/dia',
  { empresas: [loja], data: `${MES}-15`, visao: 'receber' },
  30,
);

// Settlement file: LINHAS open receivables of one store's Cielo due in December 2025, and the acquirer's file
// paying them (1% short by 0.10, 1% missing, plus 1% unknown lines).
const op = lojas.find((l) => l.empresa === loja)!.operadora;
await db.execute(
  sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, operadora_id, plano_conta_id,
        plano_conta_taxa_id, valor, taxa, competencia, vencimento, parcela, parcelas, lote, status, nsu, autorizacao,
        data_venda, origem_tipo, origem_id)
      select substr(md5('arq' || g), 1, 24), ${grupo}, ${loja}, 'receber', 'Cartão - arquivo bench', ${op}, ${receita},
             ${taxa}, 100 + g % 50, 3.09, date '2025-11-01' + g % 30, date '2025-12-01' + g % 30, 1, 1, md5('arq' || g),
             1, (5000000 + g)::text, 'A' || g, date '2025-11-01' + g % 30, 'pagamento', md5('arq' || g)
        from generate_series(1, ${LINHAS}) g`,
);
await db.execute(sql`analyze financeiro_titulo`);
const br = (d: Date) => d.toISOString().slice(0, 10);
const linhas: string[] = [CABECALHO_EXTRATO];
for (let g = 1; g <= LINHAS; g++) {
  if (g % 100 === 7) continue; // never paid
  const venda = br(new Date(Date.UTC(2025, 10, 1 + (g % 30))));
  const pagamento = br(new Date(Date.UTC(2025, 11, 1 + (g % 30))));
  const bruto = 10000 + (g % 50) * 100;
  const liquido = bruto - 309 - (g % 100 === 3 ? 10 : 0);
  const cents = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
  linhas.push(
    `${pagamento};Cielo;Visa;credito;${venda};${5000000 + g};A${g};1;1;${cents(bruto)};${cents(bruto - liquido)};${cents(liquido)}`,
  );
  if (g % 100 === 5)
    linhas.push(`${pagamento};Cielo;Visa;credito;${venda};${9000000 + g};Z${g};1;1;12,34;0,38;11,96`);
}
const conteudo = linhas.join('\n');
const t1 = performance.now();
const imp = await app.inject({
  method: 'POST',
  url: '/api/financeiro/extratoOperadora/importar',
  headers: { token },
  payload: { empresa: loja, operadora: op, nome: 'bench.csv', conteudo },
});
const importarMs = Math.round(performance.now() - t1);
const corpoImp = imp.json() as {
  valido: boolean;
  data: { resumo: unknown; divergencias: unknown[]; tempos: unknown };
};
if (!corpoImp.valido) throw new Error(imp.body.slice(0, 500));
const t2 = performance.now();
const again = await app.inject({
  method: 'POST',
  url: '/api/financeiro/extratoOperadora/importar',
  headers: { token },
  payload: { empresa: loja, operadora: op, nome: 'bench.csv', conteudo },
});
const reimportarMs = Math.round(performance.now() - t2);
if (!(again.json() as { valido: boolean }).valido) throw new Error(again.body.slice(0, 500));

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
    bench: 'financeiro-calendario',
    cargaMaquina: { antes: cargaAntes, depois: os.loadavg().map((n) => n.toFixed(1)) },
    banco: 'postgres',
    titulos: TITULOS,
    lojas: LOJAS,
    msParaCarregarDados: carga,
    calendarioMes10Lojas: { titulosNoMes, p50Ms: mes.p50Ms, p99Ms: mes.p99Ms, objetivoP99Ms: 300 },
    antesSomaDosTitulos: {
      medianaMs: Math.round(lidoDosTitulos[5]! * 10) / 10,
      maximoMs: Math.round(lidoDosTitulos[9]! * 10) / 10,
    },
    titulosDoDia1Loja: { p50Ms: dia.p50Ms, p99Ms: dia.p99Ms },
    importacao: {
      linhas: linhas.length - 1,
      ms: importarMs,
      objetivoMs: 10_000,
      resumo: corpoImp.data.resumo,
      divergencias: corpoImp.data.divergencias.length,
      tempos: corpoImp.data.tempos,
    },
    reimportacaoMesmoArquivoMs: reimportarMs,
  }),
);
