import {
  adicionarItem,
  type CatalogoVenda,
  type ConfiguracaoVenda,
  type PessoaRef,
  recalcularVenda,
  type Venda,
  vendaSchema,
} from '@retaguarda/domain';
import type { ItemPedido } from './call-center-api.ts';

// The call-center order while the attendant builds it: a list of lines (product, quantity, note, pizza
// parts, and the additions that go with it), turned into a sale by the domain engine with the catalogue of
// the store it is going to (prices, pizza price, combos, promotions, that store's delivery fee), so the
// totals are instant. Rebuilding from the lines also makes a store switch a plain re-pricing, and sends
// every addition right after its line (the kitchen hangs it on the line before). The server routes,
// re-checks and recomputes everything when the order is sent.

export interface LojaPedido {
  empresa: string;
  grupoEmpresarial: string;
  catalogo: CatalogoVenda;
  configuracao: ConfiguracaoVenda;
  operador: PessoaRef;
}

export interface ProdutoPedido {
  _id: string;
  descricao: string;
  codigoInterno?: number | string | null | undefined;
}

export interface ParteLinha {
  produto: ProdutoPedido;
  quantidadeParte: number;
}

export interface AdicionalLinha {
  produto: ProdutoPedido;
  quantidade: string;
  obs: string;
}

export interface LinhaPedido {
  produto: ProdutoPedido;
  quantidade: string;
  obs: string;
  /** Pizza flavours with their parts (empty for anything else). */
  partes: ParteLinha[];
  /** Adicional / Complemento Consumo products launched with this line. */
  adicionais: AdicionalLinha[];
  /** The product suggestion (vendaSugestaoProduto) the line was launched from: its discount applies. */
  sugestao?: string;
}

export interface Pedido {
  _id: string;
  tipoVenda: 53 | 55;
  cliente: Venda['cliente'];
  distanciaMetros: number | null;
  linhas: LinhaPedido[];
}

/** Which line (and which of its additions) a sale item is. */
export interface Selecao {
  linha: number;
  adicional: number | null;
}

/** Product types launched as additions of the line before them (KDS rule, spec product types). */
export const TIPOS_ADICIONAL: ReadonlySet<string> = new Set(['Adicional', 'Complemento Consumo']);

