// Bridge from the sale's payment types (ids 77-92 of the domain catalogue) to the NFC-e tPag.
import { codigoFiscalPagamento } from '@retaguarda/domain/catalogos/venda';
import type { Decimal } from './decimal.ts';
import type { PagamentoNfce } from './tipos.ts';

/** detPag of a sale payment: tPag from the domain map (spec 3.3; unknown ids give 99). */
export function pagamentoDoTipo(
  tipoPagamento: number,
  vPag: Decimal,
  extra: Omit<PagamentoNfce, 'tPag' | 'vPag'> = {},
): PagamentoNfce {
  const tPag = codigoFiscalPagamento(tipoPagamento);
  const p: PagamentoNfce = { ...extra, tPag, vPag };
  if (tPag === '99' && !p.xPag) p.xPag = 'Outros';
  return p;
}
