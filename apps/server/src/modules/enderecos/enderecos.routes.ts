import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { ClienteCep } from './cep.client.ts';

export async function rotasEnderecos(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cliente = new ClienteCep(app.servicos.config.cepUrl);

  // Spec 1 section 7: postal-code lookup by 8-digit code (bairro, localidade, uf, logradouro, erro).
  r.get(
    '/api/cep/:cep',
    { schema: { tags: ['enderecos'], params: z.object({ cep: z.string().max(20) }) } },
    async (request) => ok(await cliente.buscar(request.params.cep)),
  );
}
