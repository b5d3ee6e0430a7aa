import type { Centavos, Quantidade } from '../dinheiro/decimal.ts';
import { dividirInteiro } from '../dinheiro/decimal.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';

// spec 5 "Pizza": whole quantity of at least 1, fractions up to the family maximum;
// spec 9: price = highest fraction when the company setting is on, else average weighted by parts.

export function validarPizza(
  quantidade: Quantidade,
  partes: readonly { readonly quantidadeParte: number }[],
  maximoFracao: number | null | undefined,
): void {
  if (quantidade % 10_000 !== 0) throw new ErroNegocio(MENSAGENS.pizzaFracionada);
  if (quantidade < 10_000) throw new ErroNegocio(MENSAGENS.pizzaQuantidadeMinima);
  if (maximoFracao != null) {
    const total = partes.reduce((s, p) => s + p.quantidadeParte, 0);
    if (total > maximoFracao) throw new ErroNegocio(MENSAGENS.maximoFracoes(maximoFracao));
  }
}

export function precoPizza(
  partes: readonly { readonly preco: Centavos; readonly quantidadeParte: number }[],
  maiorFracao: boolean,
): Centavos {
  if (partes.length === 0) return 0 as Centavos;
  if (maiorFracao) return Math.max(...partes.map((p) => p.preco)) as Centavos;
  let soma = 0;
  let pesos = 0;
  for (const p of partes) {
    soma += p.preco * p.quantidadeParte;
    pesos += p.quantidadeParte;
  }
  return dividirInteiro(soma, pesos, 'arredondar') as Centavos;
}
