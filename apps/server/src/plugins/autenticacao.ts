import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { type EscopoRequisicao, noEscopo } from '../db/inquilino.ts';
import { MENSAGEM_LOGIN_EXPIRADO } from '../lib/envelope.ts';
import type { Sessao } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route answered without a token (login, group list, password recovery, health, config). */
    publico?: boolean;
  }
  interface FastifyRequest {
    sessao: Sessao | undefined;
    /** The raw token of the session (logout revokes it). */
    tokenSessao: string | undefined;
    /** Whose rows this request's queries see (db/inquilino.ts): the session's group once the token is checked. */
    escopoBanco: EscopoRequisicao;
  }
}

/**
 * Routes answered without a token although they do not say `publico`: the files of the web app and of the
 * local storage (@fastify/static) and the API documentation. Every other route, including the ones a module
 * registers later, gets the token check attached to it.
 */
const ROTAS_ESTATICAS = new Set(['/', '/*', '/storage/', '/storage/*']);
const ehDocumentacao = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export function rotaPublica(url: string, publico: boolean | undefined): boolean {
  return publico === true || ROTAS_ESTATICAS.has(url) || ehDocumentacao(url);
}

/** The session of an authenticated route (the hook below guarantees it). */
export function sessaoDe(request: FastifyRequest): Sessao {
  if (!request.sessao) throw new Error('rota autenticada sem sessão');
  return request.sessao;
}

export function tokenDe(request: FastifyRequest): string | undefined {
  const cabecalho = request.headers.token;
  return Array.isArray(cabecalho) ? cabecalho[0] : cabecalho;
}

// The guard is attached to each route when it is registered (onRoute), never decided from the request's URL:
// an absolute-form target (`GET http://x/api/... HTTP/1.1`), an encoded or doubled slash reaches the same
// route and therefore the same check. It runs onRequest, before the body is even parsed. An expired,
// revoked or forged token answers `loginExpirado: true` so the client opens the renew-login dialog
// (spec section 8).
export function autenticacao(app: FastifyInstance): void {
  app.decorateRequest('sessao', undefined);
  app.decorateRequest('tokenSessao', undefined);
  app.decorateRequest('escopoBanco', undefined as unknown as EscopoRequisicao);

  // Every request's queries run in its scope (row-level security, decision 0009): no group until the token
  // is checked, so a public route sees no tenant row unless its code says `comoSistema`. The scope is entered
  // again after the body is parsed (the parser's stream events lose the async context).
  app.addHook('onRequest', (request, _reply, pronto) => {
    request.escopoBanco = { grupo: undefined };
    noEscopo(request.escopoBanco, pronto);
  });
  app.addHook('preValidation', (request, _reply, pronto) => {
    noEscopo(request.escopoBanco, pronto);
  });

  const guarda: onRequestHookHandler = async function guarda(request: FastifyRequest, reply: FastifyReply) {
    const token = tokenDe(request);
    const sessao = await app.servicos.tokens.verificar(token);
    if (!sessao) {
      return reply
        .status(200)
        .send({ valido: false, loginExpirado: true, data: { message: MENSAGEM_LOGIN_EXPIRADO } });
    }
    request.sessao = sessao;
    request.tokenSessao = token;
    request.escopoBanco.grupo = sessao.grupoEmpresarialId;
  };

  app.addHook('onRoute', (rota) => {
    if (rotaPublica(rota.url, rota.config?.publico)) return;
    const existentes = rota.onRequest;
    rota.onRequest = existentes
      ? [guarda, ...(Array.isArray(existentes) ? existentes : [existentes])]
      : [guarda];
  });
}
