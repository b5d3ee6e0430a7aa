import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { COLUNAS_IBPT } from '../src/modules/referencia/ibpt.ts';
import { semear } from '../src/seed/seed.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Reference data of the POS (modules/referencia): the IBPT table import, the stores' version record bumped
// with every change the POS reloads, and the products by the last family level of the grouper tree.

let t: AppTeste;
let admin: string;
let caixa: string;
let centro: string;
let shopping: string;

beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
});
afterAll(() => t.fechar());

function csvIbpt(linhas: number, versao = '25.1.A', inicio = 10_000_000): Buffer {
  const corpo = Array.from(
    { length: linhas },
    (_, i) =>
      `${inicio + i};;0;Mercadoria ${i} com descrição acentuada;13.45;15.10;18.00;0.00;20/01/2025;31/03/2025;5D4A1B;${versao};IBPTax`,
  );
  return Buffer.from([COLUNAS_IBPT.join(';'), ...corpo].join('\r\n'), 'latin1');
}

async function importar(
  token: string,
  arquivo: Buffer,
  campos: Record<string, string> = {},
  nome = 'tabela.csv',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) form.append(k, v);
  form.append('arquivo', new Blob([new Uint8Array(arquivo)]), nome);
  const req = new Request('http://x/', { method: 'POST', body: form });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/olhoNoImposto/importar',
    headers: { token, version: 'teste', 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return r.json() as { valido: boolean; data: Registro & { erros?: string[] } };
}

const contarUf = async (uf: string, grupo = t.demo.grupoId) =>
  Number(
    (
      await consultarUm(
        t.banco.db,
        sql`select count(*)::int as n from olho_no_imposto where grupo_empresarial_id = ${grupo} and uf = ${uf}`,
      )
    )?.n,
  );

