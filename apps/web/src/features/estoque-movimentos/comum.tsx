import type { ProdutoEstoque } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { produtosEstoqueQuery } from './api.ts';
import { formatarCusto, formatarQuantidade } from './formato.ts';

// Pieces the three stock screens share (the user's stores and permissions: auth/empresas-usuario.tsx): the
// product picker that shows each product's balance and average cost in the chosen store.

function useAtrasado(valor: string, ms: number): string {
  const [atrasado, setAtrasado] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setAtrasado(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return atrasado;
}

/** "8,250 KG · médio R$ 20,00" */
export function resumoSaldo(p: ProdutoEstoque): string {
  const unidade = p.unidade ? ` ${p.unidade}` : '';
  return `saldo ${formatarQuantidade(p.quantidade, p.unidade)}${unidade} · médio ${formatarCusto(p.custoMedio)}`;
}

/**
 * Product search of a stock document: by name, internal code or barcode, on the server, each option with its
 * balance and average cost in `empresa`. What is listed always answers the text in the box (see
 * SeletorReferencia for why).
 */
export function SeletorProdutoEstoque({
  id,
  empresa,
  valor,
  aoMudar,
  autoFocus,
  status,
}: {
  id?: string;
  empresa: string | undefined;
  valor: ProdutoEstoque | null;
  aoMudar: (produto: ProdutoEstoque | null) => void;
  autoFocus?: boolean;
  status?: 'error';
}) {
  const [busca, setBusca] = useState('');
  const termo = useAtrasado(busca.trim(), 250);
  const opcoes = useQuery({
    ...produtosEstoqueQuery(empresa ?? '', termo),
    enabled: Boolean(empresa),
  });
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
      status={status}
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
