// Every catalogue entry has the same shape (spec 2, section 1): id, grupo, descricao, sigla, referencia.
export interface ItemCatalogo<Id extends number | string = number> {
  readonly id: Id;
  readonly grupo: string;
  readonly descricao: string;
  readonly sigla: string | null;
  readonly referencia: number | null;
}

/** Builds a typed catalogue from entries, with lookups by id. */
export function definirCatalogo<const T extends readonly ItemCatalogo<number | string>[]>(
  grupo: string,
  itens: T,
) {
  const porId = new Map<T[number]['id'], T[number]>(itens.map((item) => [item.id, item]));
  return {
    grupo,
    itens,
    porId(id: T[number]['id']): T[number] | undefined {
      return porId.get(id);
    },
    existe(id: unknown): id is T[number]['id'] {
      return porId.has(id as T[number]['id']);
    },
  };
}

export function item<const Id extends number | string>(
  grupo: string,
  id: Id,
  descricao: string,
  sigla: string | null = null,
  referencia: number | null = null,
): ItemCatalogo<Id> {
  return { id, grupo, descricao, sigla, referencia };
}