/** 24-char hex id made here: the order's id is also what makes a retried send safe. */
export function novoIdPedido(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function novoPedido(
  tipoVenda: 53 | 55,
  cliente: Venda['cliente'],
  distanciaMetros: number | null,
  id = novoIdPedido(),
): Pedido {
  return { _id: id, tipoVenda, cliente: cliente ?? null, distanciaMetros, linhas: [] };
}

const ref = (p: ProdutoPedido) => ({
  _id: p._id,
  descricao: p.descricao,
  codigoInterno: p.codigoInterno ?? null,
});

/**
 * The sale the store would compute for these lines, and which line each of its items is. Throws the
 * engine's refusal (pizza parts above the family maximum, fractional pizza...).
 */
export function montarVenda(
  pedido: Pedido,
  loja: LojaPedido,
  agora: string,
): { venda: Venda; selecoes: Map<number, Selecao> } {
  let venda = vendaSchema.parse({
    _id: pedido._id,
    empresa: loja.empresa,
    grupoEmpresarial: loja.grupoEmpresarial,
    tipoVenda: { id: pedido.tipoVenda },
    status: { id: 57, descricao: 'Aberta' },
    terminal: null,
    operador: loja.operador,
    atendente: loja.operador,
    cliente: pedido.cliente ?? null,
    // 69: 'Central de pedidos' (origins 68-77).
    localPedido: { id: 69 },
    distanciaEntregaMetros: pedido.tipoVenda === 55 ? pedido.distanciaMetros : null,
    data: agora,
  });
  const selecoes = new Map<number, Selecao>();
  const lancar = (
    produto: ProdutoPedido,
    quantidade: string,
    obs: string,
    partes: ParteLinha[],
    s: Selecao,
    sugestao?: string,
  ) => {
    venda = adicionarItem(venda, {
      ...(sugestao ? { sugestao } : {}),
      produto: ref(produto),
      produtosFilho: partes.map((p) => ({ produto: ref(p.produto), quantidadeParte: p.quantidadeParte })),
      pizza: partes.length > 0,
      quantidade,
      obs,
      terminal: null,
      atendente: loja.operador,
      data: agora,
    });
    selecoes.set(venda.produtos[venda.produtos.length - 1]?.numeroItem ?? 0, s);
  };
  pedido.linhas.forEach((l, linha) => {
    lancar(l.produto, l.quantidade, l.obs, l.partes, { linha, adicional: null }, l.sugestao);
    l.adicionais.forEach((a, adicional) => {
      lancar(a.produto, a.quantidade, a.obs, [], { linha, adicional });
    });
  });
  return { venda: recalcularVenda(venda, loja.catalogo, loja.configuracao, agora), selecoes };
}

export function adicionarLinha(
  pedido: Pedido,
  produto: ProdutoPedido,
  opcoes: { quantidade?: string; obs?: string; partes?: ParteLinha[]; sugestao?: string } = {},
): Pedido {
  const partes = opcoes.partes && opcoes.partes.length > 1 ? opcoes.partes : [];
  return {
    ...pedido,
    linhas: [
      ...pedido.linhas,
      {
        produto,
        quantidade: opcoes.quantidade ?? '1',
        obs: opcoes.obs ?? '',
        partes,
        adicionais: [],
        ...(opcoes.sugestao ? { sugestao: opcoes.sugestao } : {}),
      },
    ],
  };
}

/** One more of an addition on a line (the same addition again adds to its quantity). */
export function adicionarAdicional(
  pedido: Pedido,
  linha: number,
  produto: ProdutoPedido,
  quantidade = '1',
): Pedido {
  return {
    ...pedido,
    linhas: pedido.linhas.map((l, i) => {
      if (i !== linha) return l;
      const existe = l.adicionais.findIndex((a) => a.produto._id === produto._id);
      if (existe < 0) return { ...l, adicionais: [...l.adicionais, { produto, quantidade, obs: '' }] };
      return {
        ...l,
        adicionais: l.adicionais.map((a, j) =>
          j === existe ? { ...a, quantidade: somar(a.quantidade, quantidade) } : a,
        ),
      };
    }),
  };
}

const somar = (a: string, b: string) => String(Number(a) + Number(b));

/** Removes a line with its additions, or one addition. */
export function removerSelecao(pedido: Pedido, s: Selecao): Pedido {
  if (s.adicional === null) return { ...pedido, linhas: pedido.linhas.filter((_, i) => i !== s.linha) };
  return {
    ...pedido,
    linhas: pedido.linhas.map((l, i) =>
      i === s.linha ? { ...l, adicionais: l.adicionais.filter((_, j) => j !== s.adicional) } : l,
    ),
  };
}

function alterar(
  pedido: Pedido,
  s: Selecao,
  mudar: <T extends { quantidade: string; obs: string }>(x: T) => T,
): Pedido {
  return {
    ...pedido,
    linhas: pedido.linhas.map((l, i) => {
      if (i !== s.linha) return l;
      if (s.adicional === null) return mudar(l);
      return { ...l, adicionais: l.adicionais.map((a, j) => (j === s.adicional ? mudar(a) : a)) };
    }),
  };
}

export const alterarQuantidade = (pedido: Pedido, s: Selecao, quantidade: string): Pedido =>
  alterar(pedido, s, (x) => ({ ...x, quantidade }));

export const alterarObs = (pedido: Pedido, s: Selecao, obs: string): Pedido =>
  alterar(pedido, s, (x) => ({ ...x, obs }));

export function linhaDe(
  pedido: Pedido,
  s: Selecao,
): { quantidade: string; obs: string; descricao: string } | null {
  const l = pedido.linhas[s.linha];
  if (!l) return null;
  const x = s.adicional === null ? l : l.adicionais[s.adicional];
  return x ? { quantidade: x.quantidade, obs: x.obs, descricao: x.produto.descricao } : null;
}

/** Every product of the order (lines, pizza parts, additions): what a store switch must find active. */
export function produtosDoPedido(pedido: Pedido): ProdutoPedido[] {
  const todos = pedido.linhas.flatMap((l) => [
    l.produto,
    ...l.partes.map((p) => p.produto),
    ...l.adicionais.map((a) => a.produto),
  ]);
  return [...new Map(todos.map((p) => [p._id, p])).values()];
}

/** The lines as the server takes them, each addition right after its line. */
export function itensEnvio(pedido: Pedido): ItemPedido[] {
  return pedido.linhas.flatMap((l) => [
    {
      produto: l.produto._id,
      quantidade: l.quantidade,
      ...(l.obs ? { obs: l.obs } : {}),
      ...(l.sugestao ? { sugestao: l.sugestao } : {}),
      ...(l.partes.length
        ? {
            pizza: true,
            produtosFilho: l.partes.map((p) => ({
              produto: p.produto._id,
              quantidadeParte: p.quantidadeParte,
            })),
          }
        : {}),
    },
    ...l.adicionais.map((a) => ({
      produto: a.produto._id,
      quantidade: a.quantidade,
      ...(a.obs ? { obs: a.obs } : {}),
    })),
  ]);
}

/** The 'troco para' suggestions: the domain's banknote rule, shared with the POS quick-cash row. */
export { notasParaTroco } from '@retaguarda/domain';
