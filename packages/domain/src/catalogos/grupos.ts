import type { ItemCatalogo } from './catalogo.ts';
import * as fiscais from './fiscais.ts';
import * as gerais from './gerais.ts';
import { atribuicoes } from './permissoes.ts';
import * as tributos from './tributos.ts';
import { unidadesMedida } from './unidades-medida.ts';
import * as venda from './venda.ts';

// Spec 2 section 1: "Groups are also offered as lists built from each group." Every catalogue of the
// package, keyed by its grupo, so a server route or a select box can ask for any of them by name.

interface CatalogoQualquer {
  readonly grupo: string;
  readonly itens: readonly ItemCatalogo<number | string>[];
}

function ehCatalogo(valor: unknown): valor is CatalogoQualquer {
  return typeof valor === 'object' && valor !== null && 'grupo' in valor && 'itens' in valor;
}

function montar(): Map<string, readonly ItemCatalogo<number | string>[]> {
  const mapa = new Map<string, readonly ItemCatalogo<number | string>[]>();
  const modulos: Record<string, unknown>[] = [
    venda,
    gerais,
    fiscais,
    tributos,
    { unidadesMedida, atribuicoes },
  ];
  for (const modulo of modulos) {
    for (const valor of Object.values(modulo)) {
      if (!ehCatalogo(valor)) continue;
      if (mapa.has(valor.grupo)) throw new Error(`Grupo de catálogo repetido: ${valor.grupo}`);
      mapa.set(valor.grupo, valor.itens);
    }
  }
  return mapa;
}
const GRUPOS = montar();

/** Names of every catalogue group ('cfop', 'uf', 'cstIcms', 'tipoVenda', ...). */
export const GRUPOS_CATALOGO: readonly string[] = [...GRUPOS.keys()].sort();

/** The entries of a group (a copy), or undefined for an unknown group. */
export function itensDoGrupo(grupo: string): ItemCatalogo<number | string>[] | undefined {
  const itens = GRUPOS.get(grupo);
  return itens ? [...itens] : undefined;
}
