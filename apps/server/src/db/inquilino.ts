import { AsyncLocalStorage } from 'node:async_hooks';

// Whose rows a query may see (issue 14 point 10, decision 0009). Every tenant table has row-level security,
// forced; the database handle sets, per connection and before each statement or transaction, the role and the
// business group of the code that runs it:
// - inside a request: the group of the session's token, as the role `retaguarda_app` (not the owner, not a
//   superuser): a query that forgets `where grupo_empresarial_id` still sees only that group's rows;
// - a request whose group is not known yet (before the token check, the public routes): `retaguarda_app`
//   with no group, which sees no tenant row at all, unless the code says `comoSistema`;
// - system work (start, migrations, seed, workers, login lookup): `comoSistema`, the connecting role, which
//   crosses groups. Code outside any request (process start, timers started there, tests' setup) is system.

/** The role the application's tenant queries run as (created at start, see rls.ts). */
export const PAPEL_APP = 'retaguarda_app';

/** A request's scope: the guard fills the group once the token is checked. */
export interface EscopoRequisicao {
  grupo: string | undefined;
}

type Escopo = { tipo: 'sistema' } | { tipo: 'requisicao'; requisicao: EscopoRequisicao };

const armazenamento = new AsyncLocalStorage<Escopo>();
const SISTEMA: Escopo = { tipo: 'sistema' };

/** What the connection must be set to: 'sistema' (connecting role), or the group ('' = no group, sees nothing). */
export type EstadoConexao = { sistema: true } | { sistema: false; grupo: string };

export function estadoAtual(): EstadoConexao {
  const escopo = armazenamento.getStore();
  if (!escopo || escopo.tipo === 'sistema') return { sistema: true };
  return { sistema: false, grupo: escopo.requisicao.grupo ?? '' };
}

/** Runs `fn` as system work: its queries cross business groups. Say why at each call. */
export function comoSistema<T>(fn: () => T): T {
  return armazenamento.run(SISTEMA, fn);
}

/** Runs `fn` with the queries of one business group (e.g. a worker handling one group's row). */
export function comGrupo<T>(grupo: string, fn: () => T): T {
  return armazenamento.run({ tipo: 'requisicao', requisicao: { grupo } }, fn);
}

/** Runs `fn` (a request's hook chain) in the request's scope; `escopo.grupo` may be filled later. */
export function noEscopo<T>(escopo: EscopoRequisicao, fn: () => T): T {
  return armazenamento.run({ tipo: 'requisicao', requisicao: escopo }, fn);
}
