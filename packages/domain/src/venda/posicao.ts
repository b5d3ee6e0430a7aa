import type { Centavos } from '../dinheiro/decimal.ts';
import {
  escreverDinheiro,
  escreverQuantidade,
  lerDinheiro,
  lerPagamento,
  lerQuantidade,
} from '../dinheiro/decimal.ts';
import { garantirVendaEditavel } from './editavel.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Venda, VendaItem } from './esquemas.ts';
import type { NovoPagamento } from './pagamentos.ts';
import { lancarPagamento } from './pagamentos.ts';
import { ratearProporcional } from './rateio.ts';

// Seats (posicao): an item split between the seats of a table, per-seat payment and the lock a
// seat payment puts on its items (spec 1 section 3 "Sale item" posicao; spec 5 "Deleting").

/**
 * Splits an item's quantity evenly between seats (truncated to 4 decimals, the remainder on the
 * first seat). Replaces any previous unpaid split.
 */
export function dividirItemEmPosicoes(venda: Venda, numeroItem: number, numeros: readonly number[]): Venda {
  garantirVendaEditavel(venda);
  const item = venda.produtos.find((i) => i.numeroItem === numeroItem && !i.cancelado);
  if (!item) throw new ErroNegocio(MENSAGENS.itemNaoInformado);
  if (item.posicao.some((p) => p.pago)) throw new ErroNegocio(MENSAGENS.itemBloqueadoPosicao);
  const unicos = [...new Set(numeros)];
  if (
    unicos.length === 0 ||
    unicos.some((n) => !Number.isInteger(n) || n < 1 || (venda.posicaoVenda > 0 && n > venda.posicaoVenda))
  ) {
    throw new ErroNegocio(MENSAGENS.posicaoInvalida);
  }
  const qtd = lerQuantidade(item.quantidade);
  const base = Math.trunc(qtd / unicos.length);
  const posicao = unicos.map((numero, k) => ({
    numero,
    quantidade: escreverQuantidade(k === 0 ? qtd - base * (unicos.length - 1) : base),
    desconto: '0.00',
    pago: false,
  }));
  return { ...venda, produtos: venda.produtos.map((i) => (i === item ? { ...item, posicao } : i)) };
}

/** Shares of a line's value (or discount) per seat, exact to the cent, proportional to quantities. */
function partesPorPosicao(item: VendaItem, valor: number): number[] {
  return ratearProporcional(
    valor,
    item.posicao.map((p) => lerQuantidade(p.quantidade)),
    item.posicao.map(() => valor),
  );
}

/** What a seat still owes: its share of the net value of every unpaid line split to it. */
export function valorPosicao(venda: Venda, numero: number): Centavos {
  let total = 0;
  for (const item of venda.produtos) {
    if (item.cancelado) continue;
    const k = item.posicao.findIndex((p) => p.numero === numero && !p.pago);
    if (k < 0) continue;
    total += partesPorPosicao(item, lerDinheiro(item.valorLiquido))[k] ?? 0;
  }
  return total as Centavos;
}

/**
 * Pays one seat: launches the payment limited to the seat's value, marks the seat paid on its items
 * recording its share of their discount, and locks those items (existePosicaoPago).
 */
export function pagarPosicao(venda: Venda, numero: number, pagamento: NovoPagamento): Venda {
  const temPosicao = venda.produtos.some((i) => !i.cancelado && i.posicao.some((p) => p.numero === numero));
  if (!temPosicao) throw new ErroNegocio(MENSAGENS.posicaoSemItens);
  const valor = valorPosicao(venda, numero);
  if (valor === 0) throw new ErroNegocio(MENSAGENS.posicaoJaPaga);
  if (lerPagamento(pagamento.valorPago) < valor)
    throw new ErroNegocio(MENSAGENS.pagamentoPosicaoInsuficiente);
  const paga = lancarPagamento(venda, { ...pagamento, posicao: numero }, valor);
  if (paga === venda) return venda;
  const produtos = paga.produtos.map((item) => {
    const k = item.posicao.findIndex((p) => p.numero === numero && !p.pago);
    if (item.cancelado || k < 0) return item;
    const descontos = partesPorPosicao(item, lerDinheiro(item.desconto));
    const posicao = item.posicao.map((p, j) =>
      j === k ? { ...p, pago: true, desconto: escreverDinheiro(descontos[j] ?? 0) } : p,
    );
    return { ...item, posicao, existePosicaoPago: true };
  });
  return { ...paga, produtos };
}
