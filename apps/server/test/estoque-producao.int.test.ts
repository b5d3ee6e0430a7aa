import {
  ESTADO_INICIAL,
  escreverEstoque,
  lerEstoque,
  MENSAGENS_PRODUCAO,
  type ProducaoDetalhe,
  type ReceitaParaProducao,
  TIPO_MOVIMENTO_ESTOQUE,
  valorizarHistorico,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Production orders (estoqueProducaoProdutos, issue 17) through the routes, as the stock keeper: an order by
// recipe finished with a real quantity other than the expected one, an order by yield unit, value in = value
// out, two finishes at once (one production), the refusal of negative stock naming the ingredient (nothing
// written), cancelling, and the reversal of every move. PGlite by default; PostgreSQL with server-pg.

process.env.ESTOQUE_CONSUMO_INTERVALO_MS = '3600000';

let t: AppTeste;
let grupo: string;
let loja: string;
let gestor: string;
let admin: string;
let estoquista: string;
let caixa: string;
let farinha: string;
let oleo: string;
let massa: string;
let semReceita: string;

const dados = <T>(r: { corpo: { data: unknown } }) => r.corpo.data as T;
const msg = (r: { corpo: { data: Registro } }) => String(r.corpo.data.message ?? '');
const centavos = (v: string) => Math.round(Number(v) * 100);

async function novoProduto(descricao: string): Promise<string> {
  const r = await t.post('/api/produtoGeral', { descricao, tipoProduto: 1, custo: '1.00' }, admin, {
    empresa: gestor,
  });
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return String(r.corpo.data._id);
}

async function saldo(produto: string) {
  const [s] = await consultar(
    t.banco.db,
    sql`select quantidade::text as q, custo_medio::text as m from estoque_saldo
         where grupo_empresarial_id = ${grupo} and empresa_id = ${loja} and produto_id = ${produto}`,
  );
  return { quantidade: String(s?.q ?? '0.000000'), custoMedio: String(s?.m ?? '0.000000') };
}

async function movimentosDaOrdem(id: string) {
  return consultar(
    t.banco.db,
    sql`select id, produto_id, tipo, quantidade::text as q, custo_unitario::text as c, valor::text as v, estorno_de
          from estoque_movimento where grupo_empresarial_id = ${grupo} and origem_tipo = 'producao'
           and origem_id = ${id} order by seq`,
  );
}

/** Cache = Σ moves and every running figure = a fold from scratch. */
async function conferirLivro(produto: string) {
  const movs = await consultar(
    t.banco.db,
    sql`select quantidade::text as q, custo_informado, custo_unitario::text as c, saldo_apos::text as s,
               custo_medio_apos::text as m
          from estoque_movimento where grupo_empresarial_id = ${grupo} and empresa_id = ${loja}
           and produto_id = ${produto} order by data, seq`,
  );
  const dobra = valorizarHistorico(
    movs.map((m) => ({
      quantidade: lerEstoque(String(m.q)),
      custoInformado: m.custo_informado ? lerEstoque(String(m.c)) : null,
    })),
  );
  for (const [i, m] of movs.entries()) {
    expect(escreverEstoque(lerEstoque(String(m.s)))).toBe(escreverEstoque(dobra[i]!.saldo));
    expect(escreverEstoque(lerEstoque(String(m.m)))).toBe(escreverEstoque(dobra[i]!.custoMedio));
  }
  const ultimo = dobra.at(-1) ?? ESTADO_INICIAL;
  const s = await saldo(produto);
  expect(escreverEstoque(lerEstoque(s.quantidade))).toBe(escreverEstoque(ultimo.saldo));
}

const pedir = async (corpo: Record<string, unknown>, token = estoquista) => {
  const r = await t.post(
    '/api/estoque/producao',
    { _id: novoId(), empresa: loja, produto: massa, ...corpo },
    token,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return dados<ProducaoDetalhe>(r);
};
const finalizar = (id: string, corpo: Record<string, unknown> = {}, token = estoquista) =>
  t.post(`/api/estoque/producao/${id}/finalizar`, corpo, token);

/** Value that left (ingredients) and value that entered (product) of an order's own moves, in cents. */
async function valores(id: string) {
  const movs = await movimentosDaOrdem(id);
  const saiu = movs
    .filter((m) => Number(m.tipo) === TIPO_MOVIMENTO_ESTOQUE.producaoConsumo)
    .reduce((s, m) => s - centavos(String(m.v)), 0);
  const entrou = movs
    .filter((m) => Number(m.tipo) === TIPO_MOVIMENTO_ESTOQUE.producaoEntrada)
    .reduce((s, m) => s + centavos(String(m.v)), 0);
  return { saiu, entrou, movs };
}

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  ({ centro: loja, gestor } = t.demo.empresas);
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  farinha = await novoProduto('Farinha Produção');
  oleo = await novoProduto('Óleo Produção');
  massa = await novoProduto('Massa Produção');
  semReceita = await novoProduto('Produto Sem Ficha');
  // A recipe of dough yields 2 units: 0.3 kg of flour (10% lost sifting) and 0.01 l of oil.
  const ficha = await t.post(
    '/api/estoqueFichaTecnica',
    {
      produtoGeral: massa,
      indexReceita: 0,
      descricao: 'Massa da cozinha central',
      padrao: true,
      rendimento: '2',
      itens: [
        { produto: farinha, quantidade: '0.3', fatorCorrecao: '1.1' },
        { produto: oleo, quantidade: '0.01' },
      ],
    },
    estoquista,
    { empresa: gestor },
  );
  expect(ficha.corpo.valido, JSON.stringify(ficha.corpo)).toBe(true);
  const entrada = await t.post(
    '/api/estoque/entrada',
    {
      _id: novoId(),
      empresa: loja,
      itens: [
        { produto: farinha, quantidade: '10', custoUnitario: '4.20' },
        { produto: oleo, quantidade: '2', custoUnitario: '8.90' },
      ],
    },
    estoquista,
  );
  expect(entrada.corpo.valido, JSON.stringify(entrada.corpo)).toBe(true);
});
afterAll(async () => {
  await t?.fechar();
});

