import { recursos } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { chaves } from '../../lib/api/chaves.ts';
import { buscarRegistros } from './api.ts';
import { type Registro, rotuloRegistro } from './exibicao.ts';
import { camposBusca } from './filtro-lista.ts';

// Reference picker: searches the referenced table on the server (getPopulate, $or of the `busca` fields)
// and shows the labels of the ids already chosen.

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
    queryKey: chaves.recursoOpcoes(tabela, '', ids),
    queryFn: () =>
      buscarRegistros(
        tabela,
        { filtro: { _id: { $in: ids } }, limit: ids.length, skip: 0 },
        { silencioso: true },
      ),
    enabled: Boolean(def) && ids.length > 0,
  });
  const porId = new Map<string, Registro>();
  for (const r of [...(escolhidos.data ?? []), ...(opcoes.data ?? [])]) if (r._id) porId.set(r._id, r);
  const lista = [...porId.values()].map((r) => ({ value: r._id ?? '', label: rotuloRegistro(def, r) }));

  return (
    <Select
      id={id}
      mode={multiplo ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setBusca }}
      loading={opcoes.isFetching}
      status={status}
      placeholder={placeholder ?? 'Pesquisar...'}
      value={multiplo ? ids : (ids[0] ?? null)}
      options={lista}
      disabled={desabilitado}
      notFoundContent={
        opcoes.isFetching
          ? 'Buscando...'
          : opcoes.isError
            ? `Não foi possível listar: ${opcoes.error.message}`
            : 'Nenhum registro encontrado'
      }
      onChange={(v: string | string[] | undefined) => {
        setBusca('');
        onChange(v === undefined ? null : v);
      }}
      style={{ width: '100%' }}
    />
  );
}
