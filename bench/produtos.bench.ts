// Registrations at chain size (issue 4 "Speed"): 20,000 products and 200,000 product-store rows (10 stores).
// 1. The produtoGeral list screen: a filtered (free text + active), sorted page of 50, as the generic list asks
//    it (getPopulate with the busca $or of the definition) plus its count (contar). Aim: page p99 < 100 ms.
// 2. getListaProdutoGeralEmpresa for one store with 20,000 products, with the sale catalogue cache cleared
//    before each call (the cold path a POS start or a version bump pays). Aim: p99 < 300 ms. Through inject
//    (as before) and over HTTP (what a POS pays: inject copies the 8 MB answer twice).
// Sequential requests through the real app (inject), on PGlite and on PostgreSQL. Prints one JSON object.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { recursos } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import type { Banco } from '../apps/server/src/db/client.ts';
import { consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { montarFiltro } from '../apps/web/src/features/recursos/filtro-lista.ts';
import { medirNosDoisBancos } from './bancos.ts';

const PRODUTOS = Number(process.env.BENCH_PRODUTOS ?? 20_000);
const LOJAS = 10;
const REPETICOES_LISTA = Number(process.env.BENCH_REPETICOES ?? 200);
const REPETICOES_PDV = Number(process.env.BENCH_REPETICOES_PDV ?? 30);

const TIPO_NORMAL = '{"id":1,"grupo":"tipoProduto","descricao":"Normal","sigla":"Normal","referencia":null}';

function percentil(ms: number[], p: number): number {
  const ordenados = [...ms].sort((a, b) => a - b);
  return Number(
    ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)]?.toFixed(1),
  );
}
const resumo = (ms: number[]) => ({
  p50: percentil(ms, 50),
  p99: percentil(ms, 99),
  max: percentil(ms, 100),
});

export async function popular(banco: Banco, grupo: string, lojasDemo: string[]): Promise<string[]> {
  const db = banco.db;
  // Extra stores up to 10, as a mid-size chain.
  for (let i = lojasDemo.length; i < LOJAS; i++) {
    await consultar(
      db,
      sql`insert into empresa (id, grupo_empresarial_id, codigo_interno, descricao, tipo_empresa)
          values (substr(md5(${`loja${i}`} || random()::text), 1, 24), ${grupo}, ${100 + i}, ${`Loja Bench ${i}`}, 'Franquia')`,
    );
  }
  // Descriptions from a small vocabulary, as a menu's: '<kind> <flavour> <size> <n>'.
  await consultar(
    db,
    sql`insert into produto_geral (id, grupo_empresarial_id, codigo_interno, descricao, gtin, tipo_produto, preco, custo, ativo, categorias_ids, familias_ids)
        select substr(md5('p' || n::text || random()::text), 1, 24), ${grupo}, 10000 + n,
               (array['Pizza','Lanche','Suco','Refrigerante','Cerveja','Porção','Sobremesa','Salada','Massa','Prato'])[1 + n % 10]
               || ' ' || (array['Calabresa','Frango','Mussarela','Portuguesa','Atum','Bacon','Laranja','Uva','Limão','Chocolate',
                               'Morango','Queijo','Carne','Palmito','Milho','Brócolis','Coco','Abacaxi','Manga','Pêssego'])[1 + (n / 10) % 20]
               || ' ' || (array['P','M','G','GG','Família'])[1 + (n / 200) % 5] || ' ' || n,
               lpad(n::text, 13, '7'), ${TIPO_NORMAL}::jsonb, round((5 + (n % 90) + (n % 7) * 0.1)::numeric, 2), 3.5,
               n % 17 <> 0, '{}'::text[], '{}'::text[]
        from generate_series(1, ${PRODUTOS}) as n`,
  );
  const lojas = (
    await consultar(
      db,
      sql`select id from empresa where grupo_empresarial_id = ${grupo} order by codigo_interno`,
    )
  ).map((l) => l.id as string);
  await consultar(
    db,
    sql`insert into produto_geral_empresa (id, grupo_empresarial_id, empresa_id, produto_geral_id, preco, ativo)
        select substr(md5(p.id || e.id), 1, 24), ${grupo}, e.id, p.id, p.preco + 1, p.codigo_interno % 13 <> 0
        from produto_geral p cross join empresa e
        where p.grupo_empresarial_id = ${grupo} and e.grupo_empresarial_id = ${grupo} and p.codigo_interno >= 10000`,
  );
  await consultar(db, sql`analyze`);
  return lojas;
}

async function chamar(app: FastifyInstance, token: string, url: string, corpo: unknown, empresa?: string) {
  const inicio = performance.now();
  const cpu = process.cpuUsage();
  const r = await app.inject({
    method: 'POST',
    url,
    headers: { token, 'content-type': 'application/json', ...(empresa ? { empresa } : {}) },
    payload: JSON.stringify(corpo),
  });
  const ms = performance.now() - inicio;
  const gasto = process.cpuUsage(cpu);
  // CPU of this process (the app, and PGlite's engine when embedded): the wall time a quiet core would see.
  const cpuMs = (gasto.user + gasto.system) / 1000;
  const json = r.json() as { valido: boolean; data: unknown };
  if (!json.valido) throw new Error(`${url}: ${JSON.stringify(json.data)}`);
  return { ms, cpuMs, data: json.data };
}

