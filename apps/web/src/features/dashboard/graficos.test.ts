import type { DashboardVendasResposta } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { graficoDivisao, graficoPorDia } from './graficos.ts';

// The dashboard 2 charts drawn from dashboardVendas' porDia / porTipoVenda / porOrigem (no second call).

const dia = (d: string, faturamento: string, vendas: number) => ({ dia: d, faturamento, vendas });
const porDia: DashboardVendasResposta['porDia'] = [
  {
    ...dia('2024-03-04', '35.50', 2),
    comparacao: {
      semanaAnterior: dia('2024-02-26', '0.00', 0),
      mesAnterior: dia('2024-02-04', '3.00', 1),
      anoAnterior: null,
    },
  },
  {
    ...dia('2024-03-05', '0.00', 0),
    comparacao: {
      semanaAnterior: dia('2024-02-27', '7.00', 1),
      mesAnterior: dia('2024-02-05', '0.00', 0),
      anoAnterior: null,
    },
  },
];

type Serie = { name: string; data: number[] };

describe('dashboard charts', () => {
  it('draws the period and the chosen comparison day by day', () => {
    const g = graficoPorDia(porDia, 'semanaAnterior', '7.00', 'Semana anterior (26/02/2024 a 27/02/2024)');
    const series = g.opcoes.series as Serie[];
    expect(series.map((s) => s.data)).toEqual([
      [35.5, 0],
      [0, 7],
    ]);
    expect((g.opcoes.xAxis as { data: string[] }).data).toEqual(['04/03', '05/03']);
    expect(g.resumo).toBe(
      'Faturamento por dia: R$ 35,50 no período contra R$ 7,00 em semana anterior (26/02/2024 a 27/02/2024).',
    );
    // Another comparison reads the same answer; days the comparison lacks are drawn at zero.
    const mes = graficoPorDia(porDia, 'mesAnterior', '3.00', 'Mês anterior');
    expect((mes.opcoes.series as Serie[])[1]?.data).toEqual([3, 0]);
    const ano = graficoPorDia(porDia, 'anoAnterior', '0.00', 'Ano anterior');
    expect((ano.opcoes.series as Serie[])[1]?.data).toEqual([0, 0]);
  });

  it('splits the revenue by sale type, largest first', () => {
    const g = graficoDivisao(
      [
        { descricao: 'Balcão', faturamento: '14.25' },
        { descricao: 'Mesa', faturamento: '40.25' },
      ],
      'Por tipo de venda',
    );
    expect(g.resumo).toBe('Por tipo de venda: Mesa R$ 40,25 (73,9%); Balcão R$ 14,25 (26,1%).');
    expect(graficoDivisao([], 'Por origem do pedido').resumo).toBe(
      'Por origem do pedido: nenhuma venda no período.',
    );
  });
});
