// Dates in the NF-e layout are 'AAAA-MM-DDThh:mm:ssTZD' (TDateTimeUTC) in the local offset.

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
