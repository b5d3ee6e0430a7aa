import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Stock registrations and recipes (issue 17) through the API, as the demo stock keeper: one stock row per store
// and product, conversion factors, supplier links (per store when the group says so), recipes numbered with
// one padrão per product and never containing their own product, and the recipe cost route. A refusal says
// what is wrong in pt-BR and writes nothing (row and audit counted before and after).

let t: AppTeste;
let estoquista: string;
let caixa: string;
let admin: string;
let centro: string;
let shopping: string;
let gestor: string;
const p: Record<string, string> = {};

const contar = async (tabela: string) =>
  Number((await consultarUm(t.banco.db, sql`select count(*)::int as n from ${sql.identifier(tabela)}`))?.n);
const contarAuditoria = async () =>
  Number((await consultarUm(t.banco.db, sql`select count(*)::int as n from auditoria`))?.n);

async function produtoPorNome(descricao: string): Promise<string> {
  const l = await consultarUm(
    t.banco.db,
    sql`select id from produto_geral where grupo_empresarial_id = ${t.demo.grupoId} and descricao = ${descricao}`,
  );
  if (!l) throw new Error(descricao);
  return String(l.id);
}

async function novoProduto(
  descricao: string,
  custo: string | null,
  preco: string | null = null,
): Promise<string> {
  const r = await t.post('/api/produtoGeral', { descricao, tipoProduto: 1, custo, preco }, admin, {
    empresa: gestor,
  });
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return String(r.corpo.data._id);
}

/** A write that must be refused with `mensagem`, changing no row of `tabela` and no audit. */
async function recusado(
  escrever: () => Promise<{ corpo: { valido: boolean; data: Registro } }>,
  tabela: string,
) {
  const [antes, auditoria] = [await contar(tabela), await contarAuditoria()];
  const r = await escrever();
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(false);
  expect(await contar(tabela)).toBe(antes);
  expect(await contarAuditoria()).toBe(auditoria);
  return String(r.corpo.data.message);
}

const ficha = (corpo: Record<string, unknown>, token = estoquista) =>
  t.post('/api/estoqueFichaTecnica', corpo, token, { empresa: gestor });
const lerFicha = async (id: string) => (await t.get(`/api/estoqueFichaTecnica/${id}`, estoquista)).corpo.data;

beforeAll(async () => {
  t = await criarAppTeste();
  ({ centro, shopping, gestor } = t.demo.empresas);
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  for (const d of [
    'Pizza Grande Calabresa',
    'Queijo Mussarela (kg)',
    'Calabresa Fatiada',
    'Massa de Pizza Grande',
    'Molho de Tomate',
    'Cebola',
    'Farinha de Trigo',
    'Refrigerante Lata 350ml',
  ]) {
    p[d] = await produtoPorNome(d);
  }
});
afterAll(() => t.fechar());

describe('the demo stock keeper', () => {
  it('is the 8th demo user and opens the stock registrations, not the cashier', async () => {
    const usuario = await consultarUm(
      t.banco.db,
      sql`select codigo_interno, nome from usuario where id = ${t.demo.usuarios.estoquista}`,
    );
    expect(usuario).toMatchObject({ codigo_interno: 8, nome: 'Estoquista' });
    for (const tabela of [
      'estoqueCadastro',
      'estoqueProdutoFatorConversao',
      'estoqueProdutoFornecedor',
      'estoqueFichaTecnica',
    ]) {
      const lido = await t.post(`/api/${tabela}/getPopulate`, { limit: 5 }, estoquista, { empresa: centro });
      expect(lido.corpo.valido, `${tabela} ${JSON.stringify(lido.corpo)}`).toBe(true);
      expect(lido.lista.length).toBeGreaterThan(0);
      const negado = await t.post(`/api/${tabela}/getPopulate`, { limit: 5 }, caixa, { empresa: centro });
      expect(negado.corpo).toEqual({
        valido: false,
        data: { message: 'Usuário sem permissão para esta operação.' },
      });
    }
  });

  it('keeps recipes at the franchisor (franchise control), as the product master data', async () => {
    const mensagem = await recusado(
      () =>
        t.post(
          '/api/estoqueFichaTecnica',
          { produtoGeral: p.Cebola, itens: [{ produto: p['Farinha de Trigo'], quantidade: '1' }] },
          estoquista,
          { empresa: centro },
        ),
      'estoque_ficha_tecnica',
    );
    expect(mensagem).toContain('Cadastro feito pela Franqueadora Exemplo');
  });
});

