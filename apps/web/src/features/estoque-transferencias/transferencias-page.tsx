import { PlusOutlined } from '@ant-design/icons';
import {
  DESCRICAO_STATUS_TRANSFERENCIA,
  formatarDataHora,
  formatarMoeda,
  STATUS_TRANSFERENCIA,
  type StatusTransferencia,
  type TransferenciaResumo,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Segmented, Select, Space, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { type ConsultaLista, listaTransferenciasQuery } from './api.ts';
import { TagStatusTransferencia } from './comum.tsx';
import { DetalheTransferencia } from './detalhe-transferencia.tsx';
import { NovaTransferencia } from './nova-transferencia.tsx';

// estoqueTransferencia (issue 17): the transfers out of and into a store, a new one (draft, or shipped at
// once), and one transfer opened (its id in the URL, so a reload or a link from the report opens it again):
// ship it at the origin, receive it at the destination with what arrived, or cancel it.

export function TransferenciasPage() {
  const [params, setParams] = useSearchParams();
  const aberta = params.get('transferencia');
  if (aberta) return <DetalheTransferencia id={aberta} aoVoltar={() => setParams({})} />;
  if (params.get('nova') === '1') {
    return (
      <NovaTransferencia aoSalvar={(id) => setParams({ transferencia: id })} aoVoltar={() => setParams({})} />
    );
  }
  return (
    <ListaTransferencias
      aoAbrir={(id) => setParams({ transferencia: id })}
      aoCriar={() => setParams({ nova: '1' })}
    />
  );
}

function ListaTransferencias({ aoAbrir, aoCriar }: { aoAbrir: (id: string) => void; aoCriar: () => void }) {
  const { token } = theme.useToken();
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [consulta, setConsulta] = useState<ConsultaLista>({
    empresa: empresaSessao ?? '',
    papel: '',
    status: '',
  });
  const podeIncluir = useTemPermissao(consulta.empresa, PERMISSAO.estoqueTransferenciaIncluir);
  const lista = useQuery({ ...listaTransferenciasQuery(consulta), enabled: Boolean(consulta.empresa) });
  const mudar = (parcial: Partial<ConsultaLista>) => setConsulta((c) => ({ ...c, ...parcial }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} align="center" wrap>
        <label htmlFor="transferencia-empresa">Empresa</label>
        <SeletorEmpresaUsuario
          id="transferencia-empresa"
          valor={consulta.empresa || undefined}
          aoMudar={(empresa) => mudar({ empresa })}
        />
        <Segmented<ConsultaLista['papel']>
          aria-label="Sentido"
          value={consulta.papel}
          onChange={(papel) => mudar({ papel })}
          options={[
            { value: '', label: 'Todas' },
            { value: 'enviadas', label: 'Saindo desta loja' },
            { value: 'recebidas', label: 'Chegando nesta loja' },
          ]}
        />
        <label htmlFor="transferencia-status">Situação</label>
        <Select
          id="transferencia-status"
          style={{ minWidth: 150 }}
          value={consulta.status}
          onChange={(status: StatusTransferencia | '') => mudar({ status })}
          options={[
            { value: '', label: 'Todas' },
            ...STATUS_TRANSFERENCIA.map((s) => ({ value: s, label: DESCRICAO_STATUS_TRANSFERENCIA[s] })),
          ]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!podeIncluir}
          onClick={aoCriar}
          style={{ marginLeft: 'auto' }}
        >
          Nova transferência
        </Button>
      </Flex>
      <Table<TransferenciaResumo>
        size="small"
        rowKey="_id"
        loading={lista.isFetching}
        dataSource={lista.data?.itens ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 1100 }}
        data-testid="lista-transferencias"
        onRow={(t) => ({ onClick: () => aoAbrir(t._id), style: { cursor: 'pointer' } })}
        locale={{ emptyText: 'Nenhuma transferência desta loja.' }}
        columns={[
          {
            title: 'Nº',
            dataIndex: 'numero',
            width: 70,
            render: (n: number, t) => <Typography.Link onClick={() => aoAbrir(t._id)}>{n}</Typography.Link>,
          },
          {
            title: 'Origem',
            key: 'origem',
            ellipsis: true,
            render: (_, t) =>
              t.origem._id === consulta.empresa ? <strong>{t.origem.descricao}</strong> : t.origem.descricao,
          },
          {
            title: 'Destino',
            key: 'destino',
            ellipsis: true,
            render: (_, t) =>
              t.destino._id === consulta.empresa ? (
                <strong>{t.destino.descricao}</strong>
              ) : (
                t.destino.descricao
              ),
          },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 120,
            render: (s: StatusTransferencia) => <TagStatusTransferencia status={s} />,
          },
          { title: 'Itens', dataIndex: 'itens', width: 70, align: 'right' },
          {
            title: 'Valor enviado',
            dataIndex: 'valorEnviado',
            width: 130,
            align: 'right',
            render: (v: string | null) => (v === null ? '' : formatarMoeda(v)),
          },
          {
            title: 'Divergência',
            dataIndex: 'valorDivergencia',
            width: 120,
            align: 'right',
            render: (v: string | null) =>
              v === null || Number(v) === 0 ? (
                ''
              ) : (
                <span style={{ color: token.colorError }}>{formatarMoeda(v)}</span>
              ),
          },
          {
            title: 'Enviada em',
            dataIndex: 'enviadoEm',
            width: 150,
            render: (v: string | null) => (v ? formatarDataHora(v) : ''),
          },
          {
            title: 'Recebida em',
            dataIndex: 'recebidoEm',
            width: 150,
            render: (v: string | null) => (v ? formatarDataHora(v) : ''),
          },
        ]}
      />
    </Space>
  );
}
