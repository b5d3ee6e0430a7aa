import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  type AgendaConsulta,
  DESCRICAO_STATUS_TITULO,
  diaComercial,
  PERMISSAO,
  STATUS_TITULO,
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
  Flex,
  Input,
  Segmented,
  Select,
  Statistic,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { moverReferencia, periodoDaVisao, type Visao } from './agenda.ts';
import { agendaQuery } from './api.ts';
import { BaixaDialog } from './baixa-dialog.tsx';
import { DetalheTitulo } from './detalhe-titulo.tsx';
import { dataBr, moeda, NOMES_MES } from './formato.ts';
import { GradeDias } from './grade-dias.tsx';
import { NovoTituloDialog } from './novo-titulo-dialog.tsx';
import { TagStatus } from './tag-status.tsx';

// financeiroAgenda (issue 18): payables and receivables by day, week or month in the chosen stores, with the
// overdue ones before the period; filters (type, status, text) in the URL; totals; a new title in instalments;
// many titles of one store paid or received at once; a title's settlements and their reversal; cancelling.

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const VISOES: { value: Visao; label: string }[] = [
  { value: 'dia', label: 'Dia' },
  { value: 'semana', label: 'Semana' },
  { value: 'mes', label: 'Mês' },
];

interface Filtro {
  visao: Visao;
  ref: string;
  empresas: string[];
  tipo?: TipoTitulo;
  status: StatusTitulo[];
  busca: string;
  vencidos: boolean;
}