describe('estoqueCadastro', () => {
  it('one row per store and product; the maximum is not below the minimum, even on a partial update', async () => {
    const produto = await novoProduto('Tomate Italiano', '7.90');
    const corpo = {
      empresa: centro,
      produtoGeral: produto,
      estoqueMinimo: '2',
      estoqueMaximo: '8',
      prazoEntregaDias: 1,
    };
    const criado = await t.post('/api/estoqueCadastro', corpo, estoquista, { empresa: centro });
    expect(criado.corpo.valido, JSON.stringify(criado.corpo)).toBe(true);
    expect(criado.corpo.data).toMatchObject({
      controlaEstoque: true,
      estoqueMinimo: '2.0000',
      estoqueMaximo: '8.0000',
    });

    expect(
      await recusado(
        () => t.post('/api/estoqueCadastro', corpo, estoquista, { empresa: centro }),
        'estoque_cadastro',
      ),
    ).toBe('Este produto já tem cadastro de estoque nesta empresa.');
    // The same product in the other store is another row.
    const outra = await t.post('/api/estoqueCadastro', { ...corpo, empresa: shopping }, estoquista, {
      empresa: shopping,
    });
    expect(outra.corpo.valido, JSON.stringify(outra.corpo)).toBe(true);

    const manjericao = await novoProduto('Manjericão', '30');
    expect(
      await recusado(
        () =>
          t.post(
            '/api/estoqueCadastro',
            { ...corpo, produtoGeral: manjericao, estoqueMaximo: '1' },
            estoquista,
            {
              empresa: centro,
            },
          ),
        'estoque_cadastro',
      ),
    ).toBe('Estoque Máximo: O Estoque Máximo deve ser maior ou igual ao Estoque Mínimo.');
    const id = String(criado.corpo.data._id);
    const parcial = await t.put(`/api/estoqueCadastro/${id}`, { estoqueMaximo: '1.5' }, estoquista);
    expect(parcial.corpo).toMatchObject({
      valido: false,
      data: {
        message: 'Estoque Máximo: O Estoque Máximo deve ser maior ou igual ao Estoque Mínimo.',
        erros: { estoqueMaximo: 'O Estoque Máximo deve ser maior ou igual ao Estoque Mínimo.' },
      },
    });
    expect((await t.get(`/api/estoqueCadastro/${id}`, estoquista)).corpo.data.estoqueMaximo).toBe('8.0000');
  });

  it('the demo stores carry minimum and maximum of their ingredients', async () => {
    const linhas = await consultar(
      t.banco.db,
      sql`select empresa_id, estoque_minimo::text as minimo, estoque_maximo::text as maximo from estoque_cadastro
          where produto_geral_id = ${p['Queijo Mussarela (kg)']} order by empresa_id`,
    );
    expect(linhas).toHaveLength(2);
    expect(linhas.every((l) => l.minimo === '10.0000' && l.maximo === '40.0000')).toBe(true);
  });
});

describe('estoqueProdutoFatorConversao', () => {
  it('a positive factor, one per product and purchase unit', async () => {
    const sc = await consultarUm(
      t.banco.db,
      sql`select id from unidade_medida where sigla = 'SC' and grupo_empresarial_id = ${t.demo.grupoId}`,
    );
    const demo = await consultarUm(
      t.banco.db,
      sql`select fator_conversao::text as f from estoque_produto_fator_conversao where produto_geral_id = ${p['Farinha de Trigo']}`,
    );
    expect(demo?.f).toBe('25.000000');
    const corpo = { produtoGeral: p['Farinha de Trigo'], unidadeEntrada: sc?.id, fatorConversao: '25' };
    expect(
      await recusado(
        () => t.post('/api/estoqueProdutoFatorConversao', corpo, estoquista),
        'estoque_produto_fator_conversao',
      ),
    ).toBe('Este produto já tem um fator de conversão para esta unidade de entrada.');
    for (const fator of ['0', '-3']) {
      expect(
        await recusado(
          () =>
            t.post(
              '/api/estoqueProdutoFatorConversao',
              { ...corpo, produtoGeral: p.Cebola, fatorConversao: fator },
              estoquista,
            ),
          'estoque_produto_fator_conversao',
        ),
      ).toBe('Fator de Conversão: Informe um valor maior que zero.');
    }
    const ok = await t.post(
      '/api/estoqueProdutoFatorConversao',
      { ...corpo, produtoGeral: p.Cebola, fatorConversao: '20' },
      estoquista,
    );
    expect(ok.corpo.valido, JSON.stringify(ok.corpo)).toBe(true);
  });
});

