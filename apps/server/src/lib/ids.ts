import { randomBytes } from 'node:crypto';

// Ids are 24-character lowercase hex strings (ObjectId-like): 4 bytes of seconds + 8 random bytes, so they
// sort roughly by creation time like Mongo's and never collide across terminals.
export function novoId(): string {
  const segundos = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return segundos + randomBytes(8).toString('hex');
}

export const ID_REGEX = /^[0-9a-f]{24}$/;
export const ehId = (valor: unknown): valor is string => typeof valor === 'string' && ID_REGEX.test(valor);

/** The id a stored reference holds: the `{ _id }` object the sale rows keep, or the id itself. */
export function idDaReferencia(valor: unknown): string | null {
  if (typeof valor === 'string') return valor;
  if (valor && typeof valor === 'object' && typeof (valor as { _id?: unknown })._id === 'string')
    return (valor as { _id: string })._id;
  return null;
}
