import { diaDoEstoque, type ProdutoEstoque, type SaidaManualDocumento } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { lerMotivoSaida } from '../src/modules/estoque/consultas.service.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// Reads of the stock screens (issue 17): the manual exit documents of a store (GET /api/estoque/saidaManual,
// the moves of one document grouped, reversals shown, days of São Paulo), the product look-up with the balance
// of a store (GET /api/estoque/produtos) and the value per store of the position report
// (GET /api/estoque/posicao/empresas).

let t: AppTeste;
let admin: string;
let caixa: string;
let loja: string;
let outraLoja: string;
let queijo: string;
let farinha: string;
const hoje = diaDoEstoque(new Date());
const ontemInstante = new Date(Date.now() - 86_400_000).toISOString();
const ontem = diaDoEstoque(new Date(ontemInstante));
const msg = (r: Resposta) => String(r.corpo.data.message ?? JSON.stringify(r.corpo.data));
const docs = (r: Resposta) => r.corpo.data as unknown as SaidaManualDocumento[];

async function novoProduto(descricao: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await t.post(
    '/api/produtoGeral',
    { descricao, tipoProduto: 3, custo: '1.00', preco: '10.00', ...extra },
    admin,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return String(r.corpo.data._id);
}

async function postar(url: string, corpo: unknown, token = admin): Promise<Registro> {
  const r = await t.post(url, corpo, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
}

let doc1: string;
let doc2: string;

beforeAll(async () => {
  t = await criarAppTeste();
  loja = t.demo.empresas.centro;
  outraLoja = t.demo.empresas.shopping;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  const [kg] = await consultar(
    t.banco.db,
    sql`select id from unidade_medida where grupo_empresarial_id = ${t.demo.grupoId} and sigla = 'KG'`,
  );
  queijo = await novoProduto('Queijo Prato Telas', { unidade: String(kg?.id), codigoInterno: 9101 });
  farinha = await novoProduto('Farinha Telas', { codigoInterno: 9102, gtin: '7891234567895' });
  await postar('/api/estoque/entrada', {
    _id: novoId(),
    empresa: loja,
    data: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    itens: [
      { produto: queijo, quantidade: '10', custoUnitario: '20' },
      { produto: farinha, quantidade: '5', custoUnitario: '3' },
    ],
  });
  // Yesterday: a loss of two lines; today: an 'outro' with its text.
  doc1 = novoId();
  await postar('/api/estoque/saidaManual', {
    _id: doc1,
    empresa: loja,
    data: ontemInstante,
    motivo: 'perda',
    itens: [
      { produto: queijo, quantidade: '1.5' },
      { produto: farinha, quantidade: '2' },
    ],
  });
  doc2 = novoId();
  await postar('/api/estoque/saidaManual', {
    _id: doc2,
    empresa: loja,
    motivo: 'outro',
    observacao: 'Doação ao abrigo',
    itens: [{ produto: queijo, quantidade: '0.25' }],
  });
});
afterAll(async () => t.fechar());

describe('GET /api/estoque/saidaManual', () => {
  it('lists the documents of the store newest first, lines grouped, quantities and values as exits', async () => {
    const r = await t.get(`/api/estoque/saidaManual?empresa=${loja}`, admin);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const lista = docs(r);
    expect(lista.map((d) => d._id)).toEqual([doc2, doc1]);
    const [d2, d1] = lista;
    expect(d2).toMatchObject({
      empresa: loja,
      motivo: 'outro',
      observacao: 'Doação ao abrigo',
      motivoDescricao: 'Outro - Doação ao abrigo',
      valorTotal: '5.00',
      valorEstornado: '0.00',
      usuario: { nome: 'Administrador' },
    });
    expect(d1?.motivo).toBe('perda');
    expect(d1?.observacao).toBeNull();
    expect(d1?.data).toBe(ontemInstante);
    expect(
      d1?.itens.map((i) => [i.produto.descricao, i.produto.unidade, i.quantidade, i.custoUnitario, i.valor]),
    ).toEqual([
      ['Queijo Prato Telas', 'KG', '1.500000', '20.000000', '30.00'],
      ['Farinha Telas', null, '2.000000', '3.000000', '6.00'],
    ]);
    expect(d1?.valorTotal).toBe('36.00');
    expect(d1?.itens.every((i) => i.estorno === null)).toBe(true);
  });

  it('shows a reversed line with its reversal, and the document the value reversed', async () => {
    const r = await t.get(`/api/estoque/saidaManual?empresa=${loja}`, admin);
    const linha = docs(r)
      .find((d) => d._id === doc1)
      ?.itens.find((i) => i.produto._id === farinha);
    expect(linha).toBeDefined();
    const estorno = await postar(`/api/estoque/movimento/${linha?._id}/estornar`, {
      motivo: 'contada errada',
    });
    const depois = docs(await t.get(`/api/estoque/saidaManual?empresa=${loja}`, admin));
    const d1 = depois.find((d) => d._id === doc1);
    expect(d1?.valorTotal).toBe('36.00');
    expect(d1?.valorEstornado).toBe('6.00');
    const revertida = d1?.itens.find((i) => i.produto._id === farinha);
    expect(revertida?.estorno).toMatchObject({
      _id: estorno._id,
      motivo: 'contada errada',
      usuario: { nome: 'Administrador' },
    });
    expect(d1?.itens.find((i) => i.produto._id === queijo)?.estorno).toBeNull();
    // The reversal is a move of its own origin: it is not listed as a manual exit.
    expect(depois).toHaveLength(2);
  });

  it('filters by business day (both ends included) and limits the number of documents', async () => {
    const so = async (consulta: string) =>
      docs(await t.get(`/api/estoque/saidaManual?empresa=${loja}&${consulta}`, admin)).map((d) => d._id);
    expect(await so(`dataInicio=${hoje}`)).toEqual([doc2]);
    expect(await so(`dataFim=${ontem}`)).toEqual([doc1]);
    expect(await so(`dataInicio=${ontem}&dataFim=${hoje}`)).toEqual([doc2, doc1]);
    expect(await so(`dataInicio=${ontem}&dataFim=${ontem}`)).toEqual([doc1]);
    expect(await so('limite=1')).toEqual([doc2]);
    expect(docs(await t.get(`/api/estoque/saidaManual?empresa=${outraLoja}`, admin))).toEqual([]);
  });

  it('refuses bad queries with a pt-BR message, and a user without the permission', async () => {
    for (const [consulta, texto] of [
      [`empresa=${loja}&dataInicio=2026-02-30`, 'Data inválida!'],
      [`empresa=${loja}&dataInicio=ontem`, 'Data inválida!'],
      [`empresa=${loja}&dataInicio=${hoje}&dataFim=${ontem}`, 'A data inicial é posterior à data final.'],
      [`empresa=${loja}&limite=0`, 'limite'],
      ['empresa=xyz', 'Id inválido'],
    ] as const) {
      const r = await t.get(`/api/estoque/saidaManual?${consulta}`, admin);
      expect(r.status, consulta).toBeLessThan(500);
      expect(r.corpo.valido, consulta).toBe(false);
      expect(JSON.stringify(r.corpo.data), consulta).toContain(texto);
    }
    const negado = await t.get(`/api/estoque/saidaManual?empresa=${loja}`, caixa);
    expect(negado.corpo.valido).toBe(false);
    expect(msg(negado)).toMatch(/permiss/i);
  });
});

describe('GET /api/estoque/produtos', () => {
  const produtos = (r: Resposta) => r.corpo.data as unknown as ProdutoEstoque[];

  it('finds products by part of the name, code or barcode, with the balance and average of the store', async () => {
    const porNome = produtos(await t.get(`/api/estoque/produtos?empresa=${loja}&busca=prato tel`, admin));
    expect(porNome).toEqual([
      {
        _id: queijo,
        descricao: 'Queijo Prato Telas',
        codigoInterno: 9101,
        unidade: 'KG',
        quantidade: '8.250000',
        custoMedio: '20.000000',
        custo: '20.000000',
      },
    ]);
    const porCodigo = produtos(await t.get(`/api/estoque/produtos?empresa=${loja}&busca=9102`, admin));
    expect(porCodigo[0]?._id).toBe(farinha);
    // 5 in, 2 out, the 2 reversed.
    expect(porCodigo[0]?.quantidade).toBe('5.000000');
    const porGtin = produtos(await t.get(`/api/estoque/produtos?empresa=${loja}&busca=7891234567895`, admin));
    expect(porGtin.map((p) => p._id)).toEqual([farinha]);
  });

  it('answers the ids asked for, and zero where the product never moved', async () => {
    const r = produtos(
      await t.get(`/api/estoque/produtos?empresa=${outraLoja}&produto=${queijo}&produto=${farinha}`, admin),
    );
    expect(r.map((p) => [p._id, p.quantidade, p.custoMedio])).toEqual([
      [farinha, '0.000000', '0.000000'],
      [queijo, '0.000000', '0.000000'],
    ]);
    const negado = await t.get(`/api/estoque/produtos?empresa=${loja}&busca=queijo`, caixa);
    expect(negado.corpo.valido).toBe(false);
  });
});

describe('GET /api/estoque/posicao/empresas', () => {
  it('sums the value of each store as the position report does', async () => {
    const r = await t.get(
      `/api/estoque/posicao/empresas?empresa=${loja}&empresa=${outraLoja}&busca=telas`,
      admin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const lista = r.corpo.data as unknown as { empresa: { _id: string }; produtos: number; valor: string }[];
    const daLoja = lista.find((l) => l.empresa._id === loja);
    // Cheese 8.25 kg at 20 = 165.00; flour 5 at 3 = 15.00.
    expect(daLoja).toMatchObject({ produtos: 2, valor: '180.00' });
    expect(lista.find((l) => l.empresa._id === outraLoja)).toMatchObject({ produtos: 0, valor: '0.00' });
    const posicao = await t.get(`/api/estoque/posicao?empresa=${loja}&busca=telas`, admin);
    const dados = posicao.corpo.data as unknown as {
      valorTotal: string;
      itens: { produto: { _id: string; unidade: string | null } }[];
    };
    expect(dados.valorTotal).toBe(daLoja?.valor);
    // The unit as the screens show it: its abbreviation.
    expect(dados.itens.find((i) => i.produto._id === queijo)?.produto.unidade).toBe('KG');
  });

  it('follows the store tipoCusto like the position', async () => {
    await consultar(
      t.banco.db,
      sql`update empresa set configuracoes_estoque = coalesce(configuracoes_estoque, '{}'::jsonb) || '{"tipoCusto": "custoReposicao"}'
           where id = ${loja}`,
    );
    const r = await t.get(`/api/estoque/posicao/empresas?empresa=${loja}&busca=telas`, admin);
    const [l] = r.corpo.data as unknown as { valor: string }[];
    // Registered cost 1.00 each: 8.25 + 5.
    expect(l?.valor).toBe('13.25');
    await consultar(
      t.banco.db,
      sql`update empresa set configuracoes_estoque = configuracoes_estoque - 'tipoCusto' where id = ${loja}`,
    );
  });
});

describe('lerMotivoSaida', () => {
  it.each([
    ['Perda', { motivo: 'perda', observacao: null }],
    ['Consumo interno - almoço da equipe', { motivo: 'consumoInterno', observacao: 'almoço da equipe' }],
    ['Outro - caiu - no chão', { motivo: 'outro', observacao: 'caiu - no chão' }],
    ['Texto livre', { motivo: null, observacao: 'Texto livre' }],
  ] as const)('%s', (texto, esperado) => {
    expect(lerMotivoSaida(texto)).toEqual(esperado);
  });
});
