import type { ResultadoRegra } from './genericos.ts';
import { vazio } from './genericos.ts';
import { MENSAGENS_VALIDACAO } from './mensagens.ts';

// E-mail: the usual pattern (local part of letters, digits and . _ % + - ; a domain with at least one dot
// and a 2+ letter top level), case-insensitive, longer than 4 characters (spec 1 section 5).
const EMAIL =
  /^[a-z0-9._%+-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i;

export function emailValido(valor: string): boolean {
  const email = valor.trim();
  return email.length > 4 && EMAIL.test(email) && !email.includes('..');
}

/** 'E-mail Inválido'; empty passes. */
export function validarEmail(valor: string | null | undefined): ResultadoRegra {
  if (vazio(valor)) return true;
  return emailValido(valor ?? '') ? true : MENSAGENS_VALIDACAO.emailInvalido;
}

/** Postal code without its mask (. - and spaces). */
export function removerMascaraCep(valor: string): string {
  return valor.replace(/[.\-\s]/g, '');
}

/** CEP: 8 digits after removing the mask (spec 1 section 5). */
export function cepValido(valor: string): boolean {
  return /^\d{8}$/.test(removerMascaraCep(valor));
}

/** 'CEP inválido!'; empty passes (combine with a required check as needed). */
export function validarCep(valor: string | null | undefined): ResultadoRegra {
  if (vazio(valor)) return true;
  return cepValido(valor ?? '') ? true : MENSAGENS_VALIDACAO.cepInvalido;
}
