import { listasReferencia } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { falha, ok } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';

// Spec 1 section 7: GET config.json read at start by the clients.
export const CONFIG_CLIENTE = {
  baseUrl: '/api/',
  storageUrl: '/storage/',
  socketUrl: '/',
  socketPath: '/socket.io',
} as const;

export async function rotasSistema(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // listaGrupos false: the login page asks for the group's code instead of listing the groups.
  r.get('/config.json', { config: { publico: true }, schema: { hide: true } }, async () => ({
    ...CONFIG_CLIENTE,
    listaGrupos: app.servicos.config.listaGruposPublica !== false,
  }));

  r.get('/api/health', { config: { publico: true }, schema: { tags: ['sistema'] } }, async () => {
    await app.servicos.banco.db.execute(sql`select 1`);
    return ok({ status: 'ok', banco: app.servicos.banco.tipo });
  });

  r.get('/api/getDataHoraServidor', { schema: { tags: ['sistema'] } }, async () =>
    ok({ dataHora: app.servicos.tempo.agora().toISOString() }),
  );

  r.get('/api/id', { schema: { tags: ['sistema'] } }, async () => ok({ id: novoId() }));

  r.get(
    '/api/lista/:n',
    { schema: { tags: ['sistema'], params: z.object({ n: z.string().max(4) }) } },
    async (request) => {
      const lista = listasReferencia[Number(request.params.n)];
      return lista ? ok(lista) : falha(`Lista de referência não encontrada: ${request.params.n}`);
    },
  );
}
