import type { ResultadoRegra } from './genericos.ts';
import { MENSAGENS_VALIDACAO } from './mensagens.ts';

/** A table number is a positive integer (spec 1 section 2 and 5); undefined otherwise. */
export function lerNumeroMesa(valor: unknown): number | undefined {
  let numero: number;
  if (typeof valor === 'number') numero = valor;
  else if (typeof valor === 'string' && /^\s*\d+\s*$/.test(valor)) numero = Number(valor);
  else return undefined;
  return Number.isSafeInteger(numero) && numero > 0 ? numero : undefined;
}

/** 'Numero da mesa inválido'. */
export function validarNumeroMesa(valor: unknown): ResultadoRegra {
  return lerNumeroMesa(valor) === undefined ? MENSAGENS_VALIDACAO.mesaInvalida : true;
}
