import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useSessao } from '../../lib/session/sessao.ts';
import type { Empresa } from '../../lib/session/tipos.ts';
import { empresasUsuarioQuery, permissoesQuery } from './queries.ts';

// The logged-in user's stores and permissions, as every back-office screen asks for them. It lives beside the
// auth queries it is built on (lib must not import a feature); the stock and fiscal screens import it from here.

/** The stores the user works in; while they load (or if the list is empty), the store of the session. */
export function useEmpresasUsuario(): { empresas: Empresa[]; carregando: boolean } {
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const atual = useSessao((s) => s.empresa);
  const { data, isPending } = useQuery({
    ...empresasUsuarioQuery(grupo?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(grupo && usuario),
  });
  const empresas = data && data.length > 0 ? data : atual ? [atual] : [];
  return { empresas, carregando: isPending };
}

/** Whether the user holds `permissao` in `empresa` (buttons follow it; the server checks again). */
export function useTemPermissao(empresa: string | undefined, permissao: number): boolean {
  const usuario = useSessao((s) => s.usuario);
  const { data } = useQuery({
    ...permissoesQuery(empresa ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(usuario && empresa),
  });
  return data?.has(permissao) ?? false;
}

export const nomeEmpresa = (e: Empresa) => e.nomeFantasia || e.descricao;

/** One of the user's stores; `rotulo` names it for screen readers and tests ("Empresa" unless told). */
export function SeletorEmpresaUsuario({
  id,
  valor,
  aoMudar,
  rotulo = 'Empresa',
}: {
  id: string;
  valor: string | undefined;
  aoMudar: (empresa: string) => void;
  rotulo?: string;
}) {
  const { empresas, carregando } = useEmpresasUsuario();
  return (
    <Select
      id={id}
      aria-label={rotulo}
      style={{ minWidth: 220 }}
      loading={carregando}
      value={valor}
      onChange={aoMudar}
      options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
    />
  );
}
