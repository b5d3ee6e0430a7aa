// Stock count at chain scale (issue 17 "Speed": post a 5,000-line count in < 10 s; a well-known open ERP takes
// 10-15 minutes). 5,000 products with stock history in one store (an entry 10 days ago, exits 5 and 3 days ago).
// Through the real app (inject), as the screens call it:
// 1. a count dated now (the usual case: every adjustment folds from the cached balance): create it from the
//    products' group (snapshot of 5,000 balances), import a 5,000-line collector file (~80% with a difference),
//    review, check, post;
// 2. a count dated 7 days ago on the same products (back-dated: every adjustment has later moves — the exits and
//    the first count's adjustments — that the ledger recomputes, ~15,000 of them).
// On PGlite and on PostgreSQL. Prints one JSON object.
import { escreverEstoque, lerEstoque, TIPO_MOVIMENTO_ESTOQUE } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import type { Banco } from '../apps/server/src/db/client.ts';
import { consultar } from '../apps/server/src/db/consultar.ts';
import { novoId } from '../apps/server/src/lib/ids.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { type NovoMovimento, registrarMovimentos } from '../apps/server/src/modules/estoque/livro.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { medirNosDoisBancos } from './bancos.ts';

const LINHAS = Number(process.env.BENCH_INVENTARIO_LINHAS ?? 5_000);
const DIA = 86_400_000;
const TIPO_NORMAL = '{"id":1,"grupo":"tipoProduto","descricao":"Normal","sigla":"Normal","referencia":null}';

async function chamar(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  corpo?: unknown,
) {
  const inicio = performance.now();
  const r = await app.inject({
    method,
    url,
    headers: { token, 'content-type': 'application/json' },
    ...(corpo === undefined ? {} : { payload: JSON.stringify(corpo) }),
  });
  const ms = Math.round(performance.now() - inicio);
  const json = r.json() as { valido: boolean; data: Record<string, unknown> };
  if (!json.valido) throw new Error(`${url}: ${JSON.stringify(json.data).slice(0, 500)}`);
  return { ms, data: json.data };
}

async function medir(banco: Banco) {
  const db = banco.db;
  const demo = await semear(db);
  const grupo = demo.grupoId;
  const loja = demo.empresas.centro;
  const t0 = performance.now();
  const categoria = novoId();
  await consultar(
    db,
    sql`insert into agrupador (id, grupo_empresarial_id, descricao, tipo) values (${categoria}, ${grupo}, 'Bench inventário', 'categoria')`,
  );
  await consultar(
    db,
    sql`insert into produto_geral (id, grupo_empresarial_id, codigo_interno, descricao, gtin, tipo_produto, preco, custo, ativo,
                                   categorias_ids, familias_ids)
        select substr(md5('inv' || n::text || random()::text), 1, 24), ${grupo}, 50000 + n, 'Insumo bench ' || n,
               null, ${TIPO_NORMAL}::jsonb, 10, 3.5, true, array[${categoria}]::text[], '{}'::text[]
          from generate_series(1, ${LINHAS}) as n`,
  );
  const produtos = (
    await consultar(
      db,
      sql`select id, codigo_interno from produto_geral where grupo_empresarial_id = ${grupo} and codigo_interno > 50000
           order by codigo_interno`,
    )
  ).map((p) => ({ id: String(p.id), codigo: Number(p.codigo_interno) }));
  const agora = Date.now();
  const mov = (dias: number, tipo: number, q: (i: number) => bigint, custo?: (i: number) => bigint) =>
    produtos.map(
      (p, i): NovoMovimento => ({
        empresa: loja,
        produto: p.id,
        data: new Date(agora - dias * DIA).toISOString(),
        tipo: tipo as NovoMovimento['tipo'],
        quantidade: q(i),
        custoUnitario: custo ? custo(i) : null,
        origemTipo: 'bench',
      }),
    );
  await db.transaction((tx) =>
    registrarMovimentos(
      tx,
      grupo,
      mov(
        10,
        TIPO_MOVIMENTO_ESTOQUE.entrada,
        (i) => lerEstoque(String(50 + (i % 70))),
        (i) => lerEstoque(String(2 + (i % 13) * 0.75)),
      ),
    ),
  );
  for (const dias of [5, 3]) {
    await db.transaction((tx) =>
      registrarMovimentos(
        tx,
        grupo,
        mov(dias, TIPO_MOVIMENTO_ESTOQUE.saidaManual, (i) => -lerEstoque(String(1 + (i % 9) * 0.5))),
      ),
    );
  }
  await consultar(db, sql`analyze`);
  const carga = Math.round(performance.now() - t0);

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

  async function contagem(data: string) {
    const id = novoId();
    const criar = await chamar(app, token, 'POST', '/api/estoque/inventario', {
      _id: id,
      empresa: loja,
      data,
      filtro: { agrupadores: [categoria] },
    });
    const folha = await chamar(app, token, 'GET', `/api/estoque/inventario/${id}`);
    const itens = folha.data.itens as { produto: { codigoInterno: number }; saldoSistema: string }[];
    // A collector file: 4 of 5 lines differ from the system (a few units more or less), decimal comma.
    const arquivo = itens
      .map((l, i) => {
        const saldo = lerEstoque(l.saldoSistema);
        const delta = i % 5 === 0 ? 0n : lerEstoque(String(((i % 7) - 3) * 0.25 || 0.5));
        const contado = saldo + delta < 0n ? 0n : saldo + delta;
        return `${l.produto.codigoInterno};${escreverEstoque(contado).replace('.', ',')}`;
      })
      .join('\r\n');
    const importar = await chamar(app, token, 'POST', `/api/estoque/inventario/${id}/importar`, {
      conteudo: arquivo,
    });
    const revisao = await chamar(app, token, 'GET', `/api/estoque/inventario/${id}/revisao`);
    await chamar(app, token, 'POST', `/api/estoque/inventario/${id}/conferir`, {});
    const efetivar = await chamar(app, token, 'POST', `/api/estoque/inventario/${id}/efetivar`, {});
    const [recalc] = await consultar(
      db,
      sql`select count(*)::int as n from estoque_movimento m
           where m.grupo_empresarial_id = ${grupo} and m.empresa_id = ${loja} and m.data > ${data}::timestamptz`,
    );
    return {
      linhas: itens.length,
      bytesArquivo: arquivo.length,
      ajustes: efetivar.data.movimentos,
      movimentosPosterioresRecalculados: Number(recalc?.n ?? 0),
      ms: {
        criar: criar.ms,
        folha: folha.ms,
        importar: importar.ms,
        revisao: revisao.ms,
        efetivar: efetivar.ms,
      },
    };
  }

  const atual = await contagem(new Date().toISOString());
  const retroativa = await contagem(new Date(agora - 7 * DIA).toISOString());
  await app.close();
  return {
    carga: { produtos: produtos.length, movimentos: produtos.length * 3, ms: carga },
    atual,
    retroativa,
  };
}

const resultado = await medirNosDoisBancos(medir);
console.log(
  JSON.stringify({
    bench: 'estoque-inventario',
    meta: { linhas: LINHAS, objetivo: 'efetivar < 10000 ms' },
    ...resultado,
  }),
);
