import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { processarConsumo } from '../src/modules/estoque/consumo-venda.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Stock consumption by sale (issue 17): the sale's recipes consumed once, off the sale's request, by the
// outbox the sale's own transaction writes; pizza parts by their fraction; reopening gives the ingredients
// back and ending again takes them again; a second pass (another instance, a restart) writes nothing.

let t: AppTeste;
let l: Loja;
const p: Record<string, string> = {};
/** The cans the store had before the test's entry. */
let latasAntes = 0;

async function ingrediente(descricao: string, custo: string): Promise<string> {
  const r = await t.post('/api/produtoGeral', { descricao, tipoProduto: 1, custo, preco: '0.00' }, l.admin);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return String(r.corpo.data._id);
}

async function ficha(
  produto: string,
  itens: { produto: string; quantidade: string; fatorCorrecao?: string }[],
) {
  const r = await t.post(
    '/api/estoqueFichaTecnica',
    { produtoGeral: produto, padrao: true, rendimento: '1', itens },
    l.admin,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
}

/** Waits until the outbox is empty (the server's worker drained it). */
async function drenado(): Promise<void> {
  await expect
    .poll(
      async () =>
        (await consultar(t.banco.db, sql`select count(*)::int as n from estoque_venda_pendente`))[0]?.n,
      {
        timeout: 10_000,
      },
    )
    .toBe(0);
}

async function movimentosDaVenda(venda: string) {
  return consultar(
    t.banco.db,
    sql`select produto_id, tipo, quantidade::numeric as q, estorno_de from estoque_movimento
         where origem_tipo = 'venda' and origem_id = ${venda} order by seq`,
  );
}

async function saldo(produto: string): Promise<number> {
  const [s] = await consultar(
    t.banco.db,
    sql`select quantidade::text as q from estoque_saldo where empresa_id = ${l.empresa} and produto_id = ${produto}`,
  );
  return Number(s?.q ?? 0);
}

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  for (const d of ['Pizza Grande Mussarela', 'Pizza Grande Calabresa', 'Refrigerante Lata 350ml']) {
    p[d] = await l.produto(d);
  }
  p.queijo = await ingrediente('Queijo consumo teste', '40.00');
  p.calabresa = await ingrediente('Calabresa consumo teste', '30.00');
  p.massa = await ingrediente('Massa consumo teste', '2.00');
  // Mussarela: 0.3 kg of cheese (loss factor 1.1) + 1 dough; Calabresa: 0.2 kg sausage + 0.1 cheese + 1 dough.
  await ficha(p['Pizza Grande Mussarela']!, [
    { produto: p.queijo, quantidade: '0.3', fatorCorrecao: '1.1' },
    { produto: p.massa, quantidade: '1' },
  ]);
  await ficha(p['Pizza Grande Calabresa']!, [
    { produto: p.calabresa, quantidade: '0.2' },
    { produto: p.queijo, quantidade: '0.1' },
    { produto: p.massa, quantidade: '1' },
  ]);
  // The can has no recipe: it moves only because the store controls it (the demo's estoqueCadastro says so).
  const [controle] = await consultar(
    t.banco.db,
    sql`select controla_estoque from estoque_cadastro where empresa_id = ${l.empresa}
         and produto_geral_id = ${p['Refrigerante Lata 350ml']} and lixo = false`,
  );
  expect(controle?.controla_estoque).toBe(true);
  // The demo's cans already on the shelf (its opening stock): the test asserts what its own moves change.
  latasAntes = await saldo(p['Refrigerante Lata 350ml']!);
  const entrada = await t.post(
    '/api/estoque/entrada',
    {
      _id: novoId(),
      empresa: l.empresa,
      itens: [
        { produto: p.queijo, quantidade: '10', custoUnitario: '40' },
        { produto: p.calabresa, quantidade: '5', custoUnitario: '30' },
        { produto: p.massa, quantidade: '50', custoUnitario: '2.4' },
        { produto: p['Refrigerante Lata 350ml'], quantidade: '24', custoUnitario: '3' },
      ],
    },
    l.admin,
  );
  expect(entrada.corpo.valido, JSON.stringify(entrada.corpo)).toBe(true);
});
afterAll(async () => t.fechar());

