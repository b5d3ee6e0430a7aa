import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Flex, Row, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { chavesDashboard, dashboardVendasQuery } from './api.ts';
import { CartaoGrafico, ErroDashboard, pedidoDashboard } from './comum.tsx';
import { BarraFiltroDashboard, useFiltroDashboard } from './filtro-dashboard.tsx';
import { graficoDivisao, graficoMapaCalor, graficoPorDia } from './graficos.ts';
import { IndicadoresVendas } from './indicadores-vendas.tsx';
import {
  type Comparacao,
  diaMesAno,
  hojeComercial,
  periodoComparado,
  ROTULOS_COMPARACAO,
} from './periodo.ts';
import { useDashboardAoVivo } from './tempo-real.ts';

// dashboardDefault2 (issue 19): when the stores sell (weekday x hour heat map), the revenue per day against a
// comparison period, and the split by sale type and by order origin. One call (dashboardVendas) answers all of
// it, every comparison period's days included, so switching the comparison asks the server nothing.

export function Dashboard2Page() {
  const [filtro, aplicar] = useFiltroDashboard();
  const [comparacao, setComparacao] = useState<Comparacao>('semanaAnterior');
  const { empresas } = useEmpresasUsuario();
  const queryClient = useQueryClient();
  const consulta = useQuery(dashboardVendasQuery(pedidoDashboard(filtro, hojeComercial())));
  useDashboardAoVivo(filtro.empresas.length ? filtro.empresas : empresas.map((e) => e._id));
  const d = consulta.data;

  const anterior = periodoComparado(filtro.periodo, comparacao);
  const rotuloComparacao = `${ROTULOS_COMPARACAO[comparacao]} (${diaMesAno(anterior.dataInicio)} a ${diaMesAno(anterior.dataFim)})`;
  const graficos = useMemo(
    () =>
      d && {
        mapa: graficoMapaCalor(d.mapaCalor),
        linha: graficoPorDia(d.porDia, comparacao, d.comparacao[comparacao].faturamento, rotuloComparacao),
        tipos: graficoDivisao(d.porTipoVenda, 'Por tipo de venda'),
        origens: graficoDivisao(d.porOrigem, 'Por origem do pedido'),
      },
    [d, comparacao, rotuloComparacao],
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
      <CartaoGrafico
        titulo="Faturamento por dia da semana e hora"
        grafico={graficos?.mapa}
        vazio={!d?.mapaCalor.length}
        altura={300}
        testId="grafico-mapa-calor"
      />
      <Row gutter={[12, 12]}>
        <Col xs={24}>
          <CartaoGrafico
            titulo="Faturamento por dia"
            grafico={graficos?.linha}
            vazio={false}
            testId="grafico-por-dia"
            extra={
              <Select
                aria-label="Comparar com"
                size="small"
                style={{ width: 170 }}
                value={comparacao}
                onChange={setComparacao}
                options={(Object.keys(ROTULOS_COMPARACAO) as Comparacao[]).map((c) => ({
                  value: c,
                  label: `vs ${ROTULOS_COMPARACAO[c].toLowerCase()}`,
                }))}
              />
            }
          />
        </Col>
        <Col xs={24} lg={12}>
          <CartaoGrafico
            titulo="Por tipo de venda"
            grafico={graficos?.tipos}
            vazio={!d?.porTipoVenda.length}
            testId="grafico-tipo-venda"
          />
        </Col>
        <Col xs={24} lg={12}>
          <CartaoGrafico
            titulo="Por origem do pedido"
            grafico={graficos?.origens}
            vazio={!d?.porOrigem.length}
            testId="grafico-origem"
          />
        </Col>
      </Row>
    </Flex>
  );
}
