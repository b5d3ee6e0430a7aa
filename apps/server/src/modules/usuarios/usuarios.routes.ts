import { PERMISSAO, recursos, zInteiro, zInteiroTexto } from '@retaguarda/domain';
import {
  MENSAGENS_LIBERACAO,
  vinculoLiberacaoSchema,
} from '@retaguarda/domain/validadores/liberacao-vinculo';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, falha, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { hashSenha } from '../auth/auth.service.ts';
import { empresasComPermissao, temPermissao } from './permissoes.service.ts';

const MENSAGEM_SEM_EMPRESA = 'Usuário sem permissão para acessar essa empresa.';
const id = z.string().max(64);
/** A permission id of the catalogue (issue 14 point 8: an integer column's range, never 0 nor negative). */
const permissaoId = zInteiro(1);

/** The store the request acts in: header `empresa` (set by the web after the company choice). */
export function empresaDoContexto(request: FastifyRequest): string | undefined {
  const h = request.headers.empresa;
  const valor = Array.isArray(h) ? h[0] : h;
  return valor && /^[0-9a-f]{24}$/.test(valor) ? valor : undefined;
}

export async function rotasUsuarios(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissoes, auth, recursos: repositorio } = app.servicos;

  const permissoesDe = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  };

  // Acting for another person requires the right to manage users; otherwise the token's user is used.
  async function pessoaAlvo(request: FastifyRequest, pessoaId: string | undefined): Promise<string> {
    const s = sessaoDe(request);
    if (!pessoaId || pessoaId === s.usuarioId) return s.usuarioId;
    if (!temPermissao(await permissoesDe(request), PERMISSAO.usuariosAcessar)) {
      throw new ErroNegocio('Usuário sem permissão para consultar outro usuário.');
    }
    return pessoaId;
  }

  r.post(
    '/api/getEmpresasUsuario',
    {
      schema: {
        tags: ['usuarios'],
        body: z.object({
          grupoEmpresarialId: id.optional(),
          pessoaId: id.optional(),
          permissao: permissaoId.optional(),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const pessoa = await pessoaAlvo(request, request.body.pessoaId);
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, pessoa);
      const permitidas = new Set(
        empresasComPermissao(p, request.body.permissao ?? PERMISSAO.listarEmpresasUsuario),
      );
      const empresas = p.empresas.filter((e) => permitidas.has(e._id));
      if (empresas.length === 0) return falha(MENSAGEM_SEM_EMPRESA);
      return ok(empresas);
    },
  );

  r.post(
    '/api/getPermissoesUsuario',
    { schema: { tags: ['usuarios'], body: z.object({ empresaId: id.optional() }) } },
    async (request) => {
      const p = await permissoesDe(request);
      const empresaId = request.body.empresaId ?? empresaDoContexto(request);
      if (empresaId && !p.porEmpresa.has(empresaId)) return falha(MENSAGEM_SEM_EMPRESA);
      const lista = empresaId
        ? [...(p.porEmpresa.get(empresaId) ?? [])]
        : [...new Set([...p.porEmpresa.values()].flatMap((s) => [...s]))];
      // The franchise context lets a screen say who registers what its user cannot (cadastro-franqueadora).
      const franquia = {
        ...p.franquia,
        tipoEmpresa: p.empresas.find((e) => e._id === empresaId)?.tipoEmpresa ?? null,
        retidas: [...(empresaId ? (p.retidasPorEmpresa.get(empresaId) ?? []) : [])].sort((a, b) => a - b),
      };
      return ok({ permissoes: lista.sort((a, b) => a - b), franquia });
    },
  );

  r.post(
    '/api/validaPermissaoAcessoRetaguarda',
    {
      schema: {
        tags: ['usuarios'],
        body: z.object({
          grupoEmpresarialId: id.optional(),
          empresaId: id,
          pessoaId: id.optional(),
          // A number or its decimal digits (z.coerce read '0x1d', '' and true as permissions 29, 0 and 1).
          permissaoId: zInteiroTexto(1),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      if (request.body.grupoEmpresarialId && request.body.grupoEmpresarialId !== s.grupoEmpresarialId) {
        return falha('Falha no processo, Grupo Empresarial esta indefinido!');
      }
      const pessoa = await pessoaAlvo(request, request.body.pessoaId);
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, pessoa);
      if (!p.porEmpresa.has(request.body.empresaId)) return falha(MENSAGEM_SEM_EMPRESA);
      const permitido = temPermissao(p, request.body.permissaoId, request.body.empresaId);
      return permitido
        ? ok({ permitido })
        : falha('Usuário sem permissão para acessar esta funcionalidade.', { permitido });
    },
  );

  r.post(
    '/api/getPermissaoAgendaProtegidaPorEmpresa',
    {
      schema: {
        tags: ['usuarios'],
        body: z.object({
          grupoEmpresarial: id.optional(),
          listaEmpresa: z.array(id).max(500),
          pessoa: id.optional(),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const pessoa = await pessoaAlvo(request, request.body.pessoa);
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, pessoa);
      return ok(
        request.body.listaEmpresa.map((empresa) => ({
          empresa,
          permitido: temPermissao(p, PERMISSAO.agendaProtegida, empresa),
        })),
      );
    },
  );

  r.post(
    '/api/getUsuario',
    {
      schema: {
        tags: ['usuarios'],
        body: z.object({
          filtro: z.record(z.string(), z.unknown()).optional(),
          retornoCompleto: z.boolean().optional(),
          modoLista: z.boolean().optional(),
          empresa: id.optional(),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const p = await permissoesDe(request);
      const completo = request.body.retornoCompleto === true && temPermissao(p, PERMISSAO.usuariosAcessar);
      const usuarios = await repositorio.buscar(
        recursos.usuarios,
        { grupoEmpresarialId: s.grupoEmpresarialId, usuarioId: s.usuarioId, empresasPermitidas: [] },
        { filtro: { ativo: true, ...request.body.filtro }, limit: 1000 },
      );
      const empresa = request.body.empresa;
      const daEmpresa = empresa
        ? usuarios.filter(
            (u) =>
              Array.isArray(u.acessos) &&
              u.acessos.some((a: { empresa?: unknown }) => a.empresa === empresa || a.empresa === '*'),
          )
        : usuarios;
      if (completo) return ok(daEmpresa);
      return ok(
        daEmpresa.map((u) =>
          request.body.modoLista
            ? { _id: u._id, nome: u.nome, codigoInterno: u.codigoInterno, atribuicoes: u.atribuicoes ?? [] }
            : {
                _id: u._id,
                nome: u.nome,
                codigoInterno: u.codigoInterno,
                email: u.email,
                atribuicoes: u.atribuicoes ?? [],
              },
        ),
      );
    },
  );

  // Supervisor release (spec 1 sections 5 and 6): login + password (normal or operational) of a user who
  // holds the permission in the current store; the answer names the supervisor for the records.
  r.post(
    '/api/liberacaoSupervisor',
    {
      schema: {
        tags: ['usuarios'],
        body: z.object({
          // E-mail, internal code (a number or its digits) or id.
          login: z.union([z.string().min(1).max(200), zInteiro(0)]).transform(String),
          senha: z.string().max(128).optional(),
          motivo: z.string().max(100).optional(),
          permissao: permissaoId,
          empresa: id.optional(),
          // What is released: the sale or NFC-e and, for discounts, the discount (issue 14 point 2).
          ...vinculoLiberacaoSchema.shape,
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const { login, senha, motivo, permissao, venda, chaveNota, desconto } = request.body;
      // A release is bound to a store: without one it could be spent anywhere.
      const empresa = request.body.empresa ?? empresaDoContexto(request);
      if (!empresa) throw new ErroNegocio(MENSAGENS_LIBERACAO.semLoja);
      const pedinte = await permissoesDe(request);
      if (!pedinte.porEmpresa.has(empresa)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
      // Without a password a release is only accepted from the logged-in user itself (its token already
      // proves who it is); anybody else's login needs that person's password.
      const supervisor = senha
        ? await auth.verificarCredenciais(
            s.grupoEmpresarialId,
            login,
            senha,
            request.ip,
            'qualquer',
            s.usuarioId,
          )
        : await auth.buscarUsuario(s.grupoEmpresarialId, login);
      if (!supervisor) throw new ErroNegocio('Usuário ou senha inválidos.');
      if (!senha && supervisor.id !== s.usuarioId) {
        throw new ErroNegocio('Campo senha não informado, o mesmo é obrigatório!');
      }
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, supervisor.id as string);
      if (!temPermissao(p, permissao, empresa)) {
        throw new ErroNegocio('Usuário sem permissão para realizar esta operação.');
      }
      if ((permissao === PERMISSAO.descontoItem || permissao === PERMISSAO.descontoGeral) && !desconto) {
        throw new ErroNegocio(MENSAGENS_LIBERACAO.semDesconto);
      }
      if (venda) {
        const daLoja = await consultarUm(
          app.servicos.banco.db,
          sql`select 1 from venda where id = ${venda} and grupo_empresarial_id = ${s.grupoEmpresarialId}
                and empresa_id = ${empresa}`,
        );
        if (!daLoja) throw new ErroNegocio('Venda não encontrada nesta loja.');
      }
      request.log.info(
        { supervisor: supervisor.id, permissao, motivo, operador: s.usuarioId, empresa, venda, desconto },
        'liberação de supervisor',
      );
      const liberacao = await app.servicos.tokens.emitirLiberacao({
        supervisorId: supervisor.id as string,
        grupoEmpresarialId: s.grupoEmpresarialId,
        permissao,
        empresaId: empresa,
        motivo: motivo ?? null,
        operadorId: s.usuarioId,
        alvo: venda ?? chaveNota ?? null,
        desconto: desconto ?? null,
      });
      return ok({
        supervisor: { _id: supervisor.id, nome: supervisor.nome, codigoInterno: supervisor.codigo_interno },
        permissao,
        motivo: motivo ?? null,
        liberacao,
      });
    },
  );

  // Passwords of a user (issue 4, usuarios screen): never through the generic routes (private fields). As at
  // login, the client sends the SHA-256 hex of what was typed; the server stores argon2id of it.
  const sha256 = z.string().regex(/^[0-9a-f]{64}$/i, 'Senha inválida.');
  r.put(
    '/api/usuarios/:id/senhas',
    {
      schema: {
        tags: ['usuarios'],
        params: z.object({ id }),
        body: z.object({ senha: sha256.optional(), senhaOperacional: sha256.optional() }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      if (!temPermissao(p, PERMISSAO.usuariosAlterar, empresaDoContexto(request))) {
        throw new ErroNegocio('Usuário sem permissão para esta operação.');
      }
      const { senha, senhaOperacional } = request.body;
      if (!senha && !senhaOperacional) throw new ErroNegocio('Informe a senha ou a senha operacional.');
      const atualizado = await consultarUm(
        app.servicos.banco.db,
        sql`update usuario set
              senha_hash = coalesce(${senha ? await hashSenha(senha) : null}, senha_hash),
              senha_operacional_hash = coalesce(${senhaOperacional ? await hashSenha(senhaOperacional) : null}, senha_operacional_hash),
              updated_at = now(), updated_by = ${s.usuarioId}
            where id = ${request.params.id} and grupo_empresarial_id = ${s.grupoEmpresarialId} and lixo = false
            returning id`,
      );
      if (!atualizado) throw new ErroNegocio('Registro não encontrado.');
      // The sessions opened with the old password end (issue 14 point 5).
      await app.servicos.tokens.revogarUsuario(request.params.id);
      return ok({ message: 'Senha alterada com sucesso!' });
    },
  );
}
