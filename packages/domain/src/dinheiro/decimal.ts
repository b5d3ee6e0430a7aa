import Big from 'big.js';
import { z } from 'zod';

// Spec 1, section 9 "Rounding": how many decimals each kind of value keeps.
export const CASAS = {
  quantidade: 4,
  dinheiro: 2,
  valorItem: 3,
  custo: 6,
  peso: 6,
  calculo: 6,
  exibicao: 2,
  desconto: 5,
  comboPercentual: 3,
  pagamento: 2,
} as const;

export type ModoArredondamento = 'truncar' | 'arredondar';

declare const escala: unique symbol;
/** An exact decimal held as an integer count of 10^-E units (e.g. Escalado<2> = cents). */
export type Escalado<E extends number> = number & { readonly [escala]: E };
/** Money in integer cents. */
export type Centavos = Escalado<2>;
/** Quantities in integer ten-thousandths (spec: truncated to 4 decimals). */
export type Quantidade = Escalado<4>;
/** Calculation values in integer millionths (spec: general calculation 6 decimals). */
export type Micros = Escalado<6>;

/** A decimal as it travels in JSON: "12.50", "-0.0010", "3" (plain string so JSON schemas stay simple). */
export type DecimalTexto = string;

const PADRAO_DECIMAL = /^-?\d+(\.\d+)?$/;
export const decimalTextoSchema = z.string().regex(PADRAO_DECIMAL, 'Valor decimal inválido');

const POTENCIAS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
function potencia(casas: number): number {
  const p = POTENCIAS[casas];
  if (p === undefined) throw new RangeError(`Escala não suportada: ${casas}`);
  return p;
}

function dividirBig(n: bigint, d: bigint, modo: ModoArredondamento): bigint {
  const q = n / d;
  const r = n - q * d;
  if (modo === 'truncar' || r === 0n) return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  return dobro >= d ? q + (n < 0n ? -1n : 1n) : q;
}

/**
 * n / d for integers (d > 0), exact: truncating toward zero or rounding half away from zero.
 * Falls back to bigint when the operands are not safe integers.
 */
export function dividirInteiro(n: number, d: number, modo: ModoArredondamento): number {
  if (d <= 0) throw new RangeError('Divisor deve ser positivo');
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) {
    return Number(dividirBig(BigInt(n), BigInt(d), modo));
  }
  let q = Math.trunc(n / d);
  let r = n - q * d;
  // Float division can be one off near integers of large magnitude: fix with the exact remainder.
  while (r >= d || (r > 0 && n < 0)) {
    q += 1;
    r -= d;
  }
  while (r <= -d || (r < 0 && n > 0)) {
    q -= 1;
    r += d;
  }
  if (modo === 'truncar' || r === 0) return q;
  return Math.abs(r) * 2 >= d ? q + (n < 0 ? -1 : 1) : q;
}

/** (a * b) / d exactly, rounded or truncated; bigint only when a * b leaves the safe range. */
export function multiplicarDividir(a: number, b: number, d: number, modo: ModoArredondamento): number {
  const p = a * b;
  if (Number.isSafeInteger(p)) return dividirInteiro(p, d, modo);
  return Number(dividirBig(BigInt(a) * BigInt(b), BigInt(d), modo));
}

/** Changes the scale of an integer-scaled value (e.g. 6 -> 2 decimals). */
export function reescalar(valor: number, de: number, para: number, modo: ModoArredondamento): number {
  if (para >= de) return valor * potencia(para - de);
  return dividirInteiro(valor, potencia(de - para), modo);
}

/**
 * Reads a decimal string (or a finite number, via its shortest text) into an integer at `casas`
 * decimals without ever going through a binary float.
 */
export function lerEscalado(valor: string | number, casas: number, modo: ModoArredondamento): number {
  const t = typeof valor === 'number' ? numeroParaTexto(valor) : valor.trim();
  if (!PADRAO_DECIMAL.test(t)) throw new RangeError(`Valor decimal inválido: ${String(valor)}`);
  const negativo = t.startsWith('-');
  const corpo = negativo ? t.slice(1) : t;
  const ponto = corpo.indexOf('.');
  const inteira = ponto < 0 ? corpo : corpo.slice(0, ponto);
  const fracao = ponto < 0 ? '' : corpo.slice(ponto + 1);
  const mantida = fracao.slice(0, casas).padEnd(casas, '0');
  const resto = fracao.slice(casas);
  let n = Number(inteira + mantida);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Valor fora do intervalo: ${t}`);
  // Half away from zero: only the first dropped digit decides.
  if (modo === 'arredondar' && resto.length > 0 && resto.charCodeAt(0) >= 53) n += 1;
  return negativo && n !== 0 ? -n : n;
}

function numeroParaTexto(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Valor decimal inválido: ${n}`);
  // Big gives plain notation for numbers like 1e-7 that String() writes in exponent form.
  return new Big(n).toFixed();
}

/** Writes an integer-scaled value as a decimal string with exactly `casas` decimals. */
export function escreverEscalado(valor: number, casas: number): DecimalTexto {
  const negativo = valor < 0;
  const digitos = String(Math.abs(valor)).padStart(casas + 1, '0');
  const corte = digitos.length - casas;
  const t = casas === 0 ? digitos : `${digitos.slice(0, corte)}.${digitos.slice(corte)}`;
  return negativo ? `-${t}` : t;
}

// Named readers/writers for the kinds of spec section 9.
/** Money rounded to 2 decimals. */
export const lerDinheiro = (v: string | number): Centavos => lerEscalado(v, 2, 'arredondar') as Centavos;
/** Payment values are truncated to 2 decimals (spec 5, "Payment"). */
export const lerPagamento = (v: string | number): Centavos => lerEscalado(v, 2, 'truncar') as Centavos;
/** Quantities are truncated to 4 decimals. */
export const lerQuantidade = (v: string | number): Quantidade => lerEscalado(v, 4, 'truncar') as Quantidade;
export const lerMicros = (v: string | number): Micros => lerEscalado(v, 6, 'arredondar') as Micros;
export const escreverDinheiro = (c: number): DecimalTexto => escreverEscalado(c, 2);
export const escreverQuantidade = (q: number): DecimalTexto => escreverEscalado(q, 4);

/** Normalises any decimal string to `casas` decimals (costs and weights 4-6, discounts 2-5...). */
export function arredondarDecimal(valor: string, casas: number, modo: ModoArredondamento): DecimalTexto {
  if (!PADRAO_DECIMAL.test(valor.trim())) throw new RangeError(`Valor decimal inválido: ${valor}`);
  return new Big(valor.trim())
    .round(casas, modo === 'truncar' ? Big.roundDown : Big.roundHalfUp)
    .toFixed(casas);
}

/** Money value x quantity -> money, rounded to cents (quantity has 4 decimals). */
export function multiplicarQuantidade(valor: Centavos, qtd: Quantidade): Centavos {
  return multiplicarDividir(valor, qtd, 10_000, 'arredondar') as Centavos;
}

/** Percentage of an amount in cents; `percentual` is scaled by 10^casas (e.g. 12.5% at 3 decimals = 12500). */
export function percentualDe(valor: Centavos, percentual: number, casasPercentual: number): Centavos {
  return multiplicarDividir(valor, percentual, 100 * potencia(casasPercentual), 'arredondar') as Centavos;
}