const versao = async (empresa: string, token = admin) => {
  const r = await t.post('/api/versionamento/getPopulate', { filtro: { empresa } }, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.lista[0] as Registro & { versao: number; ultimaTabela: string | null };
};

describe('olhoNoImposto import (IBPT CSV)', () => {
  it('imports 20,000 rows in one go and the POS reads them with limit 20000', async () => {
    const inicio = performance.now();
    const r = await importar(admin, csvIbpt(20_000), {}, 'TabelaIBPTaxPR25.1.A.csv');
    const ms = performance.now() - inicio;
    expect(r.valido, JSON.stringify(r.data).slice(0, 500)).toBe(true);
    expect(r.data).toMatchObject({
      uf: 'PR',
      linhas: 20_000,
      substituidas: 0,
      versao: '25.1.A',
      vigenciainicio: '2025-01-20',
      vigenciafim: '2025-03-31',
    });
    expect(ms).toBeLessThan(15_000);
    expect(await contarUf('PR')).toBe(20_000);

    // The cashier (no tax-configuration permission) loads it as the POS does.
    const pdv = await t.post(
      '/api/olhoNoImposto/getPopulate',
      { filtro: { uf: 'PR' }, limit: 20_000 },
      caixa,
      { empresa: centro },
    );
    expect(pdv.corpo.valido, JSON.stringify(pdv.corpo).slice(0, 300)).toBe(true);
    expect(pdv.lista).toHaveLength(20_000);
    const agua = pdv.lista.find((l) => l.codigo === '10000005');
    expect(agua).toMatchObject({
      uf: 'PR',
      ex: null,
      tipo: 0,
      descricao: 'Mercadoria 5 com descrição acentuada',
      nacionalfederal: '13.45',
      importadosfederal: '15.10',
      estadual: '18.00',
      municipal: '0.00',
      versao: '25.1.A',
      fonte: 'IBPTax',
    });
    expect(agua?.vigenciainicio).toBe('2025-01-20T03:00:00.000Z');
    const demais = await t.post('/api/olhoNoImposto/getPopulate', { limit: 20_001 }, caixa);
    expect(demais.corpo.data.message).toBe('Limite máximo de registros por consulta é 20000.');
    // Reading is open to POS users, writing is not.
    const escrita = await t.post('/api/olhoNoImposto', { uf: 'PR', codigo: '1', tipo: 0 }, caixa);
    expect(escrita.corpo.data.message).toBe('Usuário sem permissão para esta operação.');
  }, 60_000);

  it('a new version replaces only that state and bumps every store version', async () => {
    await importar(admin, csvIbpt(3, '25.1.A', 30_000_000), { uf: 'SC' });
    const antes = await versao(centro);
    const r = await importar(admin, csvIbpt(2, '25.2.B', 40_000_000), { uf: 'SC' });
    expect(r.data).toMatchObject({ uf: 'SC', linhas: 2, substituidas: 3, versao: '25.2.B' });
    expect(await contarUf('SC')).toBe(2);
    expect(await contarUf('PR')).toBe(20_000);
    const depois = await versao(centro);
    expect(depois.versao).toBe(antes.versao + 1);
    expect(depois.ultimaTabela).toBe('olhoNoImposto');
    const auditoria = await consultar(
      t.banco.db,
      sql`select acao, usuario_id, depois from auditoria where tabela = 'olhoNoImposto' and registro_id = 'importacao-SC'`,
    );
    expect(auditoria).toHaveLength(2);
    expect(auditoria[1]?.usuario_id).toBe(t.demo.usuarios.admin);
  });

  it('a bad file imports nothing and says which lines are wrong, in pt-BR', async () => {
    const antes = await contarUf('SC');
    const ruim = Buffer.concat([
      csvIbpt(5, '25.3.C', 50_000_000),
      Buffer.from('\r\n50000001;;0;repetida;1;1;1;1;;;;;\r\n123;;9;tipo ruim;1;1;1;1;;;;;', 'latin1'),
    ]);
    const r = await importar(admin, ruim, { uf: 'SC' });
    expect(r.valido).toBe(false);
    expect(r.data.message).toBe(
      "Nada foi importado. Linha 7: código 50000001 repetido (linha 3). Linha 8: tipo '9' inválido (0 NCM, 1 NBS, 2 LC 116).",
    );
    expect(r.data.erros).toHaveLength(2);
    expect(await contarUf('SC')).toBe(antes);

    const cabecalho = await importar(admin, Buffer.from('NCM;Descricao;Aliquota\n1;2;3'), { uf: 'SC' });
    expect(cabecalho.data.message).toMatch(/^Nada foi importado\. Arquivo fora do layout do IBPT/);
    expect((await importar(admin, csvIbpt(1), {})).data.message).toBe('Informe a UF da tabela.');
    expect((await importar(admin, csvIbpt(1), { uf: 'XX' })).data.message).toBe('UF inválida: XX.');
    expect(await contarUf('SC')).toBe(antes);
  });

  it('refuses a user without the permission and keeps each group to its own table', async () => {
    const r = await importar(caixa, csvIbpt(2), { uf: 'SP' });
    expect(r.data.message).toBe('Usuário sem permissão para esta operação.');
    expect(await contarUf('SP')).toBe(0);

    const b = await semear(t.banco.db);
    const adminB = await t.login('admin@exemplo.com.br', 'admin123', b.grupoId);
    const rb = await importar(adminB, csvIbpt(4), { uf: 'PR' });
    expect(rb.data).toMatchObject({ linhas: 4, substituidas: 0 });
    // Group A's 20,000 PR rows are untouched by group B's import of PR, and neither sees the other's.
    expect(await contarUf('PR')).toBe(20_000);
    expect(await contarUf('PR', b.grupoId)).toBe(4);
    const lidas = await t.post(
      '/api/olhoNoImposto/getPopulate',
      { filtro: { uf: 'PR' }, limit: 100 },
      adminB,
    );
    expect(lidas.lista).toHaveLength(4);
    expect(lidas.lista.every((l) => l.grupoEmpresarial === b.grupoId)).toBe(true);
  });
});

describe('versionamento', () => {
  it('every store has a version record, readable by its POS users, refused for other stores', async () => {
    const v = await versao(centro, caixa);
    expect(v).toMatchObject({ empresa: centro, grupoEmpresarial: t.demo.grupoId });
    expect(v.versao).toBeGreaterThanOrEqual(1);
    // The cashier works in centro and shopping only, not in the franchisor's store.
    const gestor = await t.post(
      '/api/versionamento/getPopulate',
      { filtro: { empresa: t.demo.empresas.gestor } },
      caixa,
    );
    expect(gestor.corpo.data.message).toBe('Usuário sem permissão para acessar essa empresa.');
    const b = await semear(t.banco.db);
    const outra = await t.post(
      '/api/versionamento/getPopulate',
      { filtro: { empresa: b.empresas.centro } },
      admin,
    );
    expect(outra.corpo.data.message).toBe('Usuário sem permissão para acessar essa empresa.');
  });

  it('a product change bumps every store; a per-store price only its store; other records none', async () => {
    const [produto] = (await t.post('/api/produtoGeral/getPopulate', { limit: 1 }, admin)).lista;
    const c0 = (await versao(centro)).versao;
    const s0 = (await versao(shopping)).versao;
    const alterado = await t.put(
      `/api/produtoGeral/${produto?._id}`,
      { descricao: 'Produto Versionado' },
      admin,
    );
    expect(alterado.corpo.valido).toBe(true);
    expect((await versao(centro)).versao).toBe(c0 + 1);
    expect((await versao(shopping)).versao).toBe(s0 + 1);
    expect((await versao(centro)).ultimaTabela).toBe('produtoGeral');

    const preco = await t.post(
      '/api/produtoGeralEmpresa',
      { empresa: centro, produtoGeral: produto?._id, preco: '9.99', ativo: true },
      admin,
    );
    expect(preco.corpo.valido, JSON.stringify(preco.corpo)).toBe(true);
    expect((await versao(centro)).versao).toBe(c0 + 2);
    expect((await versao(shopping)).versao).toBe(s0 + 1);

    // A customer is not POS reference data.
    await t.post('/api/pessoa', { nome: 'Cliente Sem Versão', tiposPessoa: ['Cliente'] }, admin);
    expect((await versao(centro)).versao).toBe(c0 + 2);
  });

  it('a refused write bumps nothing (the version moves in the same transaction as the change)', async () => {
    const c0 = (await versao(centro)).versao;
    const ruim = await t.post('/api/produtoGeral', { descricao: '' }, admin);
    expect(ruim.corpo.valido).toBe(false);
    const [produto] = (await t.post('/api/produtoGeral/getPopulate', { limit: 1 }, admin)).lista;
    const semPermissao = await t.put(`/api/produtoGeral/${produto?._id}`, { descricao: 'x' }, caixa);
    expect(semPermissao.corpo.data.message).toBe('Usuário sem permissão para esta operação.');
    expect((await versao(centro)).versao).toBe(c0);
  });

  it('a new store starts at version 1 and a payment form of a store bumps only that store', async () => {
    const nova = await t.post('/api/empresa', { descricao: 'Loja Nova', codigoInterno: 99 }, admin);
    expect(nova.corpo.valido, JSON.stringify(nova.corpo)).toBe(true);
    const linha = await consultarUm(
      t.banco.db,
      sql`select versao, ultima_tabela from versionamento where empresa_id = ${nova.corpo.data._id as string}`,
    );
    expect(linha).toEqual({ versao: 1, ultima_tabela: 'empresa' });
    const c0 = (await versao(centro)).versao;
    const s0 = (await versao(shopping)).versao;
    const forma = await t.post(
      '/api/formaPagamento',
      { empresa: shopping, descricao: 'Vale Refeição', tipo: { id: 77 }, tipoTroco: { id: 1 } },
      admin,
    );
    expect(forma.corpo.valido, JSON.stringify(forma.corpo)).toBe(true);
    expect((await versao(shopping)).versao).toBe(s0 + 1);
    expect((await versao(centro)).versao).toBe(c0);
  });
});

describe('getProdutoPorUltimaFamiliaAgrupador', () => {
  it("groups the store's active products by their deepest family, filtered by a grouper of the tree", async () => {
    const criar = async (corpo: Record<string, unknown>) => {
      const r = await t.post('/api/agrupador', corpo, admin);
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      return r.corpo.data._id as string;
    };
    const categoria = await criar({ descricao: 'Sobremesas', tipo: 'categoria' });
    const doces = await criar({ descricao: 'Doces', tipo: 'familia', agrupadorPai: categoria });
    const tortas = await criar({ descricao: 'Tortas', tipo: 'familia', agrupadorPai: doces });
    const produto = async (descricao: string, familias: string[], lojas: string[]) => {
      const r = await t.post(
        '/api/produtoGeral',
        { descricao, tipoProduto: { id: 1 }, preco: '10.00', familias, categorias: [categoria], ativo: true },
        admin,
      );
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      const id = r.corpo.data._id as string;
      for (const empresa of lojas)
        await t.post(
          '/api/produtoGeralEmpresa',
          { empresa, produtoGeral: id, preco: '12.50', ativo: true },
          admin,
        );
      return id;
    };
    const torta = await produto('Torta de Limão', [doces, tortas], [centro, shopping]);
    const brigadeiro = await produto('Brigadeiro', [doces], [centro]);
    await produto('Pudim (só no shopping)', [doces], [shopping]);

    const r = await t.post('/api/getProdutoPorUltimaFamiliaAgrupador', { agrupador: categoria }, caixa, {
      empresa: centro,
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const grupos = r.lista as unknown as {
      familia: { _id: string; caminho: string[] };
      produtos: { _id: string; preco: string }[];
    }[];
    expect(grupos.map((g) => g.familia.caminho)).toEqual([
      ['Sobremesas', 'Doces'],
      ['Sobremesas', 'Doces', 'Tortas'],
    ]);
    expect(grupos[0]?.produtos.map((p) => p._id)).toEqual([brigadeiro]);
    expect(grupos[1]?.produtos).toEqual([expect.objectContaining({ _id: torta, preco: '12.50' })]);

    const soTortas = await t.post(
      '/api/getProdutoPorUltimaFamiliaAgrupador',
      { empresa: centro, familia: tortas },
      caixa,
    );
    expect((soTortas.lista as unknown as { familia: { _id: string } }[]).map((g) => g.familia._id)).toEqual([
      tortas,
    ]);
    // The demo's pizza and soft-drink families are there when no grouper is given.
    const todas = await t.post('/api/getProdutoPorUltimaFamiliaAgrupador', { empresa: centro }, caixa);
    expect(todas.lista.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses an unknown grouper, a store of someone else and a missing store', async () => {
    const b = await semear(t.banco.db);
    const [agrupadorB] = (
      await t.post(
        '/api/agrupador/getPopulate',
        { limit: 1 },
        await t.login('admin@exemplo.com.br', 'admin123', b.grupoId),
      )
    ).lista;
    const alheio = await t.post(
      '/api/getProdutoPorUltimaFamiliaAgrupador',
      { empresa: centro, agrupador: agrupadorB?._id },
      admin,
    );
    expect(alheio.corpo.data.message).toBe('Agrupador não encontrado.');
    const loja = await t.post(
      '/api/getProdutoPorUltimaFamiliaAgrupador',
      { empresa: b.empresas.centro },
      admin,
    );
    expect(loja.corpo.data.message).toBe('Usuário sem permissão para acessar essa empresa.');
    const sem = await t.post('/api/getProdutoPorUltimaFamiliaAgrupador', {}, admin);
    expect(sem.corpo.data.message).toBe(
      'Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!',
    );
  });
});
