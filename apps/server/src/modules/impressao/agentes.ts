import { randomUUID } from 'node:crypto';
import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, MENSAGEM_LOGIN_EXPIRADO, ok } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { sessaoDe, tokenDe } from '../../plugins/autenticacao.ts';
import { carregarSegredo } from '../auth/tokens.ts';
import { temPermissao } from '../usuarios/permissoes.service.ts';
import type { ServicoImpressao } from './impressao.service.ts';

// Issue 14 point 5: the store PC's print agent gets a token of its own. It names a row of agente_impressao
// (group, store) and is good for three things only: claim, acknowledge and fail the print jobs of that
// store, under /api/impressao/agente/... Every other route refuses it (Tokens.verificar refuses any token
// with a `tip`), and the back office lists the agents of a store and revokes one (the next request fails).

/** Agent tokens live long (the agent runs as a service on the store PC); revoking is per agent. */
const VALIDADE_AGENTE_S = 180 * 24 * 3600;
const TIPO = 'agt';
const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const MENSAGEM_SEM_PERMISSAO = 'Usuário sem permissão para acessar esta funcionalidade.';

export interface AgenteImpressao {
  id: string;
  grupoEmpresarialId: string;
  empresaId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The print agent of an /api/impressao/agente/... request (its token checked). */
    agenteImpressao: AgenteImpressao | undefined;
  }
}

const resumo = (l: Record<string, unknown>) => ({
  _id: l.id,
  empresa: l.empresa_id,
  descricao: l.descricao,
  criadoPor: l.criado_por ? { _id: l.criado_por, nome: l.criado_por_nome ?? null } : null,
  criadoEm: new Date(String(l.created_at)).toISOString(),
  expiraEm: new Date(String(l.expira_em)).toISOString(),
  ultimoUsoEm: l.ultimo_uso_em ? new Date(String(l.ultimo_uso_em)).toISOString() : null,
  revogadoEm: l.revogado_em ? new Date(String(l.revogado_em)).toISOString() : null,
});

export class AgentesImpressao {
  private segredo: Uint8Array | undefined;
  constructor(private readonly db: Db) {}

  private async chave(): Promise<Uint8Array> {
    this.segredo ??= await carregarSegredo(this.db);
    return this.segredo;
  }

  async emitir(grupo: string, empresa: string, descricao: string, usuario: string) {
    const agenteId = novoId();
    const expira = Math.floor(Date.now() / 1000) + VALIDADE_AGENTE_S;
    const expiraEm = new Date(expira * 1000).toISOString();
    await consultar(
      this.db,
      sql`insert into agente_impressao (id, grupo_empresarial_id, empresa_id, descricao, criado_por, expira_em)
          values (${agenteId}, ${grupo}, ${empresa}, ${descricao}, ${usuario}, ${expiraEm}::timestamptz)`,
    );
    const token = await new SignJWT({ grp: grupo, emp: empresa, tip: TIPO })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(agenteId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expira)
      .sign(await this.chave());
    return { token, expiraEm, agente: { _id: agenteId, empresa, descricao } };
  }

  /** The agent named by a validly signed, unexpired agent token (not yet checked against revocation). */
  async lerToken(token: string | undefined): Promise<AgenteImpressao | undefined> {
    if (!token || token.length > 4096) return undefined;
    try {
      const { payload: p } = await jwtVerify(token, await this.chave(), { algorithms: ['HS256'] });
      if (
        p.tip !== TIPO ||
        typeof p.sub !== 'string' ||
        typeof p.grp !== 'string' ||
        typeof p.emp !== 'string'
      )
        return undefined;
      return { id: p.sub, grupoEmpresarialId: p.grp, empresaId: p.emp };
    } catch (erro) {
      if (erro instanceof errors.JOSEError) return undefined;
      throw erro;
    }
  }

  /** The agent still stands (not revoked, not expired); its last use is recorded. */
  async ativo(a: AgenteImpressao): Promise<boolean> {
    const l = await consultarUm(
      this.db,
      sql`update agente_impressao set ultimo_uso_em = now()
          where id = ${a.id} and grupo_empresarial_id = ${a.grupoEmpresarialId} and empresa_id = ${a.empresaId}
            and revogado_em is null and expira_em > now()
          returning id`,
    );
    return Boolean(l);
  }

  /** The agent of a valid, unrevoked agent token; undefined otherwise (a user's token included). */
  async verificar(token: string | undefined): Promise<AgenteImpressao | undefined> {
    const a = await this.lerToken(token);
    return a && (await this.ativo(a)) ? a : undefined;
  }

  async listar(grupo: string, empresa: string) {
    const linhas = await consultar(
      this.db,
      sql`select a.*, u.nome as criado_por_nome from agente_impressao a left join usuario u on u.id = a.criado_por
          where a.grupo_empresarial_id = ${grupo} and a.empresa_id = ${empresa}
          order by a.revogado_em is not null, a.created_at desc limit 200`,
    );
    return linhas.map(resumo);
  }

  async empresaDe(grupo: string, agenteId: string): Promise<string> {
    const l = await consultarUm(
      this.db,
      sql`select empresa_id from agente_impressao where id = ${agenteId} and grupo_empresarial_id = ${grupo}`,
    );
    if (!l) throw new ErroNegocio('Agente de impressão não encontrado.');
    return l.empresa_id as string;
  }

  async revogar(grupo: string, agenteId: string, usuario: string) {
    const l = await consultarUm(
      this.db,
      sql`update agente_impressao set revogado_em = coalesce(revogado_em, now()), revogado_por = coalesce(revogado_por, ${usuario})
          where id = ${agenteId} and grupo_empresarial_id = ${grupo} returning *`,
    );
    if (!l) throw new ErroNegocio('Agente de impressão não encontrado.');
    return resumo(l);
  }
}

