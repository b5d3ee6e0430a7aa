import { formatarDataHora, formatarMoeda, formatarNumero } from '@retaguarda/domain';
import { useQueries } from '@tanstack/react-query';
import {
  Alert,
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
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { saidasManuaisQuery } from './api.ts';
import { AcoesExportacao, type TabelaExportada } from './exportacao.tsx';
import { formatarCusto, formatarQuantidade, numeroPlanilha } from './formato.ts';
import {
  DESCRICAO_MOTIVO_RELATORIO,
  type GrupoMotivo,
  type LinhaRelatorioSaida,
  montarRelatorioSaida,
  participacao,
  periodoPadraoSaida,
  type RelatorioSaidaManual,
} from './relatorio-saida-manual.ts';

// relatorioEstoqueSaidaManual (issue 17): the manual exits (losses, breakage, expiry, internal use, tasting...)
// of a period in the chosen stores, grouped by reason with quantity and value at cost, totals per reason and
// overall, a bar of value per reason, CSV/XLSX export and print. Reversed lines are listed, marked, and left
// out of every total. The filter lives in the URL; the report runs for the session's store on opening.

const DIA = /^\d{4}-\d{2}-\d{2}$/;
/** Documents read per store (the route's maximum); more in a period is told on screen. */
const LIMITE_DOCUMENTOS = 200;

interface Filtro {
  empresas: string[];
  inicio: string;
  fim: string;
}

function useFiltro(): [Filtro, (f: Filtro) => void] {
  const [params, setParams] = useSearchParams();
  const sessao = useSessao((s) => s.empresa?._id);
  const padrao = periodoPadraoSaida();
  const inicio = params.get('inicio') ?? '';
  const fim = params.get('fim') ?? '';
  const escolhidas = params.getAll('empresa');
  const filtro: Filtro = {
    empresas: escolhidas.length ? escolhidas : sessao ? [sessao] : [],
    inicio: DIA.test(inicio) ? inicio : padrao.inicio,
    fim: DIA.test(fim) ? fim : padrao.fim,
  };
  const aplicar = (f: Filtro) => {
    const n = new URLSearchParams();
    for (const e of f.empresas) n.append('empresa', e);
    n.set('inicio', f.inicio);
    n.set('fim', f.fim);
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

const dataDoDia = (dia: string) => formatarDataHora(`${dia}T12:00:00-03:00`).slice(0, 10);

export function RelatorioSaidaManualPage() {
  const [filtro, aplicar] = useFiltro();
  const { empresas } = useEmpresasUsuario();
  const nomes = new Map(empresas.map((e) => [e._id, e.nomeFantasia || e.descricao]));
  const [rascunho, setRascunho] = useState(filtro);
  const consultas = useQueries({
    queries: filtro.empresas.map((e) => saidasManuaisQuery(e, filtro.inicio, filtro.fim)),
  });
  const carregando = consultas.some((c) => c.isFetching);
  const pronto = filtro.empresas.length > 0 && consultas.every((c) => c.data !== undefined);
  const relatorio = pronto
    ? montarRelatorioSaida(
        filtro.empresas.map((e, i) => ({
          empresa: { _id: e, descricao: nomes.get(e) ?? '' },
          documentos: consultas[i]?.data ?? [],
        })),
      )
    : null;
  const cortadas = filtro.empresas.filter((_, i) => (consultas[i]?.data?.length ?? 0) >= LIMITE_DOCUMENTOS);
  const periodo = `${dataDoDia(filtro.inicio)} a ${dataDoDia(filtro.fim)}`;

  const ler = async (): Promise<TabelaExportada> => {
    if (!relatorio) throw new Error('O relatório ainda não foi gerado.');
    return tabelaExportada(relatorio, {
      empresas: filtro.empresas.map((e) => nomes.get(e) ?? e).join(', '),
      periodo,
      arquivo: `saidas-manuais-${filtro.inicio}-a-${filtro.fim}`,
    });
  };

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Form
          layout="inline"
          onFinish={() => aplicar(rascunho)}
          style={{ rowGap: 8 }}
          aria-label="Filtro do relatório"
        >
          <Form.Item label="Empresas" htmlFor="saida-relatorio-empresas">
            <Select
              id="saida-relatorio-empresas"
              mode="multiple"
              aria-label="Empresas"
              style={{ minWidth: 240, maxWidth: 520 }}
              maxTagCount="responsive"
              value={rascunho.empresas}
              onChange={(v: string[]) => setRascunho({ ...rascunho, empresas: v })}
              options={empresas.map((e) => ({ value: e._id, label: e.nomeFantasia || e.descricao }))}
            />
          </Form.Item>
          <Form.Item label="Período">
            <DatePicker.RangePicker
              aria-label="Período"
              format="DD/MM/YYYY"
              allowClear={false}
              value={[dayjs(rascunho.inicio), dayjs(rascunho.fim)]}
              onChange={(v) => {
                if (v?.[0] && v[1])
                  setRascunho({
                    ...rascunho,
                    inicio: v[0].format('YYYY-MM-DD'),
                    fim: v[1].format('YYYY-MM-DD'),
                  });
              }}
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={carregando}
              disabled={!rascunho.empresas.length}
            >
              Gerar
            </Button>
          </Form.Item>
        </Form>
        <AcoesExportacao ler={ler} desabilitado={!relatorio?.grupos.length} />
      </Flex>

      {cortadas.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`${cortadas.map((e) => nomes.get(e) ?? e).join(', ')}: mais de ${LIMITE_DOCUMENTOS} documentos no período; o relatório mostra os ${LIMITE_DOCUMENTOS} mais recentes de cada empresa. Escolha um período menor.`}
        />
      )}

      {!filtro.empresas.length ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : !relatorio ? (
        <Card loading />
      ) : (
        <Resultado relatorio={relatorio} periodo={periodo} />
      )}
    </Flex>
  );
}

