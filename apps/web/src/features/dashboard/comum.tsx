import type { DashboardVendasPedido, FiltroRelatorioEntrada } from '@retaguarda/domain';
import { Alert, Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { GraficoEcharts } from '../../lib/graficos-echarts/grafico-echarts.tsx';
import type { FiltroDashboard } from './filtro-dashboard.tsx';
import type { Grafico } from './graficos.ts';

// Pieces both dashboards share: the request built from the filter, and a chart card.

export function filtroDoDashboard(f: Pick<FiltroDashboard, 'empresas' | 'periodo'>): FiltroRelatorioEntrada {
  return { empresasSelecionada: f.empresas, dataInicio: f.periodo.dataInicio, dataFim: f.periodo.dataFim };
}

export function pedidoDashboard(
  f: Pick<FiltroDashboard, 'empresas' | 'periodo'>,
  hoje: string,
): DashboardVendasPedido {
  return { filtro: filtroDoDashboard(f), hoje, topProdutos: 10 };
}

export function CartaoGrafico({
  titulo,
  grafico,
  vazio,
  altura = 280,
  testId,
  extra,
}: {
  titulo: string;
  /** undefined while loading. */
  grafico: Grafico | undefined;
  /** True when there is nothing to draw (the card says so instead of an empty chart). */
  vazio: boolean;
  altura?: number;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={titulo}
      extra={extra}
      loading={!grafico}
      styles={{ body: { minHeight: altura } }}
    >
      {grafico &&
        (vazio ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma venda no período." />
        ) : (
          <GraficoEcharts opcoes={grafico.opcoes} resumo={grafico.resumo} altura={altura} testId={testId} />
        ))}
    </Card>
  );
}

/** The dashboard could not be read (the toast said why; this keeps the reason on screen). */
export function ErroDashboard({ erro }: { erro: Error }) {
  return (
    <Alert type="error" showIcon title="Não foi possível carregar o dashboard." description={erro.message} />
  );
}
