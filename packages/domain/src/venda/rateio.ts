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
  // Remainder: to the largest weight with room left (ties keep the earlier line), then the next.
  while (restante > 0) {
    let maior = -1;
    for (let i = 0; i < pesos.length; i++) {
      if (Math.max(0, capacidades[i] ?? 0) - (partes[i] ?? 0) <= 0) continue;
      if (maior < 0 || (pesos[i] ?? 0) > (pesos[maior] ?? 0)) maior = i;
    }
    const dado = Math.min(Math.max(0, capacidades[maior] ?? 0) - (partes[maior] ?? 0), restante);
    partes[maior] = (partes[maior] ?? 0) + dado;
    restante -= dado;
  }
  return partes;
}
