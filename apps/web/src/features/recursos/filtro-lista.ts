import type { Campo, DefinicaoRecurso } from '@retaguarda/domain';

// The getPopulate filter of a list: free text over the definition's `busca` fields ($or of literal,
// case-insensitive $regex) AND one condition per column filter, AND the current store for store-scoped
// resources (the server also limits rows to the stores the user may see).

export type Filtro = Record<string, unknown>;

/** Fields a column filter can apply to, and how. */
export function tipoFiltro(campo: Campo): 'texto' | 'booleano' | 'opcao' | 'numero' | 'ref' | undefined {
  switch (campo.tipo) {
    case 'texto':
      return campo.opcoes ? 'opcao' : 'texto';
    case 'booleano':
      return 'booleano';
    case 'catalogo':
      return campo.multiplo ? undefined : 'opcao';
    case 'inteiro':
    case 'decimal':
      return campo.catalogoId ? 'opcao' : 'numero';
    case 'ref':
      return 'ref';
    default:
      return undefined;
  }
}

export function camposBusca(def: DefinicaoRecurso): string[] {
  return Object.entries(def.campos)
    .filter(([, c]) => c.busca && !c.privado)
    .map(([nome]) => nome);
}

function condicao(nome: string, campo: Campo, valor: string): Filtro | undefined {
  switch (tipoFiltro(campo)) {
    case 'texto':
      return { [nome]: { $regex: valor, $options: 'i' } };
    case 'booleano':
      return { [nome]: { $eq: valor === 'true' } };
    case 'opcao':
      if (campo.tipo === 'catalogo')
        return { [`${nome}.id`]: { $eq: Number.isNaN(Number(valor)) ? valor : Number(valor) } };
      if (campo.tipo === 'texto') return { [nome]: { $eq: valor } };
      return { [nome]: { $eq: Number(valor) } };
    case 'numero': {
      const n = Number(valor.replace(',', '.'));
      return Number.isFinite(n) ? { [nome]: { $eq: n } } : undefined;
    }
    case 'ref':
      return { [nome]: { $eq: valor } };
    default:
      return undefined;
  }
}

export function montarFiltro(
  def: DefinicaoRecurso,
  busca: string,
  filtros: Record<string, string>,
  empresaAtual: string | undefined,
): Filtro {
  const partes: Filtro[] = [];
  if (def.escopo === 'empresa' && empresaAtual) partes.push({ empresa: { $eq: empresaAtual } });
  const texto = busca.trim();
  if (texto) {
    const campos = camposBusca(def);
    if (campos.length > 0)
      partes.push({ $or: campos.map((c) => ({ [c]: { $regex: texto, $options: 'i' } })) });
  }
  for (const [nome, valor] of Object.entries(filtros)) {
    const campo = def.campos[nome];
    if (!campo || valor === '') continue;
    const c = condicao(nome, campo, valor);
    if (c) partes.push(c);
  }
  if (partes.length === 0) return {};
  if (partes.length === 1) return partes[0] ?? {};
  return { $and: partes };
}