export function rotasAgentesImpressao(app: FastifyInstance, servico: ServicoImpressao): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentes = new AgentesImpressao(app.servicos.banco.db);
  app.decorateRequest('agenteImpressao', undefined);
  // The agent's socket (told of new jobs of its terminals): accepted with its own token.
  app.servicos.tempoReal?.aceitarOutrosTokens((token) => agentes.verificar(token));

  /** Back office: permission 818 (printers, alter) in the store. */
  async function exigirGestor(request: FastifyRequest, empresa: string) {
    const s = sessaoDe(request);
    const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    if (!temPermissao(p, PERMISSAO.impressoraAlterar, empresa)) throw new ErroNegocio(MENSAGEM_SEM_PERMISSAO);
    return s;
  }

  r.post(
    '/api/impressao/tokenAgente',
    {
      schema: {
        tags: ['impressao'],
        body: z.object({
          empresa: id,
          descricao: z.string().trim().min(1).max(60).default('Agente de impressão'),
        }),
      },
    },
    async (request) => {
      const s = await exigirGestor(request, request.body.empresa);
      return ok(
        await agentes.emitir(s.grupoEmpresarialId, request.body.empresa, request.body.descricao, s.usuarioId),
      );
    },
  );

  r.post(
    '/api/impressao/agentes',
    { schema: { tags: ['impressao'], body: z.object({ empresa: id }) } },
    async (request) => {
      const s = await exigirGestor(request, request.body.empresa);
      return ok(await agentes.listar(s.grupoEmpresarialId, request.body.empresa));
    },
  );

  r.post(
    '/api/impressao/agentes/:id/revogar',
    { schema: { tags: ['impressao'], params: z.object({ id }) } },
    async (request) => {
      const s = sessaoDe(request);
      await exigirGestor(request, await agentes.empresaDe(s.grupoEmpresarialId, request.params.id));
      return ok(await agentes.revogar(s.grupoEmpresarialId, request.params.id, s.usuarioId));
    },
  );

  // The agent's own routes: no user session; the agent token is checked here and answers like a missing
  // token when absent, forged, of a user, revoked or expired.
  const exigirAgente = async (request: FastifyRequest, reply: FastifyReply) => {
    const lido = await agentes.lerToken(tokenDe(request));
    // The signed token names the group: this request's queries run in it (a request scope, when the
    // server keeps one per request, e.g. row-level security) before the revocation is checked.
    const escopo = (request as { escopoBanco?: { grupo?: string } }).escopoBanco;
    if (lido && escopo) escopo.grupo = lido.grupoEmpresarialId;
    const agente = lido && (await agentes.ativo(lido)) ? lido : undefined;
    if (!agente) {
      return reply
        .status(200)
        .send({ valido: false, loginExpirado: true, data: { message: MENSAGEM_LOGIN_EXPIRADO } });
    }
    request.agenteImpressao = agente;
  };
  const agenteDe = (request: FastifyRequest): AgenteImpressao => {
    if (!request.agenteImpressao) throw new Error('rota do agente sem agente');
    return request.agenteImpressao;
  };
  /** A job of another store is answered as not found (nothing tells the agent it exists). */
  async function exigirTrabalhoDaLoja(a: AgenteImpressao, trabalho: string) {
    const empresa = await servico.empresaDe(a.grupoEmpresarialId, trabalho);
    if (empresa !== a.empresaId) throw new ErroNegocio('Impressão não encontrada.');
  }
  const config = { publico: true };
  const agente = z.string().min(8).max(64);

  r.post(
    '/api/impressao/agente/reservar',
    {
      config,
      onRequest: exigirAgente,
      schema: {
        tags: ['impressao'],
        body: z.object({
          agente,
          terminais: z.array(id).min(1).max(50),
          limit: z.number().int().min(1).max(100).default(10),
        }),
      },
    },
    async (request) => {
      const a = agenteDe(request);
      for (const t of request.body.terminais) {
        const terminal = await servico.terminal(a.grupoEmpresarialId, t);
        if (terminal.empresaId !== a.empresaId)
          throw new ErroNegocio(
            `O terminal ${terminal.descricao} é de outra loja: este agente imprime só na sua.`,
          );
      }
      return ok(
        await servico.reservar(
          a.grupoEmpresarialId,
          request.body.agente,
          request.body.terminais,
          request.body.limit,
        ),
      );
    },
  );

  r.post(
    '/api/impressao/agente/:id/impresso',
    {
      config,
      onRequest: exigirAgente,
      schema: { tags: ['impressao'], params: z.object({ id }), body: z.object({ agente }) },
    },
    async (request) => {
      const a = agenteDe(request);
      await exigirTrabalhoDaLoja(a, request.params.id);
      return ok(await servico.confirmar(a.grupoEmpresarialId, request.params.id, request.body.agente));
    },
  );

  r.post(
    '/api/impressao/agente/:id/falha',
    {
      config,
      onRequest: exigirAgente,
      schema: {
        tags: ['impressao'],
        params: z.object({ id }),
        body: z.object({
          agente,
          motivo: z.string().min(1).max(500),
          definitivo: z.boolean().default(false),
        }),
      },
    },
    async (request) => {
      const a = agenteDe(request);
      await exigirTrabalhoDaLoja(a, request.params.id);
      const b = request.body;
      return ok(
        await servico.falhar(a.grupoEmpresarialId, request.params.id, b.agente, b.motivo, b.definitivo),
      );
    },
  );
}
