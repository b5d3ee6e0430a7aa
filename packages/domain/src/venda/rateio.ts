import { multiplicarDividir } from '../dinheiro/decimal.ts';

/**
 * Splits `total` integer units proportionally to `pesos`, like Odoo POS spreads a combo price
 * (compute_combo_items.js): each share is truncated, then the rounding remainder goes to the
 * line with the largest weight (and, only if that line is full, to the next largest).
 * No share exceeds its capacity (default: its weight), so no line goes negative.
 */
export function ratearProporcional(
  total: number,
  pesos: readonly number[],
  capacidades: readonly number[] = pesos,
): number[] {
  const partes = pesos.map(() => 0);
  if (total <= 0) return partes;
  let soma = 0;
  let somaCap = 0;
  for (let i = 0; i < pesos.length; i++) {
    soma += Math.max(0, pesos[i] ?? 0);
    somaCap += Math.max(0, capacidades[i] ?? 0);
  }
  if (total > somaCap) throw new RangeError(`Rateio impossível: ${total} maior que a capacidade ${somaCap}`);
  let restante = total;
  if (soma > 0) {
    for (let i = 0; i < pesos.length; i++) {
      const peso = Math.max(0, pesos[i] ?? 0);
      const parte = Math.min(
        multiplicarDividir(total, peso, soma, 'truncar'),
        Math.max(0, capacidades[i] ?? 0),
      );
      partes[i] = parte;
      restante -= parte;
    }
  }
  if (restante > 0) {
    // Largest weight first; ties keep the earlier line.
    const ordem = pesos.map((_, i) => i).sort((a, b) => (pesos[b] ?? 0) - (pesos[a] ?? 0) || a - b);
    for (const i of ordem) {
      const livre = Math.max(0, capacidades[i] ?? 0) - (partes[i] ?? 0);
      const dado = Math.min(livre, restante);
      partes[i] = (partes[i] ?? 0) + dado;
      restante -= dado;
      if (restante === 0) break;
    }
  }
  return partes;
}
