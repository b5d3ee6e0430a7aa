import { PlusOutlined } from '@ant-design/icons';
import {
  DESCRICAO_STATUS_PRODUCAO,
  DESCRICAO_TIPO_SOLICITACAO,
  formatarDataHora,
  formatarMoeda,
  type ProducaoResumo,
  STATUS_PRODUCAO,
  type StatusProducao,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { type ConsultaProducao, listaProducaoQuery } from './api.ts';
import { formatarCusto, formatarQuantidade, TagStatus } from './comum.tsx';
import { DetalheProducao } from './detalhe-producao.tsx';
import { NovaProducao } from './nova-producao.tsx';

// estoqueProducaoProdutos (issue 17): a store's production orders — the central kitchen asks for dough or sauce
// by recipes or yield units, finishes with what really came out (ingredients out at their average, the product
// in at their value), cancels a request or reverses a finished order. The store, filters, page and the open
// order live in the URL, so a reload or a shared link shows the same.

const TAMANHOS = [20, 50, 100];

function useConsulta(): [ConsultaProducao, (m: Partial<ConsultaProducao>) => void] {
  const [params, setParams] = useSearchParams();
  const sessao = useSessao((s) => s.empresa?._id ?? '');
  const status = params.get('status');
  const consulta: ConsultaProducao = {
    empresa: params.get('empresa') ?? sessao,
    status: STATUS_PRODUCAO.includes(status as StatusProducao) ? (status as StatusProducao) : '',
    busca: params.get('busca') ?? '',
    pagina: Math.max(1, Number(params.get('pagina')) || 1),
    limite: TAMANHOS.includes(Number(params.get('limite'))) ? Number(params.get('limite')) : 20,
  };
  const mudar = (m: Partial<ConsultaProducao>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        const c = { ...consulta, pagina: 1, ...m };
        for (const [k, v] of Object.entries(c)) {
          if (v === '' || (k === 'pagina' && v === 1)) n.delete(k);
          else n.set(k, String(v));
        }
        return n;
      },
      { replace: true },
    );
  return [consulta, mudar];
}

export function ProducaoPage() {
  const [params, setParams] = useSearchParams();
  const [consulta, mudar] = useConsulta();
  const { empresas, carregando } = useEmpresasUsuario();
  const [busca, setBusca] = useState(consulta.busca);
  const podeIncluir = useTemPermissao(consulta.empresa, PERMISSAO.estoqueProducaoProdutosIncluir);
  const lista = useQuery({ ...listaProducaoQuery(consulta), enabled: Boolean(consulta.empresa) });
  const aberta = params.get('ordem');
  const abrir = (valor: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (valor) n.set('ordem', valor);
      else n.delete('ordem');
      return n;
    });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Flex gap={8} wrap align="center">
          <Select
            aria-label="Empresa"
            style={{ minWidth: 220 }}
            loading={carregando}
            value={consulta.empresa || undefined}
            onChange={(empresa: string) => mudar({ empresa })}
            options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
          />
          <Select
            aria-label="Situação"
            style={{ minWidth: 160 }}
            value={consulta.status}
            onChange={(status: StatusProducao | '') => mudar({ status })}
            options={[
              { value: '', label: 'Todas as situações' },
              ...STATUS_PRODUCAO.map((s) => ({ value: s, label: DESCRICAO_STATUS_PRODUCAO[s] })),
            ]}
          />
          <Input.Search
            aria-label="Buscar produto ou número"
            placeholder="Produto ou nº"
            allowClear
            style={{ width: 240 }}
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
            onSearch={(v) => mudar({ busca: v.trim() })}
          />
        </Flex>
        {podeIncluir && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nova')}>
            Nova ordem de produção
          </Button>
        )}
      </Flex>
      <Table<ProducaoResumo>
        data-testid="lista-producao"
        size="small"
        rowKey="_id"
        loading={lista.isFetching}
        dataSource={lista.data?.itens ?? []}
        onRow={(o) => ({ onClick: () => abrir(o._id), style: { cursor: 'pointer' } })}
        scroll={{ x: 960 }}
        locale={{ emptyText: 'Nenhuma ordem de produção nesta loja com este filtro.' }}
        pagination={{
          current: consulta.pagina,
          pageSize: consulta.limite,
          total: lista.data?.total ?? 0,
          pageSizeOptions: TAMANHOS,
          showSizeChanger: true,
          showTotal: (t) => `${t} ${t === 1 ? 'ordem' : 'ordens'}`,
          onChange: (pagina, limite) => mudar({ pagina, limite }),
        }}
        columns={[
          { title: 'Nº', dataIndex: 'numero', width: 64, align: 'right' },
          {
            title: 'Solicitada em',
            dataIndex: 'criadoEm',
            width: 150,
            render: (v: string) => formatarDataHora(v),
          },
          {
            title: 'Produto',
            key: 'produto',
            render: (_: unknown, o) => <Typography.Text strong>{o.produto.descricao}</Typography.Text>,
          },
          {
            title: 'Pedido',
            key: 'pedido',
            render: (_: unknown, o) =>
              `${formatarQuantidade(o.quantidadeSolicitada)} × ${DESCRICAO_TIPO_SOLICITACAO[o.tipoSolicitacao]}`,
          },
          {
            title: 'Prevista',
            key: 'prevista',
            align: 'right',
            render: (_: unknown, o) => formatarQuantidade(o.quantidadePrevista, o.produto.unidade),
          },
          {
            title: 'Produzida',
            key: 'produzida',
            align: 'right',
            render: (_: unknown, o) => formatarQuantidade(o.quantidadeProduzida, o.produto.unidade),
          },
          {
            title: 'Custo total',
            dataIndex: 'custoTotal',
            align: 'right',
            render: (v: string | null) => (v === null ? '' : formatarMoeda(v)),
          },
          { title: 'Custo unitário', dataIndex: 'custoUnitario', align: 'right', render: formatarCusto },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 110,
            render: (s: StatusProducao) => <TagStatus status={s} />,
          },
        ]}
      />
      {aberta === 'nova' && consulta.empresa && (
        <NovaProducao empresa={consulta.empresa} aoFechar={() => abrir(null)} aoCriar={(id) => abrir(id)} />
      )}
      {aberta && aberta !== 'nova' && <DetalheProducao id={aberta} aoFechar={() => abrir(null)} />}
    </Flex>
  );
}
