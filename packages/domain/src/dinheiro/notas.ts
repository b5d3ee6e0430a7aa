// Brazilian banknotes a customer pays with: the counter's quick-cash buttons and the call center's
// 'troco para' suggestions come from this one list.

/** R$ 2, 5, 10, 20, 50, 100 and 200. */
export const NOTAS_REAIS = [2, 5, 10, 20, 50, 100, 200] as const;

/**
 * Quick notes a customer may pay with: the next multiples of 5, 10, 20, 50 and 100 above the amount, and
 * that hundred plus 50 and 100 (distinct, ascending, at most three: they share a row with the other note's
 * field), so the attendant taps instead of typing.
 */
export function notasParaTroco(valor: number): number[] {
  if (!(valor > 0)) return [];
  const notas = new Set<number>();
  for (const m of NOTAS_REAIS.filter((n) => n >= 5 && n <= 100)) {
    const n = Math.ceil(valor / m) * m;
    notas.add(n === valor ? n + m : n);
  }
  const cem = Math.max(...notas);
  notas.add(cem + 50);
  notas.add(cem + 100);
  return [...notas].sort((a, b) => a - b).slice(0, 3);
}
