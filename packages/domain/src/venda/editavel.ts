import { STATUS_VENDA } from '../catalogos/venda.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Venda } from './esquemas.ts';

/**
 * Items, discounts and payments change only while the sale is open (57) or closing (58); an ended
 * or cancelled sale must be reopened first (TRANSICOES.md).
 */
export function garantirVendaEditavel(venda: Pick<Venda, 'status'>): void {
  const s = venda.status.id;
  if (s !== STATUS_VENDA.aberta && s !== STATUS_VENDA.fechamento)
    throw new ErroNegocio(MENSAGENS.vendaNaoEditavel);
}
