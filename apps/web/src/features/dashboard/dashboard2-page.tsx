import { PERMISSAO } from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Flex, Row, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { usePermissoes } from '../layout/main-layout.tsx';
import { chavesDashboard, dashboardVendasQuery, resumoVendasQuery } from './api.ts';
import { CartaoGrafico, ErroDashboard, filtroDoDashboard, pedidoDashboard } from './comum.tsx';
import { BarraFiltroDashboard, useFiltroDashboard } from './filtro-dashboard.tsx';
import { graficoDivisao, graficoMapaCalor, graficoPorDia } from './graficos.ts';
import { IndicadoresVendas } from './indicadores-vendas.tsx';
import {
  type Comparacao,
  diaMesAno,
  diasDoPeriodo,
  hojeComercial,
  periodoComparado,
  ROTULOS_COMPARACAO,
} from './periodo.ts';
import { useDashboardAoVivo } from './tempo-real.ts';

// dashboardDefault2 (issue 19): when the stores sell (weekday x hour heat map), the revenue per day against a
// comparison period, and the split by sale type and by order origin. The heat map and the tiles come from
// dashboardVendas; the per-day line and the splits from relatorioVenda grouped by day / sale type / origin, which
// dashboardVendas does not answer (so they need the sales report's permission as well).

export function Dashboard2Page() {
  const [filtro, aplicar] = useFiltroDashboard();
  const [comparacao, setComparacao] = useState<Comparacao>('semanaAnterior');
  const { empresas } = useEmpresasUsuario();
  const permissoes = usePermissoes();
  const comRelatorio = permissoes.data?.has(PERMISSAO.relatorioVendaAcessar) ?? false;
  const queryClient = useQueryClient();
  const consulta = useQuery(dashboardVendasQuery(pedidoDashboard(filtro, hojeComercial())));
  const anterior = periodoComparado(filtro.periodo, comparacao);
  const base = filtroDoDashboard(filtro);
  const porDia = useQuery({ ...resumoVendasQuery(base, 'dia'), enabled: comRelatorio });
  const porDiaAnterior = useQuery({
    ...resumoVendasQuery(filtroDoDashboard({ empresas: filtro.empresas, periodo: anterior }), 'dia'),
    enabled: comRelatorio,
  });
  const porTipo = useQuery({ ...resumoVendasQuery(base, 'tipoVenda'), enabled: comRelatorio });
  const porOrigem = useQuery({ ...resumoVendasQuery(base, 'origem'), enabled: comRelatorio });
  useDashboardAoVivo(filtro.empresas.length ? filtro.empresas : empresas.map((e) => e._id));
  const d = consulta.data;

  const rotuloComparacao = `${ROTULOS_COMPARACAO[comparacao]} (${diaMesAno(anterior.dataInicio)} a ${diaMesAno(anterior.dataFim)})`;
  const mapa = useMemo(() => d && graficoMapaCalor(d.mapaCalor), [d]);
  const { dataInicio, dataFim } = filtro.periodo;
  const linha = useMemo(() => {
    if (!porDia.data || !porDiaAnterior.data) return undefined;
    const periodo = { dataInicio, dataFim };
    return graficoPorDia(
      diasDoPeriodo(periodo),
      porDia.data.linhas,
      diasDoPeriodo(periodoComparado(periodo, comparacao)),
      porDiaAnterior.data.linhas,
      rotuloComparacao,
    );
  }, [porDia.data, porDiaAnterior.data, dataInicio, dataFim, comparacao, rotuloComparacao]);
  const tipos = useMemo(
    () => porTipo.data && graficoDivisao(porTipo.data.linhas, 'Por tipo de venda'),
    [porTipo.data],
  );
  const origens = useMemo(
    () => porOrigem.data && graficoDivisao(porOrigem.data.linhas, 'Por origem do pedido'),
    [porOrigem.data],
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
        grafico={mapa}
        vazio={!d?.mapaCalor.length}
        altura={300}
        testId="grafico-mapa-calor"
      />
      {!comRelatorio && permissoes.data ? (
        <Alert
          type="info"
          showIcon
          title="Faturamento por dia e divisão por tipo de venda e origem"
          description="Estes gráficos vêm do Relatório de Vendas: peça ao administrador a permissão “Relatório de Vendas - Acessar” para vê-los."
        />
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={24}>
            <CartaoGrafico
              titulo="Faturamento por dia"
              grafico={linha}
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
              grafico={tipos}
              vazio={!porTipo.data?.linhas.length}
              testId="grafico-tipo-venda"
            />
          </Col>
          <Col xs={24} lg={12}>
            <CartaoGrafico
              titulo="Por origem do pedido"
              grafico={origens}
              vazio={!porOrigem.data?.linhas.length}
              testId="grafico-origem"
            />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
