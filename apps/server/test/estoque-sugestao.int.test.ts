import type { LinhaSugestaoPedido, PedidoGeradoSugestao, SugestaoPedido } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// Purchase suggestion (estoqueSugestaoPedido, issue 17) as the demo stock keeper: consumption read from real moves
// of the ledger (manual exits, one of them reversed), the suggestion rounded up to the supplier's box, open orders
// counted, one order per supplier created once under a double submit, and the refusal of a user without the
// permission.

let t: AppTeste;
let estoquista: string;
let caixa: string;
let admin: string;
let grupo: string;
let centro: string;
let fornecedor: string;
let caixaUnidade: string;
let farinha: string;
let oleo: string;

const msg = (r: Resposta) => String(r.corpo.data.message ?? '');
const dados = <T>(r: Resposta): T => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data as unknown as T;
};

async function novoProduto(descricao: string): Promise<string> {
  const r = await t.post(
    '/api/produtoGeral',
    { descricao, tipoProduto: 3, custo: '1.00', preco: '10.00' },
    admin,
  );
  return String(dados<Registro>(r)._id);
}

const sugestao = async (consulta: string) =>
  dados<SugestaoPedido>(await t.get(`/api/estoque/sugestaoPedido?empresa=${centro}&${consulta}`, estoquista));
const linha = (s: SugestaoPedido, produto: string): LinhaSugestaoPedido | undefined =>
  s.linhas.find((l) => l.produto._id === produto);

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  centro = t.demo.empresas.centro;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  fornecedor = String(
    (
      await consultarUm(
        t.banco.db,
        sql`select id from pessoa where grupo_empresarial_id = ${grupo} and nome = 'Distribuidora de Bebidas Exemplo'`,
      )
    )?.id,
  );
  caixaUnidade = String(
    (
      await consultarUm(
        t.banco.db,
        sql`select id from unidade_medida where grupo_empresarial_id = ${grupo} and sigla = 'CX'`,
      )
    )?.id,
  );
  farinha = await novoProduto('Farinha Sugestão (kg)');
  oleo = await novoProduto('Óleo Sugestão (lt)');
  for (const [produto, extra] of [
    [farinha, { estoqueMinimo: '10', estoqueMaximo: '100', prazoEntregaDias: 7 }],
    [oleo, { prazoEntregaDias: 2 }],
  ] as const) {
    dados(
      await t.post('/api/estoqueCadastro', { empresa: centro, produtoGeral: produto, ...extra }, estoquista, {
        empresa: centro,
      }),
    );
  }
  dados(
    await t.post(
      '/api/estoqueProdutoFornecedor',
      {
        produtoGeral: farinha,
        fornecedor,
        codigoProdutoFornecedor: 'SUG-FAR-CX',
        unidadeFornecedor: caixaUnidade,
        fatorConversao: '12',
      },
      estoquista,
    ),
  );
  dados(
    await t.post(
      '/api/estoqueProdutoFornecedor',
      { produtoGeral: oleo, fornecedor, codigoProdutoFornecedor: 'SUG-OLEO', fatorConversao: '1' },
      estoquista,
    ),
  );
  // Real moves: entries, exits, one exit reversed (it must not count as consumption).
  dados(
    await t.post(
      '/api/estoque/entrada',
      {
        _id: novoId(),
        empresa: centro,
        itens: [
          { produto: farinha, quantidade: '100', custoUnitario: '2.50' },
          { produto: oleo, quantidade: '40', custoUnitario: '5' },
        ],
      },
      estoquista,
    ),
  );
  dados(
    await t.post(
      '/api/estoque/saidaManual',
      {
        _id: novoId(),
        empresa: centro,
        motivo: 'perda',
        itens: [
          { produto: farinha, quantidade: '56' },
          { produto: oleo, quantidade: '28' },
        ],
      },
      estoquista,
    ),
  );
  const errada = dados<{ movimentos: Registro[] }>(
    await t.post(
      '/api/estoque/saidaManual',
      { _id: novoId(), empresa: centro, motivo: 'quebra', itens: [{ produto: farinha, quantidade: '14' }] },
      estoquista,
    ),
  );
  dados(
    await t.post(
      `/api/estoque/movimento/${String(errada.movimentos[0]?._id)}/estornar`,
      { motivo: 'lançada errada' },
      admin,
    ),
  );
});
afterAll(async () => t.fechar());

