import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Flex, Row } from 'antd';
import { useMemo } from 'react';
import { useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { chavesDashboard, dashboardVendasQuery } from './api.ts';
import { CartaoGrafico, ErroDashboard, pedidoDashboard } from './comum.tsx';
import { BarraFiltroDashboard, useFiltroDashboard } from './filtro-dashboard.tsx';
import { graficoPorEmpresa, graficoPorHora, graficoPorPagamento, graficoTopProdutos } from './graficos.ts';
import { IndicadoresVendas } from './indicadores-vendas.tsx';
import { hojeComercial } from './periodo.ts';
import { useDashboardAoVivo } from './tempo-real.ts';

// dashboardDefault (issue 19): revenue, tickets and average ticket of the chosen stores and period against the
// same period a week, a month and a year back; revenue by hour of the day, by store, by payment type and the top 10
// products. Read from the sales aggregates (dashboardVendas); refreshed when a sale ends (tempo-real.ts).

export function DashboardPage() {
  const [filtro, aplicar] = useFiltroDashboard();
  const { empresas } = useEmpresasUsuario();
  const queryClient = useQueryClient();
  const consulta = useQuery(dashboardVendasQuery(pedidoDashboard(filtro, hojeComercial())));
  useDashboardAoVivo(filtro.empresas.length ? filtro.empresas : empresas.map((e) => e._id));
  const d = consulta.data;

  const graficos = useMemo(
    () =>
      d && {
        hora: graficoPorHora(d.porHora),
        empresa: graficoPorEmpresa(d.porEmpresa),
        pagamento: graficoPorPagamento(d.porTipoPagamento),
        produtos: graficoTopProdutos(d.topProdutos),
      },
    [d],
  );

  return (
    <Flex vertical gap={12}>
      <BarraFiltroDashboard
        filtro={filtro}
        aoMudar={aplicar}
        atualizando={consulta.isFetching}
        atualizadoEm={consulta.dataUpdatedAt || Date.now()}
        aoAtualizar={() => void queryClient.invalidateQueries({ queryKey: chavesDashboard.todas })}
      />
      {consulta.isError && !d ? <ErroDashboard erro={consulta.error} /> : <IndicadoresVendas dados={d} />}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <CartaoGrafico
            titulo="Faturamento por hora do dia"
            grafico={graficos?.hora}
            vazio={!d?.porHora.length}
            testId="grafico-por-hora"
          />
        </Col>
        <Col xs={24} xl={10}>
          <CartaoGrafico
            titulo="Por tipo de pagamento"
            grafico={graficos?.pagamento}
            vazio={!d?.porTipoPagamento.length}
            testId="grafico-por-pagamento"
          />
        </Col>
        <Col xs={24} xl={10}>
          <CartaoGrafico
            titulo="Faturamento por loja"
            grafico={graficos?.empresa}
            vazio={!d?.porEmpresa.length}
            altura={Math.max(160, 48 * (d?.porEmpresa.length ?? 0) + 40)}
            testId="grafico-por-loja"
          />
        </Col>
        <Col xs={24} xl={14}>
          <CartaoGrafico
            titulo="Os 10 produtos mais vendidos"
            grafico={graficos?.produtos}
            vazio={!d?.topProdutos.length}
            altura={Math.max(200, 30 * (d?.topProdutos.length ?? 0) + 40)}
            testId="grafico-top-produtos"
          />
        </Col>
      </Row>
    </Flex>
  );
}
