// NF-e / NFC-e access key (chave de acesso, MOC 4.00 section 5.4): cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3)
// nNF(9) tpEmis(1) cNF(8) cDV(1). The CNPJ part may be alphanumeric (NT Conjunta 2025.001): every character
// is worth its ASCII code minus 48, as in the CNPJ check digits.

const CHAVE_SEM_DV = /^\d{6}[0-9A-Z]{12}\d{25}$/;
const CHAVE = /^\d{6}[0-9A-Z]{12}\d{26}$/;

/**
 * Check digit of the 43 characters before it: weights 2 to 9 cycling from the right, mod 11,
 * 11 - remainder, and a result of 10 or more becomes 0 (spec 2 section 5). Invalid input answers -1.
 */
export function digitoVerificadorChave(chaveSemDigito: string): number {
  if (!CHAVE_SEM_DV.test(chaveSemDigito)) return -1;
  let soma = 0;
  let peso = 2;
  for (let i = chaveSemDigito.length - 1; i >= 0; i--) {
    soma += (chaveSemDigito.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const digito = 11 - (soma % 11);
  return digito >= 10 ? 0 : digito;
}

/** A 44-character key (spaces allowed, as printed on the DANFE) whose last digit checks. */
export function chaveAcessoValida(valor: string): boolean {
  const chave = valor.replace(/\s/g, '');
  if (!CHAVE.test(chave)) return false;
  return digitoVerificadorChave(chave.slice(0, 43)) === Number(chave.slice(43));
}

export interface ChaveDecomposta {
  readonly cUF: string;
  readonly anoMes: string;
  readonly cnpj: string;
  readonly modelo: string;
  readonly serie: string;
  readonly numero: string;
  readonly tipoEmissao: string;
  readonly codigoNumerico: string;
  readonly digito: string;
}

/** Splits a valid key into its fields; undefined when the key does not check. */
export function decomporChave(valor: string): ChaveDecomposta | undefined {
  const chave = valor.replace(/\s/g, '');
  if (!chaveAcessoValida(chave)) return undefined;
  return {
    cUF: chave.slice(0, 2),
    anoMes: chave.slice(2, 6),
    cnpj: chave.slice(6, 20),
    modelo: chave.slice(20, 22),
    serie: chave.slice(22, 25),
    numero: chave.slice(25, 34),
    tipoEmissao: chave.slice(34, 35),
    codigoNumerico: chave.slice(35, 43),
    digito: chave.slice(43),
  };
}
