import { produtoVendaSchema } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarPreparada } from '../src/db/consultar.ts';
import { comGrupo } from '../src/db/inquilino.ts';
import { kdsDoApp } from '../src/modules/kds/kds.routes.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// The sale path's cost in database round trips (bench/venda-balcao.bench.ts): each counter-sale call reads the
// sale once and writes it once, and a sale with nothing confirmed costs the kitchen nothing. Also the sale
// catalogue built from the rows without a schema parse per product: the same objects the schema would give.

let t: AppTeste;
let l: Loja;
let produtos: string[];
let dinheiro: string;
let debito: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  produtos = [
    await l.produto('Pizza Grande Calabresa'),
    await l.produto('Refrigerante Lata 350ml'),
    await l.produto('X-Burguer'),
  ];
  dinheiro = await l.forma(77);
  debito = await l.forma(79);
});
afterAll(async () => t.fechar());

/** Parameters of the last optimistic save (venda_gravar_se_versao) seen by comandosDe. */
let ultimaGravacao: unknown[] = [];
/** Text and parameters of the last creations' read (venda_carregar_criacoes) seen by comandosDe. */
let ultimaLeituraCriacoes: { sql: string; params: unknown[] } | undefined;

/** Statements the app sends while `fn` runs (and the kitchen sync it starts), sale and kitchen ones only. */
async function comandosDe(fn: () => Promise<unknown>): Promise<string[]> {
  const sessao = (t.banco.db as unknown as { session: { prepareQuery: (...a: unknown[]) => unknown } })
    .session;
  const original = sessao.prepareQuery;
  const textos: string[] = [];
  sessao.prepareQuery = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as { sql: string; params: unknown[] };
    textos.push(q.sql.replace(/\s+/g, ' '));
    if (q.sql.includes('venda_gravar_se_versao')) ultimaGravacao = q.params;
    if (q.sql.includes('from idempotencia')) ultimaLeituraCriacoes = { sql: q.sql, params: q.params };
    return original.apply(this, a);
  };
  try {
    await fn();
    await kdsDoApp(t.app)?.ocioso();
  } finally {
    sessao.prepareQuery = original;
  }
  // Timers of other modules (the fiscal contingency queue) may run meanwhile: keep the sale path's own.
  return textos.filter((s) => /\b(venda|venda_item|kds_item|periodo|idempotencia)\b|venda_/.test(s));
}

/** The sale's own statements (up to its write) and what the kitchen sync did after the commit. */
function vendaECozinha(comandos: string[], escrita: string): { venda: string[]; cozinha: string[] } {
  const fim = comandos.findIndex((s) => s.includes(escrita)) + 1;
  return { venda: comandos.slice(0, fim), cozinha: comandos.slice(fim) };
}

const ok = (r: { corpo: { valido: boolean; data: Registro } }) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};

