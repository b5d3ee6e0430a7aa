import {
  formatarMoeda,
  formatarNumero,
  formatarNumeroEnxuto,
  type LinhaInsumoVenda,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Progress, Row, Statistic, Table, Typography, theme } from 'antd';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { vendaInsumosQuery } from './api.ts';
import { AcoesRelatorio, type TabelaRelatorio } from './exportacao.tsx';
import { FiltroRelatorioEstoque, useFiltroRelatorio } from './filtro.tsx';
import { GraficoFaturamentoCusto } from './grafico-faturamento-custo.tsx';
import { descreverPeriodo } from './periodo.ts';

// relatorioVendaInsumos (issue 17), the food cost owners ask for first: what the sales of the period consumed
// (the recipes' ingredients, at the cost each consumption move carried), against the revenue of those sales —
// the CMV % up front, revenue and ingredient cost per day, and each ingredient's share of the cost.

const quantidade = (v: string) => formatarNumeroEnxuto(v, 6);
const percentual = (v: string | null) => (v === null ? '—' : `${formatarNumero(v, 2)}%`);

export function RelatorioVendaInsumosPage() {
  const { token } = theme.useToken();
  const [filtro, aplicar] = useFiltroRelatorio();
  const { empresas } = useEmpresasUsuario();
  const relatorio = useQuery({ ...vendaInsumosQuery(filtro), enabled: filtro.empresas.length > 0 });
  const d = relatorio.data;
  const nomes = new Map(empresas.map((e) => [e._id, nomeEmpresa(e)]));
  // The rows' total (a search narrows the rows; the cards keep the period's whole cost).
  const totalLinhas = formatarMoeda(
    (d?.linhas ?? []).reduce((s, l) => s + Math.round(Number(l.custo) * 100), 0) / 100,
  );

  function montar(): TabelaRelatorio | null {
    if (!d) return null;
    return {
      arquivo: 'vendas-por-insumo',
      titulo: 'Vendas por Insumo (CMV)',
      filtros: [
        `Empresas: ${filtro.empresas.map((e) => nomes.get(e) ?? e).join(', ')}`,
        `Período: ${descreverPeriodo(filtro.inicio, filtro.fim)}`,
        ...(filtro.busca ? [`Busca: ${filtro.busca}`] : []),
        `Faturamento: ${formatarMoeda(d.faturamento)} em ${d.vendas} vendas — custo dos insumos: ${formatarMoeda(d.custoInsumos)} — CMV: ${percentual(d.cmvPercentual)}`,
      ],
      colunas: [
        { titulo: 'Insumo' },
        { titulo: 'Unidade' },
        { titulo: 'Quantidade', direita: true },
        { titulo: 'Custo', direita: true },
        { titulo: 'Participação (%)', direita: true },
      ],
      celulas: d.linhas.map((l) => [
        l.produto.descricao,
        l.produto.unidade ?? '',
        Number(l.quantidade),
        Number(l.custo),
        Number(l.participacao),
      ]),
      linhas: d.linhas.map((l) => [
        l.produto.descricao,
        l.produto.unidade ?? '',
        quantidade(l.quantidade),
        formatarMoeda(l.custo),
        percentual(l.participacao),
      ]),
      rodape: [[`${d.linhas.length} insumos`, '', 'Total', totalLinhas, '']],
    };
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <FiltroRelatorioEstoque
          filtro={filtro}
          aoGerar={aplicar}
          carregando={relatorio.isFetching}
          rotuloBusca="Insumo"
        />
        <AcoesRelatorio montar={montar} />
      </Flex>
      {!d ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={8}>
              <Card size="small" style={{ height: '100%' }}>
                <Statistic
                  title="CMV (custo dos insumos / faturamento)"
                  value={percentual(d.cmvPercentual)}
                  styles={{ content: { fontSize: 44, fontWeight: 600, color: token.colorPrimary } }}
                  data-testid="cmv-percentual"
                />
              </Card>
            </Col>
            <Col xs={24} md={16}>
              <Row gutter={[12, 12]}>
                <Col xs={12} lg={8}>
                  <Card size="small">
                    <Statistic
                      title="Faturamento"
                      value={formatarMoeda(d.faturamento)}
                      data-testid="cmv-faturamento"
                    />
                  </Card>
                </Col>
                <Col xs={12} lg={8}>
                  <Card size="small">
                    <Statistic
                      title="Custo dos insumos"
                      value={formatarMoeda(d.custoInsumos)}
                      data-testid="cmv-custo"
                    />
                  </Card>
                </Col>
                <Col xs={12} lg={8}>
                  <Card size="small">
                    <Statistic title="Vendas" value={d.vendas} data-testid="cmv-vendas" />
                  </Card>
                </Col>
              </Row>
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                Faturamento líquido das vendas encerradas no período; custo dos insumos pelo custo médio com
                que cada consumo saiu do estoque (vendas canceladas depois devolvem o que consumiram).
              </Typography.Paragraph>
            </Col>
          </Row>
          <Card size="small" title="Faturamento × custo dos insumos por dia">
            {d.porDia.length ? (
              <GraficoFaturamentoCusto dias={d.porDia} />
            ) : (
              <Empty description="Nenhuma venda no período." />
            )}
          </Card>
          <Table<LinhaInsumoVenda>
            data-testid="relatorio-insumos"
            size="small"
            rowKey={(l) => l.produto._id}
            dataSource={d.linhas}
            scroll={{ x: 'max-content' }}
            pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (t) => `${t} insumos` }}
            locale={{ emptyText: 'Nenhum insumo consumido por vendas no período.' }}
            columns={[
              {
                title: 'Insumo',
                key: 'produto',
                sorter: (a, b) => a.produto.descricao.localeCompare(b.produto.descricao),
                render: (_: unknown, l) => l.produto.descricao,
              },
              { title: 'Unidade', key: 'un', render: (_: unknown, l) => l.produto.unidade ?? '' },
              { title: 'Quantidade', dataIndex: 'quantidade', align: 'right', render: quantidade },
              {
                title: 'Custo',
                dataIndex: 'custo',
                align: 'right',
                defaultSortOrder: 'descend',
                sorter: (a, b) => Number(a.custo) - Number(b.custo),
                render: (v: string) => formatarMoeda(v),
              },
              {
                title: 'Participação',
                dataIndex: 'participacao',
                width: 220,
                render: (v: string) => (
                  <Flex gap={8} align="center">
                    <Progress
                      percent={Number(v)}
                      showInfo={false}
                      size="small"
                      style={{ flex: 1, margin: 0 }}
                    />
                    <span style={{ minWidth: 56, textAlign: 'right' }}>{percentual(v)}</span>
                  </Flex>
                ),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  Total ({d.linhas.length} insumos)
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {totalLinhas}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} />
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </Flex>
  );
}
