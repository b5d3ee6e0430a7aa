import { digitoVerificadorGtin } from '../validadores/gtin.ts';

// The label's barcode (issue 20 "Labels"): EAN-13 and EAN-8 with their GS1 check digit validated, any
// other code as Code 128. Pure: the printer languages and the A4 sheet read the same answer.

export type Simbologia = 'ean13' | 'ean8' | 'code128';

export interface CodigoBarras {
  simbologia: Simbologia;
  /** The full code (EAN with its check digit). */
  codigo: string;
}

/** Code 128 data the four printer languages carry unescaped: printable ASCII without ^ ~ > " \ { . */
const CODE128_SEGURO = /^[ !#-=?-[\]_-z|}]+$/;

export const NOMES_SIMBOLOGIA: Readonly<Record<Simbologia, string>> = {
  ean13: 'EAN-13',
  ean8: 'EAN-8',
  code128: 'Code 128',
};

/**
 * Reads a label's barcode: 13 digits are EAN-13 and 8 digits EAN-8 (the check digit must be right),
 * anything else is Code 128 (up to 40 printable characters), as is any code when `simbologia` is 'code128'.
 * Answers a pt-BR message when it cannot print.
 */
export function lerCodigoBarras(valor: string, simbologia?: 'code128'): CodigoBarras | { erro: string } {
  const codigo = valor.trim();
  if (codigo === '') return { erro: 'Código de barras vazio.' };
  // An internal code of 8 or 13 digits is no EAN: the caller says so.
  if (simbologia !== 'code128' && (/^\d{13}$/.test(codigo) || /^\d{8}$/.test(codigo))) {
    const simbologia: Simbologia = codigo.length === 13 ? 'ean13' : 'ean8';
    const esperado = digitoVerificadorGtin(codigo.slice(0, -1));
    if (esperado !== Number(codigo.slice(-1))) {
      return {
        erro: `Código de barras ${NOMES_SIMBOLOGIA[simbologia]} ${codigo} inválido: o dígito verificador deveria ser ${esperado}.`,
      };
    }
    return { simbologia, codigo };
  }
  if (codigo.length > 40)
    return { erro: `Código de barras ${codigo.slice(0, 20)}... com mais de 40 caracteres.` };
  if (!CODE128_SEGURO.test(codigo)) {
    return {
      erro: `Código de barras ${codigo} com caractere que a etiqueta não imprime (use letras, números e sinais simples).`,
    };
  }
  return { simbologia: 'code128', codigo };
}

// EAN bar patterns (GS1 General Specifications 5.2.1.2): L, G and R sets of the digits 0-9 as 7 modules,
// and the parity of the left half of an EAN-13 chosen by its first digit.
const CONJUNTO_L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const inverter = (m: string) => [...m].map((c) => (c === '0' ? '1' : '0')).join('');
const CONJUNTO_R = CONJUNTO_L.map(inverter);
const CONJUNTO_G = CONJUNTO_R.map((m) => [...m].reverse().join(''));
const PARIDADE_EAN13 = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

// Code 128 symbol patterns (ISO/IEC 15417, table 1): values 0-105 as the widths of bar, space, bar, space, bar,
// space (11 modules each); 104 is Start B, 106 the stop (13 modules, its final bar of 2).
const PADROES_CODE128 = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213',
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132',
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211',
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313',
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331',
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111',
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214',
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111',
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141',
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141',
  '114131 311141 411131 211412 211214 211232 2331112',
]
  .join(' ')
  .split(' ');
const START_B = 104;
const STOP = 106;

/** Widths to modules: odd positions are bars ('1'), even ones spaces ('0'). */
const modulosDasLarguras = (larguras: string) =>
  [...larguras].map((l, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(l))).join('');

/**
 * Code 128 in subset B (the printable ASCII `lerCodigoBarras` accepts): start B, the data (ASCII - 32), the
 * check symbol (start + the sum of each value times its position, modulo 103) and the stop.
 */
function modulosCode128(codigo: string): string {
  const valores = [...codigo].map((c) => (c.codePointAt(0) as number) - 32);
  const verificador = valores.reduce((soma, v, i) => soma + v * (i + 1), START_B) % 103;
  return [START_B, ...valores, verificador, STOP]
    .map((v) => modulosDasLarguras(PADROES_CODE128[v] as string))
    .join('');
}

/**
 * The modules of the barcode, '1' = bar, without the quiet zones: EAN-13 (95), EAN-8 (67), Code 128 subset B
 * (11 per character + 35). The A4 sheet and the preview draw them; the printers draw their own.
 */
export function modulosCodigoBarras(c: CodigoBarras): string {
  if (c.simbologia === 'code128') return modulosCode128(c.codigo);
  return modulosEan(c);
}

/** The modules of an EAN-13 (95) or EAN-8 (67), '1' = bar, without the quiet zones. */
function modulosEan(c: CodigoBarras): string {
  const d = [...c.codigo].map(Number);
  if (c.simbologia === 'ean13') {
    const paridade = PARIDADE_EAN13[d[0] as number] as string;
    const esquerda = d
      .slice(1, 7)
      .map((n, i) => (paridade[i] === 'L' ? CONJUNTO_L : CONJUNTO_G)[n])
      .join('');
    const direita = d
      .slice(7)
      .map((n) => CONJUNTO_R[n])
      .join('');
    return `101${esquerda}01010${direita}101`;
  }
  const esquerda = d
    .slice(0, 4)
    .map((n) => CONJUNTO_L[n])
    .join('');
  const direita = d
    .slice(4)
    .map((n) => CONJUNTO_R[n])
    .join('');
  return `101${esquerda}01010${direita}101`;
}
