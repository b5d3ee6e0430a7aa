import type { ComponentesData } from '../formatacao/formatacao.ts';

// Date, hour and weekday windows shared by promotions, happy hours and combos (spec 1 section 3
// "Promotion": dataInicio, dataFim, horaInicio, horaFim, weekday flags segunda to domingo).
export interface JanelaHorario {
  readonly dataInicio?: string | null | undefined;
  readonly dataFim?: string | null | undefined;
  readonly horaInicio?: string | null | undefined;
  readonly horaFim?: string | null | undefined;
  readonly segunda: boolean;
  readonly terca: boolean;
  readonly quarta: boolean;
  readonly quinta: boolean;
  readonly sexta: boolean;
  readonly sabado: boolean;
  readonly domingo: boolean;
}

const p2 = (n: number) => String(n).padStart(2, '0');
const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function diaPermitido(j: JanelaHorario, diaSemana: number): boolean {
  switch (diaSemana) {
    case 0:
      return j.domingo;
    case 1:
      return j.segunda;
    case 2:
      return j.terca;
    case 3:
      return j.quarta;
    case 4:
      return j.quinta;
    case 5:
      return j.sexta;
    default:
      return j.sabado;
  }
}

/**
 * Whether a São Paulo wall-clock moment lies in the window. Dates are inclusive business days;
 * hours include both ends at minute precision and may cross midnight (22:00-02:00).
 */
export function dentroDaJanela(j: JanelaHorario, c: ComponentesData): boolean {
  if (j.dataInicio || j.dataFim) {
    const dia = `${c.ano}-${p2(c.mes)}-${p2(c.dia)}`;
    if (j.dataInicio && dia < j.dataInicio) return false;
    if (j.dataFim && dia > j.dataFim) return false;
  }
  if (!diaPermitido(j, c.diaSemana)) return false;
  if (j.horaInicio && j.horaFim) {
    const m = c.hora * 60 + c.minuto;
    const ini = minutos(j.horaInicio);
    const fim = minutos(j.horaFim);
    return ini <= fim ? m >= ini && m <= fim : m >= ini || m <= fim;
  }
  return true;
}
