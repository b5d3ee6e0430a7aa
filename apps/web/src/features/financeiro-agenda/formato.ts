import { formatarMoeda, lerDinheiro } from '@retaguarda/domain';

// How the agenda writes days and money.

/** YYYY-MM-DD as DD/MM/YYYY (a due date has no time, so no time zone). */
export const dataBr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

export const NOMES_DIA_SEMANA = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
export const NOMES_MES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

export const moedaCentavos = (c: number) => formatarMoeda((c / 100).toFixed(2));
export const moeda = (v: string) => formatarMoeda(v);
export const temValor = (v: string) => lerDinheiro(v) !== 0;
