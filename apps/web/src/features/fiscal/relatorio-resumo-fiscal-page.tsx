import { useMutation } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Statistic, Table } from 'antd';
import { relatorioResumoFiscal } from './api.ts';
import { formatarData, formatarMoeda } from './comum.tsx';
import { FiltroRelatorio } from './filtro-relatorio.tsx';

// relatorioVendasResumoFiscal: what the accountant closes the month with — notes per day and status,
// the book values per CFOP and CST/CSOSN (with the ICMS base and value) and per fiscal payment means.
// Only authorised, not cancelled notes go into CFOP/CST and payments (server: modules/fiscal-relatorios).

export function RelatorioVendasResumoFiscalPage() {
  const gerar = useMutation({ mutationFn: relatorioResumoFiscal });
  const d = gerar.data;
  const soma = <T,>(l: T[], f: (x: T) => string | number) => l.reduce((s, x) => s + Number(f(x)), 0);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FiltroRelatorio aoGerar={(c) => gerar.mutate(c)} carregando={gerar.isPending} />
      {!d ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <>
          <Row gutter={12}>
            <Col span={6}>
              <Card size="small">
                <Statistic
                  title="Autorizadas"
                  value={formatarMoeda(d.totais.valorAutorizado)}
                  suffix={`(${d.totais.autorizadas})`}
                />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic
                  title="Canceladas"
                  value={formatarMoeda(d.totais.valorCancelado)}
                  suffix={`(${d.totais.canceladas})`}
                />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic
                  title="Em contingência (a transmitir)"
                  value={formatarMoeda(d.totais.valorContingencia)}
                  suffix={`(${d.totais.contingencia})`}
                />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic title="Com erro (sem validade)" value={d.totais.erro} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title="Por dia e situação">
            <Table
              size="small"
              rowKey="dia"
              pagination={false}
              dataSource={d.dias}
              columns={[
                { title: 'Dia', dataIndex: 'dia', render: (v: string) => formatarData(`${v}T12:00:00`) },
                { title: 'Notas', dataIndex: 'quantidade', align: 'right' },
                { title: 'Autorizadas', dataIndex: 'autorizadas', align: 'right' },
                {
                  title: 'Valor autorizado',
                  dataIndex: 'valorAutorizado',
                  align: 'right',
                  render: formatarMoeda,
                },
                { title: 'Canceladas', dataIndex: 'canceladas', align: 'right' },
                {
                  title: 'Valor cancelado',
                  dataIndex: 'valorCancelado',
                  align: 'right',
                  render: formatarMoeda,
                },
                { title: 'Contingência', dataIndex: 'contingencia', align: 'right' },
                { title: 'Erro', dataIndex: 'erro', align: 'right' },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {d.totais.notas}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {d.totais.autorizadas}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {formatarMoeda(d.totais.valorAutorizado)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {d.totais.canceladas}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {formatarMoeda(d.totais.valorCancelado)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {d.totais.contingencia}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    {d.totais.erro}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>
          <Row gutter={12}>
            <Col xs={24} xl={15}>
              <Card size="small" title="Por CFOP e CST/CSOSN (notas autorizadas)">
                <Table
                  size="small"
                  rowKey={(l) => `${l.CFOP}|${l.cst}`}
                  pagination={false}
                  dataSource={d.cfopCst}
                  columns={[
                    { title: 'CFOP', dataIndex: 'CFOP' },
                    { title: 'CST/CSOSN', dataIndex: 'cst' },
                    { title: 'Itens', dataIndex: 'itens', align: 'right' },
                    {
                      title: 'Valor contábil',
                      dataIndex: 'valorContabil',
                      align: 'right',
                      render: formatarMoeda,
                    },
                    { title: 'Descontos', dataIndex: 'descontos', align: 'right', render: formatarMoeda },
                    { title: 'Base ICMS', dataIndex: 'baseIcms', align: 'right', render: formatarMoeda },
                    { title: 'ICMS', dataIndex: 'valorIcms', align: 'right', render: formatarMoeda },
                    {
                      title: 'Trib. aprox.',
                      dataIndex: 'tributosAproximados',
                      align: 'right',
                      render: formatarMoeda,
                    },
                  ]}
                  summary={(l) => (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        Total
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {formatarMoeda(soma([...l], (x) => x.valorContabil))}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        {formatarMoeda(soma([...l], (x) => x.descontos))}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">
                        {formatarMoeda(soma([...l], (x) => x.baseIcms))}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} align="right">
                        {formatarMoeda(soma([...l], (x) => x.valorIcms))}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={7} align="right">
                        {formatarMoeda(soma([...l], (x) => x.tributosAproximados))}
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} xl={9}>
              <Card size="small" title="Por meio de pagamento (troco abatido)">
                <Table
                  size="small"
                  rowKey="tPag"
                  pagination={false}
                  dataSource={d.pagamentos}
                  columns={[
                    { title: 'Código', dataIndex: 'tPag' },
                    { title: 'Meio', dataIndex: 'descricao' },
                    { title: 'Qtd.', dataIndex: 'quantidade', align: 'right' },
                    { title: 'Valor', dataIndex: 'valor', align: 'right', render: formatarMoeda },
                  ]}
                  summary={(l) => (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        Total
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {formatarMoeda(soma([...l], (x) => x.valor))}
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  )}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
