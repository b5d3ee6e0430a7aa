import { TIPO_VENDA } from '../catalogos/venda.ts';
import { garantirVendaEditavel } from './editavel.ts';
import type { Venda, VendaItem } from './esquemas.ts';

// When the lines of a sale go to the kitchen (confirmed: they get their id, the KDS and the production
// tickets take them from there), and how a table's bill is merged into another's. Web and server ask here.

/**
 * Counter sales go to the kitchen when finished, or line by line when the store says so
 * (empresa.configuracoes.enviarBalcaoCozinhaAoLancar). Tables and tabs go when the waiter sends them.
 */
export function enviaCozinhaAoLancar(
  tipoVenda: number,
  config: { enviarBalcaoCozinhaAoLancar?: boolean | null | undefined },
): boolean {
  return tipoVenda === TIPO_VENDA.balcao && config.enviarBalcaoCozinhaAoLancar === true;
}

/** A counter sale finished and a delivery order ended (paid at the store) send what was not sent yet. */
export function enviaCozinhaAoEncerrar(tipoVenda: number): boolean {
  return tipoVenda === TIPO_VENDA.balcao || tipoVenda === TIPO_VENDA.delivery;
}

/** A line the kitchen has not got yet: not confirmed, not cancelled, not a service line (Gorjeta, fee). */
export function itemAEnviar(i: VendaItem, ehServico: (i: VendaItem) => boolean): boolean {
  return !i.confirmado && !i.cancelado && !ehServico(i);
}

/**
 * Confirms every line the kitchen has not got (spec 4: confirmed items have an id). Answers the sale and
 * the numbers of the lines sent now; nothing to send leaves the sale as it was.
 */
export function confirmarParaCozinha(
  venda: Venda,
  ehServico: (i: VendaItem) => boolean,
  novoId: () => string,
): { venda: Venda; confirmados: number[] } {
  const confirmados: number[] = [];
  const produtos = venda.produtos.map((i) => {
    if (!itemAEnviar(i, ehServico)) return i;
    confirmados.push(i.numeroItem);
    return { ...i, confirmado: true, _id: i._id ?? novoId() };
  });
  if (confirmados.length === 0) return { venda, confirmados };
  garantirVendaEditavel(venda);
  return { venda: { ...venda, produtos }, confirmados };
}

// ---- merged tables (the service line is servico.ts's) ----

/**
 * The seats of a table merged onto another come after the destination's: seat 1 of the table that moved
 * becomes seat n+1 when the destination had n seats, so nobody pays for somebody else's plate.
 */
export function deslocarPosicoes(item: VendaItem, deslocamento: number): VendaItem {
  if (deslocamento === 0 || item.posicao.length === 0) return item;
  return { ...item, posicao: item.posicao.map((p) => ({ ...p, numero: p.numero + deslocamento })) };
}
