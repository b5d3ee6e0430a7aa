import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  DESCRICAO_STATUS_TRANSFERENCIA,
  formatarData,
  formatarDataHora,
  formatarMoeda,
  type LinhaRelatorioTransferencia,
  linhasCsvRelatorioTransferencia,
  type RelatorioTransferencia,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { baixarArquivo, paraCsv, paraXlsx } from '../../lib/exportar/exportar.ts';
import { imprimirRelatorio, type RelatorioImpresso } from '../../lib/exportar/imprimir.ts';
import { type ConsultaRelatorio, relatorioQuery } from './api.ts';
import { SeletorLojasDoGrupo, TagStatusTransferencia, useNomesDasLojas } from './comum.tsx';
import { formatarCusto, formatarQuantidade } from './regras.ts';

// relatorioEstoqueTransferencia (issue 17): the lines of the transfers shipped in a period, by origin,
// destination, product and state, with quantities, values and the losses in transit with their reasons;
// totals leave cancelled transfers out. CSV / XLSX / print; a line opens its transfer.

export function RelatorioTransferenciaPage() {
  const navegar = useNavigate();
  const nomes = useNomesDasLojas();
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [origens, setOrigens] = useState<string[]>([]);
  const [destinos, setDestinos] = useState<string[]>([]);
  const [status, setStatus] = useState<ConsultaRelatorio['status']>('');
  const [divergencias, setDivergencias] = useState(false);
  const [consulta, setConsulta] = useState<ConsultaRelatorio | null>(null);
  const rel = useQuery({
    ...relatorioQuery(
      consulta ?? {
        dataInicial: '',
        dataFinal: '',
        empresaOrigem: [],
        empresaDestino: [],
        status: '',
        somenteDivergencias: false,
      },
    ),
    enabled: consulta !== null,
  });
  const d = rel.data;
  const filtros = consulta
    ? [
        `Período de envio: ${formatarData(consulta.dataInicial)} a ${formatarData(dayjs(consulta.dataFinal).subtract(1, 'day').toISOString())}`,
        `Origem: ${consulta.empresaOrigem.length ? consulta.empresaOrigem.map((e) => nomes.get(e) ?? e).join(', ') : 'todas'}`,
        `Destino: ${consulta.empresaDestino.length ? consulta.empresaDestino.map((e) => nomes.get(e) ?? e).join(', ') : 'todas'}`,
        ...(consulta.status ? [`Situação: ${DESCRICAO_STATUS_TRANSFERENCIA[consulta.status]}`] : []),
        ...(consulta.somenteDivergencias ? ['Somente linhas com divergência'] : []),
      ]
    : [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form
        layout="inline"
        onFinish={() =>
          setConsulta({
            dataInicial: periodo[0].startOf('day').toISOString(),
            dataFinal: periodo[1].add(1, 'day').startOf('day').toISOString(),
            empresaOrigem: origens,
            empresaDestino: destinos,
            status,
            somenteDivergencias: divergencias,
          })
        }
      >
        <Form.Item label="Envio">
          <DatePicker.RangePicker
            aria-label="Período de envio"
            format="DD/MM/YYYY"
            allowClear={false}
            value={periodo}
            onChange={(v) => {
              if (v?.[0] && v[1]) setPeriodo([v[0], v[1]]);
            }}
          />
        </Form.Item>
        <Form.Item label="Origem" htmlFor="rel-transf-origem">
          <SeletorLojasDoGrupo id="rel-transf-origem" rotulo="Origem" valor={origens} aoMudar={setOrigens} />
        </Form.Item>
        <Form.Item label="Destino" htmlFor="rel-transf-destino">
          <SeletorLojasDoGrupo
            id="rel-transf-destino"
            rotulo="Destino"
            valor={destinos}
            aoMudar={setDestinos}
          />
        </Form.Item>
        <Form.Item label="Situação" htmlFor="rel-transf-status">
          <Select
            id="rel-transf-status"
            style={{ minWidth: 140 }}
            value={status}
            onChange={setStatus}
            options={[
              { value: '', label: 'Todas' },
              { value: 'enviada', label: DESCRICAO_STATUS_TRANSFERENCIA.enviada },
              { value: 'recebida', label: DESCRICAO_STATUS_TRANSFERENCIA.recebida },
              { value: 'cancelada', label: DESCRICAO_STATUS_TRANSFERENCIA.cancelada },
            ]}
          />
        </Form.Item>
        <Form.Item label="Só divergências" htmlFor="rel-transf-divergencias">
          <Switch id="rel-transf-divergencias" checked={divergencias} onChange={setDivergencias} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={rel.isFetching}>
            Gerar
          </Button>
        </Form.Item>
      </Form>
      {!d ? (
        <Empty description="Escolha o período e os filtros e clique em Gerar." />
      ) : (
        <Relatorio
          d={d}
          aoAbrir={(id) => navegar(`/estoqueTransferencia?transferencia=${id}`)}
          impresso={() => paraImpressao(d, filtros)}
        />
      )}
    </Space>
  );
}

