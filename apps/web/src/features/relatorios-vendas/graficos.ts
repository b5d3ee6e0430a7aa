import type { TipoGraficoRelatorio } from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { moedaEixo, moedaGrafico } from '../../lib/graficos-echarts/formatos.ts';
import type { OpcoesGrafico } from '../../lib/graficos-echarts/tema-grafico.ts';

// The chart a sales summary may show under its filter (the URL's `grafico`): one measure in money per row of the
// grouping, as bars, a line or a pie. Pure (rows in, echarts options out) and named in words for screen readers.

export interface PontoGrafico {
  rotulo: string;
  valor: number;
}

export interface GraficoResumo {
  opcoes: OpcoesGrafico;
  resumo: string;
}

/** A pie with more slices than this reads as noise: the smallest go into "Outros". */
const FATIAS = 8;

export function graficoResumo(
  pontos: readonly PontoGrafico[],
  tipo: Exclude<TipoGraficoRelatorio, 'nenhum'>,
  medida: string,
): GraficoResumo {
  const total = pontos.reduce((a, p) => a + p.valor, 0);
  const maior = pontos.reduce<PontoGrafico | null>((m, p) => (m === null || p.valor > m.valor ? p : m), null);
  const resumo = maior
    ? `${medida} por linha do relatório: total ${moedaGrafico(total)}; maior ${maior.rotulo} com ${moedaGrafico(maior.valor)}.`
    : `${medida}: nenhuma venda no período.`;
  if (tipo === 'pizza') {
    const ordem = [...pontos].sort((a, b) => b.valor - a.valor);
    const fatias = ordem.slice(0, FATIAS).map((p) => ({ name: p.rotulo, value: p.valor }));
    const resto = ordem.slice(FATIAS).reduce((a, p) => a + p.valor, 0);
    if (resto > 0) fatias.push({ name: 'Outros', value: resto });
    return {
      resumo,
      opcoes: {
        tooltip: { trigger: 'item', formatter: (p: unknown) => fatia(p as { name: string; value: number }) },
        legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            center: ['40%', '50%'],
            data: fatias,
            label: { formatter: '{d}%' },
          },
        ],
      },
    };
  }
  return {
    resumo,
    opcoes: {
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        formatter: (ps: unknown) => {
          const p = (Array.isArray(ps) ? ps[0] : ps) as { name: string; value: number };
          return `${p.name}<br/>${moedaGrafico(p.value)}`;
        },
      },
      xAxis: { type: 'category', data: pontos.map((p) => p.rotulo), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: moedaEixo } },
      series: [
        tipo === 'barras'
          ? { type: 'bar', name: medida, data: pontos.map((p) => p.valor), barMaxWidth: 32 }
          : { type: 'line', name: medida, data: pontos.map((p) => p.valor), smooth: true, symbolSize: 6 },
      ],
    },
  };
}

const fatia = (p: { name: string; value: number }) => `${p.name}<br/>${moedaGrafico(p.value)}`;
