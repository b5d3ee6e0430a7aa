import { PERMISSAO, PERMISSOES, tiposProduto, tiposProdutoEstoque } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultar, consultarUm } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';
import { hashSenha, sha256Hex } from '../modules/auth/auth.service.ts';
import { ServicoEstoque } from '../modules/estoque/estoque.service.ts';

// Demo stock registrations (issue 17): the stock keeper and their profile, ingredients with realistic costs,
// conversion factors (a 25 kg sack of flour, a box of 12 cans), padrão recipes of the demo pizzas, burger and
// fries (so a half-and-half pizza or a combo consumes ingredients), each store's minimum and maximum, and the
// opening stock of both stores (an entry document through the ledger, dated at seed time), so the position,
// the kardex and the reports show figures from the first start. Called once from seed.ts after the stores,
// units and products exist.

const ids = (lista: readonly string[]) => sql`${`{${lista.join(',')}}`}::text[]`;

async function inserir(db: Db, tabela: string, linha: Record<string, unknown>): Promise<string> {
  const id = novoId();
  const colunas = ['id', ...Object.keys(linha)];
  const valores = [
    sql`${id}`,
    ...Object.entries(linha).map(([c, v]) => {
      if (v === null || v === undefined) return sql`null`;
      if (Array.isArray(v) && c.endsWith('_ids')) return ids(v as string[]);
      if (typeof v === 'object') return sql`${JSON.stringify(v)}::jsonb`;
      return sql`${v}`;
    }),
  ];
  await consultar(
    db,
    sql`insert into ${sql.identifier(tabela)} (${sql.join(
      colunas.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(valores, sql`, `)})`,
  );
  return id;
}

async function idPor(db: Db, tabela: string, onde: ReturnType<typeof sql>): Promise<string> {
  const l = await consultarUm(db, sql`select id from ${sql.identifier(tabela)} where ${onde} limit 1`);
  if (!l) throw new Error(`seed-estoque: ${tabela} não encontrado`);
  return l.id as string;
}

/** Who sees and keeps the stock: its screens (1200-1243), its reports and the NF-e entry. */
export function permissoesEstoquista(): number[] {
  const relatorios = new Set([
    'relatorioEstoqueInventarioAcessar',
    'relatorioEstoqueSaidaManualAcessar',
    'relatorioEstoqueComprasAcessar',
    'relatorioEstoqueProdutoAcessar',
    'relatorioEstoqueFluxoAcessar',
    'relatorioMovimentacaoProdutosAcessar',
    'relatorioEstoqueTransferenciaAcessar',
    'relatorioVendaInsumosAcessar',
  ]);
  return [
    PERMISSAO.listarEmpresasUsuario,
    PERMISSAO.acessoRetaguarda,
    ...PERMISSOES.filter((p) => p.modulo === 'stock' || relatorios.has(p.chave)).map((p) => p.id),
    PERMISSAO.entradaNotaFiscalAcessar,
    PERMISSAO.entradaNotaFiscalManter,
    // The shelf labels after a price change or a delivery (gerenciarEtiquetas): the one who fills the shelves.
    PERMISSAO.gerenciarEtiquetasAcessar,
    // Read-only: the pickers of the stock screens list products, units and suppliers.
    PERMISSAO.produtoGeralAcessar,
    PERMISSAO.unidadeMedidaAcessar,
    PERMISSAO.pessoaAcessar,
  ];
}

interface Ingrediente {
  descricao: string;
  unidade: 'KG' | 'UN' | 'LT';
  custo: string;
}

