import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { consultarUm } from '../db/consultar.ts';
import { ErroNegocio } from './envelope.ts';

/**
 * Writes a POS may retry carry an `Idempotency-Key` header: the first successful answer is stored and a retry
 * gets it back without running the write again (DESIGN section 3). Failed attempts are not stored, so a
 * corrected retry can still succeed. Concurrent duplicates are serialised by an advisory lock on the key.
 */
export async function comIdempotencia<T>(
  db: Db,
  request: FastifyRequest,
  grupoEmpresarialId: string,
  executar: () => Promise<T>,
): Promise<T> {
  const h = request.headers['idempotency-key'];
  const chave = Array.isArray(h) ? h[0] : h;
  if (!chave) return executar();
  if (chave.length > 200) throw new ErroNegocio('Idempotency-Key inválida.');
  const rota = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const anterior = await consultarUm(
    db,
    sql`select rota, resposta from idempotencia where grupo_empresarial_id = ${grupoEmpresarialId} and chave = ${chave}`,
  );
  if (anterior) {
    if (anterior.rota !== rota) throw new ErroNegocio('Idempotency-Key já usada em outra operação.');
    return anterior.resposta as T;
  }
  const resposta = await executar();
  await consultarUm(
    db,
    sql`insert into idempotencia (chave, grupo_empresarial_id, rota, resposta)
        values (${chave}, ${grupoEmpresarialId}, ${rota}, ${JSON.stringify(resposta)}::jsonb) on conflict do nothing`,
  );
  return resposta;
}
