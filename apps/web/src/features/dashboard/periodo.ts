import { diaComercial, formatarNumero } from '@retaguarda/domain';

// Periods of the dashboards (pure: "today" comes in as a 'YYYY-MM-DD' business day in -03:00) and the
// comparison arithmetic the tiles and the per-day line show.

export type PresetPeriodo = 'hoje' | 'ontem' | 'ultimos7' | 'mes' | 'mesAnterior' | 'personalizado';

export const ROTULOS_PRESET: Record<PresetPeriodo, string> = {
  hoje: 'Hoje',
  ontem: 'Ontem',
  ultimos7: 'Últimos 7 dias',
  mes: 'Este mês',
  mesAnterior: 'Mês anterior',
  personalizado: 'Personalizado',
};

export interface Periodo {
  dataInicio: string;
  dataFim: string;
}

const dois = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${dois(d.getUTCMonth() + 1)}-${dois(d.getUTCDate())}`;
const utc = (dia: string) => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, d));
};

/** Today's business day in São Paulo. */
export const hojeComercial = (agora: Date = new Date()): string => diaComercial(agora);

/** `dia` moved by `dias` days and `meses` months; a day past the month's end falls on its last day (31/03 - 1 month = 28/02 or 29/02). */
export function deslocarDia(dia: string, dias: number, meses = 0): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const alvo = new Date(Date.UTC(a, m - 1 + meses, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo) + dias);
  return iso(alvo);
}

export function periodoDoPreset(preset: Exclude<PresetPeriodo, 'personalizado'>, hoje: string): Periodo {
  const inicioMes = `${hoje.slice(0, 8)}01`;
  switch (preset) {
    case 'hoje':
      return { dataInicio: hoje, dataFim: hoje };
    case 'ontem': {
      const ontem = deslocarDia(hoje, -1);
      return { dataInicio: ontem, dataFim: ontem };
    }
    case 'ultimos7':
      return { dataInicio: deslocarDia(hoje, -6), dataFim: hoje };
    case 'mes':
      return { dataInicio: inicioMes, dataFim: hoje };
    case 'mesAnterior': {
      const fim = deslocarDia(inicioMes, -1);
      return { dataInicio: `${fim.slice(0, 8)}01`, dataFim: fim };
    }
  }
}

export type Comparacao = 'semanaAnterior' | 'mesAnterior' | 'anoAnterior';

export const ROTULOS_COMPARACAO: Record<Comparacao, string> = {
  semanaAnterior: 'Semana anterior',
  mesAnterior: 'Mês anterior',
  anoAnterior: 'Ano anterior',
};

/** The same period a week, a month or a year back (as the server's `comparacao` shifts it). */
export function periodoComparado(p: Periodo, c: Comparacao): Periodo {
  const [dias, meses] = c === 'semanaAnterior' ? [-7, 0] : c === 'mesAnterior' ? [0, -1] : [0, -12];
  return { dataInicio: deslocarDia(p.dataInicio, dias, meses), dataFim: deslocarDia(p.dataFim, dias, meses) };
}

/** Every day of the period, in order. */
export function diasDoPeriodo(p: Periodo): string[] {
  const dias: string[] = [];
  for (let d = utc(p.dataInicio); iso(d) <= p.dataFim; d = new Date(d.getTime() + 86_400_000))
    dias.push(iso(d));
  return dias;
}

/** (atual - anterior) / anterior x 100; null when there is nothing to compare with (anterior 0). */
export function variacaoPercentual(atual: string | number, anterior: string | number): number | null {
  const a = Number(atual);
  const b = Number(anterior);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return ((a - b) / b) * 100;
}

/** "+12,5%", "-3,0%", "0,0%"; "—" without a base. */
export function formatarVariacao(v: number | null): string {
  if (v === null) return '—';
  const t = formatarNumero(Math.abs(v), 1);
  return t === '0,0' ? '0,0%' : `${v > 0 ? '+' : '-'}${t}%`;
}

/** "25/11" of a 'YYYY-MM-DD'. */
export const diaMes = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;
/** "25/11/2026" of a 'YYYY-MM-DD'. */
export const diaMesAno = (dia: string) => `${diaMes(dia)}/${dia.slice(0, 4)}`;