// Costs of a Curitiba wholesaler, 2026 (R$ per stock unit).
const INGREDIENTES: readonly Ingrediente[] = [
  { descricao: 'Molho de Tomate', unidade: 'KG', custo: '12.50' },
  { descricao: 'Massa de Pizza Grande', unidade: 'UN', custo: '3.20' },
  { descricao: 'Calabresa Fatiada', unidade: 'KG', custo: '29.90' },
  { descricao: 'Farinha de Trigo', unidade: 'KG', custo: '4.20' },
  { descricao: 'Presunto Cozido', unidade: 'KG', custo: '32.00' },
  { descricao: 'Ovo', unidade: 'UN', custo: '0.75' },
  { descricao: 'Cebola', unidade: 'KG', custo: '5.50' },
  { descricao: 'Azeitona Verde', unidade: 'KG', custo: '28.00' },
  { descricao: 'Queijo Parmesão', unidade: 'KG', custo: '79.90' },
  { descricao: 'Queijo Provolone', unidade: 'KG', custo: '64.00' },
  { descricao: 'Requeijão Cremoso', unidade: 'KG', custo: '42.00' },
  { descricao: 'Frango Desfiado', unidade: 'KG', custo: '27.00' },
  { descricao: 'Pão de Hambúrguer', unidade: 'UN', custo: '1.10' },
  { descricao: 'Hambúrguer Bovino 150g', unidade: 'UN', custo: '4.80' },
  { descricao: 'Queijo Prato Fatiado', unidade: 'KG', custo: '44.00' },
  { descricao: 'Batata Pré-frita Congelada', unidade: 'KG', custo: '14.50' },
  { descricao: 'Óleo de Soja', unidade: 'LT', custo: '8.90' },
];

type Linha = [ingrediente: string, quantidade: string, fatorCorrecao?: string];

// Net quantities per pizza (8 slices) or portion; onion loses 10% peeling, fries 5% frying.
const MOLHO: Linha = ['Molho de Tomate', '0.120000'];
const MASSA: Linha = ['Massa de Pizza Grande', '1'];
const RECEITAS: readonly [produto: string, linhas: Linha[]][] = [
  ['Pizza Grande Mussarela', [MASSA, MOLHO, ['Queijo Mussarela (kg)', '0.350000']]],
  [
    'Pizza Grande Calabresa',
    [
      MASSA,
      MOLHO,
      ['Queijo Mussarela (kg)', '0.150000'],
      ['Calabresa Fatiada', '0.200000'],
      ['Cebola', '0.080000', '1.1000'],
    ],
  ],
  [
    'Pizza Grande Portuguesa',
    [
      MASSA,
      MOLHO,
      ['Queijo Mussarela (kg)', '0.200000'],
      ['Presunto Cozido', '0.150000'],
      ['Ovo', '2'],
      ['Cebola', '0.060000', '1.1000'],
      ['Azeitona Verde', '0.040000'],
    ],
  ],
  [
    'Pizza Grande Quatro Queijos',
    [
      MASSA,
      MOLHO,
      ['Queijo Mussarela (kg)', '0.150000'],
      ['Queijo Parmesão', '0.060000'],
      ['Queijo Provolone', '0.080000'],
      ['Requeijão Cremoso', '0.100000'],
    ],
  ],
  [
    'Pizza Grande Frango com Catupiry',
    [
      MASSA,
      MOLHO,
      ['Queijo Mussarela (kg)', '0.150000'],
      ['Frango Desfiado', '0.200000'],
      ['Requeijão Cremoso', '0.120000'],
    ],
  ],
  [
    'X-Burguer',
    [
      ['Pão de Hambúrguer', '1'],
      ['Hambúrguer Bovino 150g', '1'],
      ['Queijo Prato Fatiado', '0.040000'],
    ],
  ],
  [
    'Batata Frita Porção',
    [
      ['Batata Pré-frita Congelada', '0.400000', '1.0500'],
      ['Óleo de Soja', '0.050000'],
    ],
  ],
  ['Queijo Extra', [['Queijo Prato Fatiado', '0.040000']]],
  ['Borda Recheada', [['Requeijão Cremoso', '0.150000']]],
  // Made in the kitchen from flour (a production order consumes this; a sale takes the dough as it is).
  [
    'Massa de Pizza Grande',
    [
      ['Farinha de Trigo', '0.300000'],
      ['Óleo de Soja', '0.010000'],
    ],
  ],
];

