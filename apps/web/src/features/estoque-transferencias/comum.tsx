import {
  DESCRICAO_STATUS_PEDIDO_TRANSFERENCIA,
  DESCRICAO_STATUS_TRANSFERENCIA,
  type ProdutoEstoque,
  type StatusPedidoTransferencia,
  type StatusTransferencia,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { lojasDoGrupoQuery, produtosQuery } from './api.ts';
import { formatarCusto, formatarQuantidade } from './regras.ts';

// Pieces the transfer screens share: the group's stores (a destination or a supplier may be a store the user
// does not work in), the product lookup with the balance in the store the goods leave from, and the status
// tags. The user's own stores and permissions come from auth/empresas-usuario.tsx.

/** One store of the group (but `exceto`): a destination or a supplier may be a store the user does not work in. */
export function SeletorLojaDoGrupo({
  id,
  valor,
  aoMudar,
  exceto,
  rotulo,
}: {
  id: string;
  valor: string | undefined;
  aoMudar: (loja: string) => void;
  exceto?: string | undefined;
  rotulo: string;
}) {
  const lojas = useQuery(lojasDoGrupoQuery());
  return (
    <Select
      id={id}
      aria-label={rotulo}
      style={{ minWidth: 220 }}
      loading={lojas.isPending}
      value={valor}
      placeholder="Escolha a loja"
      onChange={aoMudar}
      options={(lojas.data ?? [])
        .filter((l) => l._id !== exceto)
        .map((l) => ({ value: l._id, label: l.descricao }))}
    />
  );
}

/** Several stores of the group (none chosen: all). */
export function SeletorLojasDoGrupo({
  id,
  valor,
  aoMudar,
  exceto,
  rotulo,
}: {
  id: string;
  valor: string[];
  aoMudar: (lojas: string[]) => void;
  exceto?: string | undefined;
  rotulo: string;
}) {
  const lojas = useQuery(lojasDoGrupoQuery());
  return (
    <Select
      id={id}
      aria-label={rotulo}
      mode="multiple"
      allowClear
      style={{ minWidth: 260 }}
      loading={lojas.isPending}
      value={valor}
      placeholder="Todas"
      onChange={aoMudar}
      options={(lojas.data ?? [])
        .filter((l) => l._id !== exceto)
        .map((l) => ({ value: l._id, label: l.descricao }))}
    />
  );
}

export function useNomesDasLojas(): Map<string, string> {
  const lojas = useQuery(lojasDoGrupoQuery());
  return new Map((lojas.data ?? []).map((l) => [l._id, l.descricao]));
}

function useAtrasado(valor: string, ms: number): string {
  const [atrasado, setAtrasado] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setAtrasado(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return atrasado;
}

/** "saldo 8,250 KG · médio R$ 20,00" */
export function resumoSaldo(p: ProdutoEstoque): string {
  const unidade = p.unidade ? ` ${p.unidade}` : '';
  return `saldo ${formatarQuantidade(p.quantidade, p.unidade)}${unidade} · médio ${formatarCusto(p.custoMedio)}`;
}

/**
 * Product search (name, internal code or barcode) on the server, each option with its balance and average in
 * `empresa`. What is listed always answers the text in the box: results of an older search are not shown.
 */
export function SeletorProduto({
  id,
  empresa,
  valor,
  aoMudar,
  autoFocus,
}: {
  id?: string;
  empresa: string | undefined;
  valor: ProdutoEstoque | null;
  aoMudar: (produto: ProdutoEstoque | null) => void;
  autoFocus?: boolean;
}) {
  const [busca, setBusca] = useState('');
  const termo = useAtrasado(busca.trim(), 250);
  const opcoes = useQuery({ ...produtosQuery(empresa ?? '', termo), enabled: Boolean(empresa) });
  const pendente = busca.trim() !== termo;
  const lista = pendente ? [] : (opcoes.data ?? []);
  const porId = new Map(lista.map((p) => [p._id, p]));
  if (valor && !porId.has(valor._id) && !busca.trim()) porId.set(valor._id, valor);
  return (
    <Select
      id={id}
      aria-label="Produto"
      allowClear
      autoFocus={autoFocus}
      showSearch={{ filterOption: false, onSearch: setBusca }}
      loading={pendente || opcoes.isFetching}
      placeholder="Nome, código ou código de barras"
      disabled={!empresa}
      value={valor?._id ?? null}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
      notFoundContent={
        pendente || opcoes.isFetching
          ? 'Buscando...'
          : opcoes.isError
            ? `Não foi possível buscar: ${opcoes.error.message}`
            : 'Nenhum produto encontrado'
      }
      options={[...porId.values()].map((p) => ({ value: p._id, label: p.descricao, produto: p }))}
      optionRender={(o) => {
        const p = o.data.produto;
        return (
          <Flex vertical style={{ minWidth: 280 }}>
            <span>
              {p.codigoInterno !== null && (
                <Typography.Text type="secondary">{p.codigoInterno} · </Typography.Text>
              )}
              {p.descricao}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {resumoSaldo(p)}
            </Typography.Text>
          </Flex>
        );
      }}
      onBlur={() => setBusca('')}
      onChange={(v: string | null | undefined) => {
        setBusca('');
        aoMudar(v ? (porId.get(v) ?? null) : null);
      }}
    />
  );
}

const COR_TRANSFERENCIA: Record<StatusTransferencia, string> = {
  rascunho: 'default',
  enviada: 'processing',
  recebida: 'success',
  cancelada: 'error',
};

export function TagStatusTransferencia({ status }: { status: StatusTransferencia }) {
  return (
    <Tag color={COR_TRANSFERENCIA[status]} data-testid="status-transferencia">
      {DESCRICAO_STATUS_TRANSFERENCIA[status]}
    </Tag>
  );
}

const COR_PEDIDO: Record<StatusPedidoTransferencia, string> = {
  solicitado: 'processing',
  reservado: 'warning',
  finalizado: 'success',
  cancelado: 'error',
};

export function TagStatusPedido({ status }: { status: StatusPedidoTransferencia }) {
  return (
    <Tag color={COR_PEDIDO[status]} data-testid="status-pedido">
      {DESCRICAO_STATUS_PEDIDO_TRANSFERENCIA[status]}
    </Tag>
  );
}
