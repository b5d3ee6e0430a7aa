import { catalogoVendaSchema, configuracaoVendaSchema } from './configuracao.ts';
import type { PessoaRef, Venda } from './esquemas.ts';
import { pagamentoSchema, vendaItemSchema, vendaSchema } from './esquemas.ts';

// Test factories with overrides (STYLE.md: criarProduto({ preco: '12.50' })). Not exported by the package.
// Overrides are loose records: every factory runs the zod schema, so a wrong field fails the test.
type Dados = Record<string, unknown>;

/** Deterministic 24-hex id from a number. */
export const id = (n: number): string => n.toString(16).padStart(24, '0');

export const EMPRESA = id(0xe1);
export const OUTRA_EMPRESA = id(0xe2);
export const GRUPO = id(0x61);
/** Saturday 2026-11-21 20:00 in São Paulo. */
export const AGORA = '2026-11-21T20:00:00-03:00';

export const SUPERVISOR: PessoaRef = { _id: id(0x5a), nome: 'Supervisor', codigoInterno: 2 };
export const OPERADOR: PessoaRef = { _id: id(0x0a), nome: 'Caixa', codigoInterno: 3 };

export function criarItem(over: Dados = {}) {
  const { produto = 1, ...resto } = over;
  return vendaItemSchema.parse({
    numeroItem: 1,
    data: AGORA,
    produto: typeof produto === 'number' ? { _id: id(produto), descricao: `Produto ${produto}` } : produto,
    ...resto,
  });
}

export function criarVenda(over: Dados = {}): Venda {
  return vendaSchema.parse({
    _id: id(0xaa),
    empresa: EMPRESA,
    grupoEmpresarial: GRUPO,
    tipoVenda: { id: 53 },
    data: AGORA,
    ...over,
  });
}

/** Sale whose items are numbered 1..n; `produto` may be a number (product n of the factories). */
export function vendaComItens(itens: readonly Dados[], over: Dados = {}) {
  return criarVenda({
    produtos: itens.map((i, k) => criarItem({ numeroItem: k + 1, ...i })),
    ...over,
  });
}

export function criarCatalogo(over: Dados = {}) {
  return catalogoVendaSchema.parse(over);
}

/** Products 1..n with the given prices. */
export function produtos(precos: Record<number, string>, extra: Record<string, unknown> = {}) {
  return Object.entries(precos).map(([n, preco]) => ({
    _id: id(Number(n)),
    descricao: `Produto ${n}`,
    preco,
    ...extra,
  }));
}

export function criarConfiguracao(over: Dados = {}) {
  return configuracaoVendaSchema.parse({ empresa: EMPRESA, comboOrdemDesconto: 'valorDesconto', ...over });
}

export const DINHEIRO = { _id: id(0xf1), descricao: 'Dinheiro', tipo: 77, tipoTroco: 1 } as const;
export const CARTAO = { _id: id(0xf2), descricao: 'Cartão de Crédito', tipo: 80, tipoTroco: 2 } as const;
export const VALE_COMPRA = { _id: id(0xf3), descricao: 'Vale Compra', tipo: 87, tipoTroco: 3 } as const;
export const CONVENIO = { _id: id(0xf4), descricao: 'Convênio', tipo: 86, tipoTroco: 2 } as const;

export function criarPagamento(over: Dados = {}) {
  return pagamentoSchema.parse({
    _id: id(0x9001),
    formaPagamento: DINHEIRO,
    operador: OPERADOR,
    valor: '10.00',
    valorPago: '10.00',
    data: AGORA,
    ...over,
  });
}