function Resultado({ relatorio: r, periodo }: { relatorio: RelatorioSaidaManual; periodo: string }) {
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={6}>
          <Card size="small">
            <Statistic
              title="Valor das saídas (custo)"
              value={formatarMoeda(r.totais.valor)}
              data-testid="saida-total-geral"
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="Documentos" value={r.totais.documentos} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="Itens" value={r.totais.itens} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card size="small">
            <Statistic
              title={`Estornado (${r.totais.estornadas} ${r.totais.estornadas === 1 ? 'item' : 'itens'}, fora dos totais)`}
              value={formatarMoeda(r.totais.valorEstornado)}
            />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">
        {`${periodo} · valores ao custo da saída (custo médio do momento) · itens estornados aparecem marcados e não entram nos totais`}
      </Typography.Text>
      {r.grupos.length === 0 ? (
        <Empty description="Nenhuma saída manual no período." />
      ) : (
        <>
          <Card size="small" title="Valor por motivo">
            <Barras relatorio={r} />
          </Card>
          <TotaisPorMotivo relatorio={r} />
          {r.grupos.map((g) => (
            <GrupoDoMotivo key={g.motivo} grupo={g} />
          ))}
        </>
      )}
    </Flex>
  );
}

/** One horizontal bar per reason, its length the value's share of the largest (theme colours). */
function Barras({ relatorio: r }: { relatorio: RelatorioSaidaManual }) {
  const { token } = theme.useToken();
  const maior = Math.max(...r.grupos.map((g) => Number(g.valor)), 0.01);
  return (
    <Flex vertical gap={6} role="list" aria-label="Valor por motivo">
      {r.grupos.map((g) => (
        <Flex key={g.motivo} align="center" gap={8} role="listitem">
          <Typography.Text style={{ width: 150, flex: 'none' }}>{g.descricao}</Typography.Text>
          <div style={{ flex: 1, background: token.colorFillTertiary, borderRadius: token.borderRadiusSM }}>
            <div
              style={{
                width: `${Number(g.valor) > 0 ? Math.max(1, (Number(g.valor) / maior) * 100) : 0}%`,
                height: 14,
                background: token.colorPrimary,
                borderRadius: token.borderRadiusSM,
              }}
            />
          </div>
          <Typography.Text style={{ width: 190, textAlign: 'right', flex: 'none' }}>
            {`${formatarMoeda(g.valor)} · ${formatarNumero(participacao(g, r.totais.valor), 1)}%`}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

function TotaisPorMotivo({ relatorio: r }: { relatorio: RelatorioSaidaManual }) {
  return (
    <Table<GrupoMotivo>
      size="small"
      rowKey="motivo"
      pagination={false}
      dataSource={r.grupos}
      data-testid="saida-totais-motivo"
      columns={[
        { title: 'Motivo', dataIndex: 'descricao' },
        { title: 'Documentos', dataIndex: 'documentos', align: 'right', width: 110 },
        { title: 'Itens', dataIndex: 'itens', align: 'right', width: 90 },
        {
          title: 'Valor',
          dataIndex: 'valor',
          align: 'right',
          width: 150,
          render: (v: string) => formatarMoeda(v),
        },
        {
          title: '%',
          key: 'pct',
          align: 'right',
          width: 80,
          render: (_, g) => `${formatarNumero(participacao(g, r.totais.valor), 1)}%`,
        },
        {
          title: 'Estornado',
          dataIndex: 'valorEstornado',
          align: 'right',
          width: 150,
          render: (v: string) => (v === '0.00' ? '' : formatarMoeda(v)),
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <Typography.Text strong>Total geral</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {r.totais.documentos}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {r.totais.itens}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            <Typography.Text strong data-testid="saida-total-geral-tabela">
              {formatarMoeda(r.totais.valor)}
            </Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            100%
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            {r.totais.valorEstornado === '0.00' ? '' : formatarMoeda(r.totais.valorEstornado)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function GrupoDoMotivo({ grupo: g }: { grupo: GrupoMotivo }) {
  return (
    <Card size="small" title={g.descricao} data-testid={`saida-grupo-${g.motivo}`}>
      <Table<LinhaRelatorioSaida>
        size="small"
        rowKey="chave"
        dataSource={g.linhas}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: 'Data', dataIndex: 'data', width: 128, render: (v: string) => formatarDataHora(v) },
          { title: 'Empresa', dataIndex: 'empresa', width: 140, ellipsis: true },
          {
            title: 'Produto',
            key: 'produto',
            render: (_, l) => (
              <>
                {l.produto.codigoInterno !== null && (
                  <Typography.Text type="secondary">{l.produto.codigoInterno} · </Typography.Text>
                )}
                {l.produto.descricao}
                {l.observacao && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {l.observacao}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: 'Quantidade',
            key: 'quantidade',
            align: 'right',
            width: 110,
            render: (_, l) => (
              <Typography.Text delete={l.estornada}>
                {formatarQuantidade(l.quantidade, l.produto.unidade)} {l.produto.unidade ?? ''}
              </Typography.Text>
            ),
          },
          {
            title: 'Custo',
            dataIndex: 'custoUnitario',
            align: 'right',
            width: 100,
            render: (v: string) => formatarCusto(v),
          },
          {
            title: 'Valor',
            key: 'valor',
            align: 'right',
            width: 110,
            render: (_, l) => (
              <Typography.Text delete={l.estornada}>{formatarMoeda(l.valor)}</Typography.Text>
            ),
          },
          {
            title: 'Situação',
            key: 'situacao',
            width: 100,
            render: (_, l) =>
              l.estornada ? <Tag color="warning">Estornada</Tag> : <Tag color="success">Lançada</Tag>,
          },
          { title: 'Usuário', dataIndex: 'usuario', width: 110, ellipsis: true },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              <Typography.Text strong>{`Total ${g.descricao}`}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong data-testid={`saida-total-${g.motivo}`}>
                {formatarMoeda(g.valor)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={2} />
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}

/** Every line of the report, then the totals per reason and overall (also the print's footer). */
export function tabelaExportada(
  r: RelatorioSaidaManual,
  f: { empresas: string; periodo: string; arquivo: string },
): TabelaExportada {
  const linhas = r.grupos.flatMap((g) => g.linhas);
  const totais = [
    ...r.grupos.map((g) => ({ rotulo: `Total ${g.descricao}`, valor: g.valor })),
    { rotulo: 'Total geral', valor: r.totais.valor },
  ];
  const seisVazias = ['', '', '', '', '', ''];
  return {
    arquivo: f.arquivo,
    titulo: 'Saídas Manuais',
    filtros: [`Empresas: ${f.empresas}`, `Período: ${f.periodo}`, 'Itens estornados não entram nos totais'],
    colunas: [
      { titulo: 'Motivo' },
      { titulo: 'Data' },
      { titulo: 'Empresa' },
      { titulo: 'Produto' },
      { titulo: 'Unidade' },
      { titulo: 'Quantidade', direita: true },
      { titulo: 'Custo unitário', direita: true },
      { titulo: 'Valor', direita: true },
      { titulo: 'Situação' },
      { titulo: 'Observação' },
    ],
    linhas: [
      ...linhas.map((l) => [
        DESCRICAO_MOTIVO_RELATORIO[l.motivo],
        formatarDataHora(l.data),
        l.empresa,
        l.produto.descricao,
        l.produto.unidade ?? '',
        numeroPlanilha(l.quantidade),
        numeroPlanilha(l.custoUnitario),
        numeroPlanilha(l.valor),
        l.estornada ? 'Estornada' : 'Lançada',
        l.observacao ?? '',
      ]),
      ...totais.map((t) => [t.rotulo, ...seisVazias, numeroPlanilha(t.valor), '', '']),
    ],
    linhasImpressas: linhas.map((l) => [
      DESCRICAO_MOTIVO_RELATORIO[l.motivo],
      formatarDataHora(l.data),
      l.empresa,
      l.produto.descricao,
      l.produto.unidade ?? '',
      formatarQuantidade(l.quantidade, l.produto.unidade),
      formatarCusto(l.custoUnitario),
      formatarMoeda(l.valor),
      l.estornada ? 'Estornada' : 'Lançada',
      l.observacao ?? '',
    ]),
    rodape: totais.map((t) => [t.rotulo, ...seisVazias, formatarMoeda(t.valor), '', '']),
  };
}