describe('purchase suggestion', () => {
  it('reads consumption from the ledger net of reversals and rounds up to the supplier box', async () => {
    const s = await sugestao(`fornecedor=${fornecedor}`);
    expect(s.semanas).toBe(4);
    const f = linha(s, farinha);
    // 56 in 28 days = 2/day; balance 44, 7 days of lead time -> 30 on arrival; up to 100: 70 -> 6 boxes of 12.
    expect(f).toMatchObject({
      consumoPeriodo: '56.000000',
      consumoDiario: '2.000000',
      saldo: '44.000000',
      pedidosAbertos: '0.000000',
      saldoProjetado: '30.000000',
      alvo: '100.000000',
      quantidadeCompra: '6.000000',
      quantidadeEstoque: '72.000000',
      unidadeCompra: { _id: caixaUnidade, sigla: 'CX' },
      fatorConversao: '12.000000',
      ultimoCusto: '2.500000',
      precoUnitario: '30.000000',
      valor: '180.00',
    });
    // Oil: 1/day, no maximum, 2 days + 7 of coverage = 9 against 12 − 2 = 10: nothing to buy, left out.
    expect(linha(s, oleo)).toBeUndefined();
    const todos = await sugestao(`fornecedor=${fornecedor}&todos=true`);
    expect(linha(todos, oleo)).toMatchObject({ quantidadeCompra: '0.000000', saldoProjetado: '10.000000' });
    // 30 days of coverage: 32 − 10 = 22 litres.
    const longo = await sugestao(`fornecedor=${fornecedor}&diasCobertura=30`);
    expect(linha(longo, oleo)).toMatchObject({ quantidadeCompra: '22.000000', valor: '110.00' });
    // Two weeks: the same 56 over 14 days = 4/day -> 44 − 28 = 16 on arrival; 84 -> 7 boxes.
    const duas = await sugestao(`fornecedor=${fornecedor}&semanas=2`);
    expect(linha(duas, farinha)).toMatchObject({ consumoDiario: '4.000000', quantidadeCompra: '7.000000' });
    const fornecedores = dados<{ _id: string }[]>(
      await t.get(`/api/estoque/sugestaoPedido/fornecedores?empresa=${centro}`, estoquista),
    );
    expect(fornecedores.map((x) => x._id)).toContain(fornecedor);
  });

  it('bad filters are refused with a message', async () => {
    for (const c of ['semanas=0', 'semanas=0x4', 'semanas=53', 'diasCobertura=-1']) {
      const r = await t.get(`/api/estoque/sugestaoPedido?empresa=${centro}&${c}`, estoquista);
      expect(r.corpo.valido, c).toBe(false);
      expect(r.status, c).toBeLessThan(500);
    }
    const outro = await t.get(
      `/api/estoque/sugestaoPedido?empresa=${centro}&fornecedor=${'f'.repeat(24)}`,
      estoquista,
    );
    expect(msg(outro)).toBe('Fornecedor não encontrado!');
  });

  it('creates one order per supplier once under a double submit; open orders lower the next suggestion', async () => {
    const s = await sugestao(`fornecedor=${fornecedor}&diasCobertura=30`);
    const itens = s.linhas
      .filter((l) => l.produto._id === farinha || l.produto._id === oleo)
      .map((l) => ({
        produto: l.produto._id,
        unidade: l.unidadeCompra?._id ?? null,
        fatorConversao: l.fatorConversao,
        quantidade: l.quantidadeCompra,
        precoUnitario: l.precoUnitario,
      }));
    expect(itens).toHaveLength(2);
    const corpo = { empresa: centro, pedidos: [{ _id: novoId(), fornecedor, itens }] };

    const semPermissao = await t.post('/api/estoque/sugestaoPedido/gerar', corpo, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
    expect((await t.get(`/api/estoque/sugestaoPedido?empresa=${centro}`, caixa)).corpo.valido).toBe(false);

    const [a, b] = await Promise.all([
      t.post('/api/estoque/sugestaoPedido/gerar', corpo, estoquista),
      t.post('/api/estoque/sugestaoPedido/gerar', corpo, estoquista),
    ]);
    const c = await t.post('/api/estoque/sugestaoPedido/gerar', corpo, estoquista);
    const pa = dados<PedidoGeradoSugestao[]>(a);
    expect(dados<PedidoGeradoSugestao[]>(b)).toEqual(pa);
    expect(dados<PedidoGeradoSugestao[]>(c)).toEqual(pa);
    expect(pa).toHaveLength(1);
    expect(pa[0]).toMatchObject({ _id: corpo.pedidos[0]?._id, itens: 2, valorTotal: '290.00' });
    const gravados = await consultar(
      t.banco.db,
      sql`select id, status from estoque_pedido_compra where grupo_empresarial_id = ${grupo} and id = ${corpo.pedidos[0]?._id ?? ''}`,
    );
    expect(gravados).toEqual([{ id: corpo.pedidos[0]?._id, status: 'rascunho' }]);

    // The draft brings 72 kg of flour and 22 l of oil: nothing left to suggest.
    const depois = await sugestao(`fornecedor=${fornecedor}&diasCobertura=30&todos=true`);
    expect(linha(depois, farinha)).toMatchObject({
      pedidosAbertos: '72.000000',
      quantidadeCompra: '0.000000',
    });
    expect(linha(depois, oleo)).toMatchObject({ pedidosAbertos: '22.000000', quantidadeCompra: '0.000000' });
  });

  it('an order without lines is refused and creates nothing', async () => {
    const _id = novoId();
    const r = await t.post(
      '/api/estoque/sugestaoPedido/gerar',
      { empresa: centro, pedidos: [{ _id, fornecedor, itens: [] }] },
      estoquista,
    );
    expect(msg(r)).toContain('Informe ao menos um produto.');
    expect(
      await consultarUm(t.banco.db, sql`select id from estoque_pedido_compra where id = ${_id}`),
    ).toBeUndefined();
  });
});
