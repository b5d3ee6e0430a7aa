import { lerEscalado } from '../dinheiro/decimal.ts';

// Spec 1, section 9: time zone offset -03:00 (Brazil has had no daylight saving since 2019), so the
// America/Sao_Paulo business day is computed with a fixed offset and no Intl time-zone data.
export const FUSO_HORARIO = 'America/Sao_Paulo';
export const OFFSET_SAO_PAULO = '-03:00';
const OFFSET_MS = -3 * 60 * 60 * 1000;

export type Instante = Date | string | number;

export interface ComponentesData {
  readonly ano: number;
  readonly mes: number;
  readonly dia: number;
  readonly hora: number;
  readonly minuto: number;
  readonly segundo: number;
  /** 0 = Domingo ... 6 = Sábado (spec 2, section 3.3 weekdays). */
  readonly diaSemana: number;
}

export function paraMs(instante: Instante): number {
  const ms = instante instanceof Date ? instante.getTime() : new Date(instante).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Data inválida: ${String(instante)}`);
  return ms;
}

/** Wall-clock components of an instant in São Paulo. */
export function componentesSaoPaulo(instante: Instante): ComponentesData {
  const d = new Date(paraMs(instante) + OFFSET_MS);
  return {
    ano: d.getUTCFullYear(),
    mes: d.getUTCMonth() + 1,
    dia: d.getUTCDate(),
    hora: d.getUTCHours(),
    minuto: d.getUTCMinutes(),
    segundo: d.getUTCSeconds(),
    diaSemana: d.getUTCDay(),
  };
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** Business day (YYYY-MM-DD) of an instant in São Paulo. */
export function diaComercial(instante: Instante): string {
  const c = componentesSaoPaulo(instante);
  return `${c.ano}-${p2(c.mes)}-${p2(c.dia)}`;
}

/** ISO 8601 with the -03:00 offset: 2026-11-21T20:05:09-03:00. */
export function paraIsoSaoPaulo(instante: Instante): string {
  const c = componentesSaoPaulo(instante);
  return `${diaComercial(instante)}T${p2(c.hora)}:${p2(c.minuto)}:${p2(c.segundo)}${OFFSET_SAO_PAULO}`;
}

/** DD/MM/YYYY (spec: display dates). */
export function formatarData(instante: Instante): string {
  const c = componentesSaoPaulo(instante);
  return `${p2(c.dia)}/${p2(c.mes)}/${c.ano}`;
}

/** DD/MM/YYYY HH:mm(:ss) */
export function formatarDataHora(instante: Instante, comSegundos = false): string {
  return `${formatarData(instante)} ${formatarHora(instante, comSegundos)}`;
}

/** HH:mm or HH:mm:ss */
export function formatarHora(instante: Instante, comSegundos = false): string {
  const c = componentesSaoPaulo(instante);
  return comSegundos ? `${p2(c.hora)}:${p2(c.minuto)}:${p2(c.segundo)}` : `${p2(c.hora)}:${p2(c.minuto)}`;
}

/** DD/MM/YY HH:mm (spec 1, section 9: print date format). */
export function formatarDataHoraImpressao(instante: Instante): string {
  const c = componentesSaoPaulo(instante);
  return `${p2(c.dia)}/${p2(c.mes)}/${p2(c.ano % 100)} ${p2(c.hora)}:${p2(c.minuto)}`;
}

function agruparMilhares(inteira: string): string {
  return inteira.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1234.5 -> "1.234,50" with `casas` decimals (rounded half away from zero). */
export function formatarNumero(valor: string | number, casas = 2): string {
  const escalado = lerEscalado(valor, casas, 'arredondar');
  const negativo = escalado < 0;
  const digitos = String(Math.abs(escalado)).padStart(casas + 1, '0');
  const corte = digitos.length - casas;
  const inteira = agruparMilhares(digitos.slice(0, corte));
  const texto = casas === 0 ? inteira : `${inteira},${digitos.slice(corte)}`;
  return negativo ? `-${texto}` : texto;
}

/** "R$ 1.234,56" (display rounds to 2 decimals); negatives as "-R$ 1,00". */
export function formatarMoeda(valor: string | number): string {
  const t = formatarNumero(valor, 2);
  return t.startsWith('-') ? `-R$ ${t.slice(1)}` : `R$ ${t}`;
}
