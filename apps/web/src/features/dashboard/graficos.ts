import { type ComparacaoPeriodo, type DashboardVendasResposta, DIAS_SEMANA } from '@retaguarda/domain';
import { moedaEixo, moedaGrafico, numeroGrafico } from '../../lib/graficos-echarts/formatos.ts';
import type { OpcoesGrafico } from '../../lib/graficos-echarts/tema-grafico.ts';
import { diaMes } from './periodo.ts';

// The dashboards' charts as echarts options plus the summary in words that names each chart for screen readers.
// Pure (data in, options out), so what the charts say is tested without a browser. Money arrives as decimal
// strings; the charts draw Number() of them and every label goes back through the domain's R$ formatting.

export interface Grafico {
  opcoes: OpcoesGrafico;
  resumo: string;
}

const hora = (h: number) => `${String(h).padStart(2, '0')}h`;
const num = (v: string | number) => Number(v) || 0;
/** The item with the largest value, for the summaries. */
function maior<T>(itens: readonly T[], valor: (t: T) => number): T | undefined {
  let m: T | undefined;
  for (const i of itens) if (m === undefined || valor(i) > valor(m)) m = i;
  return m;
}
const somar = (vs: readonly number[]) => vs.reduce((a, b) => a + b, 0);
const tooltipEixo = { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } };
const grade = { left: 8, right: 16, top: 16, bottom: 8, containLabel: true };

/** Revenue by hour of the day, every hour 0-23 (hours without sales at zero). */
export function graficoPorHora(porHora: DashboardVendasResposta['porHora']): Grafico {
  const por = new Map(porHora.map((p) => [p.hora, p]));
  const horas = Array.from({ length: 24 }, (_, h) => h);
  const valores = horas.map((h) => num(por.get(h)?.faturamento ?? 0));
  const pico = maior(porHora, (p) => num(p.faturamento));
  return {
    resumo: pico
      ? `Faturamento por hora do dia: total ${moedaGrafico(somar(valores))}; pico às ${hora(pico.hora)} com ${moedaGrafico(pico.faturamento)} em ${pico.vendas} vendas.`
      : 'Faturamento por hora do dia: nenhuma venda no período.',
    opcoes: {
      grid: grade,
      tooltip: {
        ...tooltipEixo,
        formatter: (ps: unknown) => {
          const p = (Array.isArray(ps) ? ps[0] : ps) as { dataIndex: number };
          const linha = por.get(p.dataIndex);
          return `${hora(p.dataIndex)}<br/>${moedaGrafico(linha?.faturamento ?? 0)} · ${numeroGrafico(linha?.vendas ?? 0)} vendas`;
        },
      },
      xAxis: { type: 'category', data: horas.map(hora), axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: moedaEixo } },
      series: [{ type: 'bar', name: 'Faturamento', data: valores, barMaxWidth: 28 }],
    },
  };
}

/** Horizontal bars with the value written at the end of each bar, largest on top. */
function barrasHorizontais(
  itens: { rotulo: string; valor: number; detalhe: string }[],
  titulo: string,
  vazio: string,
): Grafico {
  const ordem = [...itens].sort((a, b) => a.valor - b.valor);
  const total = somar(itens.map((i) => i.valor));
  const primeiro = ordem[ordem.length - 1];
  return {
    resumo: primeiro
      ? `${titulo}: ${itens.length} itens, total ${moedaGrafico(total)}; maior ${primeiro.rotulo} com ${moedaGrafico(primeiro.valor)}.`
      : `${titulo}: ${vazio}`,
    opcoes: {
      // Room on the right for the value written after the longest bar.
      grid: { ...grade, right: 96 },
      tooltip: {
        ...tooltipEixo,
        formatter: (ps: unknown) => {
          const p = (Array.isArray(ps) ? ps[0] : ps) as { dataIndex: number };
          const i = ordem[p.dataIndex];
          return i ? `${i.rotulo}<br/>${moedaGrafico(i.valor)}${i.detalhe ? ` · ${i.detalhe}` : ''}` : '';
        },
      },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: moedaEixo }, splitNumber: 3 },
      yAxis: {
        type: 'category',
        data: ordem.map((i) => i.rotulo),
        axisLabel: { width: 150, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          data: ordem.map((i) => i.valor),
          barMaxWidth: 22,
          label: {
            show: true,
            position: 'right',
            formatter: (p: { value: unknown }) => moedaGrafico(p.value),
          },
        },
      ],
    },
  };
}

export function graficoPorEmpresa(porEmpresa: DashboardVendasResposta['porEmpresa']): Grafico {
  return barrasHorizontais(
    porEmpresa.map((e) => ({
      rotulo: e.descricao,
      valor: num(e.faturamento),
      detalhe: `${numeroGrafico(e.vendas)} vendas · ticket médio ${moedaGrafico(e.ticketMedio)}`,
    })),
    'Faturamento por loja',
    'nenhuma venda no período.',
  );
}

export function graficoTopProdutos(top: DashboardVendasResposta['topProdutos']): Grafico {
  return barrasHorizontais(
    top.map((p) => ({
      rotulo: p.descricao,
      valor: num(p.liquido),
      detalhe: `${numeroGrafico(p.quantidade, Number.isInteger(num(p.quantidade)) ? 0 : 3)} vendidos`,
    })),
    `Os ${top.length} produtos mais vendidos`,
    'nenhum produto vendido no período.',
  );
}

