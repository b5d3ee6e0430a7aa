import { type DefinicaoRecurso, MASCARA_SEGREDO, recursos } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { comIdempotencia } from '../../lib/idempotencia.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import {
  cadastroNaFranqueadora,
  empresasComPermissao,
  temPermissao,
} from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import type { ContextoAcesso, RepositorioRecursos } from './repositorio.ts';
import { manterSegredos, mascararSegredos } from './segredos.ts';

type Acao = 'acessar' | 'incluir' | 'alterar' | 'excluir';

/**
 * A module's rule over a generic resource that needs the database (a chart node moved under its own
 * descendant, an account in use deleted): runs before the write and throws ErroNegocio to refuse it.
 */
export type GuardaRecurso = (
  grupo: string,
  acao: 'incluir' | 'alterar' | 'excluir',
  id: string | undefined,
  corpo: unknown,
) => Promise<void>;
const guardas = new Map<string, GuardaRecurso>();
export function registrarGuardaRecurso(tabela: string, guarda: GuardaRecurso): void {
  guardas.set(tabela, guarda);
}

export const SENHA_MASCARADA = MASCARA_SEGREDO;
const MENSAGEM_SEM_PERMISSAO = 'Usuário sem permissão para esta operação.';
// Tables whose changes alter what a user may do: the permission cache must forget them at once.
const AFETAM_PERMISSOES = new Set(['usuarios', 'acessoSistema', 'empresa', 'grupoEmpresarial']);

function definicao(tabela: string): DefinicaoRecurso {
  const def = recursos.recursoPorTabela(tabela);
  if (!def) throw new ErroNegocio(`Tabela não encontrada: ${tabela}`);
  return def;
}

/** Never hand out a secret (the SMTP password, an app's key): masked; see segredos.ts. */
const ocultarSegredos = mascararSegredos;

/** A mask sent back by a form keeps the stored secret. */
async function manterSegredosGravados(
  repositorio: RepositorioRecursos,
  def: DefinicaoRecurso,
  ctx: ContextoAcesso,
  id: string,
  corpo: unknown,
): Promise<unknown> {
  return manterSegredos(def, corpo, await repositorio.obter(def, ctx, id));
}

const params = z.object({ tabela: z.string().max(64), id: z.string().max(64) });
const corpoPopulate = z
  .object({
    filtro: z.unknown().optional(),
    select: z.unknown().optional(),
    populateObj: z.unknown().optional(),
    sort: z.unknown().optional(),
    limit: z.unknown().optional(),
    skip: z.unknown().optional(),
  })
  .optional();