describe('ordem de produção (estoqueProducaoProdutos)', () => {
  it('shows the recipe an order would use with each ingredient at its average in the store', async () => {
    const r = await t.get(`/api/estoque/producao/receita?empresa=${loja}&produto=${massa}`, estoquista);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const receita = dados<ReceitaParaProducao>(r);
    expect(receita.receita.rendimento).toBe('2.0000');
    expect(receita.itens.map((i) => [i.descricao, i.custoMedio, i.saldo])).toEqual([
      ['Farinha Produção', '4.200000', '10.000000'],
      ['Óleo Produção', '8.900000', '2.000000'],
    ]);
    const lista = await t.get('/api/estoque/producao/produtos?busca=produção', estoquista);
    expect(lista.lista.map((p) => p.descricao)).toEqual(['Massa Produção']);
    const sem = await t.post(
      '/api/estoque/producao',
      { _id: novoId(), empresa: loja, produto: semReceita, tipoSolicitacao: 1, quantidade: '1' },
      estoquista,
    );
    expect(msg(sem)).toBe(MENSAGENS_PRODUCAO.semReceita('Produto Sem Ficha'));
  });

  it('by recipe: 3 recipes expected 6 units, 5.5 came out; the cost is spread over 5.5 and value in = value out', async () => {
    const ordem = await pedir({ tipoSolicitacao: 1, quantidade: '3', observacao: 'Turno da manhã' });
    expect(ordem.status).toBe('solicitada');
    expect(ordem.quantidadePrevista).toBe('6.000000');
    expect(ordem.itens.map((i) => [i.descricao, i.quantidadeBruta])).toEqual([
      ['Farinha Produção', '0.990000'],
      ['Óleo Produção', '0.030000'],
    ]);
    // Nothing moves on the request.
    expect(await movimentosDaOrdem(ordem._id)).toHaveLength(0);

    const r = await finalizar(ordem._id, { quantidadeProduzida: '5.5' });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const feita = dados<ProducaoDetalhe>(r);
    expect(feita.status).toBe('finalizada');
    expect(feita.quantidadeProduzida).toBe('5.500000');
    // 0.99 × 4.20 = 4.158 -> 4.16; 0.03 × 8.90 = 0.267 -> 0.27; 4.43 / 5.5 = 0.8054545 -> 0.805455
    expect(feita.itens.map((i) => i.valor)).toEqual(['4.16', '0.27']);
    expect(feita.custoTotal).toBe('4.43');
    expect(feita.custoUnitario).toBe('0.805455');
    const { saiu, entrou, movs } = await valores(ordem._id);
    expect(saiu).toBe(443);
    expect(Math.abs(entrou - saiu)).toBeLessThanOrEqual(1);
    expect(movs.map((m) => [Number(m.tipo), String(m.q)])).toEqual([
      [TIPO_MOVIMENTO_ESTOQUE.producaoConsumo, '-0.990000'],
      [TIPO_MOVIMENTO_ESTOQUE.producaoConsumo, '-0.030000'],
      [TIPO_MOVIMENTO_ESTOQUE.producaoEntrada, '5.500000'],
    ]);
    expect(await saldo(massa)).toEqual({ quantidade: '5.500000', custoMedio: '0.805455' });
    expect((await saldo(farinha)).quantidade).toBe('9.010000');
    expect((await saldo(oleo)).quantidade).toBe('1.970000');
    for (const p of [massa, farinha, oleo]) await conferirLivro(p);
  });

  it('by yield unit: 3 units take 3/2 of the recipe; finished without a quantity, the expected one came out', async () => {
    const ordem = await pedir({ tipoSolicitacao: 2, quantidade: '3' });
    expect(ordem.quantidadePrevista).toBe('3.000000');
    expect(ordem.itens.map((i) => i.quantidadeBruta)).toEqual(['0.495000', '0.015000']);
    const r = await finalizar(ordem._id);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const feita = dados<ProducaoDetalhe>(r);
    expect(feita.quantidadeProduzida).toBe('3.000000');
    // 0.495 × 4.20 = 2.079 -> 2.08; 0.015 × 8.90 = 0.1335 -> 0.13 (half away from zero at the 3rd place: 0.13)
    expect(feita.custoTotal).toBe('2.21');
    const { saiu, entrou } = await valores(ordem._id);
    expect(saiu).toBe(221);
    expect(Math.abs(entrou - saiu)).toBeLessThanOrEqual(1);
    expect((await saldo(massa)).quantidade).toBe('8.500000');
    await conferirLivro(massa);
  });

  it('two finishes at once produce once; a third answers the finished order', async () => {
    const ordem = await pedir({ tipoSolicitacao: 1, quantidade: '1' });
    const antes = await saldo(massa);
    const [r1, r2] = await Promise.all([
      finalizar(ordem._id, {}, estoquista),
      finalizar(ordem._id, { quantidadeProduzida: '1.5' }, admin),
    ]);
    expect(r1.corpo.valido, JSON.stringify(r1.corpo)).toBe(true);
    expect(r2.corpo.valido, JSON.stringify(r2.corpo)).toBe(true);
    const { movs } = await valores(ordem._id);
    expect(movs).toHaveLength(3);
    const produzida = dados<ProducaoDetalhe>(r1).quantidadeProduzida;
    expect(dados<ProducaoDetalhe>(r2).quantidadeProduzida).toBe(produzida);
    expect(Number((await saldo(massa)).quantidade) - Number(antes.quantidade)).toBeCloseTo(
      Number(produzida),
      6,
    );
    const terceira = await finalizar(ordem._id, { quantidadeProduzida: '9' });
    expect(dados<ProducaoDetalhe>(terceira).quantidadeProduzida).toBe(produzida);
    expect(await movimentosDaOrdem(ordem._id)).toHaveLength(3);
    await conferirLivro(massa);
  });

  it('where the store refuses negative stock, a finish without flour is refused naming it, and nothing moves', async () => {
    const ordem = await pedir({ tipoSolicitacao: 1, quantidade: '100' });
    const antes = [await saldo(farinha), await saldo(oleo), await saldo(massa)];
    const r = await finalizar(ordem._id);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(
      /^Estoque insuficiente: (Farinha|Óleo) Produção na loja .+ tem saldo .+ e a quantidade pedida é /,
    );
    expect(msg(r)).toContain('Farinha Produção');
    expect([await saldo(farinha), await saldo(oleo), await saldo(massa)]).toEqual(antes);
    expect(await movimentosDaOrdem(ordem._id)).toHaveLength(0);
    const depois = dados<ProducaoDetalhe>(await t.get(`/api/estoque/producao/${ordem._id}`, estoquista));
    expect(depois.status).toBe('solicitada');
    // Bad input: a real quantity of zero is refused before anything.
    const zero = await finalizar(ordem._id, { quantidadeProduzida: '0' });
    expect(zero.corpo.valido).toBe(false);
    expect(msg(zero)).toContain('Quantidade inválida');
  });

  it('a request is cancelled with a reason; a cancelled order is never finished, a finished one never cancelled', async () => {
    const ordem = await pedir({ tipoSolicitacao: 1, quantidade: '1' });
    const semMotivo = await t.post(
      `/api/estoque/producao/${ordem._id}/cancelar`,
      { motivo: ' ' },
      estoquista,
    );
    expect(semMotivo.corpo.valido).toBe(false);
    const c = await t.post(
      `/api/estoque/producao/${ordem._id}/cancelar`,
      { motivo: 'Falta de gás' },
      estoquista,
    );
    expect(c.corpo.valido, JSON.stringify(c.corpo)).toBe(true);
    expect(dados<ProducaoDetalhe>(c)).toMatchObject({ status: 'cancelada', motivo: 'Falta de gás' });
    const f = await finalizar(ordem._id);
    expect(msg(f)).toBe(MENSAGENS_PRODUCAO.canceladaNaoFinaliza);
    expect(await movimentosDaOrdem(ordem._id)).toHaveLength(0);

    const outra = await pedir({ tipoSolicitacao: 1, quantidade: '1' });
    expect((await finalizar(outra._id)).corpo.valido).toBe(true);
    const naoCancela = await t.post(
      `/api/estoque/producao/${outra._id}/cancelar`,
      { motivo: 'Engano' },
      estoquista,
    );
    expect(msg(naoCancela)).toBe(MENSAGENS_PRODUCAO.finalizadaNaoCancela);
  });

  it('a finished order is reversed: every move undone at its own cost, balances and values back', async () => {
    const antes = [await saldo(farinha), await saldo(oleo), await saldo(massa)];
    const ordem = await pedir({ tipoSolicitacao: 2, quantidade: '4' });
    const pendente = await t.post(
      `/api/estoque/producao/${ordem._id}/estornar`,
      { motivo: 'Teste' },
      estoquista,
    );
    expect(msg(pendente)).toBe(MENSAGENS_PRODUCAO.soFinalizadaEstorna);
    expect((await finalizar(ordem._id, { quantidadeProduzida: '3.7' })).corpo.valido).toBe(true);

    const r = await t.post(
      `/api/estoque/producao/${ordem._id}/estornar`,
      { motivo: 'Massa descartada: farinha errada' },
      estoquista,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const estornada = dados<ProducaoDetalhe>(r);
    expect(estornada.status).toBe('estornada');
    expect(estornada.motivo).toBe('Massa descartada: farinha errada');
    const movs = await movimentosDaOrdem(ordem._id);
    expect(movs).toHaveLength(6);
    const originais = movs.filter((m) => m.estorno_de === null);
    for (const o of originais) {
      const e = movs.find((m) => m.estorno_de === o.id);
      expect(e, String(o.id)).toBeDefined();
      expect(Number(e!.q)).toBe(-Number(o.q));
      expect(centavos(String(e!.v))).toBe(-centavos(String(o.v)));
    }
    expect([await saldo(farinha), await saldo(oleo), await saldo(massa)].map((s) => s.quantidade)).toEqual(
      antes.map((s) => s.quantidade),
    );
    for (const p of [massa, farinha, oleo]) await conferirLivro(p);
    // A second reversal answers the first.
    const deNovo = await t.post(`/api/estoque/producao/${ordem._id}/estornar`, { motivo: 'x' }, estoquista);
    expect(dados<ProducaoDetalhe>(deNovo).motivo).toBe('Massa descartada: farinha errada');
    expect(await movimentosDaOrdem(ordem._id)).toHaveLength(6);
  });

  it('a reversal is refused, naming the product, when the dough was already used and the store refuses negative stock', async () => {
    const ordem = await pedir({ tipoSolicitacao: 2, quantidade: '1' });
    expect((await finalizar(ordem._id)).corpo.valido).toBe(true);
    const todo = (await saldo(massa)).quantidade;
    const saida = await t.post(
      '/api/estoque/saidaManual',
      {
        _id: novoId(),
        empresa: loja,
        motivo: 'consumoInterno',
        itens: [{ produto: massa, quantidade: todo }],
      },
      estoquista,
    );
    expect(saida.corpo.valido, JSON.stringify(saida.corpo)).toBe(true);
    const r = await t.post(`/api/estoque/producao/${ordem._id}/estornar`, { motivo: 'Engano' }, estoquista);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/^Estoque insuficiente: Massa Produção na loja /);
    expect(await movimentosDaOrdem(ordem._id)).toHaveLength(3);
  });

  it('a request sent twice is one order; lists by store and status; the cashier may not see it', async () => {
    const _id = novoId();
    const corpo = { _id, empresa: loja, produto: massa, tipoSolicitacao: 1, quantidade: '2' };
    const [a, b] = [
      await t.post('/api/estoque/producao', corpo, estoquista),
      await t.post('/api/estoque/producao', corpo, estoquista),
    ];
    expect(dados<ProducaoDetalhe>(a).numero).toBe(dados<ProducaoDetalhe>(b).numero);
    const [n] = await consultar(
      t.banco.db,
      sql`select count(*)::int as n from estoque_producao where id = ${_id}`,
    );
    expect(n?.n).toBe(1);
    const lista = await t.get(`/api/estoque/producao?empresa=${loja}&status=solicitada`, estoquista);
    const itens = dados<{ itens: ProducaoDetalhe[]; total: number }>(lista);
    expect(itens.itens.every((i) => i.status === 'solicitada')).toBe(true);
    expect(itens.itens.map((i) => i._id)).toContain(_id);
    const negado = await t.get(`/api/estoque/producao?empresa=${loja}`, caixa);
    expect(negado.corpo.valido).toBe(false);
    const criarNegado = await t.post('/api/estoque/producao', { ...corpo, _id: novoId() }, caixa);
    expect(criarNegado.corpo.valido).toBe(false);
  });
});