async function vendaInteira(produtos: Registro[]): Promise<string> {
  const _id = novoId();
  const criada = await l.post(
    '/api/venda',
    { _id, tipoVenda: 53, terminal: l.terminal, produtos },
    l.caixaToken,
  );
  expect(criada.corpo.valido, JSON.stringify(criada.corpo)).toBe(true);
  const total = String(criada.corpo.data.total);
  const pagar = await l.post(
    `/api/venda/${_id}/pagamentos`,
    { _id: novoId(), formaPagamento: await l.forma(77), valorPago: total, terminal: l.terminal },
    l.caixaToken,
  );
  expect(pagar.corpo.valido, JSON.stringify(pagar.corpo)).toBe(true);
  const fim = await l.post(`/api/venda/${_id}/encerrar`, {}, l.caixaToken);
  expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
  return _id;
}

describe('consumption by sale', () => {
  let venda: string;

  it('a half-and-half pizza and a can consume their recipes by fraction, once', async () => {
    venda = await vendaInteira([
      {
        produto: p['Pizza Grande Mussarela'],
        produtosFilho: [
          { produto: p['Pizza Grande Mussarela'], quantidadeParte: 1 },
          { produto: p['Pizza Grande Calabresa'], quantidadeParte: 1 },
        ],
      },
      { produto: p['Refrigerante Lata 350ml'], quantidade: '2' },
    ]);
    await drenado();
    const movs = await movimentosDaVenda(venda);
    const por = Object.fromEntries(movs.map((m) => [String(m.produto_id), Number(m.q)]));
    // cheese: ½·0.3·1.1 + ½·0.1 = 0.165 + 0.05; dough ½ + ½; sausage ½·0.2; can 2.
    expect(por).toEqual({
      [p.queijo!]: -0.215,
      [p.massa!]: -1,
      [p.calabresa!]: -0.1,
      [p['Refrigerante Lata 350ml']!]: -2,
    });
    expect(movs.every((m) => Number(m.tipo) === 8)).toBe(true);
    // Another pass (a second instance, a restart) finds nothing to do.
    await t.banco.db.execute(
      sql`insert into estoque_venda_pendente (grupo_empresarial_id, empresa_id, venda_id)
          values (${t.demo.grupoId}, ${l.empresa}, ${venda})`,
    );
    await processarConsumo(t.banco.db);
    expect(await movimentosDaVenda(venda)).toHaveLength(4);
    expect(await saldo(p.queijo!)).toBeCloseTo(10 - 0.215, 6);
  });

  it('reopening gives the ingredients back, ending again takes them again', async () => {
    const reaberta = await l.post(`/api/venda/${venda}/reabrir`, {
      liberacao: await l.liberacao(PERMISSAO.reabrirVenda),
    });
    expect(reaberta.corpo.valido, JSON.stringify(reaberta.corpo)).toBe(true);
    await drenado();
    expect(await saldo(p.queijo!)).toBeCloseTo(10, 6);
    const estornos = (await movimentosDaVenda(venda)).filter((m) => Number(m.tipo) === 9);
    expect(estornos).toHaveLength(4);
    expect(estornos.every((m) => m.estorno_de)).toBe(true);
    const fim = await l.post(`/api/venda/${venda}/encerrar`, {}, l.caixaToken);
    expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
    await drenado();
    expect(await saldo(p.queijo!)).toBeCloseTo(10 - 0.215, 6);
    expect(await saldo(p['Refrigerante Lata 350ml']!)).toBe(latasAntes + 24 - 2);
  });

  it('many sales sent whole at once are each consumed exactly once by two workers draining together', async () => {
    const vendas = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const _id = novoId();
        // The counter POS sends the sale whole: created already ended, in a batch of creations.
        const r = await l.post(
          '/api/venda',
          {
            _id,
            tipoVenda: 53,
            terminal: l.terminal,
            produtos: [{ produto: p['Pizza Grande Calabresa'] }],
            pagamentos: [{ _id: novoId(), formaPagamento: await l.forma(77), valorPago: '100.00' }],
            encerrar: true,
          },
          l.caixaToken,
        );
        expect(r.corpo.data.status, JSON.stringify(r.corpo)).toMatchObject({ id: 59 });
        return _id;
      }),
    );
    await Promise.all([processarConsumo(t.banco.db, 3), processarConsumo(t.banco.db, 3), drenado()]);
    await drenado();
    for (const v of vendas) expect(await movimentosDaVenda(v)).toHaveLength(3);
    expect(await saldo(p.calabresa!)).toBeCloseTo(5 - 0.1 - 12 * 0.2, 6);
  });
});

