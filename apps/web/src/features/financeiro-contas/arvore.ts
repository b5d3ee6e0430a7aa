import type { NoPlano } from './api.ts';

// The chart of accounts as a tree (pure): nodes under their parent ordered by code, and the code a new child
// of a node would take (the parent's code + the next number among its children, zero-padded like its siblings).

export interface RamoPlano {
  no: NoPlano;
  filhos: RamoPlano[];
}

export const paiDe = (n: NoPlano): string | null =>
  n.financeiroPlanoContaPai === null || n.financeiroPlanoContaPai === undefined
    ? null
    : typeof n.financeiroPlanoContaPai === 'string'
      ? n.financeiroPlanoContaPai
      : n.financeiroPlanoContaPai._id;

const porCodigo = (a: RamoPlano, b: RamoPlano) =>
  a.no.codigo.localeCompare(b.no.codigo, 'pt-BR', { numeric: true });

/** Roots first; a node whose parent is gone (deleted) shows at the root rather than disappearing. */
export function montarArvore(nos: readonly NoPlano[]): RamoPlano[] {
  const ramos = new Map(nos.map((n) => [n._id, { no: n, filhos: [] as RamoPlano[] }]));
  const raizes: RamoPlano[] = [];
  for (const r of ramos.values()) {
    const pai = paiDe(r.no);
    const alvo = pai ? ramos.get(pai) : undefined;
    if (alvo && alvo !== r) alvo.filhos.push(r);
    else raizes.push(r);
  }
  const ordenar = (lista: RamoPlano[]) => {
    lista.sort(porCodigo);
    for (const r of lista) ordenar(r.filhos);
  };
  ordenar(raizes);
  return raizes;
}

/** Ids of a node and everything under it. */
export function subarvore(nos: readonly NoPlano[], id: string): Set<string> {
  const dentro = new Set([id]);
  let mudou = true;
  while (mudou) {
    mudou = false;
    for (const n of nos) {
      const pai = paiDe(n);
      if (pai && dentro.has(pai) && !dentro.has(n._id)) {
        dentro.add(n._id);
        mudou = true;
      }
    }
  }
  return dentro;
}

/** '4.02' with children '4.02.001', '4.02.003' → '4.02.004'; no children → '4.02.01'; at the root → next integer. */
export function proximoCodigo(nos: readonly NoPlano[], pai: NoPlano | null): string {
  const prefixo = pai ? `${pai.codigo}.` : '';
  const irmaos = nos
    .filter((n) => (pai ? paiDe(n) === pai._id : paiDe(n) === null))
    .map((n) => n.codigo)
    .filter((c) => c.startsWith(prefixo) && /^\d+$/.test(c.slice(prefixo.length)));
  const numeros = irmaos.map((c) => Number(c.slice(prefixo.length)));
  const largura = irmaos.length ? Math.max(...irmaos.map((c) => c.length - prefixo.length)) : pai ? 2 : 1;
  const proximo = (numeros.length ? Math.max(...numeros) : 0) + 1;
  return `${prefixo}${String(proximo).padStart(largura, '0')}`;
}
