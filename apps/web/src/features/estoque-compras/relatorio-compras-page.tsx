import {
  AGRUPAMENTOS_COMPRAS,
  type AgrupamentoCompras,
  DESCRICAO_AGRUPAMENTO_COMPRAS,
  formatarDataHora,
  type LinhaRelatorioCompras,
  linhasCsvRelatorioCompras,
  type RelatorioCompras,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Row,
  Select,
  Statistic,
  Table,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { baixarArquivo, paraCsv, paraXlsx } from '../../lib/exportar/exportar.ts';
import { imprimirRelatorio } from '../../lib/exportar/imprimir.ts';
import { useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { SeletorReferencia } from '../recursos/seletor-referencia.tsx';
import { relatorioComprasQuery } from './api.ts';
import {
  formatarCusto,
  formatarData,
  formatarMoeda,
  formatarQuantidade,
  useEmpresaInicial,
} from './comum.tsx';
import { planilhaRelatorioCompras, relatorioComprasParaImpressao } from './exportacao-compras.ts';

// relatorioEstoqueCompras (issue 17): what was bought in a period — from the inbound NF-e posted to stock, less
// the postings reversed — per product (quantity in stock units, value, average, lowest and highest unit cost),
// per supplier, per store, or per supplier and product; totals, the largest values in a bar chart, CSV/XLSX export and print.

interface Consulta {
  empresa: string[];
  dataInicio: string;
  dataFim: string;
  fornecedor?: string;
  produto?: string;
  agrupamento: AgrupamentoCompras;
}

function nomeDaLinha(l: LinhaRelatorioCompras, ag: AgrupamentoCompras): string {
  if (ag === 'empresa') return l.empresa?.descricao ?? '';
  if (ag === 'fornecedor') return l.fornecedor?.nome ?? 'Sem fornecedor';
  if (ag === 'fornecedorProduto')
    return `${l.produto?.descricao ?? ''} · ${l.fornecedor?.nome ?? 'Sem fornecedor'}`;
  return l.produto?.descricao ?? '';
}

export function RelatorioComprasPage() {
  const atual = useEmpresaInicial();
  const { empresas } = useEmpresasUsuario();
  const [escolhidas, setEscolhidas] = useState<string[]>(atual ? [atual] : []);
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [fornecedor, setFornecedor] = useState<string | null>(null);
  const [produto, setProduto] = useState<string | null>(null);
  const [agrupamento, setAgrupamento] = useState<AgrupamentoCompras>('produto');
  const [consulta, setConsulta] = useState<Consulta | null>(null);
  const relatorio = useQuery({
    ...relatorioComprasQuery(
      consulta ?? { empresa: [], dataInicio: '', dataFim: '', agrupamento: 'produto' },
    ),
    enabled: consulta !== null,
  });
  const r = relatorio.data;
  const gerar = () =>
    setConsulta({
      empresa: escolhidas,
      dataInicio: periodo[0].format('YYYY-MM-DD'),
      dataFim: periodo[1].format('YYYY-MM-DD'),
      ...(fornecedor ? { fornecedor } : {}),
      ...(produto ? { produto } : {}),
      agrupamento,
    });
  const exportar = (dados: RelatorioCompras) =>
    baixarArquivo(
      `compras-${dados.dataInicio}-a-${dados.dataFim}.csv`,
      paraCsv(linhasCsvRelatorioCompras(dados)),
      'text/csv;charset=utf-8',
    );
  const exportarXlsx = async (dados: RelatorioCompras) =>
    baixarArquivo(
      `compras-${dados.dataInicio}-a-${dados.dataFim}.xlsx`,
      new Uint8Array(await paraXlsx(planilhaRelatorioCompras(dados), 'Compras')),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  const imprimir = (dados: RelatorioCompras) => {
    const nomes = new Map(empresas.map((e) => [e._id, e.nomeFantasia || e.descricao]));
    const filtros = [
      `Empresas: ${(consulta?.empresa ?? []).map((e) => nomes.get(e) ?? e).join(', ')}`,
      `Período: ${formatarData(`${dados.dataInicio}T12:00:00`)} a ${formatarData(`${dados.dataFim}T12:00:00`)}`,
      `Agrupado por: ${DESCRICAO_AGRUPAMENTO_COMPRAS[dados.agrupamento]}`,
      ...(consulta?.fornecedor || consulta?.produto ? ['Filtrado por fornecedor ou produto'] : []),
    ];
    imprimirRelatorio(relatorioComprasParaImpressao(dados, filtros), formatarDataHora(new Date()));
  };

  return (
    <Flex vertical gap={16}>
      <Form layout="inline" onFinish={gerar} style={{ rowGap: 8 }}>
        <Form.Item label="Empresas" htmlFor="compras-empresas">
          <Select
            id="compras-empresas"
            mode="multiple"
            style={{ minWidth: 240 }}
            value={escolhidas}
            onChange={setEscolhidas}
            options={empresas.map((e) => ({ value: e._id, label: e.nomeFantasia || e.descricao }))}
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
        <Form.Item label="Fornecedor" htmlFor="compras-fornecedor" style={{ minWidth: 260 }}>
          <SeletorReferencia
            id="compras-fornecedor"
            tabela="pessoa"
            valor={fornecedor}
            onChange={(v) => setFornecedor(typeof v === 'string' ? v : null)}
            placeholder="Todos"
          />
        </Form.Item>
        <Form.Item label="Produto" htmlFor="compras-produto" style={{ minWidth: 260 }}>
          <SeletorReferencia
            id="compras-produto"
            tabela="produtoGeral"
            valor={produto}
            onChange={(v) => setProduto(typeof v === 'string' ? v : null)}
            placeholder="Todos"
          />
        </Form.Item>
        <Form.Item label="Agrupar por" htmlFor="compras-agrupamento">
          <Select
            id="compras-agrupamento"
            style={{ minWidth: 200 }}
            value={agrupamento}
            onChange={setAgrupamento}
            options={AGRUPAMENTOS_COMPRAS.map((a) => ({ value: a, label: DESCRICAO_AGRUPAMENTO_COMPRAS[a] }))}
          />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={relatorio.isFetching}
            disabled={!escolhidas.length}
          >
            Gerar
          </Button>
        </Form.Item>
        <Form.Item>
          <Button disabled={!r?.linhas.length} onClick={() => r && exportar(r)}>
            Exportar CSV
          </Button>
        </Form.Item>
        <Form.Item>
          <Button disabled={!r?.linhas.length} onClick={() => r && exportarXlsx(r)}>
            Exportar Excel (XLSX)
          </Button>
        </Form.Item>
        <Form.Item>
          <Button disabled={!r?.linhas.length} onClick={() => r && imprimir(r)}>
            Imprimir
          </Button>
        </Form.Item>
      </Form>
      {!r ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <ResultadoCompras relatorio={r} />
      )}
    </Flex>
  );
}

function ResultadoCompras({ relatorio: r }: { relatorio: RelatorioCompras }) {
  const ag = r.agrupamento;
  const comProduto = ag === 'produto' || ag === 'fornecedorProduto';
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="Valor comprado" value={formatarMoeda(r.totais.valor)} />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card size="small">
            <Statistic title="Notas lançadas" value={r.totais.notas} />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card size="small">
            <Statistic title="Itens" value={r.totais.itens} />
          </Card>
        </Col>
      </Row>
      {r.linhas.length > 0 && (
        <Card size="small" title={`Maiores valores por ${DESCRICAO_AGRUPAMENTO_COMPRAS[ag].toLowerCase()}`}>
          <Barras relatorio={r} />
        </Card>
      )}
      <Typography.Text type="secondary">
        {`De ${formatarData(`${r.dataInicio}T12:00:00`)} a ${formatarData(`${r.dataFim}T12:00:00`)} · notas de entrada lançadas no estoque (estornos não entram) · quantidades e preços na unidade do estoque`}
      </Typography.Text>
      <Table<LinhaRelatorioCompras>
        rowKey="chave"
        size="small"
        dataSource={r.linhas}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="Nenhuma compra lançada no período." /> }}
        columns={[
          { title: DESCRICAO_AGRUPAMENTO_COMPRAS[ag], key: 'nome', render: (_, l) => nomeDaLinha(l, ag) },
          ...(comProduto
            ? [
                {
                  title: 'Un.',
                  key: 'un',
                  width: 60,
                  render: (_: unknown, l: LinhaRelatorioCompras) => l.produto?.unidade ?? '',
                },
                {
                  title: 'Quantidade',
                  dataIndex: 'quantidade',
                  width: 120,
                  align: 'right' as const,
                  render: (v: string | null) => formatarQuantidade(v),
                },
              ]
            : []),
          { title: 'Notas', dataIndex: 'notas', width: 80, align: 'right' },
          {
            title: 'Valor',
            dataIndex: 'valor',
            width: 130,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          ...(comProduto
            ? [
                {
                  title: 'Preço médio',
                  dataIndex: 'precoMedio',
                  width: 120,
                  align: 'right' as const,
                  render: (v: string | null) => formatarCusto(v),
                },
                {
                  title: 'Menor',
                  dataIndex: 'menorPreco',
                  width: 110,
                  align: 'right' as const,
                  render: (v: string | null) => formatarCusto(v),
                },
                {
                  title: 'Maior',
                  dataIndex: 'maiorPreco',
                  width: 110,
                  align: 'right' as const,
                  render: (v: string | null) => formatarCusto(v),
                },
              ]
            : []),
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={comProduto ? 3 : 1}>
              <Typography.Text strong>Total</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {r.totais.notas}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Typography.Text strong>{formatarMoeda(r.totais.valor)}</Typography.Text>
            </Table.Summary.Cell>
            {comProduto && <Table.Summary.Cell index={3} colSpan={3} />}
          </Table.Summary.Row>
        )}
      />
    </Flex>
  );
}

/** The ten largest values as horizontal bars (theme colours: they follow light and dark). */
function Barras({ relatorio: r }: { relatorio: RelatorioCompras }) {
  const { token } = theme.useToken();
  const linhas = r.linhas.slice(0, 10);
  const maior = Math.max(...linhas.map((l) => Number(l.valor)), 0.01);
  return (
    <Flex vertical gap={6} role="list" aria-label="Maiores valores">
      {linhas.map((l) => (
        <Flex key={l.chave} align="center" gap={8} role="listitem">
          <Typography.Text
            ellipsis
            style={{ width: 260, flex: 'none' }}
            title={nomeDaLinha(l, r.agrupamento)}
          >
            {nomeDaLinha(l, r.agrupamento)}
          </Typography.Text>
          <div style={{ flex: 1, background: token.colorFillTertiary, borderRadius: token.borderRadiusSM }}>
            <div
              style={{
                width: `${Math.max(1, (Number(l.valor) / maior) * 100)}%`,
                height: 14,
                background: token.colorPrimary,
                borderRadius: token.borderRadiusSM,
              }}
            />
          </div>
          <Typography.Text style={{ width: 120, textAlign: 'right', flex: 'none' }}>
            {formatarMoeda(l.valor)}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