async function medir(banco: Banco) {
  const demo = await semear(banco.db);
  const t0 = performance.now();
  const lojas = await popular(banco, demo.grupoId, [
    demo.empresas.centro,
    demo.empresas.shopping,
    demo.empresas.gestor,
  ]);
  const carga = performance.now() - t0;
  const contagem = await consultarUm(
    banco.db,
    sql`select (select count(*)::int from produto_geral where grupo_empresarial_id = ${demo.grupoId}) as produtos,
               (select count(*)::int from produto_geral_empresa where grupo_empresarial_id = ${demo.grupoId}) as produtos_loja`,
  );
  const app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe' },
    banco,
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@exemplo.com.br', senha: sha256Hex('admin123'), grupoEmpresarial: demo.grupoId },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const loja = demo.empresas.centro;

  // The list screen's queries: text typed in the search box, 'Ativo: Sim' column filter, a sorted page.
  const consultas = [
    { busca: 'calabresa', filtros: { ativo: 'true' }, sort: 'descricao', skip: 0 },
    { busca: 'pizza', filtros: { ativo: 'true' }, sort: '-preco', skip: 450 },
    { busca: 'Família 19', filtros: {}, sort: 'codigoInterno', skip: 0 },
    { busca: '', filtros: { ativo: 'true' }, sort: 'descricao', skip: 9_000 },
  ];
  const pagina: number[] = [];
  const paginaCpu: number[] = [];
  const contar: number[] = [];
  let linhas = 0;
  for (let i = 0; i < REPETICOES_LISTA; i++) {
    const c = consultas[i % consultas.length]!;
    const filtro = montarFiltro(recursos.produtoGeral, c.busca, c.filtros, loja);
    const r = await chamar(
      app,
      token,
      '/api/produtoGeral/getPopulate',
      { filtro, sort: c.sort, limit: 50, skip: c.skip, populateObj: ['unidade'] },
      loja,
    );
    if (i >= consultas.length) {
      pagina.push(r.ms);
      paginaCpu.push(r.cpuMs);
    }
    linhas += (r.data as unknown[]).length;
    const n = await chamar(app, token, '/api/produtoGeral/contar', { filtro }, loja);
    if (i >= consultas.length) contar.push(n.ms);
  }

  const frio: number[] = [];
  const frioCpu: number[] = [];
  const quente: number[] = [];
  let produtosPdv = 0;
  for (let i = 0; i < REPETICOES_PDV; i++) {
    app.servicos.catalogoVenda.invalidar();
    const corpo = { empresa: loja, retornoModoVenda: true };
    const r = await chamar(app, token, '/api/getListaProdutoGeralEmpresa', corpo, loja);
    if (i > 0) {
      frio.push(r.ms);
      frioCpu.push(r.cpuMs);
    }
    produtosPdv = (r.data as { produtos: unknown[] }).produtos.length;
    quente.push((await chamar(app, token, '/api/getListaProdutoGeralEmpresa', corpo, loja)).ms);
  }
  // The same over HTTP, as a POS asks it: inject copies the 8 MB answer twice (string -> Buffer -> string),
  // a cost no terminal pays. The body is read as bytes (the POS parses it on its side).
  await app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/getListaProdutoGeralEmpresa`;
  const http = async () => {
    const inicio = performance.now();
    const cpu = process.cpuUsage();
    const r = await fetch(endereco, {
      method: 'POST',
      headers: { token, empresa: loja, 'content-type': 'application/json' },
      body: JSON.stringify({ empresa: loja, retornoModoVenda: true }),
    });
    const bytes = new Uint8Array(await r.arrayBuffer());
    const gasto = process.cpuUsage(cpu);
    if (new TextDecoder().decode(bytes.subarray(0, 14)) !== '{"valido":true')
      throw new Error('HTTP sem valido');
    return { ms: performance.now() - inicio, cpuMs: (gasto.user + gasto.system) / 1000, bytes: bytes.length };
  };
  const frioHttp: number[] = [];
  const frioHttpCpu: number[] = [];
  const quenteHttp: number[] = [];
  let bytesHttp = 0;
  for (let i = 0; i < REPETICOES_PDV; i++) {
    app.servicos.catalogoVenda.invalidar();
    const r = await http();
    if (i > 0) {
      frioHttp.push(r.ms);
      frioHttpCpu.push(r.cpuMs);
    }
    bytesHttp = r.bytes;
    quenteHttp.push((await http()).ms);
  }
  await app.close();
  return {
    carga: { ...contagem, lojas: lojas.length, ms: Math.round(carga) },
    listaProdutoGeral: {
      pagina: resumo(pagina),
      paginaCpu: resumo(paginaCpu),
      contar: resumo(contar),
      linhasPorPagina: linhas / REPETICOES_LISTA,
    },
    getListaProdutoGeralEmpresa: {
      produtos: produtosPdv,
      frio: resumo(frio),
      frioCpu: resumo(frioCpu),
      comCache: resumo(quente),
      http: {
        frio: resumo(frioHttp),
        frioCpu: resumo(frioHttpCpu),
        comCache: resumo(quenteHttp),
        bytes: bytesHttp,
      },
    },
  };
}

if (process.argv[1]?.endsWith('produtos.bench.ts')) {
  const inicio = os.loadavg()[0]?.toFixed(1);
  const r = await medirNosDoisBancos(medir);
  console.log(
    JSON.stringify({ bench: 'produtos', loadAvg: { inicio, fim: os.loadavg()[0]?.toFixed(1) }, ...r }),
  );
}