describe('recipe cost from the ledger', () => {
  it("prices a recipe in a store with the store's average cost, the registered cost where the ledger has none", async () => {
    const r = await l.post('/api/getProdutoIngredientesReceitaCusto', {
      produto: p['Pizza Grande Mussarela'],
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const itens = (r.corpo.data as unknown as { itens: { produto: string; custoUnitario: string }[] }).itens;
    // Dough: registered at 2.00, entered at 2.40: the store's average wins.
    expect(Number(itens.find((i) => i.produto === p.massa)?.custoUnitario)).toBe(2.4);
    expect(Number(itens.find((i) => i.produto === p.queijo)?.custoUnitario)).toBe(40);
  });
});

describe('stock reports over the ledger', () => {
  const periodo = () => ({
    empresas: [l.empresa],
    dataInicio: new Date(Date.now() - 86_400_000).toISOString(),
    dataFim: new Date(Date.now() + 60_000).toISOString(),
  });

  it('food cost: the ingredients the sales consumed, their cost and the share of the revenue', async () => {
    const r = await l.post('/api/relatorio/vendaInsumos', periodo());
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const d = r.corpo.data as unknown as {
      linhas: { produto: { _id: string }; quantidade: string; custo: string }[];
      faturamento: string;
      vendas: number;
      custoInsumos: string;
      cmvPercentual: string;
    };
    const queijo = d.linhas.find((x) => x.produto._id === p.queijo);
    // One half-and-half pizza (0.215 kg) net of its reopening, then 12 calabresa pizzas (0.1 kg each): at R$ 40.
    expect(Number(queijo?.quantidade)).toBeCloseTo(0.215 + 12 * 0.1, 6);
    expect(queijo?.custo).toBe((Math.round((0.215 + 1.2) * 40 * 100) / 100).toFixed(2));
    const [soma] = await consultar(
      t.banco.db,
      sql`select sum(total)::text as total, count(*)::int as n from venda where empresa_id = ${l.empresa} and status = 59`,
    );
    expect(d.faturamento).toBe(Number(soma?.total).toFixed(2));
    expect(d.vendas).toBe(soma?.n);
    const custo = d.linhas.reduce((a, x) => a + Number(x.custo), 0);
    expect(Number(d.custoInsumos)).toBeCloseTo(custo, 2);
    expect(Number(d.cmvPercentual)).toBeCloseTo((custo / Number(soma?.total)) * 100, 1);
    const semPermissao = await l.post('/api/relatorio/vendaInsumos', periodo(), l.caixaToken);
    expect(semPermissao.corpo.valido).toBe(false);
  });

  it('stock flow: opening, entries, exits and closing per product add up to the balance', async () => {
    const r = await l.post('/api/relatorio/estoqueFluxo', periodo());
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const linhas = (r.corpo.data as unknown as { linhas: Record<string, string & { _id: string }>[] })
      .linhas as unknown as {
      produto: { _id: string };
      saldoInicial: string;
      entradas: string;
      saidas: string;
      saldoFinal: string;
    }[];
    for (const x of linhas) {
      expect(Number(x.saldoInicial) + Number(x.entradas) - Number(x.saidas)).toBeCloseTo(
        Number(x.saldoFinal),
        6,
      );
    }
    const calabresa = linhas.find((x) => x.produto._id === p.calabresa);
    expect(Number(calabresa?.entradas)).toBeCloseTo(5 + 0.1, 6);
    expect(Number(calabresa?.saldoFinal)).toBeCloseTo(await saldo(p.calabresa!), 6);
    // The end a day before the start: built from one reading of the clock (two readings a millisecond apart made a valid period).
    const p0 = periodo();
    const invalido = await l.post('/api/relatorio/estoqueFluxo', {
      ...p0,
      dataFim: new Date(Date.parse(p0.dataInicio) - 86_400_000).toISOString(),
    });
    expect(invalido.corpo.valido).toBe(false);
    expect(JSON.stringify(invalido.corpo.data)).toContain('Período inválido');
  });
});