describe('round trips of a counter sale', () => {
  it('create, item launches, payments and end: one read and one write each, the kitchen after the end', async () => {
    let venda: Registro = {};
    const criar = await comandosDe(async () => {
      venda = ok(
        await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.admin, {
          'idempotency-key': novoId(),
        }),
      );
    });
    // Idempotency-Key, the client id and the register's open period in one read; numbers and rows in one write.
    expect(criar, criar.join('\n')).toHaveLength(2);
    expect(criar[1]).toContain('venda_criar');
    expect(venda.sequencialPeriodo).toBeTypeOf('number');

    const linhasAlteradas = [1, 2, 1];
    for (const produto of produtos) {
      const item = await comandosDe(async () =>
        ok(await l.post(`/api/venda/${venda._id}/itens`, { produtos: [{ produto }] })),
      );
      expect(item, item.join('\n')).toHaveLength(2);
      expect(item[1]).toContain('venda_gravar_se_versao');
      // Only lines that changed travel: the new one, and the pizza when the can completes their combo.
      expect(JSON.parse(ultimaGravacao[1] as string)).toHaveLength(
        linhasAlteradas[produtos.indexOf(produto)] ?? 0,
      );
      expect(JSON.parse(ultimaGravacao[6] as string)).toHaveLength(produtos.indexOf(produto) + 1);
    }

    let paga: Registro = {};
    for (const [forma, valorPago] of [
      [debito, '20.00'],
      [dinheiro, '200.00'],
    ] as const) {
      const pagamento = await comandosDe(async () => {
        paga = ok(
          await l.post(`/api/venda/${venda._id}/pagamentos`, {
            _id: novoId(),
            formaPagamento: forma,
            valorPago,
            terminal: l.terminal,
          }),
        );
      });
      // The open period of the terminal's register comes with the sale.
      expect(pagamento, pagamento.join('\n')).toHaveLength(2);
      // The new payment travels, the unchanged lines do not.
      expect(JSON.parse(ultimaGravacao[1] as string)).toHaveLength(0);
      expect(JSON.parse(ultimaGravacao[2] as string)).toHaveLength(1);
    }
    const periodo = (
      await consultar(t.banco.db, sql`select id from periodo where caixa_id = ${l.caixa} and periodo_aberto`)
    )[0]?.id;
    expect((paga.pagamentos as Registro[]).every((p) => p.periodo === periodo)).toBe(true);
    expect(paga.troco).not.toBe('0.00');

    let fim: Registro = {};
    const encerrar = await comandosDe(async () => {
      fim = ok(await l.post(`/api/venda/${venda._id}/encerrar`, {}));
    });
    // No NFC-e at the end in this store: the answer is not read again. The kitchen gets the lines after the
    // commit (issue 13: a counter sale goes to the kitchen when finished), off the sale's own two statements.
    const fimPartes = vendaECozinha(encerrar, 'venda_gravar_se_versao');
    expect(fimPartes.venda, encerrar.join('\n')).toHaveLength(2);
    expect(fimPartes.cozinha.filter((s) => s.startsWith('insert into kds_item'))).toHaveLength(1);
    expect((fim.status as Registro).id).toBe(59);
    expect(fim.versao).toBe(7);
  });

  it('the same sale sent whole (items, payments, end in the creation): one read and one write', async () => {
    let venda: Registro = {};
    const comandos = await comandosDe(async () => {
      venda = ok(
        await l.post(
          '/api/venda',
          {
            _id: novoId(),
            tipoVenda: 53,
            terminal: l.terminal,
            produtos: produtos.map((produto) => ({ produto })),
            pagamentos: [
              { _id: novoId(), formaPagamento: debito, valorPago: '20.00' },
              { _id: novoId(), formaPagamento: dinheiro, valorPago: '200.00' },
            ],
            encerrar: true,
          },
          l.admin,
          { 'idempotency-key': novoId() },
        ),
      );
    });
    const partes = vendaECozinha(comandos, 'venda_criar');
    expect(partes.venda, comandos.join('\n')).toHaveLength(2);
    expect(partes.venda[1]).toContain('venda_criar');
    expect(partes.cozinha.filter((s) => s.startsWith('insert into kds_item'))).toHaveLength(1);
    expect((venda.status as Registro).id).toBe(59);
  });

  it('the creations read each Idempotency-Key through its index under row-level security, not the whole group', async () => {
    // 3,000 keys of the group: a read that filters them one by one (a jsonb ->> in the qual, which row-level
    // security keeps out of the index condition) grows with every sale ever made.
    await consultar(
      t.banco.db,
      sql`insert into idempotencia (chave, grupo_empresarial_id, rota, resposta)
          select 'chave-teste-' || n, ${t.demo.grupoId}, 'venda', '{}'::jsonb from generate_series(1, 3000) n`,
    );
    await consultar(t.banco.db, sql`analyze idempotencia`);
    ultimaLeituraCriacoes = undefined;
    await comandosDe(async () =>
      ok(
        await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.admin, {
          'idempotency-key': novoId(),
        }),
      ),
    );
    const lida = ultimaLeituraCriacoes as { sql: string; params: unknown[] } | undefined;
    expect(lida).toBeDefined();
    const partes = (lida?.sql ?? '').split(/\$(\d+)/);
    const consulta = sql.join(
      partes.map((p, i) => (i % 2 ? sql`${lida?.params[Number(p) - 1]}` : sql.raw(p))),
      sql``,
    );
    const [linha] = await comGrupo(t.demo.grupoId, () =>
      consultar(t.banco.db, sql`explain (format json) ${consulta}`),
    );
    const plano = JSON.stringify(linha?.['QUERY PLAN']);
    const nos: Record<string, unknown>[] = [];
    const visitar = (n: Record<string, unknown>) => {
      nos.push(n);
      for (const f of (n.Plans as Record<string, unknown>[] | undefined) ?? []) visitar(f);
    };
    visitar((JSON.parse(plano) as { Plan: Record<string, unknown> }[])[0]?.Plan ?? {});
    const idempotencia = nos.filter((n) => n['Relation Name'] === 'idempotencia');
    expect(idempotencia.length, plano).toBeGreaterThan(0);
    for (const n of idempotencia) {
      expect(String(n['Index Cond'] ?? n['Recheck Cond']), plano).toContain('chave');
      expect(String(n.Filter ?? ''), plano).not.toContain('chave');
    }
  });

  it('a payment without an open period is refused with the period read together with the sale', async () => {
    const venda = ok(await l.post('/api/venda', { tipoVenda: 53 }));
    ok(await l.post(`/api/venda/${venda._id}/itens`, { produtos: [{ produto: produtos[1] }] }));
    await consultar(t.banco.db, sql`update periodo set periodo_aberto = false where caixa_id = ${l.caixa}`);
    try {
      const r = await l.post(`/api/venda/${venda._id}/pagamentos`, {
        _id: novoId(),
        formaPagamento: dinheiro,
        valorPago: '50.00',
        terminal: l.terminal,
      });
      expect(r.corpo.data.message).toBe(
        'Não existe período (caixa) aberto para o caixa deste terminal, não é permitido receber!',
      );
    } finally {
      await consultar(t.banco.db, sql`update periodo set periodo_aberto = true where caixa_id = ${l.caixa}`);
    }
  });

  it('the kitchen syncs once a line is confirmed', async () => {
    const venda = ok(await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }));
    ok(await l.post(`/api/venda/${venda._id}/itens`, { produtos: [{ produto: produtos[0] }] }));
    const confirmar = await comandosDe(async () =>
      ok(await l.post(`/api/venda/${venda._id}/confirmarItens`, {})),
    );
    expect(confirmar.some((s) => s.includes('kds_item'))).toBe(true);
    // Once something went to the kitchen, every later write is checked by it (e.g. a cancelled line).
    const depois = await comandosDe(async () =>
      ok(await l.post(`/api/venda/${venda._id}/itens`, { produtos: [{ produto: produtos[1] }] })),
    );
    expect(depois.some((s) => s.includes('kds_item'))).toBe(true);
  });
});

