import { useEffect, useState } from 'react';
import type { GrupoEmpresarial } from '../../lib/session/tipos.ts';
import { listarGruposEmpresariais } from './api.ts';

export interface EstadoGrupos {
  grupos: GrupoEmpresarial[] | undefined;
  erro: unknown;
  carregando: boolean;
}

/** Group list of the public pages, fetched once per mount (no query cache before login). */
export function useGruposEmpresariais(): EstadoGrupos {
  const [estado, setEstado] = useState<EstadoGrupos>({ grupos: undefined, erro: null, carregando: true });
  useEffect(() => {
    let ativo = true;
    listarGruposEmpresariais().then(
      (grupos) => ativo && setEstado({ grupos, erro: null, carregando: false }),
      (erro: unknown) => ativo && setEstado({ grupos: undefined, erro, carregando: false }),
    );
    return () => {
      ativo = false;
    };
  }, []);
  return estado;
}
