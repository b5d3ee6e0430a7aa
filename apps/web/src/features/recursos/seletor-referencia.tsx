import { recursos } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { chaves } from '../../lib/api/chaves.ts';
import { buscarRegistros } from './api.ts';
import { rotuloRegistro } from './exibicao.ts';
import { camposBusca } from './filtro-lista.ts';

// Reference picker: searches the referenced table on the server (getPopulate, $or of the `busca` fields)
// and shows the labels of the ids already chosen. What is listed always answers the text in the box:
// while the typing pause runs or the search is on its way nothing stale is offered (an Enter or a click
// there picked a record of the previous list), chosen records that do not match leave the list (antd keeps
// their labels), and leaving the box forgets its text (antd empties it on blur without telling onSearch).
// The look-up of the chosen ids once shared the empty search's cache entry when none was chosen, so the
// first page of the table stayed listed whatever was typed.

interface Props {
  id?: string;
  tabela: string;
  multiplo?: boolean;
  valor: string | string[] | null | undefined;
  onChange: (valor: string | string[] | null) => void;
  status?: 'error';
  placeholder?: string;
  desabilitado?: boolean;
}

function useAtrasado(valor: string, ms: number): string {
  const [atrasado, setAtrasado] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setAtrasado(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return atrasado;
}

export function SeletorReferencia({
  id,
  tabela,
  multiplo,
  valor,
  onChange,
  status,
  placeholder,
  desabilitado,
}: Props) {
  const def = recursos.recursoPorTabela(tabela);
  const [busca, setBusca] = useState('');
  const termo = useAtrasado(busca.trim(), 300);
  const ids = useMemo(
    () => (Array.isArray(valor) ? valor : typeof valor === 'string' && valor ? [valor] : []),
    [valor],
  );
  const opcoes = useQuery({
    queryKey: chaves.recursoOpcoes(tabela, termo, []),
    queryFn: () => {
      const campos = def ? camposBusca(def) : [];
      const filtro =
        termo && campos.length > 0
          ? { $or: campos.map((c) => ({ [c]: { $regex: termo, $options: 'i' } })) }
          : {};
      // Silent: a user may edit a record without reading every referenced table; the box says so instead.
      return buscarRegistros(tabela, { filtro, limit: 20, skip: 0 }, { silencioso: true });
    },
    enabled: Boolean(def) && !desabilitado,
  });
  const escolhidos = useQuery({
    // Its own key: with no id chosen it would share the empty search's entry and list the whole table.
    queryKey: [...chaves.recursoOpcoes(tabela, '', ids), 'escolhidos'],
    queryFn: () =>
      buscarRegistros(
        tabela,
        { filtro: { _id: { $in: ids } }, limit: ids.length, skip: 0 },
        { silencioso: true },
      ),
    enabled: Boolean(def) && ids.length > 0,
  });
  const digitado = busca.trim();
  // The debounced term has not caught up with the box yet: the results on hand answer an older text.
  const pendente = digitado !== termo;
  const buscando = pendente || opcoes.isFetching;
  const casa = (rotulo: string) => !digitado || rotulo.toLowerCase().includes(digitado.toLowerCase());
  const porId = new Map<string, { value: string; label: string }>();
  for (const r of ids.length > 0 ? (escolhidos.data ?? []) : []) {
    const rotulo = rotuloRegistro(def, r);
    if (r._id && casa(rotulo)) porId.set(r._id, { value: r._id, label: rotulo });
  }
  for (const r of pendente ? [] : (opcoes.data ?? [])) {
    if (r._id) porId.set(r._id, { value: r._id, label: rotuloRegistro(def, r) });
  }
  const lista = [...porId.values()];

  return (
    <Select
      id={id}
      mode={multiplo ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setBusca }}
      loading={buscando}
      status={status}
      placeholder={placeholder ?? 'Pesquisar...'}
      value={multiplo ? ids : (ids[0] ?? null)}
      options={lista}
      disabled={desabilitado}
      notFoundContent={
        buscando
          ? 'Buscando...'
          : opcoes.isError
            ? `Não foi possível listar: ${opcoes.error.message}`
            : 'Nenhum registro encontrado'
      }
      onBlur={() => setBusca('')}
      onChange={(v: string | string[] | undefined) => {
        setBusca('');
        onChange(v === undefined ? null : v);
      }}
      style={{ width: '100%' }}
    />
  );
}
