// Sales reports at chain scale (issue 19 "Speed"), on PostgreSQL. Loads BENCH_VENDAS sales (default 1,000,000) of
// BENCH_LOJAS stores (10) over BENCH_DIAS days (365) with the generator of `npm run seed:vendas`
// (apps/server/src/seed/seed-vendas.ts: the report aggregates drained by their own outbox function after each
// batch), then, through the HTTP API as the screens ask, for the last full month of every store:
// 1. every report summary (aim p99 < 1 s), the dashboard (< 500 ms) and a detail page of 50 sales (< 300 ms,
//    relatorioVendaDetalhe),
//    each side by side with the same figures computed by a plain GROUP BY over the raw rows (the ratio the
//    aggregates buy), and the month's totals of both compared (they must be equal);
// 2. the counter sale sent whole (bench/venda-balcao.bench.ts 'inteira', 50 terminals) with the aggregates kept
//    up to date (triggers + the worker draining while the terminals sell) and off (triggers disabled),
//    alternated off/on/off/on in this one run. Aim: 'on' within 10 % of 'off'.
// Run: npx tsx bench/relatorios-vendas.bench.ts   (BENCH_VENDAS, BENCH_LOJAS, BENCH_DIAS, BENCH_REPETICOES,
// BENCH_SEGUNDOS, BENCH_TERMINAIS, BENCH_MODELOS, BENCH_SO_DETALHE; BENCH_BANCO=<url of a database loaded by seed:vendas>
// skips the load and keeps that database; BENCH_SEM_BALCAO=1 skips part 2).
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { arrayTexto, consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { processarAgregados } from '../apps/server/src/modules/relatorios-vendas/agregados.ts';
import { type DadosDemo, semear } from '../apps/server/src/seed/seed.ts';
import { gerarVendas, type ResultadoGerador } from '../apps/server/src/seed/seed-vendas.ts';
import { dadosDaVendaBalcao, rodarCliente } from './medir-cliente.ts';

const VENDAS = Number(process.env.BENCH_VENDAS ?? 1_000_000);
const LOJAS = Number(process.env.BENCH_LOJAS ?? 10);
const DIAS = Number(process.env.BENCH_DIAS ?? 365);
const REPETICOES = Number(process.env.BENCH_REPETICOES ?? 12);
const DURACAO_MS = Number(process.env.BENCH_SEGUNDOS ?? 10) * 1000;
const TERMINAIS = Number(process.env.BENCH_TERMINAIS ?? 50);
const FUSO = 'America/Sao_Paulo';

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const existente = process.env.BENCH_BANCO;
const nome = existente ? new URL(existente).pathname.slice(1) : `bench_relatorios_vendas_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
if (!existente) await admin.query(`create database ${nome}`);
const alvo = new URL(existente ?? base);
alvo.pathname = `/${nome}`;
const banco = await abrirBanco({ databaseUrl: alvo.toString() });
const db = banco.db;
let app: FastifyInstance | undefined;
const carga = os.loadavg().map((n) => n.toFixed(1));
try {
  const demo = await demoDoBanco();
  app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe', logLevel: 'warn' },
    banco,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let geracao: ResultadoGerador | undefined;
  if (!existente) {
    geracao = await gerarVendas(app, db, demo.grupoId, {
      vendas: VENDAS,
      lojas: LOJAS,
      dias: DIAS,
      semente: Number(process.env.BENCH_SEMENTE ?? 1),
      modelos: Number(process.env.BENCH_MODELOS ?? 150),
      // The stock worker would drain a year of consumption while the reports are timed.
      semConsumoEstoque: true,
      log: (m) => console.error(`[seed:vendas] ${m}`),
    });
  }
  while ((await processarAgregados(db)) > 0) {}
  const lojas = (
    await consultar(
      db,
      sql`select empresa_id, count(*)::int as n from venda where grupo_empresarial_id = ${demo.grupoId}
           group by empresa_id order by n desc limit ${LOJAS}`,
    )
  ).map((l) => String(l.empresa_id));
  const [tamanho] = await consultar(
    db,
    sql`select (select count(*)::int from venda) as vendas, (select count(*)::int from venda_item) as itens,
               (select count(*)::int from venda_pagamento) as pagamentos,
               ((select max(coalesce(encerrada_em, data)) from venda where data < now() - interval '1 day')
                  at time zone ${FUSO})::date as ultimo`,
  );
  // The last full month before the last generated day.
  const ultimo = new Date(
    `${String(tamanho?.ultimo instanceof Date ? tamanho.ultimo.toISOString().slice(0, 10) : tamanho?.ultimo)}T12:00:00Z`,
  );
  const fimMes = new Date(Date.UTC(ultimo.getUTCFullYear(), ultimo.getUTCMonth(), 0));
  const dataFim = fimMes.toISOString().slice(0, 10);
  const dataInicio = `${dataFim.slice(0, 8)}01`;

  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@exemplo.com.br', senha: sha256Hex('admin123'), grupoEmpresarial: demo.grupoId },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const filtro = { empresasSelecionada: lojas, dataInicio, dataFim, statusVenda: [59] };

  const ms = (v: number) => Math.round(v * 10) / 10;
  const estatistica = (tempos: number[]) => {
    const primeiro = tempos[0] ?? 0;
    const resto = tempos.slice(1).sort((a, b) => a - b);
    const p = (q: number) => resto[Math.min(resto.length - 1, Math.ceil(q * resto.length) - 1)] ?? 0;
    return { primeiraMs: ms(primeiro), p50Ms: ms(p(0.5)), p99Ms: ms(p(0.99)), maxMs: ms(resto.at(-1) ?? 0) };
  };
  /** One report through the API, REPETICOES times (the first one cold, kept apart). */
  async function rota(caminho: string, corpo: Record<string, unknown>) {
    const tempos: number[] = [];
    let resposta: { valido: boolean; data: Record<string, unknown> } | undefined;
    for (let i = 0; i < REPETICOES; i++) {
      const t = performance.now();
      const r = await app!.inject({
        method: 'POST',
        url: `/api/${caminho}`,
        headers: { token, version: 'bench' },
        payload: corpo,
      });
      tempos.push(performance.now() - t);
      if (r.statusCode === 404) return { ausente: true as const };
      resposta = r.json() as typeof resposta;
      if (!resposta?.valido) return { erro: String(resposta?.data?.message ?? r.body).slice(0, 200) };
    }
    return { ...estatistica(tempos), resposta: resposta?.data };
  }
  /** The same figures by a plain GROUP BY over the raw rows, REPETICOES times. */
  async function bruto(consultas: ReturnType<typeof sql>[]) {
    const tempos: number[] = [];
    let linhas = 0;
    for (let i = 0; i < REPETICOES; i++) {
      const t = performance.now();
      linhas = 0;
      for (const c of consultas) linhas += (await consultar(db, c)).length;
      tempos.push(performance.now() - t);
    }
    return { ...estatistica(tempos), linhas };
  }

  // Raw side: the month's ended sales of the stores, by the wall clock of their end in -03:00 (as the reports).
  const periodo = (de: string, ate: string) =>
    sql`v.grupo_empresarial_id = ${demo.grupoId} and v.empresa_id = any(${arrayTexto(lojas)}) and v.status = 59
        and coalesce(v.encerrada_em, v.data) >= (${de}::date::timestamp at time zone ${FUSO})
        and coalesce(v.encerrada_em, v.data) < ((${ate}::date + 1)::timestamp at time zone ${FUSO})`;
  const noMes = periodo(dataInicio, dataFim);
  const local = sql.raw(`(coalesce(v.encerrada_em, v.data) at time zone '${FUSO}')`);
  const porVenda = (chave: ReturnType<typeof sql>) => sql`
    select ${chave} as chave, count(*) as vendas, sum(i.itens) as itens, sum(i.bruto) as bruto,
           sum(i.descontos) as descontos, sum(i.custo) as custo, sum(v.taxa_entrega) as taxa_entrega,
           sum(v.total) as liquido
      from venda v
      left join lateral (select sum(quantidade) as itens, sum(valor_bruto) as bruto,
                                sum(desconto + desconto_combo + desconto_happy_hour + desconto_sugestao
                                    + desconto_personalizado + desconto_geral) as descontos,
                                sum(quantidade * preco_custo) as custo
                           from venda_item where venda_id = v.id and not cancelado) i on true
     where ${noMes} group by 1`;
  const porProduto = sql`
    select i.produto_id, sum(i.quantidade), sum(i.valor_bruto), sum(i.desconto + i.desconto_combo
             + i.desconto_happy_hour + i.desconto_sugestao + i.desconto_personalizado + i.desconto_geral),
           sum(i.valor_liquido), sum(i.quantidade * i.preco_custo)
      from venda v join venda_item i on i.venda_id = v.id and not i.cancelado
     where ${noMes} group by 1`;
  const porPagamento = sql`
    select p.tipo_pagamento, count(*), sum(p.valor) from venda v
      join venda_pagamento p on p.venda_id = v.id and not p.lixo where ${noMes} group by 1`;
  const totaisDe = (de: string, ate: string) =>
    sql`select count(*), sum(v.total) from venda v where ${periodo(de, ate)}`;
  const deslocar = (dia: string, dias: number, meses = 0) => {
    const d = new Date(`${dia}T12:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + meses);
    d.setUTCDate(d.getUTCDate() + dias);
    return d.toISOString().slice(0, 10);
  };
  const dashboardBruto = [
    porVenda(sql`extract(hour from ${local})`),
    porVenda(sql`extract(dow from ${local}) * 100 + extract(hour from ${local})`),
    porVenda(sql`v.empresa_id`),
    porPagamento,
    sql`select * from (${porProduto}) x order by 5 desc limit 10`,
    totaisDe(deslocar(dataInicio, -7), deslocar(dataFim, -7)),
    totaisDe(deslocar(dataInicio, 0, -1), deslocar(dataInicio, -1)),
    totaisDe(deslocar(dataInicio, 0, -12), deslocar(dataFim, 0, -12)),
  ];

  const relatorios: [string, string, Record<string, unknown>, ReturnType<typeof sql>[]][] = [
    ['relatorioVenda por dia', 'relatorioVenda', { filtro, agrupar: 'dia' }, [porVenda(sql`${local}::date`)]],
    [
      'relatorioVenda por loja',
      'relatorioVenda',
      { filtro, agrupar: 'empresa' },
      [porVenda(sql`v.empresa_id`)],
    ],
    [
      'relatorioVenda por hora',
      'relatorioVenda',
      { filtro, agrupar: 'hora' },
      [porVenda(sql`extract(hour from ${local})`)],
    ],
    [
      'relatorioVenda por operador',
      'relatorioVenda',
      { filtro, agrupar: 'operador' },
      [porVenda(sql`v.operador_id`)],
    ],
    [
      'relatorioVenda por terminal',
      'relatorioVenda',
      { filtro, agrupar: 'terminal' },
      [porVenda(sql`v.terminal_id`)],
    ],
    [
      'relatorioVenda por tipo de venda',
      'relatorioVenda',
      { filtro, agrupar: 'tipoVenda' },
      [porVenda(sql`v.tipo_venda`)],
    ],
    [
      'relatorioVenda por origem',
      'relatorioVenda',
      { filtro, agrupar: 'origem' },
      [porVenda(sql`v.local_pedido`)],
    ],
    [
      'relatorioVendaNovo loja x dia da semana',
      'relatorioVendaNovo',
      {
        filtro,
        linhas: ['empresa'],
        coluna: 'diaSemana',
        medidas: ['vendas', 'liquido', 'ticketMedio', 'margem'],
      },
      [porVenda(sql`v.empresa_id || ':' || extract(dow from ${local})`)],
    ],
    [
      'relatorioVendaProdutos por produto',
      'relatorioVendaProdutos',
      { filtro, agrupar: 'produto' },
      [porProduto],
    ],
    [
      'relatorioVendaProdutos por grupo',
      'relatorioVendaProdutos',
      { filtro, agrupar: 'grupo' },
      [porProduto],
    ],
    ['listaProdutosVendidos', 'listaProdutosVendidos', { filtro }, [porProduto]],
    ['relatorioVendaFranquia', 'relatorioVendaFranquia', { filtro }, [porVenda(sql`v.empresa_id`)]],
    [
      'relatorioVendaCancelamentos',
      'relatorioVendaCancelamentos',
      { filtro: { ...filtro, statusVenda: [60] } },
      [
        sql`select e.tipo, count(*), sum(v.total) from venda_evento e join venda v on v.id = e.venda_id
             where e.grupo_empresarial_id = ${demo.grupoId} and e.empresa_id = any(${arrayTexto(lojas)})
               and e.tipo = 'Cancelamento' and e.data_hora >= ${`${dataInicio}T03:00:00Z`}::timestamptz
               and e.data_hora < (${dataFim}::date + 1)::timestamp at time zone ${FUSO} group by 1`,
      ],
    ],
    [
      'relatorioVendaDescontos',
      'relatorioVendaDescontos',
      { filtro },
      [
        sql`select e.supervisor_id, count(*), sum(e.valor_desconto) from venda_evento e
             where e.grupo_empresarial_id = ${demo.grupoId} and e.empresa_id = any(${arrayTexto(lojas)})
               and e.tipo = 'Desconto' and e.data_hora >= ${`${dataInicio}T03:00:00Z`}::timestamptz
               and e.data_hora < (${dataFim}::date + 1)::timestamp at time zone ${FUSO} group by 1`,
      ],
    ],
    ['relatorioQrCode', 'relatorioQrCode', { filtro }, [porVenda(sql`v.local_pedido`)]],
  ];

  const resumos: Record<string, unknown>[] = [];
  // BENCH_SO_DETALHE=1: only the detail pages and the totals check (a re-run after a change to the detail).
  const soDetalhe = process.env.BENCH_SO_DETALHE === '1';
  for (const [nomeRelatorio, caminho, corpo, consultas] of soDetalhe ? [] : relatorios) {
    const api = await rota(caminho, corpo);
    const cru = await bruto(consultas);
    const { resposta: _r, ...figuras } = api as { resposta?: unknown };
    resumos.push({
      relatorio: nomeRelatorio,
      api: figuras,
      groupBy: cru,
      razaoP50: 'p50Ms' in api && api.p50Ms ? Math.round((cru.p50Ms / api.p50Ms) * 10) / 10 : null,
    });
    console.error(JSON.stringify(resumos.at(-1)));
  }
  const dash = soDetalhe ? {} : await rota('dashboardVendas', { filtro, hoje: dataFim });
  const dashCru = soDetalhe ? {} : await bruto(dashboardBruto);
  const { resposta: _d, ...dashboard } = dash as { resposta?: unknown };
  // Detail (relatorioVendaDetalhe): a page of 50 raw sales, the first and one deep in the month (the cursor of the
  // sale 9,950 rows in, as the screen reaches it after 199 pages); beside, the same page by limit/offset and the
  // count(*) of the month the old detail paid on every page.
  const [fundo] = await consultar(
    db,
    sql`select v.id, (case when v.encerrada_em is null then v.data else v.encerrada_em end)::text as instante from venda v where ${noMes}
         order by coalesce(v.encerrada_em, v.data), v.id limit 1 offset 9949`,
  );
  const detalhe1 = await rota('relatorioVendaDetalhe', { filtro });
  const detalheFundo = fundo
    ? await rota('relatorioVendaDetalhe', {
        filtro,
        apos: { instante: String(fundo.instante), id: String(fundo.id) },
      })
    : { ausente: true as const };
  const detalheCru = await bruto([
    sql`select v.id, v.numero, v.total from venda v where ${noMes}
         order by coalesce(v.encerrada_em, v.data), v.id limit 50 offset 9950`,
  ]);
  const contagemMes = await bruto([sql`select count(*) from venda v where ${noMes}`]);

  // The month's totals: the API's (from the aggregates) against the raw rows'.
  const [cruTotais] = await consultar(
    db,
    sql`select count(*)::int as vendas, sum(v.total)::text as liquido from venda v where ${noMes}`,
  );
  const porLoja = (await rota('relatorioVenda', { filtro, agrupar: 'empresa' })) as {
    resposta?: { totais?: { vendas?: number; liquido?: string } };
  };
  const confere = {
    api: porLoja.resposta?.totais
      ? { vendas: porLoja.resposta.totais.vendas, liquido: porLoja.resposta.totais.liquido }
      : null,
    linhasCruas: cruTotais,
    iguais:
      porLoja.resposta?.totais !== undefined &&
      Number(porLoja.resposta.totais.vendas) === Number(cruTotais?.vendas) &&
      Number(porLoja.resposta.totais.liquido) === Number(cruTotais?.liquido),
  };

  // Part 2: the counter sale with the aggregates kept up to date vs off.
  let balcao: Record<string, unknown> | null = null;
  if (process.env.BENCH_SEM_BALCAO !== '1') {
    // The generator's closed cash periods leave finance postings queued; their worker shares the 2 cores and
    // the database with the terminals, so the rounds wait for it (at most 5 minutes) and say what was left.
    const financeiroPendente = async () =>
      Number((await consultarUm(db, sql`select count(*)::int as n from financeiro_pendente`))?.n ?? 0);
    const limiteFinanceiro = performance.now() + 300_000;
    while ((await financeiroPendente()) > 0 && performance.now() < limiteFinanceiro)
      await new Promise((ok) => setTimeout(ok, 1000));
    const financeiroAntesDoBalcao = await financeiroPendente();
    const dados = await dadosDaVendaBalcao(app, db, demo, { conexoes: TERMINAIS, duracaoMs: DURACAO_MS });
    const gatilhos = (ligar: boolean) =>
      db.execute(
        sql.raw(
          `alter table venda ${ligar ? 'enable' : 'disable'} trigger venda_relatorio_inseridas;
           alter table venda ${ligar ? 'enable' : 'disable'} trigger venda_relatorio_status`,
        ),
      );
    const pendentes = async () =>
      Number((await consultarUm(db, sql`select count(*)::int as n from relatorio_venda_pendente`))?.n ?? 0);
    // The worker of this instance (processarAgregados at its default batch, as iniciarAgregadosVendas runs it).
    let drenando = true;
    const trabalhador = (async () => {
      while (drenando)
        if ((await processarAgregados(db)) === 0) await new Promise((ok) => setTimeout(ok, 200));
    })();
    const cliente = path.join(import.meta.dirname, 'venda-balcao-cliente.mjs');
    const rodadas: Record<string, unknown>[] = [];
    // ABBA: a database that grows during the run slows each round; this order cancels a steady drift.
    for (const fase of ['sem', 'com', 'com', 'sem'] as const) {
      await gatilhos(fase === 'com');
      const r = await rodarCliente(cliente, url, { ...dados, modo: 'inteira' }, nome);
      const fimCarga = performance.now();
      const atraso = await pendentes();
      while ((await pendentes()) > 0) await new Promise((ok) => setTimeout(ok, 50));
      rodadas.push({
        agregados: fase,
        vendasPorSegundo: r.vendasPorSegundo ?? r.requisicoesPorSegundo,
        p99Ms: r.latenciaRequisicaoP99ms,
        erros: r.erros,
        cpuServidorMsPorRequisicao: r.cpuServidorMsPorRequisicao,
        cpuBancoMsPorRequisicao: r.cpuBancoMsPorRequisicao,
        filaAoFimDaCarga: atraso,
        msParaDrenarAposCarga: Math.round(performance.now() - fimCarga),
      });
      console.error(JSON.stringify(rodadas.at(-1)));
    }
    await gatilhos(true);
    drenando = false;
    await trabalhador;
    const media = (f: string) => {
      const v = rodadas.filter((r) => r.agregados === f).map((r) => Number(r.vendasPorSegundo));
      return v.reduce((a, b) => a + b, 0) / v.length;
    };
    balcao = {
      financeiroPendenteAntes: financeiroAntesDoBalcao,
      terminais: TERMINAIS,
      segundosPorRodada: DURACAO_MS / 1000,
      rodadas,
      semAgregados: Math.round(media('sem')),
      comAgregados: Math.round(media('com')),
      variacaoPercentual: Math.round(((media('com') - media('sem')) / media('sem')) * 1000) / 10,
    };
  }

  console.log(
    JSON.stringify({
      bench: 'relatorios-vendas',
      cargaMaquinaInicio: carga,
      cargaMaquinaFim: os.loadavg().map((n) => n.toFixed(1)),
      banco: 'postgres',
      tamanho,
      geracao: geracao ?? 'banco já carregado (BENCH_BANCO)',
      lojas: lojas.length,
      mes: { dataInicio, dataFim },
      repeticoes: REPETICOES,
      objetivosMs: { resumoP99: 1000, dashboard: 500, detalhe50: 300 },
      resumos,
      dashboard: { api: dashboard, groupBy: dashCru },
      detalhe: {
        pagina1: (({ resposta: _x, ...f }) => f)(detalhe1 as { resposta?: unknown }),
        pagina200: (({ resposta: _x, ...f }) => f)(detalheFundo as { resposta?: unknown }),
        cruOffset9950: detalheCru,
        contagemDoMes: contagemMes,
      },
      confere,
      balcao,
    }),
  );
} finally {
  await app?.close();
  await banco.fechar();
  if (!existente) {
    for (let i = 0; i < 50; i++) {
      const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
        nome,
      ]);
      if (r.rows[0]?.n === 0) break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    await admin.query(`drop database ${nome} with (force)`);
  }
  await admin.end();
}

