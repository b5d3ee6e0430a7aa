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
  const t = typeof valor === 'number' ? numeroParaTexto(valor) : valor;
  // Hand-written scan (no regex, no substrings): this runs for every field of every line.
  const n = t.length;
  let i = 0;
  while (i < n && t.charCodeAt(i) === 32) i++;
  let fimTexto = n;
  while (fimTexto > i && t.charCodeAt(fimTexto - 1) === 32) fimTexto--;
  const negativo = t.charCodeAt(i) === 45;
  if (negativo) i++;
  let inteiro = 0;
  let digitosInteiros = 0;
  let casasLidas = 0;
  let arredonda = false;
  let ponto = false;
  for (; i < fimTexto; i++) {
    const c = t.charCodeAt(i);
    if (c === 46 && !ponto && digitosInteiros > 0) {
      ponto = true;
      continue;
    }
    if (c < 48 || c > 57) throw new RangeError(`Valor decimal inválido: ${String(valor)}`);
    if (!ponto) {
      inteiro = inteiro * 10 + (c - 48);
      digitosInteiros++;
    } else if (casasLidas < casas) {
      inteiro = inteiro * 10 + (c - 48);
      casasLidas++;
    } else if (casasLidas === casas) {
      // Half away from zero: only the first dropped digit decides.
      arredonda = modo === 'arredondar' && c >= 53;
      casasLidas++;
    }
  }
  if (digitosInteiros === 0 || (ponto && t.charCodeAt(fimTexto - 1) === 46)) {
    throw new RangeError(`Valor decimal inválido: ${String(valor)}`);
  }
  for (let k = Math.min(casasLidas, casas); k < casas; k++) inteiro *= 10;
  if (arredonda) inteiro += 1;
  if (!Number.isSafeInteger(inteiro)) throw new RangeError(`Valor fora do intervalo: ${t}`);
  return negativo && inteiro !== 0 ? -inteiro : inteiro;
}

function numeroParaTexto(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Valor decimal inválido: ${n}`);
  // Big gives plain notation for numbers like 1e-7 that String() writes in exponent form.
  return new Big(n).toFixed();
}

/** Writes an integer-scaled value as a decimal string with exactly `casas` decimals. */
const ZEROS = ['0', '0.0', '0.00', '0.000', '0.0000', '0.00000', '0.000000'];

export function escreverEscalado(valor: number, casas: number): DecimalTexto {
  if (casas === 0) return String(valor);
  // Most discount fields are zero: a shared literal avoids allocating a string.
  if (valor === 0 && casas < ZEROS.length) return ZEROS[casas]!;
  const p = potencia(casas);
  const abs = Math.abs(valor);
  const inteira = Math.floor(abs / p);
  const fracao = String(abs - inteira * p);
  const t = `${inteira}.${fracao.length < casas ? '0'.repeat(casas - fracao.length) + fracao : fracao}`;
  return valor < 0 ? `-${t}` : t;
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
