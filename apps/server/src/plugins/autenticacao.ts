import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MENSAGEM_LOGIN_EXPIRADO } from '../lib/envelope.ts';
import type { Sessao } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route answered without a token (login, group list, password recovery, health, config). */
    publico?: boolean;
  }
  interface FastifyRequest {
    sessao: Sessao | undefined;
  }
}

/** The session of an authenticated route (the hook below guarantees it). */
export function sessaoDe(request: FastifyRequest): Sessao {
  if (!request.sessao) throw new Error('rota autenticada sem sessão');
  return request.sessao;
}

// Every /api route needs a valid `token` header unless marked public; an expired or forged token answers
// `loginExpirado: true` so the client opens the renew-login dialog (spec section 8).
export function autenticacao(app: FastifyInstance): void {
  app.decorateRequest('sessao', undefined);
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config?.publico || !request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/docs')) return;
    const cabecalho = request.headers.token;
    const sessao = await app.servicos.tokens.verificar(Array.isArray(cabecalho) ? cabecalho[0] : cabecalho);
    if (!sessao) {
      return reply
        .status(200)
        .send({ valido: false, loginExpirado: true, data: { message: MENSAGEM_LOGIN_EXPIRADO } });
    }
    request.sessao = sessao;
  });
}