/** The demo group of the database (created when it is empty), as the seed's DadosDemo. */
async function demoDoBanco(): Promise<DadosDemo> {
  const g = await consultarUm(
    db,
    sql`select id from grupo_empresarial where descricao = 'Grupo Exemplo' limit 1`,
  );
  if (!g) return semear(db);
  const grupoId = String(g.id);
  const empresa = async (descricao: string) =>
    String(
      (
        await consultarUm(
          db,
          sql`select id from empresa where grupo_empresarial_id = ${grupoId} and descricao = ${descricao}`,
        )
      )?.id,
    );
  const usuario = async (email: string) =>
    String(
      (
        await consultarUm(
          db,
          sql`select id from usuario where grupo_empresarial_id = ${grupoId} and email = ${email}`,
        )
      )?.id,
    );
  return {
    grupoId,
    empresas: {
      centro: await empresa('Loja Centro'),
      shopping: await empresa('Loja Shopping'),
      gestor: await empresa('Franqueadora Exemplo'),
    },
    usuarios: {
      admin: await usuario('admin@exemplo.com.br'),
      supervisor: await usuario('supervisor@exemplo.com.br'),
      caixa: await usuario('caixa@exemplo.com.br'),
      motoboy: await usuario('motoboy@exemplo.com.br'),
      garcom: await usuario('garcom@exemplo.com.br'),
      cozinha: await usuario('cozinha@exemplo.com.br'),
      atendente: await usuario('atendente@exemplo.com.br'),
      estoquista: await usuario('estoquista@exemplo.com.br'),
      financeiro: await usuario('financeiro@exemplo.com.br'),
    },
  };
}
