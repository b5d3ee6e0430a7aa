import type { Campo, DefinicaoRecurso } from '@retaguarda/domain';
import { colunaDoCampo } from '../../db/tabela-recurso.ts';

// What a client may name in a filter, a sort, a select or a populate: the resource's public fields
// plus the fixed ones. Anything else is refused (DESIGN section 3: a whitelist).

export type TipoValor = 'texto' | 'numero' | 'booleano' | 'data' | 'id' | 'ids' | 'json';

export interface ColunaPublica {
  campo: string;
  coluna: string;
  tipo: TipoValor;
  definicao?: Campo;
}

export interface MapaColunas {
  porCampo: Map<string, ColunaPublica>;
  /** Public fields in output order. */
  publicas: ColunaPublica[];
}

function tipoDoCampo(campo: Campo): TipoValor {
  switch (campo.tipo) {
    case 'texto':
      return 'texto';
    case 'inteiro':
    case 'decimal':
      return 'numero';
    case 'booleano':
      return 'booleano';
    case 'data':
      return 'data';
    case 'ref':
      return 'id';
    case 'refs':
      return 'ids';
    case 'catalogo':
    case 'json':
      return 'json';
  }
}

const cache = new WeakMap<DefinicaoRecurso, MapaColunas>();

export function colunasDoRecurso(def: DefinicaoRecurso): MapaColunas {
  const existente = cache.get(def);
  if (existente) return existente;
  const publicas: ColunaPublica[] = [{ campo: '_id', coluna: 'id', tipo: 'id' }];
  publicas.push({ campo: 'grupoEmpresarial', coluna: 'grupo_empresarial_id', tipo: 'id' });
  if (def.escopo === 'empresa') publicas.push({ campo: 'empresa', coluna: 'empresa_id', tipo: 'id' });
  for (const [nome, campo] of Object.entries(def.campos)) {
    if (campo.privado) continue;
    if (nome === 'empresa' && def.escopo === 'empresa') continue;
    publicas.push({
      campo: nome,
      coluna: colunaDoCampo(nome, campo),
      tipo: tipoDoCampo(campo),
      definicao: campo,
    });
  }
  publicas.push(
    { campo: 'lixo', coluna: 'lixo', tipo: 'booleano' },
    { campo: 'created_at', coluna: 'created_at', tipo: 'data' },
    { campo: 'updated_at', coluna: 'updated_at', tipo: 'data' },
    { campo: 'createdBy', coluna: 'created_by', tipo: 'id' },
    { campo: 'updatedBy', coluna: 'updated_by', tipo: 'id' },
  );
  const mapa = { porCampo: new Map(publicas.map((c) => [c.campo, c])), publicas };
  cache.set(def, mapa);
  return mapa;
}
