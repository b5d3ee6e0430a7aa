import { lerEscalado } from '../dinheiro/decimal.ts';
import { diaComercial } from '../formatacao/formatacao.ts';
import { escreverCentavos, escreverEstoque, lerEstoque } from './custo-medio.ts';

// Purchases (issue 17): the rules that need no database — what an inbound NF-e item puts in stock (quantity in
// stock units and cost per stock unit, freight and discounts included), the purchase order's states and totals,
// how a note's items are received on an order's lines (and what is left or received above it), and the
// purchases report's CSV. The server (modules/fiscal/entrada-estoque.ts, modules/estoque/compras.ts) reads and
// writes; the web shows the same figures before the user confirms.
//
// Quantities and costs are integers at 6 decimals (bigint, as the ledger's), money in cents.

const ESCALA = 1_000_000n;

function dividirArredondando(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n - q * d;
  if (r === 0n) return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  const negativo = n < 0n !== d < 0n;
  return dobro >= (d < 0n ? -d : d) ? q + (negativo ? -1n : 1n) : q;
}

/** NF-e money text (2 places; absent = 0) as cents. */
export function centavosNfe(valor: string | undefined | null): bigint {
  if (valor === undefined || valor === null || valor.trim() === '') return 0n;
  return BigInt(lerEscalado(valor, 2, 'arredondar'));
}

// ------------------------------------------------------------------------------------- NF-e item -> stock

/** The values of an NF-e item (prod group, MOC 4.00 I11-I17) that make its cost. */
export interface ValoresItemNota {
  vProd: string;
  vFrete?: string | undefined;
  vSeg?: string | undefined;
  vOutro?: string | undefined;
  vDesc?: string | undefined;
}

/** The note's totals (ICMSTot, W07-W13) of the same values. */
export interface TotaisNota {
  vProd?: string | undefined;
  vFrete?: string | undefined;
  vSeg?: string | undefined;
  vOutro?: string | undefined;
  vDesc?: string | undefined;
}

/** What one item costs, in cents: its goods, its share of freight, insurance and other expenses, less its discount. */
export interface CustoItemNota {
  vProd: bigint;
  vFrete: bigint;
  vSeg: bigint;
  vOutro: bigint;
  vDesc: bigint;
  /** vProd + vFrete + vSeg + vOutro − vDesc: the value that enters stock. */
  valor: bigint;
}

const RATEAVEIS = ['vFrete', 'vSeg', 'vOutro', 'vDesc'] as const;
type Rateavel = (typeof RATEAVEIS)[number];

/**
 * Spreads `total` cents over the items by their vProd, each share rounded down and the cents left given one by
 * one to the largest items (the result always sums to `total`). No goods value at all: the first item takes it.
 */
export function ratearPorValor(total: bigint, pesos: readonly bigint[]): bigint[] {
  if (!pesos.length) return [];
  const soma = pesos.reduce((a, p) => a + p, 0n);
  if (soma <= 0n) return pesos.map((_p, i) => (i === 0 ? total : 0n));
  const partes = pesos.map((p) => (total * p) / soma);
  let resto = total - partes.reduce((a, p) => a + p, 0n);
  const ordem = pesos
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p === b.p ? a.i - b.i : a.p > b.p ? -1 : 1));
  for (let k = 0; resto !== 0n; k = (k + 1) % ordem.length) {
    const passo = resto > 0n ? 1n : -1n;
    const i = ordem[k]!.i;
    partes[i] = partes[i]! + passo;
    resto -= passo;
  }
  return partes;
}

/**
 * The cost of each item of a note. The item's own vFrete/vSeg/vOutro/vDesc are its share (MOC 4.00: the
 * totals W08-W13 are the sum of the items', rejection 532-536). An emitter that wrote a total without any item
 * share (older layouts) gets the total spread by the items' vProd.
 */
export function custosDosItensDaNota(
  itens: readonly ValoresItemNota[],
  totais: TotaisNota = {},
): CustoItemNota[] {
  const base = itens.map((i) => ({
    vProd: centavosNfe(i.vProd),
    vFrete: centavosNfe(i.vFrete),
    vSeg: centavosNfe(i.vSeg),
    vOutro: centavosNfe(i.vOutro),
    vDesc: centavosNfe(i.vDesc),
  }));
  for (const campo of RATEAVEIS) {
    const total = centavosNfe(totais[campo]);
    const temItem = itens.some((i) => i[campo] !== undefined && i[campo] !== '');
    if (total > 0n && !temItem) {
      const partes = ratearPorValor(
        total,
        base.map((b) => b.vProd),
      );
      base.forEach((b, k) => {
        b[campo as Rateavel] = partes[k]!;
      });
    }
  }
  return base.map((b) => ({ ...b, valor: b.vProd + b.vFrete + b.vSeg + b.vOutro - b.vDesc }));
}

