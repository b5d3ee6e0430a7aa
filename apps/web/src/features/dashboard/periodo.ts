import {
  type ComparacaoPeriodo,
  deslocarDia,
  diaComercial,
  diasDoPeriodo,
  formatarNumero,
  periodoComparado,
} from '@retaguarda/domain';

// Periods of the dashboards (pure: "today" comes in as a 'YYYY-MM-DD' business day in -03:00) and the
// comparison arithmetic the tiles show. Shifting and listing days is the domain's: the server does the same.
export { deslocarDia, diasDoPeriodo, periodoComparado };

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

/** Today's business day in São Paulo. */
export const hojeComercial = (agora: Date = new Date()): string => diaComercial(agora);

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

export type Comparacao = ComparacaoPeriodo;

export const ROTULOS_COMPARACAO: Record<Comparacao, string> = {
  semanaAnterior: 'Semana anterior',
  mesAnterior: 'Mês anterior',
  anoAnterior: 'Ano anterior',
};

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
