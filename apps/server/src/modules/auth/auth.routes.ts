import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultarUm } from '../../db/consultar.ts';
import { comoSistema } from '../../db/inquilino.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { SENHA_MASCARADA } from '../recursos/recursos.routes.ts';
import { temPermissao } from '../usuarios/permissoes.service.ts';

// The client sends the SHA-256 hex of the typed password, never the password itself.
const senhaSha256 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'senha deve ser o SHA-256 (hex) da senha digitada');

export async function rotasAuth(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, correio } = app.servicos;

  r.post(
    '/api/login',
    {
      config: { publico: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: z.object({
          email: z.union([z.string().min(1).max(200), z.number().int()]).transform(String),
          senha: senhaSha256,
          grupoEmpresarial: z.string().max(64).optional(),
        }),
      },
    },
    // System work (decision 0009): the group is not known before the user is found; the e-mail or code may
    // be looked up across groups when the client names none.
    async (request) => ok(await comoSistema(() => auth.login(request.body, request.ip))),
  );

  r.post(
    '/api/getGrupoEmpresarialLista',
    {
      config: { publico: true },
      schema: { tags: ['auth'], security: [], body: z.object({ lixo: z.boolean().optional() }).optional() },
    },
    // The login screen's list of every group: crosses groups by design.
    // LISTA_GRUPOS_PUBLICA=false: nothing to enumerate; the user types the group's code (issue 14 point 11).
    async () =>
      ok(
        app.servicos.config.listaGruposPublica === false
          ? []
          : await comoSistema(() => auth.gruposEmpresariais()),
      ),
  );

  r.post(
    '/api/recuperarSenha',
    {
      config: { publico: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: z.object({
          email: z.string().min(1).max(200),
          grupoEmpresarial: z.string().max(64).optional(),
        }),
      },
    },
    async (request) => {
      // The link's address is the deployment's (PUBLIC_URL), never the request's Host / X-Forwarded-Host: a
      // forged Host would mail the user a link to the attacker's site carrying the reset key.
      // Anonymous: the account is found before its group is known (system work, decision 0009).
      const message = await comoSistema(() =>
        auth.recuperarSenha(
          request.body.email,
          request.body.grupoEmpresarial ?? '',
          app.servicos.config.urlPublica ?? `http://localhost:${app.servicos.config.port}`,
          request.ip,
        ),
      );
      return ok({ message });
    },
  );

  r.post(
    '/api/validaAlterarSenha',
    {
      config: { publico: true },
      schema: { tags: ['auth'], security: [], body: z.object({ chave: z.string().max(300) }) },
    },
    // The reset key names the user and group; it is found by its hash across groups (system work).
    async (request) => ok(await comoSistema(() => auth.validaAlterarSenha(request.body.chave))),
  );

  r.post(
    '/api/alterarSenha',
    {
      config: { publico: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: z.object({ chave: z.string().max(300), senha: senhaSha256 }),
      },
    },
    async (request) => {
      await comoSistema(() => auth.alterarSenha(request.body.chave, request.body.senha));
      return ok({ message: 'Senha alterada com sucesso.' });
    },
  );

  // Issue 14 point 5: the session ends on the server too; the token is refused from now on, on every instance.
  r.post('/api/logout', { schema: { tags: ['auth'], body: z.object({}).optional() } }, async (request) => {
    await app.servicos.tokens.revogar(request.tokenSessao);
    return ok({ message: 'Sessão encerrada.' });
  });

  const configuracoesEmail = z.object({
    emailHostSmtp: z.string().max(200).optional(),
    emailPort: z.coerce.number().int().min(1).max(65535).optional(),
    emailService: z.string().max(60).optional(),
    emailSecure: z.boolean().optional(),
    emailUser: z.string().max(200).optional(),
    emailPass: z.string().max(200).optional(),
    emailFrom: z.string().max(200).optional(),
  });

  r.post(
    '/api/testeEnvioEmail',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ destino: z.string().email().max(200), configuracoesEmail }),
      },
    },
    async (request) => {
      const sessao = sessaoDe(request);
      const permissoes = await app.servicos.permissoes.doUsuario(sessao.grupoEmpresarialId, sessao.usuarioId);
      if (!temPermissao(permissoes, PERMISSAO.grupoEmpresarialAcessar)) {
        throw new ErroNegocio('Usuário sem permissão para esta operação.');
      }
      // The form shows the stored password masked; testing with the mask means "the stored one".
      const configuracoes = { ...request.body.configuracoesEmail };
      if (configuracoes.emailPass === SENHA_MASCARADA) {
        const grupo = await consultarUm(
          app.servicos.banco.db,
          sql`select configuracoes from grupo_empresarial where id = ${sessao.grupoEmpresarialId}`,
        );
        const salva = (grupo?.configuracoes as { configuracoesEmail?: { emailPass?: string } } | null)
          ?.configuracoesEmail;
        configuracoes.emailPass = salva?.emailPass ?? '';
      }
      return ok({ message: await correio.testar(request.body.destino, configuracoes) });
    },
  );

  // The outbox an administrator reads when no SMTP is configured.
  r.get('/api/emailSaida', { schema: { tags: ['auth'] } }, async (request) => {
    const sessao = sessaoDe(request);
    const permissoes = await app.servicos.permissoes.doUsuario(sessao.grupoEmpresarialId, sessao.usuarioId);
    if (!temPermissao(permissoes, PERMISSAO.usuariosAcessar)) {
      throw new ErroNegocio('Usuário sem permissão para esta operação.');
    }
    return ok(await correio.caixaDeSaida(sessao.grupoEmpresarialId));
  });
}