export interface EntradaDoItem {
  /** qCom × fator, in stock units (6 decimals). */
  quantidade: bigint;
  /** Cost of one stock unit (6 decimals): the item's value / quantidade. */
  custoUnitario: bigint;
}

/**
 * What an item puts in stock: qCom supplier units × fatorConversao stock units each, at the item's value divided
 * by that quantity (1 CX = 12 UN: 3 boxes for R$ 90,00 enter as 36 UN at R$ 2,50).
 */
export function entradaDoItem(qCom: string, fatorConversao: string, valorCentavos: bigint): EntradaDoItem {
  const fator = lerEstoque(fatorConversao);
  if (fator <= 0n) throw new RangeError('Fator de conversão deve ser positivo');
  const quantidade = dividirArredondando(lerEstoque(qCom) * fator, ESCALA);
  if (quantidade <= 0n) throw new RangeError('Quantidade do item deve ser positiva');
  // cents -> 6 places is × 10^4; per unit: × 10^6 / quantidade.
  const custoUnitario = dividirArredondando(valorCentavos * 10_000n * ESCALA, quantidade);
  return { quantidade, custoUnitario };
}

// ------------------------------------------------------------------------------------- purchase orders

/**
 * The stock instant of an NF-e received on `dia` (YYYY-MM-DD in São Paulo): today is `agora` (the goods are put away
 * now, after the day's moves so far, not back-dated among them); an earlier day is its noon in São Paulo.
 */
export function instanteDoRecebimento(dia: string, agora: Date): string {
  return dia === diaComercial(agora) ? agora.toISOString() : new Date(`${dia}T12:00:00-03:00`).toISOString();
}

export const STATUS_PEDIDO_COMPRA = ['rascunho', 'enviado', 'parcial', 'recebido', 'cancelado'] as const;
export type StatusPedidoCompra = (typeof STATUS_PEDIDO_COMPRA)[number];

export const DESCRICAO_STATUS_PEDIDO_COMPRA: Record<StatusPedidoCompra, string> = {
  rascunho: 'Rascunho',
  enviado: 'Enviado',
  parcial: 'Recebido em parte',
  recebido: 'Recebido',
  cancelado: 'Cancelado',
};

/** Orders a note of their supplier can be received on. */
export const pedidoEmAberto = (s: StatusPedidoCompra) => s === 'enviado' || s === 'parcial';

export type AcaoPedidoCompra = 'alterar' | 'enviar' | 'receber' | 'cancelar';

/** The pt-BR refusal of an action the order's state does not allow, or undefined when it does. */
export function recusaDoStatusPedido(
  acao: AcaoPedidoCompra,
  s: StatusPedidoCompra,
  numero?: number,
): string | undefined {
  const nome = numero === undefined ? 'Este pedido' : `O pedido nº ${numero}`;
  if (s === 'cancelado') return `${nome} foi cancelado.`;
  switch (acao) {
    case 'alterar':
      return s === 'rascunho'
        ? undefined
        : `${nome} já foi enviado ao fornecedor: só um rascunho pode ser alterado.`;
    case 'enviar':
      return s === 'rascunho' ? undefined : `${nome} já foi enviado ao fornecedor.`;
    case 'receber':
      if (s === 'rascunho') return `${nome} ainda é um rascunho: envie-o ao fornecedor antes de receber.`;
      return s === 'recebido' ? `${nome} já foi recebido por completo.` : undefined;
    case 'cancelar':
      return s === 'recebido' ? `${nome} já foi recebido por completo e não pode ser cancelado.` : undefined;
  }
}

/** A sent order's state by what its lines received: nothing -> enviado, some -> parcial, all -> recebido. */
export function statusPeloRecebimento(
  linhas: readonly { quantidade: bigint; quantidadeRecebida: bigint }[],
): 'enviado' | 'parcial' | 'recebido' {
  if (linhas.every((l) => l.quantidadeRecebida <= 0n)) return 'enviado';
  return linhas.every((l) => l.quantidadeRecebida >= l.quantidade) ? 'recebido' : 'parcial';
}

/** Line value in cents: quantity × unit price (both 6 places), rounded half away from zero. */
export function valorDaLinha(quantidade: bigint, precoUnitario: bigint): bigint {
  return dividirArredondando(quantidade * precoUnitario, 10_000_000_000n);
}

/** The order's total: Σ of its lines' values (each rounded to the cent, as printed). */
export function totalDoPedido(linhas: readonly { quantidade: bigint; precoUnitario: bigint }[]): bigint {
  return linhas.reduce((t, l) => t + valorDaLinha(l.quantidade, l.precoUnitario), 0n);
}

