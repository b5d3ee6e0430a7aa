import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { booleano, decimal, definirRecurso, inteiro, json, ref, texto } from './definir-recurso.ts';
import { validarEstoqueCadastro, validarFatorConversao, validarFichaTecnica } from './regras-estoque.ts';

// Stock registrations (spec 1 §2 "Stock", issue 17): what the ledger, the NF-e entry and the sale consumption
// read. The moves themselves are the ledger's (modules/estoque), never a generic resource.

/** A product's stock settings in one store (spec 1 §2 estoqueCadastro): one row per store and product. */
export const estoqueCadastro = definirRecurso({
  tabela: 'estoqueCadastro',
  titulo: 'Cadastro de Estoque',
  escopo: 'empresa',
  campos: {
    produtoGeral: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    controlaEstoque: booleano('Controla Estoque', { padrao: true }),
    estoqueMinimo: decimal('Estoque Mínimo', 4, { min: 0 }),
    estoqueMaximo: decimal('Estoque Máximo', 4, { min: 0 }),
    localizacao: texto('Localização', { max: 60, busca: true }),
    prazoEntregaDias: inteiro('Prazo de Entrega (dias)', { min: 0, max: 365 }),
  },
  lista: {
    colunas: [
      'produtoGeral',
      'controlaEstoque',
      'estoqueMinimo',
      'estoqueMaximo',
      'localizacao',
      'prazoEntregaDias',
    ],
  },
  permissoes: permissoesDoRecurso('estoqueCadastro'),
  validar: validarEstoqueCadastro,
  unicos: [{ campos: ['produtoGeral'], mensagem: 'Este produto já tem cadastro de estoque nesta empresa.' }],
});

/**
 * Purchase unit -> stock units (spec 1 §3 "Conversion factor"): one box (CX) holds fatorConversao = 12 stock
 * units; a 25 kg sack (SC) of a product kept in KG holds 25. `quantidade` of the purchase unit moves
 * `quantidadeMovimentacaoEstoque` stock units (their ratio is the factor); fatorEmKg and pesoUnitario give the
 * weight of one unit for products kept by the unit.
 */
export const estoqueProdutoFatorConversao = definirRecurso({
  tabela: 'estoqueProdutoFatorConversao',
  titulo: 'Fator de Conversão',
  escopo: 'grupo',
  campos: {
    produtoGeral: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    unidadeEntrada: ref('Unidade de Entrada', 'unidadeMedida', { obrigatorio: true }),
    fatorConversao: decimal('Fator de Conversão', 6, { obrigatorio: true }),
    fatorEmKg: decimal('Fator em Kg', 6, { min: 0 }),
    pesoUnitario: decimal('Peso Unitário (kg)', 6, { min: 0 }),
    quantidade: decimal('Quantidade (unidade de entrada)', 6, { min: 0 }),
    quantidadeMovimentacaoEstoque: decimal('Quantidade Movimentada no Estoque', 6, { min: 0 }),
  },
  lista: { colunas: ['produtoGeral', 'unidadeEntrada', 'fatorConversao', 'fatorEmKg', 'pesoUnitario'] },
  permissoes: permissoesDoRecurso('estoqueProdutoFatorConversao'),
  validar: validarFatorConversao,
  unicos: [
    {
      campos: ['produtoGeral', 'unidadeEntrada'],
      mensagem: 'Este produto já tem um fator de conversão para esta unidade de entrada.',
    },
  ],
});

/**
 * A supplier's code and unit of a product (spec 1 §2 estoqueProdutoFornecedor), read by the NF-e entry; per
 * store when the group's `vincularEstoqueFornecedorPorEmpresa` is on (the server then requires the store).
 */
export const estoqueProdutoFornecedor = definirRecurso({
  tabela: 'estoqueProdutoFornecedor',
  titulo: 'Produto por Fornecedor',
  escopo: 'grupo',
  campos: {
    produtoGeral: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    fornecedor: ref('Fornecedor', 'pessoa', { obrigatorio: true }),
    codigoProdutoFornecedor: texto('Código no Fornecedor', { obrigatorio: true, max: 60, busca: true }),
    unidadeFornecedor: ref('Unidade do Fornecedor', 'unidadeMedida'),
    fatorConversao: decimal('Fator de Conversão', 6, { obrigatorio: true }),
    empresa: ref('Empresa', 'empresa'),
  },
  lista: {
    colunas: [
      'produtoGeral',
      'fornecedor',
      'codigoProdutoFornecedor',
      'unidadeFornecedor',
      'fatorConversao',
      'empresa',
    ],
  },
  permissoes: permissoesDoRecurso('estoqueProdutoFornecedor'),
  validar: validarFatorConversao,
  unicos: [
    {
      campos: ['fornecedor', 'codigoProdutoFornecedor', 'empresa'],
      mensagem: 'Este código do fornecedor já está vinculado a um produto.',
    },
  ],
});

/**
 * Recipe of a product (spec 1 §3 "Recipe"): ingredients with net quantity and correction factor (gross = net ×
 * factor); several per product (indexReceita), the padrão one is what sales consume (packages/domain
 * estoque/receita.ts). The server numbers a recipe without index, keeps one padrão per product and refuses a
 * recipe that contains its own product.
 */
export const estoqueFichaTecnica = definirRecurso({
  tabela: 'estoqueFichaTecnica',
  titulo: 'Ficha Técnica',
  escopo: 'grupo',
  campos: {
    produtoGeral: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    indexReceita: inteiro('Nº da Receita', { min: 0, max: 999 }),
    descricao: texto('Descrição', { max: 100, busca: true }),
    padrao: booleano('Receita Padrão', { padrao: false }),
    rendimento: decimal('Rendimento (unidades)', 4),
    rendimentoKg: decimal('Rendimento (kg)', 4, { min: 0 }),
    itens: json('Ingredientes', {
      obrigatorio: true,
      lista: true,
      editor: 'itensReceita',
      subcampos: {
        produto: ref('Ingrediente', 'produtoGeral', { obrigatorio: true }),
        quantidade: decimal('Quantidade Líquida', 6, { obrigatorio: true }),
        fatorCorrecao: decimal('Fator de Correção', 4, { min: 1 }),
        marcado: booleano('Marcado'),
        selecionado: booleano('Selecionado'),
      },
    }),
  },
  lista: {
    colunas: ['produtoGeral', 'indexReceita', 'descricao', 'padrao', 'rendimento'],
    ordem: 'indexReceita',
  },
  permissoes: permissoesDoRecurso('estoqueFichaTecnica'),
  validar: validarFichaTecnica,
  unicos: [
    {
      campos: ['produtoGeral', 'indexReceita'],
      mensagem: 'Este produto já tem uma ficha técnica com este Nº da Receita.',
    },
  ],
});

export const RECURSOS_ESTOQUE = [
  estoqueCadastro,
  estoqueProdutoFatorConversao,
  estoqueProdutoFornecedor,
  estoqueFichaTecnica,
] as const;