function Relatorio({
  d,
  aoAbrir,
  impresso,
}: {
  d: RelatorioTransferencia;
  aoAbrir: (id: string) => void;
  impresso: () => RelatorioImpresso;
}) {
  const { token } = theme.useToken();
  const planilha = () => linhasCsvRelatorioTransferencia(d);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} wrap>
        <Card size="small">
          <Statistic title="Transferências" value={d.totais.transferencias} />
        </Card>
        <Card size="small">
          <Statistic title="Enviado" value={formatarMoeda(d.totais.valorEnviado)} />
        </Card>
        <Card size="small">
          <Statistic title="Recebido" value={formatarMoeda(d.totais.valorRecebido)} />
        </Card>
        <Card size="small">
          <Statistic title="Em trânsito" value={formatarMoeda(d.totais.valorEmTransito)} />
        </Card>
        <Card size="small">
          <Statistic
            title="Perdas no transporte"
            value={formatarMoeda(d.totais.valorDivergencia)}
            styles={{
              content: { color: Number(d.totais.valorDivergencia) > 0 ? token.colorError : undefined },
            }}
          />
        </Card>
        <Flex gap={8} align="center" style={{ marginLeft: 'auto' }}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              baixarArquivo('relatorio-transferencias.csv', paraCsv(planilha()), 'text/csv;charset=utf-8')
            }
          >
            CSV
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={async () =>
              baixarArquivo(
                'relatorio-transferencias.xlsx',
                new Uint8Array(await paraXlsx(planilha(), 'Transferências')),
                'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              )
            }
          >
            XLSX
          </Button>
          <Button
            icon={<PrinterOutlined />}
            onClick={() => imprimirRelatorio(impresso(), formatarDataHora(new Date()))}
          >
            Imprimir
          </Button>
        </Flex>
      </Flex>
      <Table<LinhaRelatorioTransferencia>
        size="small"
        rowKey={(l) => `${l.transferencia._id}-${l.produto._id}`}
        dataSource={d.linhas}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid="relatorio-transferencias"
        locale={{ emptyText: 'Nenhuma transferência enviada no período.' }}
        onRow={(l) => ({ onClick: () => aoAbrir(l.transferencia._id), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'Nº', key: 'numero', width: 60, render: (_, l) => l.transferencia.numero },
          {
            title: 'Enviada em',
            dataIndex: 'enviadoEm',
            width: 140,
            render: (v: string | null) => (v ? formatarDataHora(v) : ''),
          },
          {
            title: 'Origem',
            key: 'origem',
            width: 170,
            ellipsis: true,
            render: (_, l) => l.origem.descricao,
          },
          {
            title: 'Destino',
            key: 'destino',
            width: 170,
            ellipsis: true,
            render: (_, l) => l.destino.descricao,
          },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 110,
            render: (_, l) => <TagStatusTransferencia status={l.status} />,
          },
          {
            title: 'Produto',
            key: 'produto',
            width: 220,
            ellipsis: true,
            render: (_, l) => l.produto.descricao,
          },
          {
            title: 'Enviado',
            key: 'quantidade',
            align: 'right',
            width: 100,
            render: (_, l) =>
              `${formatarQuantidade(l.quantidade, l.produto.unidade)} ${l.produto.unidade ?? ''}`,
          },
          {
            title: 'Recebido',
            key: 'recebido',
            align: 'right',
            width: 100,
            render: (_, l) => formatarQuantidade(l.quantidadeRecebida, l.produto.unidade),
          },
          {
            title: 'Custo',
            key: 'custo',
            align: 'right',
            width: 110,
            render: (_, l) => formatarCusto(l.custoUnitario),
          },
          {
            title: 'Valor enviado',
            key: 'valor',
            align: 'right',
            width: 120,
            render: (_, l) => formatarMoeda(l.valorEnviado),
          },
          {
            title: 'Divergência',
            key: 'divergencia',
            width: 260,
            render: (_, l) =>
              l.divergencia && Number(l.divergencia) > 0 ? (
                <Typography.Text type="danger">
                  {formatarQuantidade(l.divergencia, l.produto.unidade)} ·{' '}
                  {formatarMoeda(l.valorDivergencia ?? '0')} — {l.motivoDivergencia}
                </Typography.Text>
              ) : (
                ''
              ),
          },
        ]}
      />
    </Space>
  );
}

function paraImpressao(d: RelatorioTransferencia, filtros: string[]): RelatorioImpresso {
  return {
    titulo: 'Relatório de Transferência de Estoque',
    filtros,
    colunas: [
      { titulo: 'Nº' },
      { titulo: 'Envio' },
      { titulo: 'Origem' },
      { titulo: 'Destino' },
      { titulo: 'Situação' },
      { titulo: 'Produto' },
      { titulo: 'Enviado', direita: true },
      { titulo: 'Recebido', direita: true },
      { titulo: 'Valor enviado', direita: true },
      { titulo: 'Divergência', direita: true },
      { titulo: 'Motivo' },
    ],
    linhas: d.linhas.map((l) => [
      String(l.transferencia.numero),
      l.enviadoEm ? formatarDataHora(l.enviadoEm) : '',
      l.origem.descricao,
      l.destino.descricao,
      DESCRICAO_STATUS_TRANSFERENCIA[l.status],
      l.produto.descricao,
      formatarQuantidade(l.quantidade, l.produto.unidade),
      formatarQuantidade(l.quantidadeRecebida, l.produto.unidade),
      formatarMoeda(l.valorEnviado),
      l.valorDivergencia && Number(l.valorDivergencia) > 0 ? formatarMoeda(l.valorDivergencia) : '',
      l.motivoDivergencia ?? '',
    ]),
    rodape: [
      [
        `${d.totais.transferencias} transferências`,
        '',
        '',
        '',
        '',
        `Em trânsito: ${formatarMoeda(d.totais.valorEmTransito)}`,
        '',
        `Recebido: ${formatarMoeda(d.totais.valorRecebido)}`,
        formatarMoeda(d.totais.valorEnviado),
        formatarMoeda(d.totais.valorDivergencia),
        '',
      ],
    ],
  };
}
