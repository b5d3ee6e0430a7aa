import type { ResultadoRegra } from './genericos.ts';
import { vazio } from './genericos.ts';
import { MENSAGENS_VALIDACAO } from './mensagens.ts';

// CPF and CNPJ (spec 1 section 5, spec 2 section 5), including the alphanumeric CNPJ of IN RFB 2.229/2024
// (NT Conjunta 2025.001), issued since July 2026: 12 characters [0-9A-Z] + 2 numeric check digits; each
// character is worth its ASCII code minus 48 ('0' = 0 ... '9' = 9, 'A' = 17 ... 'Z' = 42).

/** Removes the mask characters . - / and spaces; anything else stays (and then fails the checks). */
export function removerMascaraDocumento(valor: string): string {
  return valor.replace(/[.\-/\s]/g, '');
}

/** Check digit of mod 11 with weights 2..9 (CNPJ) or 2..n (CPF) from the right; remainder < 2 gives 0. */
function digitoMod11(valores: readonly number[], pesoMaximo: number): number {
  let soma = 0;
  let peso = 2;
  for (let i = valores.length - 1; i >= 0; i--) {
    soma += (valores[i] ?? 0) * peso;
    peso = peso === pesoMaximo ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** The two check digits of a CPF from its first 9 digits. */
export function calcularDigitosCpf(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error('A base do CPF tem 9 dígitos');
  const numeros = [...base].map(Number);
  const d1 = digitoMod11(numeros, 11);
  const d2 = digitoMod11([...numeros, d1], 11);
  return `${d1}${d2}`;
}

/** CPF: 11 digits (mask allowed), not all the same digit, two check digits. */
export function cpfValido(valor: string): boolean {
  const cpf = removerMascaraDocumento(valor);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return calcularDigitosCpf(cpf.slice(0, 9)) === cpf.slice(9);
}

const valorCaractereCnpj = (caractere: string): number => caractere.charCodeAt(0) - 48;

/** The two check digits of a CNPJ (numeric or alphanumeric) from its first 12 characters. */
export function calcularDigitosCnpj(base: string): string {
  const normalizada = base.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(normalizada)) throw new Error('A base do CNPJ tem 12 caracteres [0-9A-Z]');
  const valores = [...normalizada].map(valorCaractereCnpj);
  const d1 = digitoMod11(valores, 9);
  const d2 = digitoMod11([...valores, d1], 9);
  return `${d1}${d2}`;
}

/** Upper-cases and removes the mask of a CNPJ, the form to store and compare. */
export function normalizarCnpj(valor: string): string {
  return removerMascaraDocumento(valor).toUpperCase();
}

/** CNPJ: 14 characters, 12 of [0-9A-Z] then 2 digits; not all the same character; two check digits. */
export function cnpjValido(valor: string): boolean {
  const cnpj = normalizarCnpj(valor);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return calcularDigitosCnpj(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** True when the CNPJ has letters (the alphanumeric format). */
export function cnpjAlfanumerico(valor: string): boolean {
  return /[A-Z]/.test(normalizarCnpj(valor));
}

export type TipoDocumento = 'CPF' | 'CNPJ';

/** A document of 11 digits is a CPF, of 14 characters a CNPJ (spec 1 section 5). */
export function tipoDocumento(valor: string): TipoDocumento | undefined {
  const documento = normalizarCnpj(valor);
  if (/^\d{11}$/.test(documento)) return 'CPF';
  if (/^[0-9A-Z]{12}\d{2}$/.test(documento)) return 'CNPJ';
  return undefined;
}

/** 'CPF Inválido'; empty passes (spec 1 section 5). */
export function validarCpf(valor: string | null | undefined): ResultadoRegra {
  if (vazio(valor)) return true;
  return cpfValido(valor ?? '') ? true : MENSAGENS_VALIDACAO.cpfInvalido;
}

/** 'CNPJ Inválido'; empty passes (spec 1 section 5). */
export function validarCnpj(valor: string | null | undefined): ResultadoRegra {
  if (vazio(valor)) return true;
  return cnpjValido(valor ?? '') ? true : MENSAGENS_VALIDACAO.cnpjInvalido;
}

/**
 * Customer document of a fiscal note (spec 2 section 5): 11 digits CPF, 14 CNPJ, otherwise
 * 'CPF ou CNPJ Inválido, favor preencher corretamente'. A CPF or CNPJ with wrong digits gets its own
 * message. Empty passes (the note is then issued without a recipient).
 */
export function validarCpfCnpj(valor: string | null | undefined): ResultadoRegra {
  if (vazio(valor)) return true;
  const texto = valor ?? '';
  const tipo = tipoDocumento(texto);
  if (tipo === 'CPF') return validarCpf(texto);
  if (tipo === 'CNPJ') return validarCnpj(texto);
  return MENSAGENS_VALIDACAO.cpfOuCnpjInvalido;
}
