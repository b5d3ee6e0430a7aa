// Text a user types, searched with (I)LIKE: `%`, `_` and the escape character itself are literal, so "50%" finds
// "50%" and not everything starting with 50. PostgreSQL's default LIKE escape is the backslash.

/** The text with LIKE's wildcards escaped. */
export function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern "contains this text" for (I)LIKE. */
export function padraoContem(texto: string): string {
  return `%${escaparLike(texto)}%`;
}