export async function rotasRecursos(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { recursos: repositorio, permissoes } = app.servicos;

  // Tenancy and permission from the token: the group is the token's; store-scoped rows are limited to the
  // stores where the user holds the action's permission. A filter can only narrow this.
  async function contexto(
    request: FastifyRequest,
    def: DefinicaoRecurso,
    acao: Acao,
  ): Promise<ContextoAcesso> {
    const s = sessaoDe(request);
    const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const numero = def.permissoes[acao];
    const empresa = empresaDoContexto(request);
    // Reference data the POS loads: whoever may open a store reads it (in the stores open to them).
    if (def.leituraLivre && acao === 'acessar' && p.porEmpresa.size > 0) {
      return {
        grupoEmpresarialId: s.grupoEmpresarialId,
        usuarioId: s.usuarioId,
        empresasPermitidas: def.escopo === 'empresa' ? [...p.porEmpresa.keys()] : [],
      };
    }
    // Even the user's own group (its SMTP settings) and a record's audit need the permission (issue 14 point 3).
    if (!temPermissao(p, numero, def.escopo === 'grupo' ? empresa : undefined)) {
      // Under franchise control a store's write of the franchise manager's master data says who does it.
      throw new ErroNegocio(cadastroNaFranqueadora(p, numero, empresa) ?? MENSAGEM_SEM_PERMISSAO);
    }
    return {
      grupoEmpresarialId: s.grupoEmpresarialId,
      usuarioId: s.usuarioId,
      empresasPermitidas: def.escopo === 'empresa' ? empresasComPermissao(p, numero) : [],
    };
  }

  async function depoisDeGravar(
    def: DefinicaoRecurso,
    request: FastifyRequest,
    linha: Linha,
    acao: Acao,
    antes?: Linha | null,
  ): Promise<void> {
    if (AFETAM_PERMISSOES.has(def.tabela)) permissoes.invalidar();
    // A user deactivated, removed or given another profile loses the sessions opened before (issue 14 point 5);
    // saving the record unchanged (or changing only the name) keeps them.
    if (def.tabela === 'usuarios' && typeof linha._id === 'string' && acao !== 'incluir') {
      const mudou = (c: string) => JSON.stringify(antes?.[c] ?? null) !== JSON.stringify(linha[c] ?? null);
      if (acao === 'excluir' || !antes || ['ativo', 'acessos', 'lixo', 'email'].some(mudou)) {
        await app.servicos.tokens.revogarUsuario(linha._id);
      }
    }
    app.servicos.tempoReal?.emitirParaGrupo(sessaoDe(request).grupoEmpresarialId, 'recursoAlterado', {
      tabela: def.tabela,
      _id: linha._id,
      empresa: linha.empresa ?? null,
      acao,
    });
  }

  r.post(
    '/api/:tabela/getPopulate',
    { schema: { tags: ['recursos'], params: params.pick({ tabela: true }), body: corpoPopulate } },
    async (request) => {
      const def = definicao(request.params.tabela);
      const ctx = await contexto(request, def, 'acessar');
      const linhas = await repositorio.buscar(def, ctx, request.body ?? {});
      return ok(linhas.map((l) => ocultarSegredos(def, l)));
    },
  );

  r.post(
    '/api/:tabela/contar',
    {
      schema: {
        tags: ['recursos'],
        params: params.pick({ tabela: true }),
        body: z.object({ filtro: z.unknown().optional() }).optional(),
      },
    },
    async (request) => {
      const def = definicao(request.params.tabela);
      const ctx = await contexto(request, def, 'acessar');
      return ok({ total: await repositorio.contar(def, ctx, request.body?.filtro) });
    },
  );

  r.get('/api/auditoria/:tabela/:id', { schema: { tags: ['recursos'], params } }, async (request) => {
    const def = definicao(request.params.tabela);
    const ctx = await contexto(request, def, 'acessar');
    return ok(await repositorio.historico(def, ctx, request.params.id));
  });

  r.get('/api/:tabela/:id', { schema: { tags: ['recursos'], params } }, async (request) => {
    const def = definicao(request.params.tabela);
    const ctx = await contexto(request, def, 'acessar');
    const linha = await repositorio.obter(def, ctx, request.params.id);
    if (!linha) throw new ErroNegocio('Registro não encontrado.');
    return ok(ocultarSegredos(def, linha));
  });

  r.post(
    '/api/:tabela',
    { schema: { tags: ['recursos'], params: params.pick({ tabela: true }), body: z.unknown() } },
    async (request) => {
      const def = definicao(request.params.tabela);
      if (def.tabela === 'grupoEmpresarial')
        throw new ErroNegocio('Grupos empresariais são criados pelo suporte.');
      const ctx = await contexto(request, def, 'incluir');
      await guardas.get(def.tabela)?.(ctx.grupoEmpresarialId, 'incluir', undefined, request.body);
      return comIdempotencia(app.servicos.banco.db, request, ctx.grupoEmpresarialId, async () => {
        const linha = await repositorio.criar(def, ctx, manterSegredos(def, request.body, undefined));
        await depoisDeGravar(def, request, linha, 'incluir');
        return ok(ocultarSegredos(def, linha));
      });
    },
  );

  r.put(
    '/api/:tabela/:id',
    { schema: { tags: ['recursos'], params, body: z.unknown() } },
    async (request) => {
      const def = definicao(request.params.tabela);
      const ctx = await contexto(request, def, 'alterar');
      await guardas.get(def.tabela)?.(ctx.grupoEmpresarialId, 'alterar', request.params.id, request.body);
      const corpo = await manterSegredosGravados(repositorio, def, ctx, request.params.id, request.body);
      // Users: what changed decides whether their sessions end.
      const antes = def.tabela === 'usuarios' ? await repositorio.obter(def, ctx, request.params.id) : null;
      const linha = await repositorio.alterar(def, ctx, request.params.id, corpo);
      await depoisDeGravar(def, request, linha, 'alterar', antes);
      return ok(ocultarSegredos(def, linha));
    },
  );

  r.delete('/api/:tabela/:id', { schema: { tags: ['recursos'], params } }, async (request) => {
    const def = definicao(request.params.tabela);
    if (def.tabela === 'grupoEmpresarial')
      throw new ErroNegocio('Grupos empresariais são excluídos pelo suporte.');
    const ctx = await contexto(request, def, 'excluir');
    await guardas.get(def.tabela)?.(ctx.grupoEmpresarialId, 'excluir', request.params.id, undefined);
    const linha = await repositorio.excluir(def, ctx, request.params.id);
    await depoisDeGravar(def, request, linha, 'excluir');
    return ok(ocultarSegredos(def, linha));
  });
}
