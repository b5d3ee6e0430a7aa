import {
  type AgendaConsulta,
  DESCRICAO_STATUS_TITULO,
  diaComercial,
  escreverDinheiro,
  lerDinheiro,
  type StatusTitulo,
  type TipoTitulo,
  type TituloAgenda,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Segmented,
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
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { agendaQuery } from './api.ts';
import { AcoesExportacao } from './exportacao.tsx';
import { dataBr, moeda } from './formato.ts';
import { GraficoAgenda } from './grafico-agenda.tsx';
import {
  AGRUPAMENTOS,
  type Agrupamento,
  agruparTitulos,
  type LinhaGrupo,
  tabelaRelatorio,
} from './relatorio.ts';
import { TagStatus } from './tag-status.tsx';

// relatorioFinanceiroAgenda (issue 18): the agenda of a period as a report — filters in the URL, totals, a chart
// of payables and receivables per due day, a summary grouped by due day, chart node, person or store, the
// titles, and CSV / XLSX / PDF export and print. It reads POST /api/financeiroAgenda as the screen does.

const DIA = /^\d{4}-\d{2}-\d{2}$/;

interface Filtro {
  empresas: string[];
  de: string;
  ate: string;
  tipo?: TipoTitulo;
  status: StatusTitulo[];
  busca: string;
  vencidos: boolean;
  agrupar: Agrupamento;
}

function useFiltro(): [Filtro, (f: Filtro) => void] {
  const [params, setParams] = useSearchParams();
  const sessao = useSessao((s) => s.empresa?._id);
  const hoje = diaComercial(new Date());
  const de = params.get('de') ?? '';
  const ate = params.get('ate') ?? '';
  const tipo = params.get('tipo');
  const agrupar = params.get('agrupar');
  const empresas = params.getAll('empresa');
  const filtro: Filtro = {
    empresas: empresas.length ? empresas : sessao ? [sessao] : [],
    de: DIA.test(de) ? de : `${hoje.slice(0, 8)}01`,
    ate: DIA.test(ate) ? ate : ultimoDia(hoje),
    ...(tipo === 'pagar' || tipo === 'receber' ? { tipo } : {}),
    status: params
      .getAll('status')
      .map(Number)
      .filter((s) => s >= 1 && s <= 4) as StatusTitulo[],
    busca: params.get('busca') ?? '',
    vencidos: params.get('vencidos') === '1',
    agrupar: AGRUPAMENTOS.some((a) => a.value === agrupar) ? (agrupar as Agrupamento) : 'vencimento',
  };
  const aplicar = (f: Filtro) => {
    const n = new URLSearchParams();
    for (const e of f.empresas) n.append('empresa', e);
    n.set('de', f.de);
    n.set('ate', f.ate);
    if (f.tipo) n.set('tipo', f.tipo);
    for (const s of f.status) n.append('status', String(s));
    if (f.busca) n.set('busca', f.busca);
    if (f.vencidos) n.set('vencidos', '1');
    n.set('agrupar', f.agrupar);
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

function ultimoDia(dia: string): string {
  const [a, m] = dia.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
}

export function RelatorioAgendaPage() {
  const [filtro, aplicar] = useFiltro();
  const [rascunho, setRascunho] = useState(filtro);
  const { token } = theme.useToken();
  const { empresas } = useEmpresasUsuario();
  const nomes = new Map(empresas.map((e) => [e._id, nomeEmpresa(e)]));
  const consulta: AgendaConsulta = {
    empresas: filtro.empresas,
    de: filtro.de,
    ate: filtro.ate,
    ...(filtro.tipo ? { tipo: filtro.tipo } : {}),
    ...(filtro.status.length ? { status: filtro.status } : {}),
    ...(filtro.busca.trim() ? { busca: filtro.busca.trim() } : {}),
    incluirVencidos: filtro.vencidos,
  };
  const q = useQuery(agendaQuery(consulta));
  const r = q.data;
  const grupos = r ? agruparTitulos(r.titulos, filtro.agrupar) : [];
  const descricaoFiltros = [
    `Lojas: ${filtro.empresas.map((e) => nomes.get(e) ?? e).join(', ')}`,
    `Vencimento: ${dataBr(filtro.de)} a ${dataBr(filtro.ate)}${filtro.vencidos ? ' (e vencidos anteriores)' : ''}`,
    `Tipo: ${filtro.tipo === 'pagar' ? 'a pagar' : filtro.tipo === 'receber' ? 'a receber' : 'todos'}; status: ${
      filtro.status.length ? filtro.status.map((s) => DESCRICAO_STATUS_TITULO[s]).join(', ') : 'todos'
    }${filtro.busca ? `; busca: ${filtro.busca}` : ''}`,
  ];

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} justify="space-between" align="flex-start">
        <Form
          layout="inline"
          aria-label="Filtro do relatório"
          style={{ rowGap: 8 }}
          onFinish={() => aplicar(rascunho)}
        >
          <Form.Item label="Lojas">
            <Select
              mode="multiple"
              aria-label="Lojas"
              style={{ minWidth: 220, maxWidth: 460 }}
              maxTagCount={2}
              maxTagTextLength={18}
              value={rascunho.empresas}
              onChange={(v: string[]) => setRascunho({ ...rascunho, empresas: v })}
              options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
            />
          </Form.Item>
          <Form.Item label="Vencimento">
            <DatePicker.RangePicker
              aria-label="Período"
              format="DD/MM/YYYY"
              allowClear={false}
              value={[dayjs(rascunho.de), dayjs(rascunho.ate)]}
              onChange={(v) => {
                if (v?.[0] && v[1])
                  setRascunho({ ...rascunho, de: v[0].format('YYYY-MM-DD'), ate: v[1].format('YYYY-MM-DD') });
              }}
            />
          </Form.Item>
          <Form.Item label="Tipo">
            <Segmented
              aria-label="Tipo"
              value={rascunho.tipo ?? 'todos'}
              onChange={(v) =>
                setRascunho({ ...rascunho, tipo: v === 'todos' ? undefined : (v as TipoTitulo) })
              }
              options={[
                { value: 'todos', label: 'Todos' },
                { value: 'pagar', label: 'A pagar' },
                { value: 'receber', label: 'A receber' },
              ]}
            />
          </Form.Item>
          <Form.Item label="Status">
            <Select
              mode="multiple"
              aria-label="Status"
              style={{ minWidth: 180 }}
              placeholder="Todos"
              value={rascunho.status}
              onChange={(v: StatusTitulo[]) => setRascunho({ ...rascunho, status: v })}
              options={Object.entries(DESCRICAO_STATUS_TITULO).map(([id, d]) => ({
                value: Number(id),
                label: d,
              }))}
            />
          </Form.Item>
          <Form.Item label="Busca">
            <Input
              aria-label="Busca"
              allowClear
              style={{ width: 200 }}
              value={rascunho.busca}
              onChange={(e) => setRascunho({ ...rascunho, busca: e.target.value })}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={rascunho.vencidos}
              onChange={(e) => setRascunho({ ...rascunho, vencidos: e.target.checked })}
            >
              Incluir vencidos anteriores
            </Checkbox>
          </Form.Item>
          <Form.Item label="Agrupar por">
            <Select
              aria-label="Agrupar por"
              style={{ width: 160 }}
              value={rascunho.agrupar}
              onChange={(v: Agrupamento) => setRascunho({ ...rascunho, agrupar: v })}
              options={AGRUPAMENTOS}
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={q.isFetching}
              disabled={!rascunho.empresas.length}
            >
              Gerar
            </Button>
          </Form.Item>
        </Form>
        <AcoesExportacao
          desabilitado={!r?.titulos.length}
          ler={() => {
            if (!r) throw new Error('O relatório ainda não foi gerado.');
            return tabelaRelatorio(r, descricaoFiltros, `agenda-financeira-${filtro.de}-a-${filtro.ate}`);
          }}
        />
      </Flex>

      {r && r.protegidas.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`Agenda protegida: as contas a pagar de ${r.protegidas
            .map((e) => nomes.get(e) ?? e)
            .join(', ')} não entram no relatório.`}
        />
      )}
      {r?.truncado && (
        <Alert
          type="warning"
          showIcon
          title="A lista mostra os primeiros 2.000 títulos; os totais contam todos."
        />
      )}

      <Flex wrap gap={12}>
        {(
          [
            ['A pagar em aberto', r?.totais.pagar.aberto, token.colorError],
            ['Pago', r?.totais.pagar.pago, undefined],
            ['A receber em aberto', r?.totais.receber.aberto, token.colorSuccess],
            ['Recebido', r?.totais.receber.pago, undefined],
            [
              'Vencido (pagar + receber)',
              r
                ? escreverDinheiro(
                    lerDinheiro(r.totais.pagar.vencido) + lerDinheiro(r.totais.receber.vencido),
                  )
                : undefined,
              token.colorWarning,
            ],
            ['Saldo previsto', r?.totais.saldoPrevisto, undefined],
          ] as const
        ).map(([rotulo, valor, cor]) => (
          <Card key={rotulo} size="small" style={{ minWidth: 120, flex: '1 1 120px' }}>
            <Statistic
              title={rotulo}
              value={valor === undefined ? '—' : moeda(valor)}
              valueStyle={{ fontSize: 18, ...(cor ? { color: cor } : {}) }}
            />
          </Card>
        ))}
      </Flex>

      {r && r.titulos.length === 0 ? (
        <Empty description="Nenhum título no período." />
      ) : (
        r && (
          <>
            <Card size="small" title="A pagar e a receber por dia de vencimento">
              <GraficoAgenda dias={r.totais.porDia} />
            </Card>
            <Card
              size="small"
              title={`Resumo por ${AGRUPAMENTOS.find((a) => a.value === filtro.agrupar)?.label.toLowerCase()}`}
            >
              <Table<LinhaGrupo>
                size="small"
                rowKey="chave"
                pagination={false}
                dataSource={grupos}
                scroll={{ x: 720, y: 360 }}
                columns={[
                  { title: AGRUPAMENTOS.find((a) => a.value === filtro.agrupar)?.label, dataIndex: 'rotulo' },
                  { title: 'Títulos', dataIndex: 'quantidade', align: 'right', width: 80 },
                  {
                    title: 'A pagar',
                    dataIndex: 'pagarAberto',
                    align: 'right',
                    width: 130,
                    render: moeda,
                    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  },
                  {
                    title: 'Pago',
                    dataIndex: 'pago',
                    align: 'right',
                    width: 130,
                    render: moeda,
                    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  },
                  {
                    title: 'A receber',
                    dataIndex: 'receberAberto',
                    align: 'right',
                    width: 130,
                    render: moeda,
                    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  },
                  {
                    title: 'Recebido',
                    dataIndex: 'recebido',
                    align: 'right',
                    width: 130,
                    render: moeda,
                    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  },
                ]}
              />
            </Card>
            <Table<TituloAgenda>
              size="small"
              rowKey="_id"
              dataSource={r.titulos}
              pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 1280 }}
              columns={[
                {
                  title: 'Vencimento',
                  dataIndex: 'vencimento',
                  width: 110,
                  render: (v: string, t) => (
                    <Typography.Text type={t.vencido ? 'danger' : undefined}>{dataBr(v)}</Typography.Text>
                  ),
                },
                {
                  title: 'Tipo',
                  dataIndex: 'tipo',
                  width: 90,
                  render: (v: TipoTitulo) => (
                    <Tag color={v === 'pagar' ? 'red' : 'green'}>{v === 'pagar' ? 'Pagar' : 'Receber'}</Tag>
                  ),
                },
                {
                  title: 'Descrição',
                  render: (_, t) => `${t.descricao}${t.parcelas > 1 ? ` (${t.parcela}/${t.parcelas})` : ''}`,
                },
                { title: 'Pessoa', render: (_, t) => t.pessoa?.nome ?? t.operadora?.descricao ?? '' },
                { title: 'Plano de contas', render: (_, t) => t.planoConta.descricao },
                { title: 'Loja', dataIndex: 'empresaDescricao' },
                {
                  title: 'Valor',
                  dataIndex: 'valor',
                  align: 'right',
                  width: 130,
                  render: moeda,
                  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                },
                {
                  title: 'Pago',
                  dataIndex: 'valorPago',
                  align: 'right',
                  width: 130,
                  render: moeda,
                  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                },
                {
                  title: 'Em aberto',
                  dataIndex: 'valorAberto',
                  align: 'right',
                  width: 130,
                  render: moeda,
                  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                },
                { title: 'Status', width: 170, render: (_, t) => <TagStatus titulo={t} /> },
              ]}
            />
          </>
        )
      )}
    </Flex>
  );
}
