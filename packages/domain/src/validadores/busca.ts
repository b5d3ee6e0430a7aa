import { cnpjValido, normalizarCnpj } from './documentos.ts';

// Search-box classification (spec 1 section 5, spec 2 section 5). The descriptor says which field to look
// in and how; the server maps the field to its column and escapes the value.

export type ModoBusca = 'igual' | 'contem' | 'contemIgnorandoCaixa';

export interface DescritorBusca<Campo extends string> {
  readonly campo: Campo;
  readonly modo: ModoBusca;
  readonly valor: string;
}

export type CampoBuscaCliente = 'cpf' | 'cnpj' | 'telefone' | 'rg' | 'email' | 'nome';
export type CampoBuscaOperador = 'cpf' | 'codigoInterno' | 'nome';

/** Digits of a text made only of digits and mask characters (. - / ( ) spaces); undefined otherwise. */
function somenteDigitos(texto: string): string | undefined {
  const semMascara = texto.replace(/[.\-/()\s]/g, '');
  return /^\d+$/.test(semMascara) ? semMascara : undefined;
}

/**
 * Customer: 11 digits = CPF, 14 = CNPJ, 8 = phone contains, 9 = phone without its first digit contains,
 * other numbers = rg contains, an e-mail shape (has @) = e-mail contains, otherwise name contains
 * (case-insensitive). An alphanumeric CNPJ whose check digits are right is searched as a CNPJ.
 */
export function classificarBuscaCliente(texto: string): DescritorBusca<CampoBuscaCliente> {
  const busca = texto.trim();
  const digitos = somenteDigitos(busca);
  if (digitos !== undefined) {
    if (digitos.length === 11) return { campo: 'cpf', modo: 'igual', valor: digitos };
    if (digitos.length === 14) return { campo: 'cnpj', modo: 'igual', valor: digitos };
    if (digitos.length === 8) return { campo: 'telefone', modo: 'contem', valor: digitos };
    if (digitos.length === 9) return { campo: 'telefone', modo: 'contem', valor: digitos.slice(1) };
    return { campo: 'rg', modo: 'contem', valor: digitos };
  }
  if (/[A-Za-z]/.test(busca) && normalizarCnpj(busca).length === 14 && cnpjValido(busca)) {
    return { campo: 'cnpj', modo: 'igual', valor: normalizarCnpj(busca) };
  }
  if (busca.includes('@')) return { campo: 'email', modo: 'contemIgnorandoCaixa', valor: busca };
  return { campo: 'nome', modo: 'contemIgnorandoCaixa', valor: busca };
}

/** Operator: 11 digits = cpf, other numbers = internal code contains, otherwise name contains. */
export function classificarBuscaOperador(texto: string): DescritorBusca<CampoBuscaOperador> {
  const busca = texto.trim();
  const digitos = somenteDigitos(busca);
  if (digitos !== undefined) {
    if (digitos.length === 11) return { campo: 'cpf', modo: 'igual', valor: digitos };
    return { campo: 'codigoInterno', modo: 'contem', valor: digitos };
  }
  return { campo: 'nome', modo: 'contemIgnorandoCaixa', valor: busca };
}
