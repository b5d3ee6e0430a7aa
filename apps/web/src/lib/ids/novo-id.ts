/**
 * A 24-char lowercase hex id (DESIGN section 3) made on the client: a document carries it from the moment the
 * form opens, so a double click or a retry after a lost answer posts it once (the server answers the first).
 */
export function novoId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