/** A donut with the share of each part; legend below. */
function rosca(itens: { nome: string; valor: number }[], titulo: string, vazio: string): Grafico {
  const total = somar(itens.map((i) => i.valor));
  const pct = (v: number) => (total ? `${numeroGrafico((v / total) * 100, 1)}%` : '0%');
  const partes = [...itens].sort((a, b) => b.valor - a.valor);
  return {
    resumo: partes.length
      ? `${titulo}: ${partes.map((p) => `${p.nome} ${moedaGrafico(p.valor)} (${pct(p.valor)})`).join('; ')}.`
      : `${titulo}: ${vazio}`,
    opcoes: {
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const x = p as { name: string; value: number };
          return `${x.name}<br/>${moedaGrafico(x.value)} (${pct(x.value)})`;
        },
      },
      legend: { bottom: 0, type: 'plain', itemWidth: 12, itemHeight: 12 },
      series: [
        {
          type: 'pie',
          radius: ['42%', '68%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: {
            formatter: (p: { percent?: number }) => `${numeroGrafico(p.percent ?? 0, 1)}%`,
            // echarts outlines outside labels in the background colour of its own theme (white): none here.
            textBorderWidth: 0,
          },
          data: partes.map((p) => ({ name: p.nome, value: p.valor })),
        },
      ],
    },
  };
}

export function graficoPorPagamento(porTipo: DashboardVendasResposta['porTipoPagamento']): Grafico {
  return rosca(
    porTipo.map((p) => ({ nome: p.descricao, valor: num(p.valor) })),
    'Recebido por tipo de pagamento',
    'nenhum pagamento no período.',
  );
}

/** Sale type or order origin split (dashboardVendas' porTipoVenda / porOrigem). */
export function graficoDivisao(
  partes: readonly { descricao: string; faturamento: string }[],
  titulo: string,
): Grafico {
  return rosca(
    partes.map((p) => ({ nome: p.descricao, valor: num(p.faturamento) })),
    titulo,
    'nenhuma venda no período.',
  );
}

/** Weekday x hour heat map of the revenue. */
export function graficoMapaCalor(mapa: DashboardVendasResposta['mapaCalor']): Grafico {
  const horas = Array.from({ length: 24 }, (_, h) => h);
  const celulas = new Map(mapa.map((c) => [`${c.diaSemana}:${c.hora}`, c]));
  const dados: [number, number, number][] = [];
  for (let d = 0; d < 7; d++)
    for (const h of horas) dados.push([h, d, num(celulas.get(`${d}:${h}`)?.faturamento ?? 0)]);
  const max = Math.max(0, ...dados.map((x) => x[2]));
  const pico = maior(mapa, (c) => num(c.faturamento));
  return {
    resumo: pico
      ? `Mapa de calor do faturamento por dia da semana e hora: pico ${DIAS_SEMANA[pico.diaSemana] ?? ''} às ${hora(pico.hora)} com ${moedaGrafico(pico.faturamento)} em ${pico.vendas} vendas.`
      : 'Mapa de calor do faturamento por dia da semana e hora: nenhuma venda no período.',
    opcoes: {
      grid: { left: 8, right: 16, top: 8, bottom: 56, containLabel: true },
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const [h, d] = (p as { value: [number, number, number] }).value;
          const c = celulas.get(`${d}:${h}`);
          return `${DIAS_SEMANA[d] ?? ''} ${hora(h)}<br/>${moedaGrafico(c?.faturamento ?? 0)} · ${numeroGrafico(c?.vendas ?? 0)} vendas`;
        },
      },
      xAxis: { type: 'category', data: horas.map(hora), splitArea: { show: false } },
      yAxis: { type: 'category', data: [...DIAS_SEMANA], inverse: true },
      visualMap: {
        min: 0,
        max: max || 1,
        calculable: false,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemHeight: 200,
        formatter: (v: unknown) => moedaEixo(v),
      },
      series: [{ type: 'heatmap', data: dados, emphasis: { itemStyle: { borderWidth: 1 } } }],
    },
  };
}

/**
 * Revenue per day of the period against the comparison period, aligned day by day as the server answers them.
 * The comparison's total is the server's (`totalComparado`): a month back may hold days past the period's length.
 */
export function graficoPorDia(
  porDia: DashboardVendasResposta['porDia'],
  comparacao: ComparacaoPeriodo,
  totalComparado: string,
  rotuloComparacao: string,
): Grafico {
  const va = porDia.map((d) => num(d.faturamento));
  const vc = porDia.map((d) => num(d.comparacao[comparacao]?.faturamento ?? 0));
  return {
    resumo: `Faturamento por dia: ${moedaGrafico(somar(va))} no período contra ${moedaGrafico(totalComparado)} em ${rotuloComparacao.toLowerCase()}.`,
    opcoes: {
      grid: { ...grade, bottom: 40 },
      legend: { bottom: 0 },
      tooltip: {
        trigger: 'axis',
        formatter: (ps: unknown) => {
          const lista = (Array.isArray(ps) ? ps : [ps]) as { dataIndex: number; seriesIndex: number }[];
          const d = porDia[lista[0]?.dataIndex ?? 0];
          if (!d) return '';
          const c = d.comparacao[comparacao];
          return `${diaMes(d.dia)}: ${moedaGrafico(d.faturamento)}<br/>${c ? `${diaMes(c.dia)}: ${moedaGrafico(c.faturamento)}` : ''}`;
        },
      },
      xAxis: { type: 'category', data: porDia.map((d) => diaMes(d.dia)), boundaryGap: porDia.length === 1 },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: moedaEixo } },
      series: [
        { type: 'line', name: 'Período', data: va, smooth: true, symbolSize: 6 },
        {
          type: 'line',
          name: rotuloComparacao,
          data: vc,
          smooth: true,
          symbolSize: 6,
          lineStyle: { type: 'dashed' },
        },
      ],
    },
  };
}
