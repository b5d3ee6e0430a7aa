import { useEffect, useState } from 'react';
import { obterConfig } from '../../lib/api/config.ts';
import type { GrupoEmpresarial } from '../../lib/session/tipos.ts';
import { listarGruposEmpresariais } from './api.ts';

export interface EstadoGrupos {
  grupos: GrupoEmpresarial[] | undefined;
  erro: unknown;
  carregando: boolean;
}

/**
 * Group list of the public pages, fetched once per mount (no query cache before login). Not fetched when
 * the deployment hides it (config.json listaGrupos false): the page asks for the group's code.
 */
export function useGruposEmpresariais(): EstadoGrupos {
  const listar = obterConfig().listaGrupos;
  const [estado, setEstado] = useState<EstadoGrupos>({ grupos: undefined, erro: null, carregando: listar });
  useEffect(() => {
    if (!listar) return;
    let ativo = true;
    listarGruposEmpresariais().then(
      (grupos) => ativo && setEstado({ grupos, erro: null, carregando: false }),
      (erro: unknown) => ativo && setEstado({ grupos: undefined, erro, carregando: false }),
    );
    return () => {
      ativo = false;
    };
  }, [listar]);
  return estado;
}
