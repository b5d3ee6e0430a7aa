import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  type FiltroRelatorioEntrada,
  formatarData,
  origensPedido,
  periodoPadraoRelatorio,
  tiposVenda,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Dropdown,
  Empty,
  Flex,
  Form,
  Row,
  Select,
  Statistic,
  Table,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Celula, FormatoColuna } from '../../lib/exportar/exportar.ts';
import { baixarTabela, type TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';
import { notificar } from '../../lib/notify/notificar.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { type LinhaEvento, type RotaRelatorioEventos, relatorioEventosQuery, todasAsLinhas } from './api.ts';

// One screen for the four event reports: the default report filter (spec 1 §3/§9: start of the previous month to
// the end of the current one; stores empty = every store where the user holds the report) kept in the URL, the
// totals of the whole filter from the server, one page of 50 rows, and the files (CSV, XLSX, PDF) and print of
// every row of the filter (read page by page, at most 5,000).

export interface ColunaEvento {
  titulo: string;
  direita?: boolean;
  /** Text on screen, in the print and the PDF. */
  texto: (l: LinhaEvento) => string;
  /** Cell of the CSV/XLSX (numbers stay numbers), default the text. */
  celula?: (l: LinhaEvento) => Celula;
  /** How the spreadsheet shows the column (R$, date). */
  formato?: FormatoColuna;
  largura?: number;
}

export interface CartaoTotal {
  titulo: string;
  valor: string;
  testId: string;
}

export interface DefinicaoRelatorioEventos {
  rota: RotaRelatorioEventos;
  titulo: string;
  arquivo: string;
  colunas: ColunaEvento[];
  cartoes: (totais: Record<string, unknown>) => CartaoTotal[];
  /** Footer of the table and of the files: the label and the total of the value column (last). */
  total: (totais: Record<string, unknown>) => { rotulo: string; valor: string; numero: number };
  /** Extra block under the cards (a breakdown). */
  detalheTotais?: (totais: Record<string, unknown>) => ReactNode;
  /** The orders report filters by origin (68-77). */
  comOrigem?: boolean;
  vazio: string;
}

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const numeros = (v: string[]) => v.map(Number).filter((n) => Number.isInteger(n));

/** The filter of the URL over the default one; `aplicar` writes it (a reload or a link shows the same report). */
function useFiltro(): [FiltroRelatorioEntrada, (f: FiltroRelatorioEntrada) => void] {
  const [params, setParams] = useSearchParams();
  const padrao = periodoPadraoRelatorio(new Date());
  const inicio = params.get('inicio') ?? '';
  const fim = params.get('fim') ?? '';
  const filtro: FiltroRelatorioEntrada = {
    dataInicio: DIA.test(inicio) ? inicio : padrao.dataInicio,
    dataFim: DIA.test(fim) ? fim : padrao.dataFim,
    empresasSelecionada: params.getAll('empresa'),
    tipoVenda: numeros(params.getAll('tipoVenda')),
    localPedido: numeros(params.getAll('origem')),
  };
  const aplicar = (f: FiltroRelatorioEntrada) => {
    const n = new URLSearchParams();
    n.set('inicio', f.dataInicio);
    n.set('fim', f.dataFim);
    for (const e of f.empresasSelecionada ?? []) n.append('empresa', e);
    for (const t of f.tipoVenda ?? []) n.append('tipoVenda', String(t));
    for (const o of f.localPedido ?? []) n.append('origem', String(o));
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

const periodoTexto = (f: FiltroRelatorioEntrada) =>
  `${formatarData(`${f.dataInicio}T12:00:00-03:00`)} a ${formatarData(`${f.dataFim}T12:00:00-03:00`)}`;

function BarraFiltro({
  filtro,
  aoGerar,
  carregando,
  comOrigem,
}: {
  filtro: FiltroRelatorioEntrada;
  aoGerar: (f: FiltroRelatorioEntrada) => void;
  carregando: boolean;
  comOrigem: boolean;
}) {
  const { empresas } = useEmpresasUsuario();
  const [rascunho, setRascunho] = useState(filtro);
  return (
    <Form layout="inline" onFinish={() => aoGerar(rascunho)} style={{ rowGap: 8 }}>
      <Form.Item label="Empresas" htmlFor="relatorio-eventos-empresas">
        <Select
          id="relatorio-eventos-empresas"
          mode="multiple"
          aria-label="Empresas"
          placeholder="Todas"
          style={{ minWidth: 200, maxWidth: 420 }}
          maxTagCount="responsive"
          value={rascunho.empresasSelecionada ?? []}
          onChange={(v: string[]) => setRascunho({ ...rascunho, empresasSelecionada: v })}
          options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
        />
      </Form.Item>
      <Form.Item label="Período">
        <DatePicker.RangePicker
          aria-label="Período"
          format="DD/MM/YYYY"
          allowClear={false}
          value={[dayjs(rascunho.dataInicio), dayjs(rascunho.dataFim)]}
          onChange={(v) => {
            if (v?.[0] && v[1])
              setRascunho({
                ...rascunho,
                dataInicio: v[0].format('YYYY-MM-DD'),
                dataFim: v[1].format('YYYY-MM-DD'),
              });
          }}
        />
      </Form.Item>
      <Form.Item label="Tipo de venda" htmlFor="relatorio-eventos-tipo">
        <Select
          id="relatorio-eventos-tipo"
          mode="multiple"
          aria-label="Tipo de venda"
          placeholder="Todos"
          style={{ minWidth: 140, maxWidth: 300 }}
          maxTagCount="responsive"
          value={rascunho.tipoVenda ?? []}
          onChange={(v: number[]) => setRascunho({ ...rascunho, tipoVenda: v })}
          options={tiposVenda.itens.map((t) => ({ value: t.id, label: t.descricao }))}
        />
      </Form.Item>
      {comOrigem && (
        <Form.Item label="Origem" htmlFor="relatorio-eventos-origem">
          <Select
            id="relatorio-eventos-origem"
            mode="multiple"
            aria-label="Origem"
            placeholder="Dispositivos (cardápio digital, totem, tablets, app do garçom)"
            style={{ minWidth: 260, maxWidth: 420 }}
            maxTagCount="responsive"
            value={rascunho.localPedido ?? []}
            onChange={(v: number[]) => setRascunho({ ...rascunho, localPedido: v })}
            options={origensPedido.itens.map((o) => ({ value: o.id, label: o.descricao }))}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={carregando}>
          Gerar
        </Button>
      </Form.Item>
    </Form>
  );
}

export function RelatorioEventosPage({ def }: { def: DefinicaoRelatorioEventos }) {
  const [filtro, aplicar] = useFiltro();
  const [pagina, setPagina] = useState(1);
  const [exportando, setExportando] = useState(false);
  const { empresas } = useEmpresasUsuario();
  const relatorio = useQuery(relatorioEventosQuery(def.rota, filtro, pagina));
  const d = relatorio.data;
  const nomes = new Map(empresas.map((e) => [e._id, nomeEmpresa(e)]));

  function gerar(f: FiltroRelatorioEntrada) {
    setPagina(1);
    aplicar(f);
  }

  /** Every row of the filter as a table for the files and the print. */
  async function montar(): Promise<TabelaExportavel | null> {
    if (!d) return null;
    const { linhas, total } = await todasAsLinhas(def.rota, filtro);
    const t = def.total(d.totais);
    const vazias = def.colunas.length - 2;
    const origens = filtro.localPedido?.length
      ? filtro.localPedido.map((o) => origensPedido.porId(o as never)?.descricao ?? String(o)).join(', ')
      : null;
    return {
      titulo: def.titulo,
      arquivo: `${def.arquivo}-${filtro.dataInicio}-a-${filtro.dataFim}`,
      filtros: [
        `Empresas: ${filtro.empresasSelecionada?.length ? filtro.empresasSelecionada.map((e) => nomes.get(e) ?? e).join(', ') : 'todas'}`,
        `Período: ${periodoTexto(filtro)}`,
        ...(filtro.tipoVenda?.length
          ? [
              `Tipo de venda: ${filtro.tipoVenda.map((x) => tiposVenda.porId(x as never)?.descricao).join(', ')}`,
            ]
          : []),
        ...(def.comOrigem ? [`Origem: ${origens ?? 'dispositivos (73 a 77)'}`] : []),
        ...def.cartoes(d.totais).map((c) => `${c.titulo}: ${c.valor}`),
        ...(linhas.length < total ? [`Primeiras ${linhas.length} de ${total} linhas`] : []),
      ],
      colunas: def.colunas.map((c) => ({
        titulo: c.titulo,
        ...(c.direita ? { direita: true } : {}),
        ...(c.formato ? { formato: c.formato } : {}),
      })),
      linhas: linhas.map((l) => def.colunas.map((c) => c.texto(l))),
      celulas: [
        ...linhas.map((l) => def.colunas.map((c) => (c.celula ? c.celula(l) : c.texto(l)))),
        [t.rotulo, ...Array<string>(vazias).fill(''), t.numero],
      ],
      linhasTotal: 1,
      rodape: [[t.rotulo, ...Array<string>(vazias).fill(''), t.valor]],
    };
  }

  async function exportar(formato: 'csv' | 'xlsx' | 'pdf' | 'imprimir') {
    setExportando(true);
    try {
      const t = await montar();
      if (!t) return;
      await baixarTabela(t, formato);
    } catch (erro) {
      notificar({
        tipo: 'error',
        mensagem: `Falha ao exportar: ${erro instanceof Error ? erro.message : String(erro)}`,
      });
    } finally {
      setExportando(false);
    }
  }

  const total = d ? def.total(d.totais) : null;
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <BarraFiltro
          key={JSON.stringify(filtro)}
          filtro={filtro}
          aoGerar={gerar}
          carregando={relatorio.isFetching}
          comOrigem={def.comOrigem === true}
        />
        <Flex gap={8}>
          <Dropdown
            trigger={['click']}
            disabled={!d}
            menu={{
              items: [
                { key: 'csv', label: 'Exportar CSV' },
                { key: 'xlsx', label: 'Exportar Excel (XLSX)' },
                { key: 'pdf', label: 'Exportar PDF' },
              ],
              onClick: ({ key }) => void exportar(key as 'csv' | 'xlsx' | 'pdf'),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exportando}>
              Exportar
            </Button>
          </Dropdown>
          <Button icon={<PrinterOutlined />} disabled={!d} onClick={() => void exportar('imprimir')}>
            Imprimir
          </Button>
        </Flex>
      </Flex>
      {!d ? (
        <Empty
          description={relatorio.isError ? 'Não foi possível gerar o relatório.' : 'Gerando o relatório…'}
        />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {def.cartoes(d.totais).map((c) => (
              <Col
                key={c.testId}
                xs={12}
                md={8}
                xl={Math.max(4, Math.floor(24 / def.cartoes(d.totais).length))}
              >
                <Card size="small" style={{ height: '100%' }}>
                  <Statistic title={c.titulo} value={c.valor} data-testid={c.testId} />
                </Card>
              </Col>
            ))}
          </Row>
          {def.detalheTotais?.(d.totais)}
          <Table<LinhaEvento>
            data-testid={`tabela-${def.rota}`}
            size="small"
            rowKey="_id"
            dataSource={d.detalhe.linhas}
            loading={relatorio.isFetching}
            // No horizontal scroll: long texts (products, reason) wrap, so the value column and its total stay in
            // sight at 1366 px.
            locale={{ emptyText: def.vazio }}
            pagination={{
              current: d.detalhe.pagina,
              pageSize: d.detalhe.porPagina,
              total: d.detalhe.total,
              showSizeChanger: false,
              showTotal: (n) => `${n} registros`,
              onChange: (p) => setPagina(p),
            }}
            columns={def.colunas.map((c, i) => ({
              key: String(i),
              title: c.titulo,
              align: c.direita ? ('right' as const) : ('left' as const),
              ...(c.largura ? { width: c.largura } : {}),
              // Numbers and money never break ('R$' and the value on one line).
              ...(c.direita ? { onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) } : {}),
              render: (_: unknown, l: LinhaEvento) => c.texto(l),
            }))}
            summary={() =>
              total ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={def.colunas.length - 1}>
                    {total.rotulo}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={def.colunas.length - 1} align="right">
                    <span data-testid={`total-${def.rota}`} style={{ whiteSpace: 'nowrap' }}>
                      {total.valor}
                    </span>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
        </>
      )}
    </Flex>
  );
}
