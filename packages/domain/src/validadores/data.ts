import type { ResultadoRegra } from './genericos.ts';
import { MENSAGENS_VALIDACAO } from './mensagens.ts';

/** A calendar date (and optional wall-clock time) read from user input. */
export interface DataLida {
  readonly ano: number;
  readonly mes: number;
  readonly dia: number;
  readonly hora: number;
  readonly minuto: number;
  readonly segundo: number;
  readonly milissegundo: number;
  readonly temHora: boolean;
}

const SEP = '([/.-])';
// Spec 1 section 5: separators / - . accepted (the same one twice), 4-digit year at either end.
const DIA_PRIMEIRO = new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})\\2(\\d{4})`);
const ANO_PRIMEIRO = new RegExp(`^(\\d{4})${SEP}(\\d{1,2})\\2(\\d{1,2})`);
// Optional time after a space or 'T': HH:mm, HH:mm:ss, HH:mm:ss.SSS, optional zone (Z or +-HH:mm) ignored.
const HORA = /^(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function anoBissexto(ano: number): boolean {
  return (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;
}

export function diasNoMes(ano: number, mes: number): number {
  if (mes === 2) return anoBissexto(ano) ? 29 : 28;
  return [4, 6, 9, 11].includes(mes) ? 30 : 31;
}

/**
 * Reads DD/MM/YYYY or YYYY/MM/DD (separators / - .), with or without a time, or a Date.
 * Answers undefined when the text is not a real calendar date and time.
 */
export function lerData(valor: unknown): DataLida | undefined {
  let texto: string;
  if (valor instanceof Date) {
    if (Number.isNaN(valor.getTime())) return undefined;
    texto = valor.toISOString();
  } else if (typeof valor === 'string') {
    texto = valor.trim();
  } else {
    return undefined;
  }
  let dia: number;
  let mes: number;
  let ano: number;
  let resto: string;
  const diaPrimeiro = DIA_PRIMEIRO.exec(texto);
  const anoPrimeiro = diaPrimeiro ? null : ANO_PRIMEIRO.exec(texto);
  if (diaPrimeiro) {
    dia = Number(diaPrimeiro[1]);
    mes = Number(diaPrimeiro[3]);
    ano = Number(diaPrimeiro[4]);
    resto = texto.slice(diaPrimeiro[0].length);
  } else if (anoPrimeiro) {
    ano = Number(anoPrimeiro[1]);
    mes = Number(anoPrimeiro[3]);
    dia = Number(anoPrimeiro[4]);
    resto = texto.slice(anoPrimeiro[0].length);
  } else {
    return undefined;
  }
  const hora = HORA.exec(resto);
  if (!hora) return undefined;
  if (ano < 1 || mes < 1 || mes > 12 || dia < 1 || dia > diasNoMes(ano, mes)) return undefined;
  const h = Number(hora[1] ?? 0);
  const m = Number(hora[2] ?? 0);
  const s = Number(hora[3] ?? 0);
  const ms = Number((hora[4] ?? '0').padEnd(3, '0'));
  if (h > 23 || m > 59 || s > 59) return undefined;
  return {
    ano,
    mes,
    dia,
    hora: h,
    minuto: m,
    segundo: s,
    milissegundo: ms,
    temHora: hora[1] !== undefined,
  };
}

/** 1970-01-01 is what an empty date field turns into; the spec rejects it (spec 1 section 5). */
function ehEpoca(data: DataLida): boolean {
  return data.ano === 1970 && data.mes === 1 && data.dia === 1;
}

/** A real calendar date other than 1970-01-01. */
export function dataValida(valor: unknown): boolean {
  const data = lerData(valor);
  return data !== undefined && !ehEpoca(data);
}

/** Date rule: 'Data Inválida' (an empty value is not a date: combine with a required check as needed). */
export function validarData(valor: unknown): ResultadoRegra {
  return dataValida(valor) ? true : MENSAGENS_VALIDACAO.dataInvalida;
}

/** Orders wall-clock date-times (the zone is not considered: both ends are typed in the same zone). */
export function valorOrdenavel(data: DataLida): number {
  const diaNumero = (data.ano * 100 + data.mes) * 100 + data.dia;
  const segundos = (data.hora * 60 + data.minuto) * 60 + data.segundo;
  return (diaNumero * 86_400 + segundos) * 1000 + data.milissegundo;
}

/**
 * A range is valid when both ends are valid dates and the start is before the end (spec 1 section 5).
 * `permitirIguais` lets a one-day range typed without times (start = end) pass.
 */
export function intervaloDatasValido(
  inicio: unknown,
  fim: unknown,
  opcoes: { permitirIguais?: boolean } = {},
): boolean {
  if (!dataValida(inicio) || !dataValida(fim)) return false;
  const a = lerData(inicio);
  const b = lerData(fim);
  if (!a || !b) return false;
  const diferenca = valorOrdenavel(b) - valorOrdenavel(a);
  return opcoes.permitirIguais === true ? diferenca >= 0 : diferenca > 0;
}
