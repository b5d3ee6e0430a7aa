import { diaComercial, formatarData } from '@retaguarda/domain';

// The default report period of spec 1 §9: from the first day of the previous month to the last day of the
// current one (São Paulo days). Pure, so the screen and its test agree on the calendar.

const p2 = (n: number) => String(n).padStart(2, '0');

export function periodoPadrao(hoje: string = diaComercial(Date.now())): { inicio: string; fim: string } {
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const anterior = mes === 1 ? { ano: ano - 1, mes: 12 } : { ano, mes: mes - 1 };
  // Day 0 of the next month is the last day of this one.
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return { inicio: `${anterior.ano}-${p2(anterior.mes)}-01`, fim: `${ano}-${p2(mes)}-${p2(ultimo)}` };
}

/** 'DD/MM/AAAA a DD/MM/AAAA' of two 'YYYY-MM-DD' days. */
export const descreverPeriodo = (inicio: string, fim: string) =>
  `${formatarData(`${inicio}T12:00:00-03:00`)} a ${formatarData(`${fim}T12:00:00-03:00`)}`;

/** Every day from `inicio` to `fim` ('YYYY-MM-DD', both included). */
export function diasEntre(inicio: string, fim: string): string[] {
  const dias: string[] = [];
  const d = new Date(`${inicio}T00:00:00Z`);
  const limite = new Date(`${fim}T00:00:00Z`);
  while (d <= limite && dias.length < 400) {
    dias.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return dias;
}
