import fs from 'node:fs';
import {
  linhasCsvRelatorioCompras,
  type NotaEstoque,
  type PedidoCompra,
  type RelatorioCompras,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// Purchases (issue 17) as the demo stock keeper: a real supplier NF-e (packages/fiscal fixtures) posted to stock
// with a box factor (1 CX = 12 UN: stock +12 × qCom at the item's value with its freight / 12 × qCom), the
// supplier's next note linked by itself through the codes remembered on the first hand link, a note with an
// unlinked item listed and not posted, two posts at once -> one posting, the reversal; a purchase order received
// partly by one note and fully by the next (the excess refused until accepted), and the purchases report.

const AMOSTRA = new URL(
  '../../../packages/fiscal/test/fixtures/fiscal-ref/samples/nfe55/nfelib__35180834128745000152550010000474281920007498-nfe.xml',
  import.meta.url,
);
const XML_ORIGINAL = fs.readFileSync(AMOSTRA, 'utf8');
const CHAVE_ORIGINAL = '35180834128745000152550010000474281920007498';
const CNPJ_FORNECEDOR = '34128745000152';

let t: AppTeste;
let estoquista: string;
let caixa: string;
let admin: string;
let grupo: string;
let centro: string;
let shopping: string;
/** Products the note's items are linked to, by nItem. */
const produtos: Record<number, string> = {};

const msg = (r: Resposta) => String(r.corpo.data.message ?? '');
const dados = <T>(r: Resposta): T => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data as unknown as T;
};