describe('prepared statements', () => {
  it('consultarPreparada answers like consultar, also inside a transaction and with other values', async () => {
    const q = (n: number) => sql`select ${n}::int + 1 as n, 'x' as t`;
    expect(await consultarPreparada(t.banco.db, 'teste_n', q(1))).toEqual(await consultar(t.banco.db, q(1)));
    expect((await consultarPreparada(t.banco.db, 'teste_n', q(41)))[0]?.n).toBe(42);
    // The same name with another text is another statement (the name carries the text's hash).
    expect((await consultarPreparada(t.banco.db, 'teste_n', sql`select 7 as n`))[0]?.n).toBe(7);
    await t.banco.db.transaction(async (tx) => {
      expect((await consultarPreparada(tx as never, 'teste_n', q(2)))[0]?.n).toBe(3);
    });
  });
});

describe('sale catalogue without a schema parse per product', () => {
  it('gives exactly what produtoVendaSchema gives, and drops a product the schema refuses', async () => {
    const servico = t.app.servicos.catalogoVenda;
    // A local price of this store on one product (the engine's `empresas` entry).
    await consultar(
      t.banco.db,
      sql`update produto_geral_empresa set preco = 9.90 where produto_geral_id = ${produtos[2]} and empresa_id = ${l.empresa}`,
    );
    servico.invalidar();
    const cat = await servico.daLoja(t.demo.grupoId, l.empresa);
    expect(cat.catalogo.produtos.length).toBeGreaterThan(10);
    for (const p of cat.catalogo.produtos)
      expect(JSON.stringify(produtoVendaSchema.parse(p))).toBe(JSON.stringify(p));
    expect(cat.catalogo.produtos.find((p) => p._id === produtos[2])?.empresas).toEqual([
      { empresa: l.empresa, tipoPreco: 'precoLocal', precoLocal: '9.90' },
    ]);
    // Service products are not in the engine's list; every product is in the store's map with its barcode.
    expect(cat.catalogo.produtos.some((p) => p.tipoProduto === 'Gorjeta')).toBe(false);
    expect(cat.gorjeta?.tipoProduto).toBe('Gorjeta');
    expect(cat.gtins.size).toBe(cat.produtos.size);

    const lata = produtos[1] as string;
    const [antes] = await consultar(
      t.banco.db,
      sql`select custo::text as c from produto_geral where id = ${lata}`,
    );
    await consultar(t.banco.db, sql`update produto_geral set custo = 'NaN' where id = ${lata}`);
    try {
      servico.invalidar();
      const outro = await servico.daLoja(t.demo.grupoId, l.empresa);
      expect(outro.catalogo.produtos.some((p) => p._id === lata)).toBe(false);
      expect(outro.produtos.get(lata)?.ativo).toBe(true);
      expect(outro.catalogo.produtos.length).toBe(cat.catalogo.produtos.length - 1);
    } finally {
      await consultar(
        t.banco.db,
        sql`update produto_geral set custo = ${antes?.c}::numeric where id = ${lata}`,
      );
      servico.invalidar();
    }
  });
});
