import { formatarDataHora, formatarMoeda } from '@retaguarda/domain';
import {
  type FechamentoResumo,
  STATUS_FECHAMENTO_LISTA,
  type StatusFechamento,
} from '@retaguarda/domain/caixa/conciliacao';
import { statusOperacaoCaixa } from '@retaguarda/domain/catalogos/gerais';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { listaFechamentosQuery } from './api.ts';
import { Diferenca, TagStatusCaixa } from './comum.tsx';
import { DetalheFechamento } from './detalhe-fechamento.tsx';

// conciliacaoCaixa (issue 18): every cashier closing of the chosen stores in a period, with the cashier
// operation status of spec 1 section 4 and the counted difference; one closing opened (its id in the URL, so a
// reload or a link opens it again) shows the drawer, the slips, expected vs counted and the reconciliation.
// The list's filters live in the URL too (empresa, de, ate, status).

const DIA = 'YYYY-MM-DD';

export function ConciliacaoCaixaPage() {
  const [params, setParams] = useSearchParams();
  const aberto = params.get('fechamento');
  if (aberto) {
    return (
      <DetalheFechamento
        id={aberto}
        aoVoltar={() => {
          const p = new URLSearchParams(params);
          p.delete('fechamento');
          setParams(p);
        }}
      />
    );
  }
  return <ListaFechamentos />;
}

function ListaFechamentos() {
  const [params, setParams] = useSearchParams();
  const atual = useSessao((s) => s.empresa?._id);
  const { empresas } = useEmpresasUsuario();
  const escolhidas = params.getAll('empresa').length ? params.getAll('empresa') : atual ? [atual] : [];
  const de = dayjs(params.get('de') ?? dayjs().subtract(6, 'day').format(DIA), DIA);
  const ate = dayjs(params.get('ate') ?? dayjs().format(DIA), DIA);
  const statusTexto = params.get('status');
  const status = statusTexto ? (Number(statusTexto) as StatusFechamento) : undefined;
  const mudar = (alterar: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(params);
    alterar(p);
    setParams(p, { replace: true });
  };
  const consulta = {
    empresa: escolhidas,
    dataInicial: de.startOf('day').toISOString(),
    dataFinal: ate.add(1, 'day').startOf('day').toISOString(),
    ...(status === undefined ? {} : { status }),
  };
  const lista = useQuery({ ...listaFechamentosQuery(consulta), enabled: escolhidas.length > 0 });
  const dados = lista.data ?? [];
  const comDivergencia = dados.filter((f) => f.status.id === 6).length;
  const abrir = (id: string) => mudar((p) => p.set('fechamento', id));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} align="center" wrap>
        <label htmlFor="conciliacao-empresas">Empresas</label>
        <Select
          id="conciliacao-empresas"
          mode="multiple"
          aria-label="Empresas"
          style={{ minWidth: 260 }}
          value={escolhidas}
          onChange={(v: string[]) =>
            mudar((p) => {
              p.delete('empresa');
              for (const e of v) p.append('empresa', e);
            })
          }
          options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
        />
        <label htmlFor="conciliacao-periodo">Fechados de</label>
        <DatePicker.RangePicker
          id={{ start: 'conciliacao-periodo' }}
          format="DD/MM/YYYY"
          allowClear={false}
          value={[de, ate]}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              const [i, f] = [v[0], v[1]];
              mudar((p) => {
                p.set('de', i.format(DIA));
                p.set('ate', f.format(DIA));
              });
            }
          }}
        />
        <label htmlFor="conciliacao-status">Situação</label>
        <Select
          id="conciliacao-status"
          aria-label="Situação"
          style={{ minWidth: 200 }}
          value={status ?? 0}
          onChange={(v: number) => mudar((p) => (v ? p.set('status', String(v)) : p.delete('status')))}
          options={[
            { value: 0, label: 'Todas' },
            ...STATUS_FECHAMENTO_LISTA.map((s) => ({
              value: s,
              label: statusOperacaoCaixa.porId(s)?.descricao ?? String(s),
            })),
          ]}
        />
        {comDivergencia > 0 && (
          <Typography.Text type="danger" data-testid="total-divergencias" style={{ marginLeft: 'auto' }}>
            {comDivergencia === 1
              ? '1 fechamento com divergência'
              : `${comDivergencia} fechamentos com divergência`}
          </Typography.Text>
        )}
      </Flex>
      <Table<FechamentoResumo>
        size="small"
        rowKey="_id"
        loading={lista.isFetching}
        dataSource={dados}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: escolhidas.length > 1 ? 1170 : 1030 }}
        data-testid="lista-fechamentos"
        onRow={(f) => ({
          onClick: () => abrir(f._id),
          style: { cursor: 'pointer' },
          'data-testid': `fechamento-${f._id}`,
        })}
        locale={{ emptyText: 'Nenhum fechamento de caixa no período.' }}
        columns={[
          {
            title: 'Fechamento',
            dataIndex: 'dataFechamento',
            width: 140,
            render: (v: string | null, f) => (
              <Typography.Link onClick={() => abrir(f._id)}>{v ? formatarDataHora(v) : '-'}</Typography.Link>
            ),
          },
          // One store chosen: its name is in the filter, the column gives its room to the figures.
          ...(escolhidas.length > 1
            ? [
                {
                  title: 'Empresa',
                  key: 'empresa',
                  width: 140,
                  ellipsis: true,
                  render: (_: unknown, f: FechamentoResumo) => f.empresa.descricao,
                },
              ]
            : []),
          { title: 'Caixa', key: 'caixa', width: 100, ellipsis: true, render: (_, f) => f.caixa.descricao },
          {
            title: 'Operador',
            key: 'operador',
            width: 120,
            ellipsis: true,
            render: (_, f) => (f.operadorFechamento ?? f.operadorAbertura)?.nome ?? '',
          },
          {
            title: 'Situação',
            key: 'status',
            width: 170,
            render: (_, f) => <TagStatusCaixa status={f.status} />,
          },
          {
            title: 'Diferença',
            dataIndex: 'diferenca',
            width: 180,
            align: 'right',
            render: (v: string | null, f) => <Diferenca valor={v} testid={`diferenca-${f._id}`} />,
          },
          {
            title: 'Recebido',
            dataIndex: 'totalRecebido',
            width: 100,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: 'Esperado (R$)',
            dataIndex: 'dinheiroEsperado',
            width: 110,
            align: 'right',
            render: (v: string | null) => (v === null ? '-' : formatarMoeda(v)),
          },
          {
            title: 'Contado (R$)',
            dataIndex: 'dinheiroContado',
            width: 110,
            align: 'right',
            render: (v: string | null) => (v === null ? '-' : formatarMoeda(v)),
          },
        ]}
      />
    </Space>
  );
}
