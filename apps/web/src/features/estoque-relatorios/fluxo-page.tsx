import { formatarMoeda, formatarNumeroEnxuto, type LinhaFluxoEstoque } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Statistic, Table } from 'antd';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { fluxoEstoqueQuery } from './api.ts';
import { AcoesRelatorio, type TabelaRelatorio } from './exportacao.tsx';
import { FiltroRelatorioEstoque, useFiltroRelatorio } from './filtro.tsx';
import { descreverPeriodo } from './periodo.ts';

// relatorioEstoqueFluxo (issue 17): per store and product, what there was at the start of the period, what came
// in and went out, and what there was at its end, in quantity and value (the ledger's running figures: the
// opening is the position before the first day, the closing the position after the last).

/** '12.500000' -> '12,5' (up to 6 places, no trailing zeros). */
const quantidade = (v: string) => formatarNumeroEnxuto(v, 6);

export function RelatorioFluxoEstoquePage() {
  const [filtro, aplicar] = useFiltroRelatorio();
  const { empresas } = useEmpresasUsuario();
  const relatorio = useQuery({ ...fluxoEstoqueQuery(filtro), enabled: filtro.empresas.length > 0 });
  const d = relatorio.data;
  const nomes = new Map(empresas.map((e) => [e._id, nomeEmpresa(e)]));
  const variasLojas = filtro.empresas.length > 1;
  // Summary cells follow the columns shown.
  const c = variasLojas ? 1 : 0;

  function montar(): TabelaRelatorio | null {
    if (!d) return null;
    return {
      arquivo: 'fluxo-de-estoque',
      titulo: 'Fluxo de Estoque',
      filtros: [
        `Empresas: ${filtro.empresas.map((e) => nomes.get(e) ?? e).join(', ')}`,
        `Período: ${descreverPeriodo(filtro.inicio, filtro.fim)}`,
        ...(filtro.busca ? [`Busca: ${filtro.busca}`] : []),
      ],
      colunas: [
        { titulo: 'Produto' },
        { titulo: 'Unidade' },
        { titulo: 'Empresa' },
        { titulo: 'Saldo inicial', direita: true },
        { titulo: 'Valor inicial', direita: true },
        { titulo: 'Entradas', direita: true },
        { titulo: 'Valor entradas', direita: true },
        { titulo: 'Saídas', direita: true },
        { titulo: 'Valor saídas', direita: true },
        { titulo: 'Saldo final', direita: true },
        { titulo: 'Valor final', direita: true },
      ],
      celulas: d.linhas.map((l) => [
        l.produto.descricao,
        l.produto.unidade ?? '',
        l.empresa.descricao,
        Number(l.saldoInicial),
        Number(l.valorInicial),
        Number(l.entradas),
        Number(l.valorEntradas),
        Number(l.saidas),
        Number(l.valorSaidas),
        Number(l.saldoFinal),
        Number(l.valorFinal),
      ]),
      linhas: d.linhas.map((l) => [
        l.produto.descricao,
        l.produto.unidade ?? '',
        l.empresa.descricao,
        quantidade(l.saldoInicial),
        formatarMoeda(l.valorInicial),
        quantidade(l.entradas),
        formatarMoeda(l.valorEntradas),
        quantidade(l.saidas),
        formatarMoeda(l.valorSaidas),
        quantidade(l.saldoFinal),
        formatarMoeda(l.valorFinal),
      ]),
      rodape: [
        [
          `${d.linhas.length} linhas`,
          '',
          'Total',
          '',
          formatarMoeda(d.totais.valorInicial),
          '',
          formatarMoeda(d.totais.valorEntradas),
          '',
          formatarMoeda(d.totais.valorSaidas),
          '',
          formatarMoeda(d.totais.valorFinal),
        ],
      ],
    };
  }

  const cartao = (titulo: string, valor: string, id: string) => (
    <Col xs={12} lg={6}>
      <Card size="small">
        <Statistic title={titulo} value={formatarMoeda(valor)} data-testid={id} />
      </Card>
    </Col>
  );

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <FiltroRelatorioEstoque
          filtro={filtro}
          aoGerar={aplicar}
          carregando={relatorio.isFetching}
          rotuloBusca="Produto"
        />
        <AcoesRelatorio montar={montar} />
      </Flex>
      {!d ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {cartao('Valor inicial', d.totais.valorInicial, 'fluxo-valor-inicial')}
            {cartao('Entradas', d.totais.valorEntradas, 'fluxo-valor-entradas')}
            {cartao('Saídas', d.totais.valorSaidas, 'fluxo-valor-saidas')}
            {cartao('Valor final', d.totais.valorFinal, 'fluxo-valor-final')}
          </Row>
          <Table<LinhaFluxoEstoque>
            data-testid="relatorio-fluxo"
            size="small"
            rowKey={(l) => `${l.empresa._id}|${l.produto._id}`}
            dataSource={d.linhas}
            scroll={{ x: 'max-content' }}
            pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (t) => `${t} linhas` }}
            columns={[
              {
                title: 'Produto',
                key: 'produto',
                fixed: 'left',
                sorter: (a, b) => a.produto.descricao.localeCompare(b.produto.descricao),
                render: (_: unknown, l) => l.produto.descricao,
              },
              { title: 'Unidade', key: 'un', render: (_: unknown, l) => l.produto.unidade ?? '' },
              // One store chosen: its name is in the filter, not on every row.
              ...(variasLojas
                ? [
                    {
                      title: 'Empresa',
                      key: 'empresa',
                      render: (_: unknown, l: LinhaFluxoEstoque) => l.empresa.descricao,
                    },
                  ]
                : []),
              { title: 'Saldo inicial', dataIndex: 'saldoInicial', align: 'right', render: quantidade },
              {
                title: 'Valor inicial',
                dataIndex: 'valorInicial',
                align: 'right',
                render: (v: string) => formatarMoeda(v),
              },
              { title: 'Entradas', dataIndex: 'entradas', align: 'right', render: quantidade },
              {
                title: 'Valor entradas',
                dataIndex: 'valorEntradas',
                align: 'right',
                sorter: (a, b) => Number(a.valorEntradas) - Number(b.valorEntradas),
                render: (v: string) => formatarMoeda(v),
              },
              { title: 'Saídas', dataIndex: 'saidas', align: 'right', render: quantidade },
              {
                title: 'Valor saídas',
                dataIndex: 'valorSaidas',
                align: 'right',
                sorter: (a, b) => Number(a.valorSaidas) - Number(b.valorSaidas),
                render: (v: string) => formatarMoeda(v),
              },
              { title: 'Saldo final', dataIndex: 'saldoFinal', align: 'right', render: quantidade },
              {
                title: 'Valor final',
                dataIndex: 'valorFinal',
                align: 'right',
                sorter: (a, b) => Number(a.valorFinal) - Number(b.valorFinal),
                render: (v: string) => formatarMoeda(v),
              },
            ]}
            summary={() => (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3 + c}>
                    Total ({d.linhas.length} linhas)
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3 + c} align="right">
                    {formatarMoeda(d.totais.valorInicial)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4 + c} />
                  <Table.Summary.Cell index={5 + c} align="right">
                    {formatarMoeda(d.totais.valorEntradas)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6 + c} />
                  <Table.Summary.Cell index={7 + c} align="right">
                    {formatarMoeda(d.totais.valorSaidas)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={8 + c} />
                  <Table.Summary.Cell index={9 + c} align="right">
                    {formatarMoeda(d.totais.valorFinal)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </>
      )}
    </Flex>
  );
}