describe('estoqueProdutoFornecedor', () => {
  it('a supplier code points at one product (per store when the group links them per store)', async () => {
    const fornecedor = (
      await consultarUm(
        t.banco.db,
        sql`select id from pessoa where nome = 'Distribuidora de Bebidas Exemplo'`,
      )
    )?.id;
    const corpo = {
      produtoGeral: p['Refrigerante Lata 350ml'],
      fornecedor,
      codigoProdutoFornecedor: 'REF-LT-350',
      fatorConversao: '12',
    };
    expect(
      await recusado(
        () => t.post('/api/estoqueProdutoFornecedor', corpo, estoquista),
        'estoque_produto_fornecedor',
      ),
    ).toBe('Este código do fornecedor já está vinculado a um produto.');
    const porLoja = await t.post('/api/estoqueProdutoFornecedor', { ...corpo, empresa: centro }, estoquista);
    expect(porLoja.corpo.valido, JSON.stringify(porLoja.corpo)).toBe(true);

    const grupo = (await t.get(`/api/grupoEmpresarial/${t.demo.grupoId}`, admin)).corpo.data;
    const ligado = await t.put(
      `/api/grupoEmpresarial/${t.demo.grupoId}`,
      { configuracoes: { ...(grupo.configuracoes as object), vincularEstoqueFornecedorPorEmpresa: true } },
      admin,
    );
    expect(ligado.corpo.valido, JSON.stringify(ligado.corpo)).toBe(true);
    const semEmpresa = { ...corpo, codigoProdutoFornecedor: 'REF-LT-NOVO' };
    expect(
      await recusado(
        () => t.post('/api/estoqueProdutoFornecedor', semEmpresa, estoquista),
        'estoque_produto_fornecedor',
      ),
    ).toBe('Empresa: Informe a empresa: o grupo vincula os produtos dos fornecedores por empresa.');
    const comEmpresa = await t.post(
      '/api/estoqueProdutoFornecedor',
      { ...semEmpresa, empresa: shopping },
      estoquista,
    );
    expect(comEmpresa.corpo.valido, JSON.stringify(comEmpresa.corpo)).toBe(true);
    await t.put(`/api/grupoEmpresarial/${t.demo.grupoId}`, { configuracoes: grupo.configuracoes }, admin);
  });
});