// ------------------------------------------------------------------------------------- receiving on an order

export interface LinhaPedidoParaConferir {
  ordem: number;
  produto: string;
  /** Stock units per unit of the order line (the supplier's unit). */
  fatorConversao: bigint;
  /** Ordered and already received, in the line's unit. */
  quantidade: bigint;
  quantidadeRecebida: bigint;
}

export interface ItemNotaParaConferir {
  nItem: number;
  produto: string | null;
  /** What the item puts in stock, in stock units. */
  quantidadeEstoque: bigint;
}

export interface LinhaConferida {
  ordem: number;
  produto: string;
  quantidade: bigint;
  recebidaAntes: bigint;
  nestaNota: bigint;
  recebidaDepois: bigint;
  /** Still expected after this note (≥ 0). */
  pendente: bigint;
  /** Received above what was ordered, this note included (≥ 0). */
  excesso: bigint;
}

export interface Conferencia {
  linhas: LinhaConferida[];
  /** Items whose product the order does not have (they enter stock, not the order). */
  itensForaDoPedido: number[];
  /** How each item was received on each line, in the line's unit. */
  recebimentos: { nItem: number; ordem: number; quantidade: bigint }[];
  /** Some line ends above its ordered quantity because of this note. */
  temExcesso: boolean;
}

/**
 * Receives a note's items on an order's lines of the same product: each item fills the lines' pending
 * quantities in their order (converted from stock units by each line's factor) and what is left goes to the
 * product's last line as excess — never dropped, never silent: `temExcesso` says the screen must show it.
 */
export function conferirRecebimento(
  linhasPedido: readonly LinhaPedidoParaConferir[],
  itens: readonly ItemNotaParaConferir[],
): Conferencia {
  const linhas = linhasPedido.map((l) => ({
    ordem: l.ordem,
    produto: l.produto,
    fator: l.fatorConversao > 0n ? l.fatorConversao : ESCALA,
    quantidade: l.quantidade,
    recebidaAntes: l.quantidadeRecebida,
    nestaNota: 0n,
  }));
  const porProduto = new Map<string, typeof linhas>();
  for (const l of linhas) porProduto.set(l.produto, [...(porProduto.get(l.produto) ?? []), l]);
  const recebimentos: Conferencia['recebimentos'] = [];
  const itensForaDoPedido: number[] = [];
  for (const item of itens) {
    const doProduto = item.produto ? porProduto.get(item.produto) : undefined;
    if (!doProduto?.length) {
      itensForaDoPedido.push(item.nItem);
      continue;
    }
    let restante = item.quantidadeEstoque; // stock units
    for (const [k, l] of doProduto.entries()) {
      if (restante <= 0n) break;
      const ultima = k === doProduto.length - 1;
      const pendente = l.quantidade - l.recebidaAntes - l.nestaNota; // line units
      const pendenteEstoque = pendente > 0n ? dividirArredondando(pendente * l.fator, ESCALA) : 0n;
      const usar = ultima ? restante : restante < pendenteEstoque ? restante : pendenteEstoque;
      if (usar <= 0n) continue;
      // Stock units back to the line's unit; a full pending quantity is taken as it is (no rounding drift).
      const naLinha =
        usar === pendenteEstoque && pendente > 0n ? pendente : dividirArredondando(usar * ESCALA, l.fator);
      l.nestaNota += naLinha;
      restante -= usar;
      recebimentos.push({ nItem: item.nItem, ordem: l.ordem, quantidade: naLinha });
    }
  }
  const conferidas = linhas.map((l): LinhaConferida => {
    const depois = l.recebidaAntes + l.nestaNota;
    return {
      ordem: l.ordem,
      produto: l.produto,
      quantidade: l.quantidade,
      recebidaAntes: l.recebidaAntes,
      nestaNota: l.nestaNota,
      recebidaDepois: depois,
      pendente: depois < l.quantidade ? l.quantidade - depois : 0n,
      excesso: depois > l.quantidade ? depois - l.quantidade : 0n,
    };
  });
  return {
    linhas: conferidas,
    itensForaDoPedido,
    recebimentos,
    temExcesso: conferidas.some((l) => l.nestaNota > 0n && l.excesso > 0n),
  };
}

/** "12,5" for a 6-place quantity: no trailing zeros, decimal comma (messages and screens). */
export function quantidadeCompraLegivel(q: bigint): string {
  return escreverEstoque(q)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
}

/** "R$ 1.234,50" of cents, as the messages write money. */
export function dinheiroLegivel(centavos: bigint): string {
  const [inteira = '0', fracao = '00'] = escreverCentavos(centavos < 0n ? -centavos : centavos).split('.');
  const milhar = inteira.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${centavos < 0n ? '-' : ''}R$ ${milhar},${fracao}`;
}
