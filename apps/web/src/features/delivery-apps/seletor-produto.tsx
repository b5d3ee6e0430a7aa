import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { produtosDeliveryQuery } from './api.ts';

// The product picker of the item mapping: the integration's store's products searched by description through
// the delivery module's own route (permission 868), so a user who maps the app's items needs no permission of
// the product registration. The product already mapped is shown by its name before any search.

export function SeletorProdutoDelivery({
  id,
  integracao,
  valor,
  atual,
  aoMudar,
  placeholder,
}: {
  id: string;
  integracao: string;
  valor: string | null;
  /** The product mapped now, to show its name without a search. */
  atual?: { _id: string; descricao: string } | null | undefined;
  aoMudar: (produto: string | null) => void;
  placeholder?: string;
}) {
  const [digitado, setDigitado] = useState('');
  const [busca, setBusca] = useState('');
  // One request when the typing pauses, not one per key.
  useEffect(() => {
    const t = setTimeout(() => setBusca(digitado.trim()), 250);
    return () => clearTimeout(t);
  }, [digitado]);
  const produtos = useQuery(produtosDeliveryQuery(integracao, busca));
  const [escolhido, setEscolhido] = useState(atual ?? null);
  const opcoes = (produtos.data ?? []).map((p) => ({ value: p._id, label: p.descricao }));
  if (escolhido && escolhido._id === valor && !opcoes.some((o) => o.value === escolhido._id))
    opcoes.unshift({ value: escolhido._id, label: escolhido.descricao });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setDigitado }}
      allowClear
      style={{ width: '100%' }}
      value={valor ?? undefined}
      placeholder={placeholder ?? 'Pesquisar produto...'}
      loading={produtos.isFetching}
      notFoundContent={produtos.isFetching ? 'Buscando...' : 'Nenhum produto encontrado.'}
      options={opcoes}
      onChange={(v: string | undefined) => {
        const p = (produtos.data ?? []).find((x) => x._id === v);
        if (p) setEscolhido({ _id: p._id, descricao: p.descricao });
        aoMudar(v ?? null);
      }}
    />
  );
}