/** Module 11 check digit of an access key's first 43 digits (MOC 4.00, 5.4). */
function digitoChave(chave43: string): string {
  let soma = 0;
  let peso = 2;
  for (let i = chave43.length - 1; i >= 0; i--) {
    soma += Number(chave43[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return String(resto < 2 ? 0 : 11 - resto);
}

/**
 * The sample note as another note of the same supplier: number `nNF` (its key follows), and per item (by nItem)
 * other XML tags replaced (qCom, vProd...) or added after vFrete (vSeg).
 */
function outraNota(nNF: number, itens: Record<number, Record<string, string>> = {}): string {
  const chave43 = `${CHAVE_ORIGINAL.slice(0, 25)}${String(nNF).padStart(9, '0')}${CHAVE_ORIGINAL.slice(34, 43)}`;
  const chave = chave43 + digitoChave(chave43);
  let xml = XML_ORIGINAL.replaceAll(CHAVE_ORIGINAL, chave).replace(/<nNF>\d+<\/nNF>/, `<nNF>${nNF}</nNF>`);
  for (const [nItem, campos] of Object.entries(itens)) {
    xml = xml.replace(
      new RegExp(`(<det nItem="${nItem}">)([\\s\\S]*?)(</det>)`),
      (_t, a: string, corpo: string, z: string) => {
        let c = corpo;
        for (const [tag, valor] of Object.entries(campos)) {
          const re = new RegExp(`<${tag}>[^<]*</${tag}>`);
          c = re.test(c)
            ? c.replace(re, `<${tag}>${valor}</${tag}>`)
            : c.replace(/(<vFrete>[^<]*<\/vFrete>)/, `$1<${tag}>${valor}</${tag}>`);
        }
        return a + c + z;
      },
    );
  }
  return xml;
}

async function importar(xml: string, empresa = centro): Promise<string> {
  const r = await t.post('/api/uploadXmlNfe', { xml, empresa }, estoquista);
  return String(dados<Registro>(r)._id);
}

const situacao = async (nota: string) =>
  dados<NotaEstoque>(await t.get(`/api/notaEntrada/${nota}/estoque`, estoquista));

async function saldo(produto: string, empresa = centro) {
  const s = await consultarUm(
    t.banco.db,
    sql`select quantidade::text as q, custo_medio::text as m from estoque_saldo
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and produto_id = ${produto}`,
  );
  return s ? { q: String(s.q), m: String(s.m) } : { q: '0', m: '0' };
}

const movimentosDaNota = (numero: string) =>
  consultar(
    t.banco.db,
    sql`select id, produto_id, tipo, quantidade::text as q, custo_unitario::text as c, valor::text as v, data, estorno_de
          from estoque_movimento where grupo_empresarial_id = ${grupo} and documento = ${`NF-e ${numero}/1`}
         order by seq`,
  );

async function novoProduto(descricao: string): Promise<string> {
  const r = await t.post(
    '/api/produtoGeral',
    { descricao, tipoProduto: 3, custo: '1.00', preco: '10.00' },
    admin,
  );
  return String(dados<Registro>(r)._id);
}

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  const nomes = [
    'Quinoa (sachê)',
    'Quinoa Vegetais',
    'Quinoa Picante',
    'Granola 250g',
    '8 Grãos Funghi',
    'Matcha Cranberry',
  ];
  for (const [i, d] of nomes.entries()) produtos[i + 1] = await novoProduto(d);
});
afterAll(async () => t.fechar());

let notaA = '';
let fornecedor = '';

describe('NF-e posted to stock', () => {
  it('lists the unlinked items and posts nothing; only the stock permission may post', async () => {
    notaA = await importar(XML_ORIGINAL);
    const s = await situacao(notaA);
    expect(s.status).toBe('pendente');
    expect(s.fornecedor).toBeNull();
    expect(s.naoVinculados).toHaveLength(6);
    expect(s.itens[0]).toMatchObject({
      nItem: 1,
      cProd: '1208',
      vProd: '42.93',
      vFrete: '7.67',
      valorCusto: '50.60',
    });

    const semPermissao = await t.post(`/api/notaEntrada/${notaA}/lancarEstoque`, {}, caixa);
    expect(semPermissao.corpo.valido).toBe(false);

    const r = await t.post(`/api/notaEntrada/${notaA}/lancarEstoque`, {}, estoquista);
    expect(msg(r)).toBe(
      'Vincule todos os itens a um produto antes de lançar no estoque. Itens sem produto: 1 - QUINOA 100G (2X50G); ' +
        '2 - QUINOA VEGETAIS 100G (2X50G); 3 - QUINOA PICANTE 100G (2X50G); 4 - GRANOLA TRADICIONAL 250G; ' +
        '5 - 8 GRAOS FUNGHI SECCHI C/ TOMATE SECO 250G; 6 - MATCHA FRUIT CRANBERRY 6G (#).',
    );
    // Items 1-5 linked (1 by the box of 12), item 6 not: still refused, naming item 6 only.
    const itens = s.itens.slice(0, 5).map((i) => ({
      _id: i._id,
      produtoGeral: produtos[i.nItem]!,
      fatorConversao: i.nItem === 1 ? '12' : '1',
    }));
    const v = dados<NotaEstoque>(await t.put(`/api/notaEntrada/${notaA}/vinculos`, { itens }, estoquista));
    expect(v.naoVinculados).toEqual([{ nItem: 6, xProd: 'MATCHA FRUIT CRANBERRY 6G (#)' }]);
    expect(v.itens[0]).toMatchObject({
      origemVinculo: 'nota',
      fatorConversao: '12.000000',
      quantidadeEstoque: '72.000000',
      custoUnitarioEstoque: '0.702778',
    });
    const r2 = await t.post(`/api/notaEntrada/${notaA}/lancarEstoque`, {}, estoquista);
    expect(msg(r2)).toBe(
      'Vincule todos os itens a um produto antes de lançar no estoque. Itens sem produto: 6 - MATCHA FRUIT CRANBERRY 6G (#).',
    );
    expect(await movimentosDaNota('47428')).toHaveLength(0);
    expect((await situacao(notaA)).status).toBe('pendente');
    // The hand links registered the supplier from the note and remembered its codes.
    expect(v.fornecedor?.nome).toBe('Alimentos Ltda.');
    fornecedor = v.fornecedor?._id ?? '';
    const lembrados = await consultar(
      t.banco.db,
      sql`select f.codigo_produto_fornecedor as c, f.produto_geral_id as p, f.fator_conversao::text as fator, f.empresa_id,
                 u.sigla
            from estoque_produto_fornecedor f
            left join unidade_medida u on u.id = f.unidade_fornecedor_id
           where f.grupo_empresarial_id = ${grupo} and f.fornecedor_id = ${fornecedor} order by f.codigo_produto_fornecedor`,
    );
    expect(lembrados.map((l) => [l.c, l.p, l.fator, l.empresa_id, l.sigla])).toEqual([
      ['1078', produtos[4], '1.000000', null, 'UN'],
      ['1147', produtos[5], '1.000000', null, 'UN'],
      ['1208', produtos[1], '12.000000', null, 'UN'],
      ['1210', produtos[2], '1.000000', null, 'UN'],
      ['1211', produtos[3], '1.000000', null, 'UN'],
    ]);
    const pessoa = await consultarUm(
      t.banco.db,
      sql`select cpf_cnpj, tipos_pessoa from pessoa where id = ${fornecedor}`,
    );
    expect(pessoa).toMatchObject({ cpf_cnpj: CNPJ_FORNECEDOR, tipos_pessoa: ['Fornecedor'] });
  });

  it('posts once under two posts at once: 12 × qCom at (vProd + freight) / (12 × qCom), dated at dhEmi', async () => {
    const s = await situacao(notaA);
    const item6 = s.itens.find((i) => i.nItem === 6)!;
    dados(
      await t.put(
        `/api/notaEntrada/${notaA}/vinculos`,
        { itens: [{ _id: item6._id, produtoGeral: produtos[6], fatorConversao: '1' }] },
        estoquista,
      ),
    );
    const [r1, r2] = await Promise.all([
      t.post(`/api/notaEntrada/${notaA}/lancarEstoque`, {}, estoquista),
      t.post(`/api/notaEntrada/${notaA}/lancarEstoque`, {}, estoquista),
    ]);
    const validos = [r1, r2].filter((r) => r.corpo.valido);
    expect(validos).toHaveLength(1);
    expect(msg([r1, r2].find((r) => !r.corpo.valido)!)).toMatch(
      /^Esta nota já foi lançada no estoque em \d\d\/\d\d\/\d{4} às \d\d:\d\d\.$/,
    );
    const lancada = validos[0]!.corpo.data as unknown as NotaEstoque;
    expect(lancada.status).toBe('lancada');
    expect(lancada.lancamento?.valorTotal).toBe('347.28');
    expect(lancada.lancamento?.movimentos).toHaveLength(6);

    const movs = await movimentosDaNota('47428');
    expect(movs).toHaveLength(6);
    const m1 = movs.find((m) => m.produto_id === produtos[1])!;
    expect([m1.q, m1.c, m1.v]).toEqual(['72.000000', '0.702778', '50.60']);
    expect(new Date(String(m1.data)).toISOString()).toBe(new Date('2018-08-07T09:19:15-03:00').toISOString());
    expect(await saldo(produtos[1]!)).toEqual({ q: '72.000000', m: '0.702778' });
    // Item 6: 12 UN of 32.75 + 5.85 freight.
    const m6 = movs.find((m) => m.produto_id === produtos[6])!;
    expect([m6.q, m6.c, m6.v]).toEqual(['12.000000', '3.216667', '38.60']);

    // The kardex shows the entry with its document.
    const k = dados<{ itens: Registro[] }>(
      await t.get(`/api/estoque/kardex?empresa=${centro}&produto=${produtos[1]}`, estoquista),
    );
    expect(k.itens[0]).toMatchObject({
      documento: 'NF-e 47428/1',
      quantidade: '72.000000',
      saldoApos: '72.000000',
    });
    // One line of a note is not reversed alone from the kardex: the note is reversed whole.
    expect(k.itens[0]?.estornavel).toBe(false);
    expect(
      msg(await t.post(`/api/estoque/movimento/${String(k.itens[0]?._id)}/estornar`, { motivo: 'x' }, admin)),
    ).toBe('Esta entrada é de uma nota fiscal: estorne a nota inteira em Entrada de Nota Fiscal.');
    // Links cannot change under a posted note.
    const v = await t.put(
      `/api/notaEntrada/${notaA}/vinculos`,
      { itens: [{ _id: item6._id, produtoGeral: null }] },
      estoquista,
    );
    expect(msg(v)).toBe(
      'Esta nota já foi lançada no estoque: estorne o lançamento para alterar os vínculos.',
    );
  });

  it("links the supplier's next note by the remembered codes and posts it at the receipt date chosen", async () => {
    // Item 1 now also carries R$ 1,00 of insurance.
    const notaB = await importar(outraNota(47500, { 1: { vSeg: '1.00' } }));
    const s = await situacao(notaB);
    expect(s.fornecedor?._id).toBe(fornecedor);
    expect(s.naoVinculados).toEqual([]);
    expect(s.itens.map((i) => i.origemVinculo)).toEqual(Array(6).fill('fornecedor'));
    expect(s.itens[0]).toMatchObject({
      produto: { _id: produtos[1] },
      fatorConversao: '12.000000',
      vSeg: '1.00',
      valorCusto: '51.60',
      custoUnitarioEstoque: '0.716667',
    });
    const recebimento = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const futuro = await t.post(
      `/api/notaEntrada/${notaB}/lancarEstoque`,
      { data: new Date(Date.now() + 86_400_000).toISOString() },
      estoquista,
    );
    expect(msg(futuro)).toBe('A data de entrada no estoque não pode ser futura.');
    const p = dados<NotaEstoque>(
      await t.post(`/api/notaEntrada/${notaB}/lancarEstoque`, { data: recebimento }, estoquista),
    );
    expect(p.lancamento?.data).toBe(recebimento);
    const movs = await movimentosDaNota('47500');
    expect(movs.every((m) => new Date(String(m.data)).toISOString() === recebimento)).toBe(true);
    // The links found by code are written on the note's items.
    const itens = await consultar(
      t.banco.db,
      sql`select produto_geral_id from nota_entrada_item where nota_entrada_id = ${notaB} order by n_item`,
    );
    expect(itens.map((i) => i.produto_geral_id)).toEqual([1, 2, 3, 4, 5, 6].map((n) => produtos[n]));
    // Average of 72 at 0.702778 and 72 at 0.716667: 102.20004 / 144 = 0.7097225, rounded half up.
    expect(await saldo(produtos[1]!)).toEqual({ q: '144.000000', m: '0.709723' });
  });

  it('reverses a posting once: reversal moves at the entry cost, the note can be posted again', async () => {
    const e = dados<NotaEstoque>(
      await t.post(`/api/notaEntrada/${notaA}/estornarEstoque`, { motivo: 'nota devolvida' }, estoquista),
    );
    expect(e.status).toBe('estornada');
    expect(e.lancamento).toBeNull();
    expect(e.historico[0]).toMatchObject({ motivoEstorno: 'nota devolvida' });
    expect(e.historico[0]?.estornadoEm).not.toBeNull();
    const movs = await movimentosDaNota('47428');
    expect(movs).toHaveLength(12);
    const estornos = movs.filter((m) => m.estorno_de);
    expect(estornos).toHaveLength(6);
    expect(estornos.find((m) => m.produto_id === produtos[1])).toMatchObject({
      q: '-72.000000',
      c: '0.702778',
      tipo: 9,
    });
    // (144 × 0.709723 − 72 × 0.702778) / 72: the average that stays is the second note's (to the rounding).
    expect(await saldo(produtos[1]!)).toEqual({ q: '72.000000', m: '0.716668' });
    const de_novo = await t.post(
      `/api/notaEntrada/${notaA}/estornarEstoque`,
      { motivo: 'de novo' },
      estoquista,
    );
    expect(msg(de_novo)).toBe('Esta nota não está lançada no estoque.');
    expect(
      msg(await t.post(`/api/notaEntrada/${notaA}/estornarEstoque`, { motivo: ' ' }, estoquista)),
    ).toContain('Informe o motivo do estorno.');
    const outra = dados<NotaEstoque>(await t.post(`/api/notaEntrada/${notaA}/lancarEstoque`, {}, estoquista));
    expect(outra.status).toBe('lancada');
    expect(outra.historico).toHaveLength(2);
    expect((await saldo(produtos[1]!)).q).toBe('144.000000');
  });

  it('links per store when the group links suppliers per store', async () => {
    const g = await consultarUm(
      t.banco.db,
      sql`select configuracoes from grupo_empresarial where id = ${grupo}`,
    );
    const configuracoes = (g?.configuracoes ?? {}) as Record<string, unknown>;
    await consultar(
      t.banco.db,
      sql`update grupo_empresarial set configuracoes = ${JSON.stringify({ ...configuracoes, vincularEstoqueFornecedorPorEmpresa: true })}::jsonb
           where id = ${grupo}`,
    );
    try {
      const nota = await importar(outraNota(47600), shopping);
      const s = await situacao(nota);
      expect(s.naoVinculados).toHaveLength(6);
      const item = s.itens[0]!;
      dados(
        await t.put(
          `/api/notaEntrada/${nota}/vinculos`,
          { itens: [{ _id: item._id, produtoGeral: produtos[2], fatorConversao: '6' }] },
          estoquista,
        ),
      );
      const linhas = await consultar(
        t.banco.db,
        sql`select empresa_id, produto_geral_id from estoque_produto_fornecedor
             where grupo_empresarial_id = ${grupo} and fornecedor_id = ${fornecedor} and codigo_produto_fornecedor = '1208'
             order by empresa_id nulls first`,
      );
      expect(linhas.map((l) => [l.empresa_id, l.produto_geral_id])).toEqual([
        [null, produtos[1]],
        [shopping, produtos[2]],
      ]);
    } finally {
      await consultar(
        t.banco.db,
        sql`update grupo_empresarial set configuracoes = ${JSON.stringify(configuracoes)}::jsonb where id = ${grupo}`,
      );
    }
  });
});

describe('purchase order', () => {
  let pedido: PedidoCompra;

  it('is created once, sent, and refused on a note while a draft', async () => {
    const corpo = {
      _id: novoId(),
      empresa: centro,
      fornecedor,
      dataPrevista: '2026-03-10',
      itens: [
        { produto: produtos[1], fatorConversao: '12', quantidade: '10', precoUnitario: '8.40' },
        { produto: produtos[2], quantidade: '12', precoUnitario: '7.155' },
      ],
    };
    const [c1, c2] = await Promise.all([
      t.post('/api/estoque/pedidoCompra', corpo, estoquista),
      t.post('/api/estoque/pedidoCompra', corpo, estoquista),
    ]);
    pedido = dados<PedidoCompra>(c1);
    expect(dados<PedidoCompra>(c2)).toEqual(pedido);
    expect(pedido).toMatchObject({
      status: 'rascunho',
      numero: 1,
      valorTotal: '169.86',
      dataPrevista: '2026-03-10',
    });
    expect(pedido.itens.map((i) => [i.quantidade, i.valor, i.pendente])).toEqual([
      ['10.000000', '84.00', '10.000000'],
      ['12.000000', '85.86', '12.000000'],
    ]);
    const invalido = await t.post(
      '/api/estoque/pedidoCompra',
      { ...corpo, _id: novoId(), itens: [{ produto: produtos[1], quantidade: '0', precoUnitario: '1' }] },
      estoquista,
    );
    expect(msg(invalido)).toContain('Quantidade inválida! Informe uma quantidade maior que zero.');

    const nota = await importar(outraNota(47700));
    const rascunho = await t.post(
      `/api/notaEntrada/${nota}/conferirPedido`,
      { pedidoCompra: pedido._id },
      estoquista,
    );
    expect(msg(rascunho)).toBe('O pedido nº 1 ainda é um rascunho: envie-o ao fornecedor antes de receber.');
    const alterado = dados<PedidoCompra>(
      await t.put(
        `/api/estoque/pedidoCompra/${pedido._id}`,
        { ...corpo, _id: undefined, empresa: undefined, observacao: 'entregar pela manhã' },
        estoquista,
      ),
    );
    expect(alterado.observacao).toBe('entregar pela manhã');
    pedido = dados<PedidoCompra>(
      await t.post(`/api/estoque/pedidoCompra/${pedido._id}/enviar`, {}, estoquista),
    );
    expect(pedido.status).toBe('enviado');
    expect(
      msg(
        await t.put(
          `/api/estoque/pedidoCompra/${pedido._id}`,
          { ...corpo, _id: undefined, empresa: undefined },
          estoquista,
        ),
      ),
    ).toBe('O pedido nº 1 já foi enviado ao fornecedor: só um rascunho pode ser alterado.');
    const s = await situacao(nota);
    expect(s.pedidosAbertos.map((p) => p.numero)).toEqual([1]);
  });

  it('receives partly, refuses an excess until accepted, then is received fully; a reversal gives back', async () => {
    const nota1 = (await consultarUm(
      t.banco.db,
      sql`select id from nota_entrada where grupo_empresarial_id = ${grupo} and numero = '47700'`,
    ))!.id as string;
    // 6 boxes of the 10, and 12 of the 12 UN; items 3-6 are not on the order.
    const c = dados<{ linhas: Registro[]; itensForaDoPedido: Registro[]; temExcesso: boolean }>(
      await t.post(`/api/notaEntrada/${nota1}/conferirPedido`, { pedidoCompra: pedido._id }, estoquista),
    );
    expect(c.linhas.map((l) => [l.nestaNota, l.pendente, l.excesso])).toEqual([
      ['6.000000', '4.000000', '0.000000'],
      ['12.000000', '0.000000', '0.000000'],
    ]);
    expect(c.itensForaDoPedido.map((i) => i.nItem)).toEqual([3, 4, 5, 6]);
    expect(c.temExcesso).toBe(false);
    dados(await t.post(`/api/notaEntrada/${nota1}/lancarEstoque`, { pedidoCompra: pedido._id }, estoquista));
    pedido = dados<PedidoCompra>(await t.get(`/api/estoque/pedidoCompra/${pedido._id}`, estoquista));
    expect(pedido.status).toBe('parcial');
    expect(pedido.itens.map((i) => [i.quantidadeRecebida, i.pendente])).toEqual([
      ['6.000000', '4.000000'],
      ['12.000000', '0.000000'],
    ]);
    expect(pedido.recebimentos).toHaveLength(1);

    // 5 boxes where 4 are expected: refused with the difference, nothing posted.
    const nota2 = await importar(outraNota(47701, { 1: { qCom: '5.0000', vProd: '35.78' } }));
    const conf = dados<{ linhas: Registro[]; temExcesso: boolean }>(
      await t.post(`/api/notaEntrada/${nota2}/conferirPedido`, { pedidoCompra: pedido._id }, estoquista),
    );
    expect(conf.temExcesso).toBe(true);
    expect(conf.linhas[0]).toMatchObject({
      nestaNota: '5.000000',
      excesso: '1.000000',
      pendente: '0.000000',
    });
    const recusa = await t.post(
      `/api/notaEntrada/${nota2}/lancarEstoque`,
      { pedidoCompra: pedido._id },
      estoquista,
    );
    expect(msg(recusa)).toBe(
      'O recebimento passa do pedido nº 1: Quinoa (sachê) (pedido 10, recebido 11); Quinoa Vegetais (pedido 12, recebido 24). ' +
        'Confirme o recebimento acima do pedido para lançar.',
    );
    expect(await movimentosDaNota('47701')).toHaveLength(0);
    expect((await situacao(nota2)).status).toBe('pendente');

    dados(
      await t.post(
        `/api/notaEntrada/${nota2}/lancarEstoque`,
        { pedidoCompra: pedido._id, aceitarExcesso: true },
        estoquista,
      ),
    );
    pedido = dados<PedidoCompra>(await t.get(`/api/estoque/pedidoCompra/${pedido._id}`, estoquista));
    expect(pedido.status).toBe('recebido');
    expect(pedido.itens.map((i) => i.quantidadeRecebida)).toEqual(['11.000000', '24.000000']);
    const fechado = await t.post(
      `/api/notaEntrada/${nota1}/conferirPedido`,
      { pedidoCompra: pedido._id },
      estoquista,
    );
    expect(msg(fechado)).toBe('O pedido nº 1 já foi recebido por completo.');

    dados(
      await t.post(`/api/notaEntrada/${nota2}/estornarEstoque`, { motivo: 'quantidade errada' }, estoquista),
    );
    pedido = dados<PedidoCompra>(await t.get(`/api/estoque/pedidoCompra/${pedido._id}`, estoquista));
    expect(pedido.status).toBe('parcial');
    expect(pedido.itens.map((i) => i.quantidadeRecebida)).toEqual(['6.000000', '12.000000']);
    const lista = dados<Registro[]>(
      await t.get(`/api/estoque/pedidoCompra?empresa=${centro}&status=parcial`, estoquista),
    );
    expect(lista.map((p) => p.numero)).toEqual([1]);
    const cancelado = dados<PedidoCompra>(
      await t.post(
        `/api/estoque/pedidoCompra/${pedido._id}/cancelar`,
        { motivo: 'fornecedor sem estoque' },
        estoquista,
      ),
    );
    expect(cancelado).toMatchObject({ status: 'cancelado', motivoCancelamento: 'fornecedor sem estoque' });
  });
});

describe('purchases report', () => {
  it('sums the postings not reversed per product and per supplier, with average price', async () => {
    const hoje = new Date();
    const dia = (d: Date) => d.toISOString().slice(0, 10);
    const consulta = `empresa=${centro}&dataInicio=2018-01-01&dataFim=${dia(new Date(hoje.getTime() + 86_400_000))}`;
    const porProduto = dados<RelatorioCompras>(
      await t.get(`/api/estoque/relatorioCompras?${consulta}&agrupamento=produto`, estoquista),
    );
    // Active postings in Centro: note A (again), 47500, 47700 (47701 reversed).
    expect(porProduto.totais.notas).toBe(3);
    const quinoa = porProduto.linhas.find((l) => l.produto?._id === produtos[1])!;
    expect(quinoa).toMatchObject({
      notas: 3,
      quantidade: '216.000000',
      valor: '152.80',
      menorPreco: '0.702778',
    });
    expect(quinoa.maiorPreco).toBe('0.716667');
    expect(quinoa.precoMedio).toBe('0.707407');
    expect(porProduto.totais.valor).toBe('1042.84');

    const porFornecedor = dados<RelatorioCompras>(
      await t.get(`/api/estoque/relatorioCompras?${consulta}&agrupamento=fornecedor`, estoquista),
    );
    expect(porFornecedor.linhas).toHaveLength(1);
    expect(porFornecedor.linhas[0]).toMatchObject({
      fornecedor: { nome: 'Alimentos Ltda.' },
      notas: 3,
      quantidade: null,
    });
    const csv = linhasCsvRelatorioCompras(porFornecedor);
    expect(csv.at(-1)).toEqual(['Total', '3', '1042,84']);

    const invertido = await t.get(
      `/api/estoque/relatorioCompras?empresa=${centro}&dataInicio=2026-02-01&dataFim=2026-01-01`,
      estoquista,
    );
    expect(msg(invertido)).toContain('A data inicial é posterior à data final.');
    const semPermissao = await t.get(`/api/estoque/relatorioCompras?${consulta}`, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
  });
});

describe('bad input', () => {
  it('a factor beyond what the ledger holds and an order beyond its total are refused in pt-BR, nothing written', async () => {
    const nota = await importar(outraNota(47800));
    const s = await situacao(nota);
    const item6 = s.itens.find((i) => i.nItem === 6)!;
    dados(
      await t.put(
        `/api/notaEntrada/${nota}/vinculos`,
        { itens: [{ _id: item6._id, produtoGeral: produtos[6], fatorConversao: '9999999' }] },
        estoquista,
      ),
    );
    const enorme = await t.put(
      `/api/notaEntrada/${nota}/vinculos`,
      { itens: [{ _id: item6._id, produtoGeral: produtos[6], fatorConversao: '999999999999' }] },
      estoquista,
    );
    expect(msg(enorme)).toContain('Fator de conversão grande demais: no máximo 9.999.999.');
    // A factor the old route (…/itens) took: shown, and the posting refused with its message.
    await consultar(
      t.banco.db,
      sql`update nota_entrada_item set fator_conversao = 999999999999 where id = ${item6._id}`,
    );
    expect((await situacao(nota)).itens[5]?.quantidadeEstoque).toBeNull();
    const r = await t.post(`/api/notaEntrada/${nota}/lancarEstoque`, {}, estoquista);
    expect(r.status).toBeLessThan(500);
    expect(msg(r)).toBe(
      'Item 6: a quantidade no estoque (quantidade da nota × fator de conversão) precisa ser maior que zero e menor que 1 trilhão; confira o fator.',
    );
    expect(await movimentosDaNota('47800')).toHaveLength(0);
    const zero = await t.put(
      `/api/notaEntrada/${nota}/vinculos`,
      { itens: [{ _id: item6._id, produtoGeral: produtos[6], fatorConversao: '0' }] },
      estoquista,
    );
    expect(msg(zero)).toContain('Fator de conversão inválido! Informe um fator maior que zero.');

    const grande = await t.post(
      '/api/estoque/pedidoCompra',
      {
        _id: novoId(),
        empresa: centro,
        fornecedor,
        itens: [{ produto: produtos[1], quantidade: '999999999', precoUnitario: '999999' }],
      },
      estoquista,
    );
    expect(msg(grande)).toBe('O valor do pedido passa de R$ 1 trilhão: confira as quantidades e os preços.');
    const enormeQuantidade = await t.post(
      '/api/estoque/pedidoCompra',
      {
        _id: novoId(),
        empresa: centro,
        fornecedor,
        itens: [{ produto: produtos[1], quantidade: '99999999999', precoUnitario: '1' }],
      },
      estoquista,
    );
    expect(msg(enormeQuantidade)).toBe('Item 1: quantidade ou preço grande demais.');
    const semFornecedor = await t.post(
      '/api/estoque/pedidoCompra',
      {
        _id: novoId(),
        empresa: centro,
        fornecedor: novoId(),
        itens: [{ produto: produtos[1], quantidade: '1', precoUnitario: '1' }],
      },
      estoquista,
    );
    expect(msg(semFornecedor)).toBe('Fornecedor não encontrado!');
    const outroGrupo = await t.get(`/api/notaEntrada/${novoId()}/estoque`, estoquista);
    expect(msg(outroGrupo)).toBe('Nota de entrada não encontrada!');
  });
});
