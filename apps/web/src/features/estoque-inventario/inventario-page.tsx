import { PlusOutlined } from '@ant-design/icons';
import {
  DESCRICAO_STATUS_INVENTARIO,
  formatarDataHora,
  formatarMoeda,
  type InventarioResumo,
  STATUS_INVENTARIO,
  type StatusInventario,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { listaInventariosQuery } from './api.ts';
import { TagStatus } from './comum.tsx';
import { DetalheInventario } from './detalhe-inventario.tsx';
import { NovoInventarioDialog } from './novo-inventario.tsx';
import { tituloInventario } from './regras.ts';

// estoqueInventario (issue 17): the store's counts, and one count opened (its id in the URL, so a reload or a
// link from the report opens it again): the sheet being counted, the review of the differences, the posting.

export function InventarioPage() {
  const [params, setParams] = useSearchParams();
  const aberto = params.get('inventario');
  if (aberto) {
    const aba = params.get('aba') === 'revisao' ? 'revisao' : 'contagem';
    return (
      <DetalheInventario
        id={aberto}
        aba={aba}
        aoMudarAba={(a) => setParams({ inventario: aberto, aba: a })}
        aoVoltar={() => setParams({})}
      />
    );
  }
  return <ListaInventarios aoAbrir={(id) => setParams({ inventario: id })} />;
}

function ListaInventarios({ aoAbrir }: { aoAbrir: (id: string) => void }) {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(empresaSessao);
  const [status, setStatus] = useState<StatusInventario | ''>('');
  const [novo, setNovo] = useState(false);
  const podeIncluir = useTemPermissao(empresa, PERMISSAO.estoqueInventarioIncluir);
  const lista = useQuery({ ...listaInventariosQuery(empresa ?? '', status), enabled: Boolean(empresa) });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} align="center" wrap>
        <label htmlFor="inventario-empresa">Empresa</label>
        <SeletorEmpresaUsuario id="inventario-empresa" valor={empresa} aoMudar={setEmpresa} />
        <label htmlFor="inventario-status">Situação</label>
        <Select
          id="inventario-status"
          style={{ minWidth: 160 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: 'Todas' },
            ...STATUS_INVENTARIO.map((s) => ({ value: s, label: DESCRICAO_STATUS_INVENTARIO[s] })),
          ]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!podeIncluir || !empresa}
          onClick={() => setNovo(true)}
          style={{ marginLeft: 'auto' }}
        >
          Novo inventário
        </Button>
      </Flex>
      <Table<InventarioResumo>
        size="small"
        rowKey="_id"
        loading={lista.isFetching}
        dataSource={lista.data?.itens ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 1000 }}
        data-testid="lista-inventarios"
        onRow={(i) => ({ onClick: () => aoAbrir(i._id), style: { cursor: 'pointer' } })}
        locale={{ emptyText: 'Nenhum inventário nesta empresa.' }}
        columns={[
          { title: 'Nº', dataIndex: 'numero', width: 70 },
          {
            title: 'Inventário',
            key: 'titulo',
            render: (_, i) => (
              <Typography.Link onClick={() => aoAbrir(i._id)}>
                {i.descricao || tituloInventario(i)}
              </Typography.Link>
            ),
          },
          {
            title: 'Data da contagem',
            dataIndex: 'data',
            width: 160,
            render: (v: string) => formatarDataHora(v),
          },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 130,
            render: (s: StatusInventario) => <TagStatus status={s} />,
          },
          {
            title: 'Contados',
            key: 'contados',
            width: 110,
            align: 'right',
            render: (_, i) => `${i.contados} / ${i.itens}`,
          },
          { title: 'Cega', dataIndex: 'cega', width: 70, render: (v: boolean) => (v ? 'Sim' : 'Não') },
          {
            title: 'Sobras',
            dataIndex: 'valorSobra',
            width: 120,
            align: 'right',
            render: (v: string | null) => (v === null ? '' : formatarMoeda(v)),
          },
          {
            title: 'Faltas',
            dataIndex: 'valorFalta',
            width: 120,
            align: 'right',
            render: (v: string | null) => (v === null ? '' : formatarMoeda(v)),
          },
          {
            title: 'Criado por',
            key: 'criado',
            width: 150,
            ellipsis: true,
            render: (_, i) => i.criadoPor?.nome ?? '',
          },
        ]}
      />
      {novo && empresa && (
        <NovoInventarioDialog
          empresa={empresa}
          aoFechar={(criado) => {
            setNovo(false);
            if (criado) aoAbrir(criado);
          }}
        />
      )}
    </Space>
  );
}
