// Fixed-point decimal arithmetic on bigint for fiscal values. Money never goes through binary floats:
// every value is an integer count of 10^-escala units, and rounding is explicit (half-up, like the
// SEFAZ validators and ABNT NBR 5891 for the positive values of a sale).

/** A decimal written as text ('12.50') or as a JS number that is turned into its shortest text first. */
export type Decimal = string | number;

const POTENCIAS: bigint[] = [];
for (let i = 0n; i <= 20n; i++) POTENCIAS.push(10n ** i);
const pot = (n: number): bigint => POTENCIAS[n] ?? 10n ** BigInt(n);

const PADRAO_DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal into an integer scaled by 10^escala; extra digits are rounded half-up. */
export function paraEscala(valor: Decimal, escala: number): bigint {
  const texto = typeof valor === 'number' ? numeroParaTexto(valor) : valor.trim();
  const m = PADRAO_DECIMAL.exec(texto);
  if (!m) throw new Error(`Valor decimal inválido: '${String(valor)}'`);
  const negativo = m[1] === '-';
  const inteiro = m[2] ?? '0';
  const fracao = m[3] ?? '';
  let r: bigint;
  if (fracao.length <= escala) {
    r = BigInt(inteiro + fracao.padEnd(escala, '0'));
  } else {
    const base = BigInt(inteiro + fracao.slice(0, escala));
    const resto = fracao.charCodeAt(escala) - 48;
    r = resto >= 5 ? base + 1n : base;
  }
  return negativo ? -r : r;
}

function numeroParaTexto(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Valor decimal inválido: '${n}'`);
  const s = String(n);
  if (!s.includes('e')) return s;
  // Exponent notation (very small/large numbers): toFixed gives the plain digits.
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** Divides by 10^casas rounding half away from zero. */
export function reduzir(valor: bigint, casas: number): bigint {
  if (casas <= 0) return valor * pot(-casas);
  const d = pot(casas);
  const metade = d / 2n;
  return valor >= 0n ? (valor + metade) / d : -((-valor + metade) / d);
}

/** a (escala ea) * b (escala eb) rounded to escala er. */
export function multiplicar(a: bigint, ea: number, b: bigint, eb: number, er: number): bigint {
  return reduzir(a * b, ea + eb - er);
}

/** Percentage: base (escala 2) * aliquota% (escala ea) -> escala 2. */
export function percentual(base: bigint, aliquota: bigint, ea: number): bigint {
  return reduzir(base * aliquota, ea + 2);
}

/** Formats an integer of escala casas as text with exactly `minimo..casas` decimals (trailing zeros trimmed to minimo). */
export function formatar(valor: bigint, casas: number, minimo = casas): string {
  const negativo = valor < 0n;
  let s = (negativo ? -valor : valor).toString();
  if (casas > 0) {
    s = s.padStart(casas + 1, '0');
    let inteiro = s.slice(0, s.length - casas);
    let fracao = s.slice(s.length - casas);
    if (minimo < casas) {
      let fim = fracao.length;
      while (fim > minimo && fracao.charCodeAt(fim - 1) === 48) fim--;
      fracao = fracao.slice(0, fim);
    }
    inteiro = inteiro === '' ? '0' : inteiro;
    s = fracao.length > 0 ? `${inteiro}.${fracao}` : inteiro;
  }
  return negativo ? `-${s}` : s;
}

/** Money: 2 decimals. */
export const moeda = (valor: bigint): string => formatar(valor, 2);
