import {
  mensagemPermissaoNegada,
  type PermissaoNegada,
  permissaoNegada,
} from '@retaguarda/domain/catalogos/permissao-negada';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasComPermissao, type PermissoesUsuario, temPermissao } from './permissoes.service.ts';
import { empresaDoContexto } from './usuarios.routes.ts';

// The gate of a store's operation screen (POS, KDS, expedition, rider departure): the user must hold the
// screen's permission in that store. A refusal names the permission and who grants it (the group's
// administrator, in the user's access profile of that store), in `data.permissaoNegada`, so the screen can
// say what to ask for instead of showing an empty board.

export const MENSAGEM_SEM_EMPRESA = 'Usuário sem permissão para acessar essa empresa.';

/** The refusal of `permissao` for this user in `empresa`, with the group and the user's profiles named. */
export async function descreverPermissaoNegada(
  app: FastifyInstance,
  grupoEmpresarialId: string,
  usuarioId: string,
  empresa: string,
  permissao: number,
): Promise<PermissaoNegada> {
  const db = app.servicos.banco.db;
  const [grupo, usuario] = await Promise.all([
    consultarUm(db, sql`select descricao from grupo_empresarial where id = ${grupoEmpresarialId}`),
    consultarUm(
      db,
      sql`select acessos from usuario where id = ${usuarioId} and grupo_empresarial_id = ${grupoEmpresarialId}`,
    ),
  ]);
  const acessos = Array.isArray(usuario?.acessos) ? (usuario.acessos as Linha[]) : [];
  const ids = acessos
    .filter((a) => a.empresa === empresa || a.empresa === '*')
    .map((a) => a.acessoSistema)
    .filter((x): x is string => typeof x === 'string');
  const perfis = ids.length
    ? await consultar(
        db,
        sql`select descricao from acesso_sistema where grupo_empresarial_id = ${grupoEmpresarialId}
            and id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) order by descricao`,
      )
    : [];
  return permissaoNegada(permissao, {
    grupoEmpresarial: (grupo?.descricao as string | undefined) ?? null,
    perfis: perfis.map((p) => String(p.descricao ?? '')).filter(Boolean),
  });
}

/**
 * Checks that the session's user may use a screen of `empresa` (a store of the token's group open to the
 * user, where `permissao` holds); answers the user's permissions. Another group's store, or a store not open
 * to the user, is refused as a store; a missing permission is refused naming it.
 */
export async function exigirPermissaoTela(
  app: FastifyInstance,
  request: FastifyRequest,
  permissao: number,
  empresa: string,
): Promise<PermissoesUsuario> {
  const s = sessaoDe(request);
  const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  if (!p.porEmpresa.has(empresa)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
  if (temPermissao(p, permissao, empresa)) return p;
  const negada = await descreverPermissaoNegada(app, s.grupoEmpresarialId, s.usuarioId, empresa, permissao);
  throw new ErroNegocio(mensagemPermissaoNegada(negada), { permissaoNegada: negada });
}

/**
 * The stores a report or list reads: those asked for (none asked: the request's `empresa` header, else every
 * store open to the user) where the user holds one of `permissoes`. None left: the first store asked for (or the
 * header's) is refused as `exigirPermissaoTela` refuses it, naming the first permission; with no store to name,
 * or when `recusa` is given (a module that keeps its own wording), the refusal is that plain message.
 */
export async function empresasPermitidasTela(
  app: FastifyInstance,
  request: FastifyRequest,
  pedidas: string | readonly string[] | undefined,
  permissoes: number | readonly number[],
  recusa?: string,
): Promise<string[]> {
  const s = sessaoDe(request);
  const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  const aceitas = typeof permissoes === 'number' ? [permissoes] : permissoes;
  const permitidas = new Set(aceitas.flatMap((a) => empresasComPermissao(p, a)));
  const pedidasLista = typeof pedidas === 'string' ? [pedidas] : pedidas?.length ? pedidas : undefined;
  const contexto = empresaDoContexto(request);
  const lista = (pedidasLista ?? (contexto ? [contexto] : [...permitidas])).filter((e) => permitidas.has(e));
  if (!lista.length) {
    const alvo = pedidasLista?.[0] ?? contexto;
    const primeira = aceitas[0];
    if (alvo && primeira !== undefined && recusa === undefined)
      await exigirPermissaoTela(app, request, primeira, alvo);
    throw new ErroNegocio(recusa ?? 'Usuário sem permissão para esta operação.');
  }
  return lista;
}
