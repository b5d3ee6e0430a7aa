// Access key (chave de acesso) of NF-e/NFC-e: 44 characters.
// cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1) — MOC 4.00, item 2.2.6.
// Since NT Conjunta 2025.001 the CNPJ may be alphanumeric ([0-9A-Z]{12}[0-9]{2}); for the check digit
// each character counts as (ASCII code - 48), so digits keep their value and 'A' is 17.

import { randomInt } from 'node:crypto';

export interface PartesChave {
  cUF: number;
  /** Year and month of dhEmi, 'AAMM'. */
  aamm: string;
  /** Issuer CNPJ (14, digits or alphanumeric) or CPF (11, padded to 14 with zeros on the left). */
  cnpj: string;
  modelo: 55 | 65;
  serie: number;
  nNF: number;
  tpEmis: number;
  cNF: string;
}

export interface ChaveDecomposta extends PartesChave {
  chave: string;
  cDV: number;
}

const PADRAO_CHAVE = /^\d{6}[0-9A-Z]{12}\d{26}$/;

/** Mod-11 check digit over 43 characters, weights 2..9 from the right; remainder 0 or 1 gives 0. */
export function digitoVerificadorChave(chave43: string): number {
  if (chave43.length !== 43) return -1;
  let soma = 0;
  let peso = 2;
  for (let i = 42; i >= 0; i--) {
    const v = chave43.charCodeAt(i) - 48;
    if (v < 0 || v > 42) return -1;
    soma += v * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const dv = 11 - (soma % 11);
  return dv >= 10 ? 0 : dv;
}

/** Random cNF of 8 digits, different from nNF as the MOC requires (regra 2.2.6). */
export function gerarCodigoNumerico(nNF: number): string {
  for (;;) {
    const c = randomInt(0, 100_000_000);
    if (c !== nNF % 100_000_000) return String(c).padStart(8, '0');
  }
}

export function montarChave(p: PartesChave): ChaveDecomposta {
  const cnpj = p.cnpj.toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) throw new Error(`CNPJ inválido para a chave de acesso: ${p.cnpj}`);
  if (!/^\d{4}$/.test(p.aamm)) throw new Error(`AAMM inválido: ${p.aamm}`);
  if (!/^\d{8}$/.test(p.cNF)) throw new Error(`cNF inválido: ${p.cNF}`);
  if (p.serie < 0 || p.serie > 999 || !Number.isInteger(p.serie))
    throw new Error(`Série inválida: ${p.serie}`);
  if (p.nNF < 1 || p.nNF > 999_999_999 || !Number.isInteger(p.nNF))
    throw new Error(`Número inválido: ${p.nNF}`);
  if (!Number.isInteger(p.tpEmis) || p.tpEmis < 1 || p.tpEmis > 9)
    throw new Error(`tpEmis inválido: ${p.tpEmis}`);
  const chave43 =
    String(p.cUF).padStart(2, '0') +
    p.aamm +
    cnpj +
    String(p.modelo) +
    String(p.serie).padStart(3, '0') +
    String(p.nNF).padStart(9, '0') +
    String(p.tpEmis) +
    p.cNF;
  const cDV = digitoVerificadorChave(chave43);
  return { ...p, cnpj, chave: chave43 + String(cDV), cDV };
}

/** True when the key has the right shape and its check digit matches. */
export function validarChave(chave: string): boolean {
  if (!PADRAO_CHAVE.test(chave)) return false;
  return digitoVerificadorChave(chave.slice(0, 43)) === chave.charCodeAt(43) - 48;
}

/** Splits a valid key into its fields; throws for an invalid one. */
export function decomporChave(chave: string): ChaveDecomposta {
  if (!validarChave(chave)) throw new Error(`Chave de acesso inválida: ${chave}`);
  const modelo = Number(chave.slice(20, 22));
  if (modelo !== 55 && modelo !== 65) throw new Error(`Modelo inválido na chave: ${modelo}`);
  return {
    chave,
    cUF: Number(chave.slice(0, 2)),
    aamm: chave.slice(2, 6),
    cnpj: chave.slice(6, 20),
    modelo,
    serie: Number(chave.slice(22, 25)),
    nNF: Number(chave.slice(25, 34)),
    tpEmis: Number(chave.slice(34, 35)),
    cNF: chave.slice(35, 43),
    cDV: Number(chave.slice(43)),
  };
}
