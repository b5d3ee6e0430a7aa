import type { DefinicaoRecurso } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useSessao } from '../../lib/session/sessao.ts';
import { permissoesQuery } from '../auth/queries.ts';

export type AcaoRecurso = 'acessar' | 'incluir' | 'alterar' | 'excluir';

/** Which actions of a resource the user holds in the current store (buttons are hidden otherwise). */
export function usePermissoesRecurso(def: DefinicaoRecurso): Record<AcaoRecurso, boolean> {
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const { data } = useQuery({
    ...permissoesQuery(empresa?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(usuario && empresa),
  });
  const tem = (acao: AcaoRecurso) => data?.has(def.permissoes[acao]) ?? false;
  return {
    acessar: tem('acessar'),
    incluir: tem('incluir'),
    alterar: tem('alterar'),
    excluir: tem('excluir'),
  };
}