/** Minimum and maximum of each store (kg or units), with the shelf it is kept on. */
const NIVEIS: Readonly<Record<string, [minimo: string, maximo: string, local: string]>> = {
  'Queijo Mussarela (kg)': ['10', '40', 'Câmara fria'],
  'Molho de Tomate': ['5', '20', 'Estoque seco'],
  'Massa de Pizza Grande': ['40', '150', 'Câmara fria'],
  'Calabresa Fatiada': ['4', '15', 'Câmara fria'],
  'Farinha de Trigo': ['25', '100', 'Estoque seco'],
  'Presunto Cozido': ['3', '10', 'Câmara fria'],
  'Requeijão Cremoso': ['3', '10', 'Câmara fria'],
  'Pão de Hambúrguer': ['30', '120', 'Estoque seco'],
  'Hambúrguer Bovino 150g': ['30', '120', 'Freezer'],
  'Batata Pré-frita Congelada': ['10', '40', 'Freezer'],
  // Sold as they are (no recipe): they move on sale because the store controls them.
  'Refrigerante Lata 350ml': ['24', '120', 'Bebidas'],
  'Refrigerante 2L': ['6', '30', 'Bebidas'],
  'Água Mineral 500ml': ['12', '60', 'Bebidas'],
};

/**
 * What each store has on the shelves when the demo starts (stock units), between its minimum and maximum where it
 * has them; cost per unit: the ingredient's registered cost, the drinks' the distributor's.
 */
const ESTOQUE_INICIAL: readonly [produto: string, quantidade: string, custo?: string][] = [
  ['Queijo Mussarela (kg)', '25', '36.90'],
  ['Molho de Tomate', '12'],
  ['Massa de Pizza Grande', '90'],
  ['Calabresa Fatiada', '9'],
  ['Farinha de Trigo', '60'],
  ['Presunto Cozido', '6'],
  ['Ovo', '60'],
  ['Cebola', '8'],
  ['Azeitona Verde', '3'],
  ['Queijo Parmesão', '2'],
  ['Queijo Provolone', '2.5'],
  ['Requeijão Cremoso', '6'],
  ['Frango Desfiado', '6'],
  ['Pão de Hambúrguer', '70'],
  ['Hambúrguer Bovino 150g', '70'],
  ['Queijo Prato Fatiado', '3'],
  ['Batata Pré-frita Congelada', '25'],
  ['Óleo de Soja', '18'],
  ['Refrigerante Lata 350ml', '72', '2.90'],
  ['Refrigerante 2L', '18', '7.50'],
  ['Água Mineral 500ml', '36', '1.20'],
];

