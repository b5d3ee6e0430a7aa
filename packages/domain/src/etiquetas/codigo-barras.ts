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

/**
 * The modules of an EAN-13 (95) or EAN-8 (67), '1' = bar, without the quiet zones; undefined for Code 128
 * (the A4 sheet then prints the code as text).
 */
export function modulosEan(c: CodigoBarras): string | undefined {
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
  if (c.simbologia === 'ean8') {
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
  return undefined;
}