function useFiltro(): [Filtro, (f: Partial<Filtro>) => void] {
  const [params, setParams] = useSearchParams();
  const sessao = useSessao((s) => s.empresa?._id);
  const hoje = diaComercial(new Date());
  const visao = params.get('visao');
  const ref = params.get('ref') ?? '';
  const tipo = params.get('tipo');
  const empresas = params.getAll('empresa');
  const status = params
    .getAll('status')
    .map(Number)
    .filter((s) => s >= 1 && s <= 4) as StatusTitulo[];
  const filtro: Filtro = {
    visao: visao === 'dia' || visao === 'semana' ? visao : 'mes',
    ref: DIA.test(ref) ? ref : hoje,
    empresas: empresas.length ? empresas : sessao ? [sessao] : [],
    ...(tipo === 'pagar' || tipo === 'receber' ? { tipo } : {}),
    status: params.has('status')
      ? status
      : [STATUS_TITULO.aberto, STATUS_TITULO.pagoParcial, STATUS_TITULO.pago],
    busca: params.get('busca') ?? '',
    vencidos: params.get('vencidos') !== '0',
  };
  const aplicar = (m: Partial<Filtro>) => {
    const f = { ...filtro, ...m };
    const n = new URLSearchParams();
    n.set('visao', f.visao);
    n.set('ref', f.ref);
    for (const e of f.empresas) n.append('empresa', e);
    if (f.tipo) n.set('tipo', f.tipo);
    if (f.status.length) for (const s of f.status) n.append('status', String(s));
    else n.set('status', '');
    if (f.busca) n.set('busca', f.busca);
    if (!f.vencidos) n.set('vencidos', '0');
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

function tituloPeriodo(visao: Visao, de: string, ate: string): string {
  if (visao === 'dia') return dataBr(de);
  if (visao === 'semana') return `${dataBr(de)} a ${dataBr(ate)}`;
  return `${NOMES_MES[Number(de.slice(5, 7)) - 1]} de ${de.slice(0, 4)}`;
}

export function AgendaPage() {
  const [filtro, aplicar] = useFiltro();
  const { token } = theme.useToken();
  const { empresas } = useEmpresasUsuario();
  const hoje = diaComercial(new Date());
  const { de, ate } = periodoDaVisao(filtro.visao, filtro.ref);
  const consulta: AgendaConsulta = {
    empresas: filtro.empresas,
    de,
    ate,
    ...(filtro.tipo ? { tipo: filtro.tipo } : {}),
    ...(filtro.status.length ? { status: filtro.status } : {}),
    ...(filtro.busca.trim() ? { busca: filtro.busca.trim() } : {}),
    incluirVencidos: filtro.vencidos,
  };
  const q = useQuery(agendaQuery(consulta));
  const [busca, setBusca] = useState(filtro.busca);
  const [selecionados, setSelecionados] = useState<TituloAgenda[]>([]);
  const [baixando, setBaixando] = useState<TituloAgenda[] | null>(null);
  const [detalhe, setDetalhe] = useState<TituloAgenda | null>(null);
  const [novo, setNovo] = useState<TipoTitulo | null>(null);
  const empresaPrincipal = filtro.empresas[0] ?? '';
  const podeIncluir = useTemPermissao(empresaPrincipal, PERMISSAO.financeiroAgendaIncluir);
  const podeBaixar = useTemPermissao(empresaPrincipal, PERMISSAO.financeiroAgendaAlterar);
  const nomes = new Map(empresas.map((e) => [e._id, nomeEmpresa(e)]));
  const dados = q.data;
  const lojasSelecionadas = new Set(selecionados.map((s) => s.empresa));

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Flex wrap gap={8} align="center">
          <Segmented
            aria-label="Visão"
            options={VISOES}
            value={filtro.visao}
            onChange={(v) => aplicar({ visao: v as Visao })}
          />
          <Button
            aria-label="Anterior"
            icon={<LeftOutlined />}
            onClick={() => aplicar({ ref: moverReferencia(filtro.visao, filtro.ref, -1) })}
          />
          <Button onClick={() => aplicar({ ref: hoje })}>Hoje</Button>
          <Button
            aria-label="Próximo"
            icon={<RightOutlined />}
            onClick={() => aplicar({ ref: moverReferencia(filtro.visao, filtro.ref, 1) })}
          />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="periodo-agenda">
            {tituloPeriodo(filtro.visao, de, ate)}
          </Typography.Title>
        </Flex>
        {podeIncluir && (
          <Flex gap={8}>
            <Button icon={<PlusOutlined />} onClick={() => setNovo('pagar')}>
              Conta a pagar
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setNovo('receber')}>
              Conta a receber
            </Button>
          </Flex>
        )}
      </Flex>

      <Flex wrap gap={8} align="center" role="search" aria-label="Filtros da agenda">
        <Select
          mode="multiple"
          aria-label="Lojas"
          style={{ minWidth: 220, maxWidth: 460 }}
          maxTagCount={2}
          maxTagTextLength={18}
          value={filtro.empresas}
          onChange={(v: string[]) => aplicar({ empresas: v })}
          options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
        />
        <Segmented
          aria-label="Tipo"
          value={filtro.tipo ?? 'todos'}
          onChange={(v) => aplicar({ tipo: v === 'todos' ? undefined : (v as TipoTitulo) })}
          options={[
            { value: 'todos', label: 'Todos' },
            { value: 'pagar', label: 'A pagar' },
            { value: 'receber', label: 'A receber' },
          ]}
        />
        <Select
          mode="multiple"
          aria-label="Status"
          style={{ minWidth: 200 }}
          placeholder="Todos os status"
          maxTagCount="responsive"
          value={filtro.status}
          onChange={(v: StatusTitulo[]) => aplicar({ status: v })}
          options={Object.entries(DESCRICAO_STATUS_TITULO).map(([id, d]) => ({
            value: Number(id),
            label: d,
          }))}
        />
        <Input.Search
          aria-label="Buscar"
          placeholder="Descrição, documento, pessoa, plano"
          allowClear
          style={{ width: 280 }}
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
          onSearch={(v) => aplicar({ busca: v })}
        />
        <Checkbox checked={filtro.vencidos} onChange={(e) => aplicar({ vencidos: e.target.checked })}>
          Incluir vencidos anteriores
        </Checkbox>
      </Flex>

      {dados && dados.protegidas.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`Agenda protegida: as contas a pagar de ${dados.protegidas
            .map((e) => nomes.get(e) ?? e)
            .join(', ')} não são mostradas (sem a permissão "Agenda Protegida").`}
        />
      )}
      {dados?.truncado && (
        <Alert
          type="warning"
          showIcon
          title="Mais títulos que o limite da tela: refine o filtro. Os totais contam todos."
        />
      )}

      <Flex wrap gap={12}>
        {(
          [
            ['A pagar em aberto', dados?.totais.pagar.aberto, token.colorError],
            ['A receber em aberto', dados?.totais.receber.aberto, token.colorSuccess],
            ['Vencido a pagar', dados?.totais.pagar.vencido, token.colorError],
            ['Vencido a receber', dados?.totais.receber.vencido, token.colorWarning],
            ['Pago no período', dados?.totais.pagar.pago, undefined],
            ['Recebido no período', dados?.totais.receber.pago, undefined],
            ['Saldo previsto', dados?.totais.saldoPrevisto, undefined],
          ] as const
        ).map(([rotulo, valor, cor]) => (
          <Card key={rotulo} size="small" style={{ minWidth: 120, flex: '1 1 120px' }}>
            <Statistic
              title={rotulo}
              value={valor === undefined ? '—' : moeda(valor)}
              valueStyle={{ fontSize: 18, ...(cor ? { color: cor } : {}) }}
              loading={q.isPending && Boolean(filtro.empresas.length)}
            />
          </Card>
        ))}
      </Flex>

      {filtro.visao !== 'dia' && dados && (
        <GradeDias
          de={de}
          ate={ate}
          hoje={hoje}
          {...(filtro.visao === 'mes' ? { mes: de.slice(0, 7) } : {})}
          porDia={dados.totais.porDia}
          aoEscolher={(dia) => aplicar({ visao: 'dia', ref: dia })}
        />
      )}

      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Text type="secondary">
          {selecionados.length
            ? `${selecionados.length} título(s) escolhido(s)`
            : 'Escolha títulos em aberto de uma loja para pagar ou receber de uma vez.'}
        </Typography.Text>
        {podeBaixar && (
          <Button
            type="primary"
            disabled={!selecionados.length || lojasSelecionadas.size > 1}
            title={lojasSelecionadas.size > 1 ? 'Escolha títulos de uma só loja.' : undefined}
            onClick={() => setBaixando(selecionados)}
          >
            Baixar selecionados
          </Button>
        )}
      </Flex>
      {lojasSelecionadas.size > 1 && (
        <Alert type="warning" showIcon title="Escolha títulos de uma só loja para baixar juntos." />
      )}

      <Table<TituloAgenda>
        size="small"
        rowKey="_id"
        loading={q.isFetching}
        dataSource={dados?.titulos ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 1280 }}
        locale={{ emptyText: 'Nenhum título no período.' }}
        rowSelection={{
          selectedRowKeys: selecionados.map((s) => s._id),
          onChange: (_, linhas) => setSelecionados(linhas),
          getCheckboxProps: (t) => ({
            disabled: t.status.id === STATUS_TITULO.pago || t.status.id === STATUS_TITULO.cancelado,
            'aria-label': `Escolher ${t.descricao} ${t.parcela}/${t.parcelas}`,
          }),
        }}
        onRow={(t) => ({
          style: t.vencido ? { background: token.colorErrorBg } : undefined,
        })}
        columns={[
          {
            title: 'Vencimento',
            dataIndex: 'vencimento',
            width: 110,
            render: (v: string, t) => (
              <Typography.Text type={t.vencido ? 'danger' : undefined} strong={t.vencido}>
                {dataBr(v)}
              </Typography.Text>
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
            render: (_, t) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => setDetalhe(t)}
              >
                {t.descricao}
                {t.parcelas > 1 ? ` (${t.parcela}/${t.parcelas})` : ''}
              </Button>
            ),
          },
          { title: 'Pessoa', render: (_, t) => t.pessoa?.nome ?? t.operadora?.descricao ?? '' },
          { title: 'Plano de contas', render: (_, t) => t.planoConta.descricao },
          ...(filtro.empresas.length > 1 ? [{ title: 'Loja', dataIndex: 'empresaDescricao' }] : []),
          {
            title: 'Valor',
            dataIndex: 'valor',
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

      {baixando && (
        <BaixaDialog
          titulos={baixando}
          aoFechar={() => {
            setBaixando(null);
            setSelecionados([]);
          }}
        />
      )}
      {detalhe && (
        <DetalheTitulo
          titulo={detalhe}
          aoFechar={() => setDetalhe(null)}
          aoBaixar={(t) => {
            setDetalhe(null);
            setBaixando([t]);
          }}
        />
      )}
      {novo && <NovoTituloDialog empresa={empresaPrincipal} tipo={novo} aoFechar={() => setNovo(null)} />}
    </Flex>
  );
}
