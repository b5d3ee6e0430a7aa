// Calendar arithmetic on ISO dates ('2026-03-09') and the Brazilian national holidays, for settlement dates of
// card receivables (issue 18). Dates stay strings end to end (API, database `date`, UI); the arithmetic goes
// through a day number counted from 1970-01-01, in integers, so no time zone, clock or Date ever enters.

/** A calendar date as 'YYYY-MM-DD'. */
export type DataIso = string;

const DIAS_MES = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digitos(t: string, de: number, ate: number): number {
  let n = 0;
  for (let i = de; i < ate; i++) {
    const c = t.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Year, month (1-12) and day of a valid ISO date, or undefined (2026-02-30 is not a date). */
export function partesData(data: string): { ano: number; mes: number; dia: number } | undefined {
  // Hand-written scan, no regex: matching a settlement file computes dates for every line.
  if (data.length !== 10 || data.charCodeAt(4) !== 45 || data.charCodeAt(7) !== 45) return undefined;
  const ano = digitos(data, 0, 4);
  const mes = digitos(data, 5, 7);
  const dia = digitos(data, 8, 10);
  if (ano < 0 || mes < 1 || mes > 12 || dia < 1 || dia > diasDoMes(ano, mes)) return undefined;
  return { ano, mes, dia };
}

export function ehDataIso(data: string): boolean {
  return partesData(data) !== undefined;
}

export function diasDoMes(ano: number, mes: number): number {
  if (mes === 2) return (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0 ? 29 : 28;
  return DIAS_MES[mes - 1]!;
}

// Day number <-> civil date by the proleptic Gregorian era arithmetic (eras of 400 years = 146097 days, years
// counted from March so the leap day is the last of the year), exact for any year without Date.

/** Days since 1970-01-01; throws RangeError on a string that is not a date. */
export function numeroDoDia(data: DataIso): number {
  const p = partesData(data);
  if (!p) throw new RangeError(`Data inválida: ${data}`);
  const y = p.mes <= 2 ? p.ano - 1 : p.ano;
  const era = Math.floor(y / 400);
  const anoDaEra = y - era * 400;
  const mesDeMarco = (p.mes + 9) % 12;
  const diaDoAno = Math.floor((153 * mesDeMarco + 2) / 5) + p.dia - 1;
  const diaDaEra = anoDaEra * 365 + Math.floor(anoDaEra / 4) - Math.floor(anoDaEra / 100) + diaDoAno;
  return era * 146097 + diaDaEra - 719468;
}

export function dataDoNumero(n: number): DataIso {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const diaDaEra = z - era * 146097;
  const anoDaEra = Math.floor(
    (diaDaEra - Math.floor(diaDaEra / 1460) + Math.floor(diaDaEra / 36524) - Math.floor(diaDaEra / 146096)) /
      365,
  );
  const diaDoAno = diaDaEra - (365 * anoDaEra + Math.floor(anoDaEra / 4) - Math.floor(anoDaEra / 100));
  const mesDeMarco = Math.floor((5 * diaDoAno + 2) / 153);
  const dia = diaDoAno - Math.floor((153 * mesDeMarco + 2) / 5) + 1;
  const mes = mesDeMarco < 10 ? mesDeMarco + 3 : mesDeMarco - 9;
  return montarData(anoDaEra + era * 400 + (mes <= 2 ? 1 : 0), mes, dia);
}

export function montarData(ano: number, mes: number, dia: number): DataIso {
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

export function somarDiasCorridos(data: DataIso, dias: number): DataIso {
  return dataDoNumero(numeroDoDia(data) + dias);
}

/** b - a in days (positive when b is later). */
export function diasCorridosEntre(a: DataIso, b: DataIso): number {
  return numeroDoDia(b) - numeroDoDia(a);
}

/** 0 = Sunday ... 6 = Saturday. */
export function diaDaSemana(data: DataIso): number {
  // 1970-01-01 was a Thursday (4).
  return (((numeroDoDia(data) + 4) % 7) + 7) % 7;
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus). */
export function pascoa(ano: number): DataIso {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return montarData(ano, mes, dia);
}

// Lei 662/1949 and Lei 6.802/1980 (12/10), Lei 10.607/2002 (02/11, 15/11), Lei 14.759/2023 (20/11, from 2024).
const FIXOS: ReadonlyArray<readonly [mes: number, dia: number, desde?: number]> = [
  [1, 1],
  [4, 21],
  [5, 1],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [11, 20, 2024],
  [12, 25],
];

const cacheFeriados = new Map<number, ReadonlySet<DataIso>>();

/**
 * National holidays of a year as ISO dates, sorted. Carnival Monday and Tuesday and Corpus Christi are "pontos
 * facultativos" by law, but banks do not clear on them (FEBRABAN calendar), so acquirers do not settle either.
 */
export function feriadosNacionais(ano: number): DataIso[] {
  return [...feriadosDoAno(ano)].sort();
}

function feriadosDoAno(ano: number): ReadonlySet<DataIso> {
  const guardado = cacheFeriados.get(ano);
  if (guardado) return guardado;
  const dias = new Set<DataIso>();
  for (const [mes, dia, desde] of FIXOS)
    if (desde === undefined || ano >= desde) dias.add(montarData(ano, mes, dia));
  const p = pascoa(ano);
  dias.add(somarDiasCorridos(p, -48)); // Carnival Monday
  dias.add(somarDiasCorridos(p, -47)); // Carnival Tuesday
  dias.add(somarDiasCorridos(p, -2)); // Good Friday
  dias.add(somarDiasCorridos(p, 60)); // Corpus Christi
  cacheFeriados.set(ano, dias);
  return dias;
}

export function ehFeriadoNacional(data: DataIso): boolean {
  return feriadosDoAno(Number(data.slice(0, 4))).has(data);
}

/** Monday to Friday and not a national holiday. */
export function ehDiaUtil(data: DataIso): boolean {
  const semana = diaDaSemana(data);
  return semana !== 0 && semana !== 6 && !ehFeriadoNacional(data);
}

/** The date itself when it is a business day, else the next business day. */
export function proximoDiaUtil(data: DataIso): DataIso {
  let d = data;
  while (!ehDiaUtil(d)) d = somarDiasCorridos(d, 1);
  return d;
}
