import { escreverQuantidade, lerQuantidade } from '../dinheiro/decimal.ts';
import { removerDescontoGeral } from './descontos.ts';
import { garantirVendaEditavel } from './editavel.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Venda, VendaItem, VendaItemEntrada } from './esquemas.ts';
import { vendaItemSchema } from './esquemas.ts';

// Changing the items of a sale (spec 7: PUT venda/{id} with produtos clears general discounts).
// Call recalcularVenda afterwards.

const QUANTIDADE = /^\d{1,9}(\.\d{1,30})?$/;
/** 99 999,9999: above it a line's value could leave the exact integer range of the money helpers. */
const QUANTIDADE_MAXIMA = 999_999_999;

/**
 * A quantity the sale accepts: plain decimal text (no sign, no exponent, not NaN) from the smallest unit
 * (0,0001, after truncation to 4 decimals) to 99 999,9999. The server and the POS both ask this, so the POS never
 * shows a total the server then refuses.
 */
export function quantidadeValida(quantidade: unknown): quantidade is string {
  if (typeof quantidade !== 'string' || !QUANTIDADE.test(quantidade)) return false;
  const q = lerQuantidade(quantidade);
  return q > 0 && q <= QUANTIDADE_MAXIMA;
}

/** 'Quantidade inválida!' unless `quantidadeValida`. */
export function garantirQuantidade(quantidade: unknown): string {
  if (!quantidadeValida(quantidade)) throw new ErroNegocio(MENSAGENS.quantidadeInvalida);
  return quantidade;
}

/** Adds an item numbered after the last one; the general discount is removed. */
export function adicionarItem(venda: Venda, item: Omit<VendaItemEntrada, 'numeroItem'>): Venda {
  garantirVendaEditavel(venda);
  garantirQuantidade(item.quantidade ?? '1');
  const numeroItem = venda.produtos.reduce((m, i) => Math.max(m, i.numeroItem), 0) + 1;
  const novo = vendaItemSchema.parse({ ...item, numeroItem });
  const semGeral = removerDescontoGeral(venda);
  return { ...semGeral, produtos: [...semGeral.produtos, novo] };
}

/** Changes an item's quantity (truncated to 4 decimals; 'Quantidade inválida!'); the general discount is removed. */
export function alterarQuantidadeItem(venda: Venda, numeroItem: number, quantidade: string): Venda {
  garantirVendaEditavel(venda);
  const texto = escreverQuantidade(lerQuantidade(garantirQuantidade(quantidade)));
  const semGeral = removerDescontoGeral(venda);
  return {
    ...semGeral,
    produtos: semGeral.produtos.map((i) => (i.numeroItem === numeroItem ? { ...i, quantidade: texto } : i)),
  };
}

const chave = (i: VendaItem) =>
  `${i.numeroItem}:${i.produto._id}:${lerQuantidade(i.quantidade)}:${i.cancelado}`;

/**
 * Replaces the item list (PUT venda): when the items differ from the current ones (added, removed,
 * other product or quantity, cancelled) the general discount is removed.
 */
export function substituirItens(venda: Venda, produtos: readonly VendaItem[]): Venda {
  garantirVendaEditavel(venda);
  const antes = venda.produtos.map(chave).join('|');
  const depois = produtos.map(chave).join('|');
  const nova = { ...venda, produtos: [...produtos] };
  return antes === depois ? nova : removerDescontoGeral(nova);
}
