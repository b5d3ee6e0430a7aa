import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  formatarData,
  formatarDataHora,
  formatarMoeda,
  type LinhaRelatorioInventario,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Flex, Form, Select, Space, Table, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { baixarArquivo, paraCsv, paraXlsx } from '../../lib/exportar/exportar.ts';
import { imprimirRelatorio } from '../../lib/exportar/imprimir.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { type ConsultaRelatorio, relatorioQuery } from './api.ts';
import { linhasCsvRelatorio, relatorioParaImpressao } from './regras.ts';

// relatorioEstoqueInventario (issue 17): the posted counts of the chosen stores in a period (by the count's
// date) with their surplus, shortage and net values, totals, CSV/XLSX and print; a line opens the count's review.

export function RelatorioInventarioPage() {
  const { token } = theme.useToken();
  const navegar = useNavigate();
  const atual = useSessao((s) => s.empresa?._id);
  const { empresas } = useEmpresasUsuario();
  const [escolhidas, setEscolhidas] = useState<string[]>(atual ? [atual] : []);
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [consulta, setConsulta] = useState<ConsultaRelatorio | null>(null);
  const rel = useQuery({
    ...relatorioQuery(consulta ?? { empresa: [], dataInicial: '', dataFinal: '' }),
    enabled: consulta !== null,
  });
  const d = rel.data;
  const filtros = consulta
    ? [
        `Empresas: ${empresas
          .filter((e) => consulta.empresa.includes(e._id))
          .map(nomeEmpresa)
          .join(', ')}`,
        `Período: ${formatarData(consulta.dataInicial)} a ${formatarData(dayjs(consulta.dataFinal).subtract(1, 'day').toISOString())}`,
      ]
    : [];
  const cor = (v: string) =>
    Number(v) > 0 ? token.colorSuccess : Number(v) < 0 ? token.colorError : undefined;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form
        layout="inline"
        onFinish={() =>
          setConsulta({
            empresa: escolhidas,
            dataInicial: periodo[0].startOf('day').toISOString(),
            dataFinal: periodo[1].add(1, 'day').startOf('day').toISOString(),
          })
        }
      >
        <Form.Item label="Empresas" htmlFor="rel-inv-empresas">
          <Select
            id="rel-inv-empresas"
            mode="multiple"
            aria-label="Empresas"
            style={{ minWidth: 260 }}
            value={escolhidas}
            onChange={setEscolhidas}
            options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
          />
        </Form.Item>
        <Form.Item label="Período">
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            value={periodo}
            onChange={(v) => {
              if (v?.[0] && v[1]) setPeriodo([v[0], v[1]]);
            }}
          />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={rel.isFetching}
            disabled={escolhidas.length === 0}
          >
            Gerar
          </Button>
        </Form.Item>
      </Form>
      {!d ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <>
          <Flex gap={8} justify="flex-end">
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                baixarArquivo(
                  'relatorio-inventario.csv',
                  paraCsv(linhasCsvRelatorio(d.linhas)),
                  'text/csv;charset=utf-8',
                )
              }
            >
              Exportar CSV
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={async () =>
                baixarArquivo(
                  'relatorio-inventario.xlsx',
                  new Uint8Array(await paraXlsx(linhasCsvRelatorio(d.linhas), 'Inventários')),
                  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                )
              }
            >
              Exportar Excel (XLSX)
            </Button>
            <Button
              icon={<PrinterOutlined />}
              onClick={() =>
                imprimirRelatorio(
                  relatorioParaImpressao(d.linhas, d.totais, filtros),
                  formatarDataHora(new Date()),
                )
              }
            >
              Imprimir
            </Button>
          </Flex>
          <Table<LinhaRelatorioInventario>
            size="small"
            rowKey="inventario"
            dataSource={d.linhas}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 1000 }}
            data-testid="relatorio-inventario"
            locale={{ emptyText: 'Nenhum inventário efetivado no período.' }}
            onRow={(l) => ({
              onClick: () => navegar(`/estoqueInventario?inventario=${l.inventario}&aba=revisao`),
              style: { cursor: 'pointer' },
            })}
            columns={[
              {
                title: 'Empresa',
                key: 'empresa',
                width: 160,
                ellipsis: true,
                render: (_, l) => l.empresa.descricao,
              },
              { title: 'Nº', dataIndex: 'numero', width: 60 },
              {
                title: 'Data da contagem',
                dataIndex: 'data',
                width: 150,
                render: (v: string) => formatarDataHora(v),
              },
              { title: 'Descrição', dataIndex: 'descricao', width: 240, ellipsis: true },
              { title: 'Itens', dataIndex: 'itens', width: 70, align: 'right' },
              { title: 'Com diferença', dataIndex: 'itensComDiferenca', width: 120, align: 'right' },
              {
                title: 'Sobras',
                dataIndex: 'valorSobra',
                width: 120,
                align: 'right',
                render: (v: string) => <span style={{ color: cor(v) }}>{formatarMoeda(v)}</span>,
              },
              {
                title: 'Faltas',
                dataIndex: 'valorFalta',
                width: 120,
                align: 'right',
                render: (v: string) => <span style={{ color: cor(v) }}>{formatarMoeda(v)}</span>,
              },
              {
                title: 'Líquido',
                dataIndex: 'valorLiquido',
                width: 120,
                align: 'right',
                render: (v: string) => <span style={{ color: cor(v) }}>{formatarMoeda(v)}</span>,
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6}>
                  <Typography.Text strong>Total</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <span style={{ color: cor(d.totais.sobra) }}>{formatarMoeda(d.totais.sobra)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  <span style={{ color: cor(d.totais.falta) }}>{formatarMoeda(d.totais.falta)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  <strong data-testid="total-liquido">{formatarMoeda(d.totais.liquido)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </Space>
  );
}
