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

const DIA_MS = 86_400_000;

/**
 * Wall-clock components of an instant in São Paulo. Pure arithmetic (days-from-civil inverse, H.
 * Hinnant's algorithm): it runs for every sale line, so it avoids allocating Date objects.
 */
export function componentesSaoPaulo(instante: Instante): ComponentesData {
  const local = paraMs(instante) + OFFSET_MS;
  const dias = Math.floor(local / DIA_MS);
  const msDia = local - dias * DIA_MS;
  const z = dias + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const mes = mp < 10 ? mp + 3 : mp - 9;
  return {
    ano: yoe + era * 400 + (mes <= 2 ? 1 : 0),
    mes,
    dia: doy - Math.floor((153 * mp + 2) / 5) + 1,
    hora: Math.floor(msDia / 3_600_000),
    minuto: Math.floor(msDia / 60_000) % 60,
    segundo: Math.floor(msDia / 1000) % 60,
    // 1970-01-01 was a Thursday (4).
    diaSemana: (((dias + 4) % 7) + 7) % 7,
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

/** A quantity as people write it: up to `casas` decimals, trailing zeros dropped ("1.234,5", "3", "0,25"). */
export function formatarNumeroEnxuto(valor: string | number, casas = 4): string {
  const t = formatarNumero(valor, casas);
  return t.includes(',') ? t.replace(/0+$/, '').replace(/,$/, '') : t;
}

/** "R$ 1.234,56" (display rounds to 2 decimals); negatives as "-R$ 1,00". */
export function formatarMoeda(valor: string | number): string {
  const t = formatarNumero(valor, 2);
  return t.startsWith('-') ? `-R$ ${t.slice(1)}` : `R$ ${t}`;
}