describe('estoqueFichaTecnica', () => {
  let molho: string;
  let a: string;
  let b: string;

  beforeAll(async () => {
    molho = await novoProduto('Molho da Casa', null, '18.00');
  });

  it('numbers recipes, makes the first one padrão and defaults the yield to 1', async () => {
    const r = await ficha({
      produtoGeral: molho,
      itens: [
        { produto: p['Molho de Tomate'], quantidade: '0.5' },
        { produto: p.Cebola, quantidade: '0.1', fatorCorrecao: '1.1' },
      ],
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    a = String(r.corpo.data._id);
    expect(r.corpo.data).toMatchObject({ indexReceita: 0, padrao: true, rendimento: '1.0000' });
    // The audit holds the row as saved by the rules.
    const [audit] = await consultar(t.banco.db, sql`select depois from auditoria where registro_id = ${a}`);
    expect(audit?.depois).toMatchObject({ indexReceita: 0, padrao: true });

    const segunda = await ficha({
      produtoGeral: molho,
      descricao: 'Lote grande',
      rendimento: '10',
      itens: [{ produto: p['Molho de Tomate'], quantidade: '4.5' }],
    });
    expect(segunda.corpo.valido, JSON.stringify(segunda.corpo)).toBe(true);
    b = String(segunda.corpo.data._id);
    expect(segunda.corpo.data).toMatchObject({ indexReceita: 1, padrao: false });
    expect(
      await recusado(
        () =>
          ficha({ produtoGeral: molho, indexReceita: 1, itens: [{ produto: p.Cebola, quantidade: '1' }] }),
        'estoque_ficha_tecnica',
      ),
    ).toBe('Este produto já tem uma ficha técnica com este Nº da Receita.');
  });

  it('keeps exactly one padrão recipe: marking another moves it, unmarking or deleting it hands it on', async () => {
    const padroes = async () =>
      (
        await consultar(
          t.banco.db,
          sql`select id from estoque_ficha_tecnica where produto_geral_id = ${molho} and lixo = false and padrao = true`,
        )
      ).map((l) => String(l.id));
    const movida = await t.put(`/api/estoqueFichaTecnica/${b}`, { padrao: true }, estoquista);
    expect(movida.corpo.data.padrao).toBe(true);
    expect(await padroes()).toEqual([b]);
    const historico = await t.get(`/api/auditoria/estoqueFichaTecnica/${a}`, estoquista);
    expect(historico.lista[0]).toMatchObject({
      acao: 'alterar',
      alteracoes: expect.arrayContaining([{ campo: 'padrao', de: true, para: false }]),
    });

    const desmarcada = await t.put(`/api/estoqueFichaTecnica/${b}`, { padrao: false }, estoquista);
    expect(desmarcada.corpo.data.padrao).toBe(false);
    expect(await padroes()).toEqual([a]);

    await t.del(`/api/estoqueFichaTecnica/${a}`, estoquista);
    expect(await padroes()).toEqual([b]);
    expect((await lerFicha(b)).padrao).toBe(true);
  });

  it('refuses a quantity of 0, negative or not a number, naming the line, and writes nothing', async () => {
    for (const [quantidade, esperado] of [
      ['0', 'Ingredientes 2 › Quantidade Líquida: A quantidade deve ser maior que zero.'],
      ['-0.5', 'Ingredientes 2 › Quantidade Líquida: A quantidade deve ser maior que zero.'],
      ['NaN', 'Ingredientes 2 › Quantidade Líquida: Valor inválido: informe um número.'],
    ] as const) {
      const mensagem = await recusado(
        () =>
          ficha({
            produtoGeral: molho,
            itens: [
              { produto: p['Molho de Tomate'], quantidade: '1' },
              { produto: p.Cebola, quantidade },
            ],
          }),
        'estoque_ficha_tecnica',
      );
      expect(mensagem).toBe(esperado);
    }
    expect(
      await recusado(
        () =>
          ficha({ produtoGeral: molho, itens: [{ produto: 'ffffffffffffffffffffffff', quantidade: '1' }] }),
        'estoque_ficha_tecnica',
      ),
    ).toBe('Ingredientes 1 › Ingrediente: Produto não encontrado.');
  });

  it('refuses a recipe containing its own product, directly or through padrão recipes, naming the chain', async () => {
    const x = await novoProduto('Produto X', '1');
    const y = await novoProduto('Produto Y', '1');
    const z = await novoProduto('Produto Z', '1');
    expect(
      await recusado(
        () => ficha({ produtoGeral: x, itens: [{ produto: x, quantidade: '1' }] }),
        'estoque_ficha_tecnica',
      ),
    ).toBe('A ficha técnica de Produto X não pode conter o próprio Produto X.');

    // Y is made of Z, Z of X: a recipe of X with Y would contain X.
    expect((await ficha({ produtoGeral: y, itens: [{ produto: z, quantidade: '1' }] })).corpo.valido).toBe(
      true,
    );
    expect((await ficha({ produtoGeral: z, itens: [{ produto: x, quantidade: '2' }] })).corpo.valido).toBe(
      true,
    );
    const comY = {
      produtoGeral: x,
      itens: [
        { produto: p.Cebola, quantidade: '1' },
        { produto: y, quantidade: '1' },
      ],
    };
    expect(await recusado(() => ficha(comY), 'estoque_ficha_tecnica')).toBe(
      'A ficha técnica de Produto X contém Produto X através de Produto Y → Produto Z.',
    );
    // Also as a second, non-padrão recipe, and by changing an existing recipe.
    const ok = await ficha({ produtoGeral: x, itens: [{ produto: p.Cebola, quantidade: '1' }] });
    expect(ok.corpo.valido).toBe(true);
    expect(await recusado(() => ficha(comY), 'estoque_ficha_tecnica')).toContain(
      'através de Produto Y → Produto Z',
    );
    const id = String(ok.corpo.data._id);
    const antes = await lerFicha(id);
    expect(
      await recusado(
        () => t.put(`/api/estoqueFichaTecnica/${id}`, { itens: comY.itens }, estoquista),
        'estoque_ficha_tecnica',
      ),
    ).toContain('através de Produto Y → Produto Z');
    expect(await lerFicha(id)).toEqual(antes);
  });
});

describe('POST getProdutoIngredientesReceitaCusto', () => {
  it('prices the padrão recipe line by line at the ingredients’ cost, with the price and the margin', async () => {
    const r = await t.post(
      '/api/getProdutoIngredientesReceitaCusto',
      { produto: p['Pizza Grande Calabresa'] },
      estoquista,
      {
        empresa: centro,
      },
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const d = r.corpo.data as unknown as {
      itens: {
        descricao: string;
        unidade: string;
        quantidade: string;
        quantidadeBruta: string;
        custoUnitario: string;
        custoLinha: string;
      }[];
      custoTotal: string;
      custoPorUnidade: string;
      preco: string;
      margem: string;
      receita: { indexReceita: number; padrao: boolean };
    };
    expect(d.receita).toMatchObject({ indexReceita: 0, padrao: true });
    expect(
      d.itens.map((l) => [l.descricao, l.unidade, l.quantidadeBruta, l.custoUnitario, l.custoLinha]),
    ).toEqual([
      ['Massa de Pizza Grande', 'UN', '1.000000', '3.200000', '3.200000'],
      ['Molho de Tomate', 'KG', '0.120000', '12.500000', '1.500000'],
      ['Queijo Mussarela (kg)', 'KG', '0.150000', '36.900000', '5.535000'],
      ['Calabresa Fatiada', 'KG', '0.200000', '29.900000', '5.980000'],
      // 0.08 kg net, 10% lost peeling
      ['Cebola', 'KG', '0.088000', '5.500000', '0.484000'],
    ]);
    expect(d).toMatchObject({
      custoTotal: '16.699000',
      custoPorUnidade: '16.699000',
      preco: '54.90',
      margem: '69.58',
    });
  });

  it('answers another recipe by its number, says when there is none, and needs the ficha técnica permission', async () => {
    const molho = await produtoPorNome('Molho da Casa');
    const lote = await t.post(
      '/api/getProdutoIngredientesReceitaCusto',
      { produto: molho, indexReceita: 1 },
      estoquista,
    );
    // 4.5 kg × 12.50 / 10 units
    expect(lote.corpo.data).toMatchObject({
      custoTotal: '56.250000',
      custoPorUnidade: '5.625000',
      margem: '68.75',
    });
    const nenhuma = await t.post(
      '/api/getProdutoIngredientesReceitaCusto',
      { produto: molho, indexReceita: 7 },
      estoquista,
    );
    expect(nenhuma.corpo).toEqual({
      valido: false,
      data: { message: 'O produto Molho da Casa não tem a ficha técnica nº 7.' },
    });
    const semFicha = await t.post(
      '/api/getProdutoIngredientesReceitaCusto',
      { produto: p.Cebola },
      estoquista,
    );
    expect(semFicha.corpo.data.message).toBe('O produto Cebola não tem ficha técnica.');
    const negado = await t.post('/api/getProdutoIngredientesReceitaCusto', { produto: molho }, caixa, {
      empresa: centro,
    });
    expect(negado.corpo).toEqual({
      valido: false,
      data: { message: 'Usuário sem permissão para esta operação.' },
    });
    const invalido = await t.post('/api/getProdutoIngredientesReceitaCusto', { produto: 'x' }, estoquista);
    expect(invalido.corpo.valido).toBe(false);
  });

  it('getCustoIngredientesReceita gives the screen the same unit costs', async () => {
    const r = await t.post(
      '/api/getCustoIngredientesReceita',
      { produto: p['Pizza Grande Calabresa'], ingredientes: [p.Cebola, p['Queijo Mussarela (kg)']] },
      estoquista,
    );
    expect(r.corpo.data).toMatchObject({
      produto: { descricao: 'Pizza Grande Calabresa', preco: '54.90' },
      ingredientes: [
        { descricao: 'Cebola', unidade: 'KG', custo: '5.500000' },
        { descricao: 'Queijo Mussarela (kg)', unidade: 'KG', custo: '36.900000' },
      ],
    });
    const negado = await t.post('/api/getCustoIngredientesReceita', { ingredientes: [] }, caixa);
    expect(negado.corpo.valido).toBe(false);
  });
});
