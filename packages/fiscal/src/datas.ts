// Dates in the NF-e layout are 'AAAA-MM-DDThh:mm:ssTZD' (TDateTimeUTC) in the local offset.
import type { Uf } from './ufs.ts';

const PADRAO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const PADRAO_FUSO = /^([+-])(\d{2}):(\d{2})$/;

export const FUSO_PADRAO = '-03:00';

function minutosDoFuso(fuso: string): number {
  const m = PADRAO_FUSO.exec(fuso);
  if (!m) throw new Error(`Fuso horário inválido: ${fuso}`);
  const minutos = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutos : minutos;
}

const dois = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Writes a Date (or passes through a well-formed text) as TDateTimeUTC in the given offset. */
export function formatarDataHora(valor: string | Date, fuso = FUSO_PADRAO): string {
  if (typeof valor === 'string') {
    if (!PADRAO_ISO.test(valor))
      throw new Error(`Data/hora inválida (use AAAA-MM-DDThh:mm:ss-03:00): ${valor}`);
    return valor;
  }
  const t = valor.getTime();
  if (Number.isNaN(t)) throw new Error('Data/hora inválida');
  const d = new Date(t + minutosDoFuso(fuso) * 60_000);
  return (
    `${d.getUTCFullYear()}-${dois(d.getUTCMonth() + 1)}-${dois(d.getUTCDate())}` +
    `T${dois(d.getUTCHours())}:${dois(d.getUTCMinutes())}:${dois(d.getUTCSeconds())}${fuso}`
  );
}

/** Epoch milliseconds of a TDateTimeUTC text. */
export const instanteDe = (dataHora: string): number => Date.parse(dataHora);

// Legal time per state (Lei 11.662/2008 and Lei 12.876/2013; no daylight saving since Decreto 9.772/2019).
// The offset goes in dhEmi/dhCont/dhEvento, so a store in Rio Branco or Cuiabá prints its own clock.
const FUSO_DA_UF: Readonly<Partial<Record<Uf, string>>> = {
  AC: '-05:00',
  AM: '-04:00',
  MT: '-04:00',
  MS: '-04:00',
  RO: '-04:00',
  RR: '-04:00',
};

// Municipalities whose clock differs from their state's capital (IBGE codes; IANA zone column of the IBGE table in
// kelvins/municipios-brasileiros@503e2f7 csv/municipios.csv): western Amazonas follows Acre, Noronha is -02:00.
const FUSO_DO_MUNICIPIO: Readonly<Record<string, string>> = {
  '1300201': '-05:00', // Atalaia do Norte
  '1300607': '-05:00', // Benjamin Constant
  '1300706': '-05:00', // Boca do Acre
  '1301407': '-05:00', // Eirunepé
  '1301506': '-05:00', // Envira
  '1301654': '-05:00', // Guajará
  '1301803': '-05:00', // Ipixuna
  '1301951': '-05:00', // Itamarati
  '1302306': '-05:00', // Jutaí
  '1302405': '-05:00', // Lábrea
  '1303502': '-05:00', // Pauini
  '1303908': '-05:00', // São Paulo de Olivença
  '1304062': '-05:00', // Tabatinga
  '2605459': '-02:00', // Fernando de Noronha
};

/** UTC offset of the store's clock: its municipality (IBGE code) when it differs from the state's, else the state's. */
export function fusoDaUf(uf: Uf | null | undefined, codigoMunicipio?: string | null): string {
  if (codigoMunicipio) {
    const m = FUSO_DO_MUNICIPIO[codigoMunicipio];
    if (m) return m;
  }
  return (uf && FUSO_DA_UF[uf]) || FUSO_PADRAO;
}

/** 'DD/MM/AAAA hh:mm:ss' of an instant (Date or TDateTimeUTC text) on the given offset's clock, for people. */
export function dataHoraLegivel(valor: string | Date, fuso = FUSO_PADRAO): string {
  const instante = typeof valor === 'string' ? new Date(valor) : valor;
  if (Number.isNaN(instante.getTime())) return String(valor);
  const t = formatarDataHora(instante, fuso);
  return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 19)}`;
}
