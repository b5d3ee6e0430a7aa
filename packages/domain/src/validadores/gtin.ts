import { FAIXAS_PREFIXO_GS1 } from './prefixos-gs1.gen.ts';

// Barcodes (spec 1 section 5, spec 2 section 5): numeric, padded to 18 digits with leading zeros, last
// digit = GS1 check digit (weights 3 and 1 alternating, 3 on the digit next to the check digit).

/** GS1 check digit of the digits before it (any length up to 17). */
export function digitoVerificadorGtin(semDigito: string): number {
  if (!/^\d{1,17}$/.test(semDigito)) throw new Error('Código sem dígito: de 1 a 17 dígitos');
  const preenchido = semDigito.padStart(17, '0');
  let soma = 0;
  for (let i = 0; i < 17; i++) soma += Number(preenchido[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (soma % 10)) % 10;
}

/** Any GS1 numeric code (GTIN, SSCC...) up to 18 digits whose last digit checks. */
export function codigoBarrasValido(valor: string): boolean {
  const codigo = valor.trim();
  if (!/^\d{2,18}$/.test(codigo)) return false;
  return digitoVerificadorGtin(codigo.slice(0, -1)) === Number(codigo.slice(-1));
}

export interface PrefixoGs1 {
  readonly inicio: string;
  readonly fim: string;
  /** Member organisation or usage, as GS1 publishes it (e.g. 'GS1 Brasil'). */
  readonly uso: string;
}

/**
 * GS1 prefix of a GTIN. GTIN-12/13 are read in their 13-digit form and GTIN-14 without its indicator digit
 * (SOURCES.md: prefixes apply to the GTIN-13 form). A GTIN-8 is read in its own 8 digits, because GS1
 * issues GTIN-8 under its own prefixes (the table's 960-969 rows; 789 is Brazil for GTIN-8 too).
 */
export function prefixoGs1(gtin: string): PrefixoGs1 | undefined {
  const codigo = gtin.trim();
  if (!/^\d{8,14}$/.test(codigo)) return undefined;
  const forma =
    codigo.length === 8 ? codigo : codigo.length === 14 ? codigo.slice(1) : codigo.padStart(13, '0');
  for (const [inicio, fim, uso] of FAIXAS_PREFIXO_GS1) {
    const prefixo = forma.slice(0, inicio.length);
    if (prefixo >= inicio && prefixo <= fim) return { inicio, fim, uso };
  }
  return undefined;
}

/** GTIN: 8 to 14 digits, check digit right, prefix in the GS1 prefix table. */
export function gtinValido(valor: string): boolean {
  const codigo = valor.trim();
  return /^\d{8,14}$/.test(codigo) && codigoBarrasValido(codigo) && prefixoGs1(codigo) !== undefined;
}

/** Brazilian GTIN (GS1 Brasil prefixes 789-790). */
export function gtinBrasileiro(valor: string): boolean {
  return gtinValido(valor) && prefixoGs1(valor)?.uso === 'GS1 Brasil';
}

/** Appends the check digit to a code without it (e.g. to build a GTIN-13 from 12 digits). */
export function completarGtin(semDigito: string): string {
  return `${semDigito}${digitoVerificadorGtin(semDigito)}`;
}
