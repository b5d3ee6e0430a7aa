import {
  formatarMoeda,
  formatarNumero,
  formatarNumeroEnxuto,
  MEDIDAS_VENDA,
  type MedidaVenda,
  ROTULOS_MEDIDA,
} from '@retaguarda/domain';
import type { Celula, FormatoColuna } from '../../lib/exportar/exportar.ts';

// How each measure of the sales reports reads: counts as integers, quantities with up to 3 decimals, the rest in
// R$. On screen and in the print as text ("R$ 1.234,56"); in a spreadsheet as a number (it sums them).

const QUANTIDADES: readonly string[] = ['itens', 'quantidade'];

export function textoMedida(m: string, v: string | number | undefined): string {
  const valor = v ?? 0;
  if (m === 'vendas') return formatarNumero(valor, 0);
  if (QUANTIDADES.includes(m)) return formatarNumeroEnxuto(valor, 3);
  if (m === 'margemPercentual') return `${formatarNumero(valor, 2)} %`;
  return formatarMoeda(valor);
}

/** How a spreadsheet shows the measure's column: money in R$, counts, quantities and percentages as numbers. */
export const formatoMedida = (m: string): FormatoColuna =>
  m === 'vendas' || m === 'margemPercentual' || QUANTIDADES.includes(m) ? 'numero' : 'moeda';

export const celulaMedida = (v: string | number | undefined): Celula => Number(v ?? 0);

/** The measures a summary shows unless the user chose others (the URL's `colunas`). */
export const MEDIDAS_PADRAO: readonly MedidaVenda[] = [
  'vendas',
  'bruto',
  'descontos',
  'acrescimos',
  'taxaServico',
  'taxaEntrega',
  'liquido',
  'ticketMedio',
];

export const opcoesMedidas = (fora: readonly string[] = []) =>
  MEDIDAS_VENDA.filter((m) => !fora.includes(m)).map((m) => ({ value: m, label: ROTULOS_MEDIDA[m] }));

/** The URL's measure list, known ones only, else the default. */
export function medidasDaUrl(lidas: readonly string[], padrao: readonly MedidaVenda[]): MedidaVenda[] {
  const validas = lidas.filter((m): m is MedidaVenda => (MEDIDAS_VENDA as readonly string[]).includes(m));
  return validas.length ? validas : [...padrao];
}
