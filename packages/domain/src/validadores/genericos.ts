import { MENSAGENS_VALIDACAO, mensagemQuantidade, mensagemValor } from './mensagens.ts';

/** A form rule answers true when the value passes, or the pt-BR message to show. */
export type ResultadoRegra = true | string;
export type Regra<T = unknown> = (valor: T) => ResultadoRegra;

/** Empty = null, undefined, NaN, a blank string or an empty array. 0 and false are values. */
export function vazio(valor: unknown): boolean {
  if (valor === null || valor === undefined) return true;
  if (typeof valor === 'number') return Number.isNaN(valor);
  if (typeof valor === 'string') return valor.trim() === '';
  if (Array.isArray(valor)) return valor.length === 0;
  return false;
}

/** Required field: '* Obrigatório'. */
export function obrigatorio(valor: unknown): ResultadoRegra {
  return vazio(valor) ? MENSAGENS_VALIDACAO.obrigatorio : true;
}

/** Applies rules in order and answers the first failure. */
export function combinarRegras<T>(...regras: readonly Regra<T>[]): Regra<T> {
  return (valor) => {
    for (const regra of regras) {
      const resultado = regra(valor);
      if (resultado !== true) return resultado;
    }
    return true;
  };
}

/**
 * Reads a number typed by a user: a JS number, '12.5', '12,5' or '1.234,56' (pt-BR with thousands dots).
 * Answers undefined when it is not a finite number.
 */
export function lerNumero(valor: unknown): number | undefined {
  if (typeof valor === 'number') return Number.isFinite(valor) ? valor : undefined;
  if (typeof valor !== 'string') return undefined;
  let texto = valor.trim();
  if (texto === '') return undefined;
  if (texto.includes(',')) texto = texto.replace(/\./g, '').replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(texto)) return undefined;
  const numero = Number(texto);
  return Number.isFinite(numero) ? numero : undefined;
}

export interface Limites {
  readonly min?: number;
  readonly max?: number;
}

/** Numeric bounds (inclusive); a value that is not a number fails with the same message. */
export function validarValor(valor: unknown, { min, max }: Limites): ResultadoRegra {
  if (min === undefined && max === undefined) return true;
  const numero = lerNumero(valor);
  const dentro =
    numero !== undefined && (min === undefined || numero >= min) && (max === undefined || numero <= max);
  return dentro ? true : mensagemValor(min, max);
}

export function regraValor(limites: Limites): Regra {
  return (valor) => validarValor(valor, limites);
}

/** Length bounds (inclusive) of a text (trimmed is not applied: what is typed counts) or of a list. */
export function validarQuantidade(valor: unknown, { min, max }: Limites): ResultadoRegra {
  if (min === undefined && max === undefined) return true;
  let tamanho = 0;
  if (typeof valor === 'string' || Array.isArray(valor)) tamanho = valor.length;
  else if (typeof valor === 'number' && Number.isFinite(valor)) tamanho = String(valor).length;
  const dentro = (min === undefined || tamanho >= min) && (max === undefined || tamanho <= max);
  return dentro ? true : mensagemQuantidade(min, max);
}

export function regraQuantidade(limites: Limites): Regra {
  return (valor) => validarQuantidade(valor, limites);
}
