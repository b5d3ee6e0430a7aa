import { formatarNumero } from '@retaguarda/domain';

// How the stock screens write quantities and costs (spec 1 §9: money to 2 decimals, costs and quantities to
// 4-6). A unit counted in pieces shows whole numbers, a weight or a volume 3 decimals (grams, millilitres);
// a figure that carries more shows them, up to 4 — the screens never hide a quantity that is not round.

/** Units weighed or measured (their quantities are fractions as a rule). */
const FRACIONADAS = new Set(['KG', 'G', 'LT', 'L', 'ML', 'M', 'MT', 'M2', 'M3', 'CM']);

export function casasDaUnidade(unidade: string | null | undefined): number {
  return unidade && FRACIONADAS.has(unidade.trim().toUpperCase()) ? 3 : 0;
}

/** Decimal places a decimal text needs (trailing zeros do not count). */
function casasSignificativas(valor: string): number {
  const decimais = valor.split('.')[1] ?? '';
  return decimais.replace(/0+$/, '').length;
}

/** "1.500000" KG -> "1,500"; "12.000000" UN -> "12"; "0.333333" UN -> "0,3333"; thousands with a dot. */
export function formatarQuantidade(valor: string, unidade?: string | null): string {
  const casas = Math.min(4, Math.max(casasDaUnidade(unidade), casasSignificativas(valor)));
  return formatarNumero(valor, casas);
}

/** A unit cost: R$ with 2 decimals, or up to 4 when the cost has them (R$ 0,0425 a gram). */
export function formatarCusto(valor: string): string {
  const casas = Math.min(4, Math.max(2, casasSignificativas(valor)));
  const texto = formatarNumero(valor, casas);
  return texto.startsWith('-') ? `-R$ ${texto.slice(1)}` : `R$ ${texto}`;
}

/** A decimal text as a number for a spreadsheet cell (display only: the figures are already rounded). */
export const numeroPlanilha = (valor: string): number => Number(valor);