describe('custo produzido depois de uma entrada retroativa de um ingrediente', () => {
  it('the output of the productions after a back-dated entry follows the new ingredient average, then the later averages', async () => {
    const trigo = await novoProduto('Trigo Retroativo');
    const pao = await novoProduto('Pão Retroativo');
    const lanche = await novoProduto('Lanche Retroativo');
    const ficha = async (produtoGeral: string, ingrediente: string, quantidade: string) => {
      const r = await t.post(
        '/api/estoqueFichaTecnica',
        {
          produtoGeral,
          indexReceita: 0,
          padrao: true,
          rendimento: '1',
          itens: [{ produto: ingrediente, quantidade }],
        },
        estoquista,
        { empresa: gestor },
      );
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    };
    await ficha(pao, trigo, '2');
    await ficha(lanche, pao, '1');
    const entrar = async (produto: string, quantidade: string, custoUnitario: string, data?: string) => {
      const r = await t.post(
        '/api/estoque/entrada',
        {
          _id: novoId(),
          empresa: loja,
          ...(data ? { data } : {}),
          itens: [{ produto, quantidade, custoUnitario }],
        },
        estoquista,
      );
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    };
    const produzir = async (produto: string, quantidade: string) => {
      const ordem = await pedir({ produto, tipoSolicitacao: 1, quantidade });
      const r = await finalizar(ordem._id);
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      return ordem._id;
    };
    const ordem = async (id: string) =>
      dados<ProducaoDetalhe>(await t.get(`/api/estoque/producao/${id}`, estoquista));
    const hora = 3_600_000;

    // 10 kg of wheat at 10.00 three hours ago.
    await entrar(trigo, '10', '10.00', new Date(Date.now() - 3 * hora).toISOString());
    // Now: 2 breads take 4 kg at 10.00 = 40.00 -> 20.00 a bread.
    const p1 = await produzir(pao, '2');
    expect(await ordem(p1)).toMatchObject({ custoTotal: '40.00', custoUnitario: '20.000000' });
    // 2 breads bought at 30.00: (2 × 20 + 2 × 30) / 4 = 25.00.
    await entrar(pao, '2', '30.00');
    expect(await saldo(pao)).toEqual({ quantidade: '4.000000', custoMedio: '25.000000' });
    // A sandwich takes 1 bread at 25.00.
    const p2 = await produzir(lanche, '1');
    expect(await ordem(p2)).toMatchObject({ custoTotal: '25.00', custoUnitario: '25.000000' });

    // An entry of 10 kg at 20.00 found one hour ago, before the first production: the wheat's average at the
    // production is (10 × 10 + 10 × 20) / 20 = 15.00; 4 kg = 60.00 -> 30.00 a bread; the bread's average after
    // the purchase (2 × 30 + 2 × 30) / 4 = 30.00; the sandwich's bread = 30.00.
    await entrar(trigo, '10', '20.00', new Date(Date.now() - hora).toISOString());
    const refeita = await ordem(p1);
    expect(refeita).toMatchObject({ custoTotal: '60.00', custoUnitario: '30.000000' });
    expect(refeita.itens.map((i) => [i.custoUnitario, i.valor])).toEqual([['15.000000', '60.00']]);
    expect(refeita.movimentos.map((m) => [m.tipo, m.custoUnitario, m.valor])).toEqual([
      [TIPO_MOVIMENTO_ESTOQUE.producaoConsumo, '15.000000', '-60.00'],
      [TIPO_MOVIMENTO_ESTOQUE.producaoEntrada, '30.000000', '60.00'],
    ]);
    expect(await saldo(trigo)).toEqual({ quantidade: '16.000000', custoMedio: '15.000000' });
    expect(await saldo(pao)).toEqual({ quantidade: '3.000000', custoMedio: '30.000000' });
    expect(await ordem(p2)).toMatchObject({ custoTotal: '30.00', custoUnitario: '30.000000' });
    expect(await saldo(lanche)).toEqual({ quantidade: '1.000000', custoMedio: '30.000000' });
    for (const p of [trigo, pao, lanche]) await conferirLivro(p);
  });
});