export async function semearEstoque(
  db: Db,
  grupoId: string,
  lojas: { centro: string; shopping: string; gestor: string },
): Promise<{ estoquista: string }> {
  const g = { grupo_empresarial_id: grupoId };
  const noGrupo = sql`grupo_empresarial_id = ${grupoId}`;
  const unidade = (sigla: string) => idPor(db, 'unidade_medida', sql`${noGrupo} and sigla = ${sigla}`);
  const produto = (descricao: string) =>
    idPor(db, 'produto_geral', sql`${noGrupo} and descricao = ${descricao}`);

  const perfil = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Estoquista',
    permissoes: permissoesEstoquista(),
  });
  // Recipes and the supplier links are the franchisor's (franchise control): the stock keeper works there too.
  const estoquista = await inserir(db, 'usuario', {
    ...g,
    codigo_interno: 8,
    nome: 'Estoquista',
    email: 'estoque@exemplo.com.br',
    ativo: true,
    atribuicoes: [],
    acessos: [lojas.centro, lojas.shopping, lojas.gestor].map((empresa) => ({
      empresa,
      acessoSistema: perfil,
    })),
    permissoes_extras: [],
    senha_hash: await hashSenha(sha256Hex('estoque123')),
    senha_operacional_hash: await hashSenha(sha256Hex('1008')),
  });

  const unidades = { KG: await unidade('KG'), UN: await unidade('UN'), LT: await unidade('LT') };
  const cx = await unidade('CX');
  const sc = await inserir(db, 'unidade_medida', { ...g, sigla: 'SC', descricao: 'Saco' });
  const normal = tiposProduto.itens.find((t) => t.sigla === 'Normal') ?? null;
  const ingrediente = tiposProdutoEstoque.itens.find((t) => t.sigla === 'Ingrediente') ?? null;

  const porDescricao = new Map<string, string>();
  // The cheese sold by the kilo is also the pizzas' cheese: a wholesale cost, and an ingredient for the stock.
  const mussarela = await produto('Queijo Mussarela (kg)');
  await consultar(
    db,
    sql`update produto_geral set custo = '36.900000', tipo_produto_estoque = ${JSON.stringify(ingrediente)}::jsonb
        where id = ${mussarela}`,
  );
  porDescricao.set('Queijo Mussarela (kg)', mussarela);
  for (const [i, ing] of INGREDIENTES.entries()) {
    porDescricao.set(
      ing.descricao,
      await inserir(db, 'produto_geral', {
        ...g,
        codigo_interno: 101 + i,
        descricao: ing.descricao,
        tipo_produto: normal,
        tipo_produto_estoque: ingrediente,
        unidade_id: unidades[ing.unidade],
        unidade_compra_id: ing.descricao === 'Farinha de Trigo' ? sc : unidades[ing.unidade],
        custo: ing.custo,
        ncm: '21069090',
        ativo: true,
      }),
    );
  }
  const id = async (descricao: string) => porDescricao.get(descricao) ?? produto(descricao);

  // Purchase units: a 25 kg sack of flour, a box of 12 cans.
  const lata = await produto('Refrigerante Lata 350ml');
  for (const [produtoId, unidadeEntrada, fator, pesoUnitario] of [
    [await id('Farinha de Trigo'), sc, '25', '25'],
    [lata, cx, '12', '0.350000'],
  ] as const) {
    await inserir(db, 'estoque_produto_fator_conversao', {
      ...g,
      produto_geral_id: produtoId,
      unidade_entrada_id: unidadeEntrada,
      fator_conversao: fator,
      peso_unitario: pesoUnitario,
      quantidade: '1',
      quantidade_movimentacao_estoque: fator,
    });
  }
  const fornecedor = await idPor(db, 'pessoa', sql`${noGrupo} and nome = 'Distribuidora de Bebidas Exemplo'`);
  await inserir(db, 'estoque_produto_fornecedor', {
    ...g,
    produto_geral_id: lata,
    fornecedor_id: fornecedor,
    codigo_produto_fornecedor: 'REF-LT-350',
    unidade_fornecedor_id: cx,
    fator_conversao: '12',
  });

  for (const [descricao, linhas] of RECEITAS) {
    const itens = [];
    for (const [ing, quantidade, fator] of linhas) {
      itens.push({
        produto: await id(ing),
        quantidade,
        fatorCorrecao: fator ?? '1.0000',
        marcado: false,
        selecionado: false,
      });
    }
    await inserir(db, 'estoque_ficha_tecnica', {
      ...g,
      produto_geral_id: await id(descricao),
      index_receita: 0,
      descricao: 'Receita padrão',
      padrao: true,
      rendimento: '1',
      itens,
    });
  }

  for (const empresa of [lojas.centro, lojas.shopping]) {
    for (const [descricao, [minimo, maximo, local]] of Object.entries(NIVEIS)) {
      await inserir(db, 'estoque_cadastro', {
        ...g,
        empresa_id: empresa,
        produto_geral_id: await id(descricao),
        controla_estoque: true,
        estoque_minimo: minimo,
        estoque_maximo: maximo,
        localizacao: local,
        prazo_entrega_dias: descricao === 'Farinha de Trigo' ? 7 : 2,
      });
    }
  }

  // The opening stock: one entry per store through the ledger's write path (the stock keeper's document).
  const custos = new Map(INGREDIENTES.map((i) => [i.descricao, i.custo]));
  const itens = [];
  for (const [descricao, quantidade, custo] of ESTOQUE_INICIAL) {
    const custoUnitario = custo ?? custos.get(descricao);
    if (!custoUnitario) throw new Error(`seed-estoque: custo de ${descricao}`);
    itens.push({ produto: await id(descricao), quantidade, custoUnitario });
  }
  const servico = new ServicoEstoque(db);
  for (const empresa of [lojas.centro, lojas.shopping]) {
    await servico.entrada(
      { grupo: grupoId, usuario: estoquista },
      { _id: novoId(), empresa, documento: 'Estoque inicial', observacao: 'Contagem de abertura', itens },
    );
  }
  return { estoquista };
}
