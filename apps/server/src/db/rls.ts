import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type EstadoConexao, estadoAtual, PAPEL_APP } from './inquilino.ts';

// Row-level security on every tenant table (decision 0009). Applied on every start, after the migrations of
// every module, so a table added by any later migration gets it too; idempotent and cheap when already done.

/** The column that makes a table a tenant table. */
export const COLUNA_GRUPO = 'grupo_empresarial_id';
export const POLITICA_GRUPO = 'grupo_empresarial_isolado';

/**
 * Creates the application role (cluster-wide, so another database of the same server may have made it
 * already), grants it the data (never the DDL), and enables and forces row-level security with the group
 * policy on every table of `public` that has `grupo_empresarial_id`. Runs as the connecting role, which must
 * own the tables and be a superuser or have BYPASSRLS (system work runs as it).
 */
export const SQL_APLICAR_RLS = `
do $rls$
declare
  t record;
begin
  -- Two servers starting together on one database apply it once at a time.
  perform pg_advisory_xact_lock(hashtextextended('retaguarda:rls', 0));
  if not exists (select 1 from pg_roles where rolname = '${PAPEL_APP}') then
    begin
      create role ${PAPEL_APP} nologin nosuperuser nobypassrls noinherit;
    exception when duplicate_object or unique_violation then
      null; -- another database of this server created it meanwhile
    end;
  end if;
  if not pg_has_role(current_user, '${PAPEL_APP}', 'MEMBER') then
    execute format('grant ${PAPEL_APP} to %I', current_user);
  end if;
  grant usage on schema public to ${PAPEL_APP};
  grant select, insert, update, delete on all tables in schema public to ${PAPEL_APP};
  grant usage, select, update on all sequences in schema public to ${PAPEL_APP};
  for t in
    select c.oid, c.relname, c.relrowsecurity, c.relforcerowsecurity
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and exists (select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attname = '${COLUNA_GRUPO}' and not a.attisdropped)
  loop
    if not t.relrowsecurity then
      execute format('alter table public.%I enable row level security', t.relname);
    end if;
    if not t.relforcerowsecurity then
      execute format('alter table public.%I force row level security', t.relname);
    end if;
    if not exists (select 1 from pg_policy p where p.polrelid = t.oid and p.polname = '${POLITICA_GRUPO}') then
      execute format(
        'create policy ${POLITICA_GRUPO} on public.%I using (${COLUNA_GRUPO} = current_setting(''app.grupo'', true)) '
        'with check (${COLUNA_GRUPO} = current_setting(''app.grupo'', true))',
        t.relname);
    end if;
  end loop;
end
$rls$`;

// One statement sets both: the role (`none` = back to the connecting role) and the group. Session-level
// (not LOCAL), set outside any transaction, so a rollback never undoes it; each connection remembers its
// state and is only set again when the next user of it needs another one.
const SQL_AJUSTAR = `select set_config('role', $1, false), set_config('app.grupo', $2, false)`;

function chaveDo(estado: EstadoConexao): string {
  return estado.sistema ? 'sistema' : `grupo:${estado.grupo}`;
}

function parametros(estado: EstadoConexao): string[] {
  return estado.sistema ? ['none', ''] : [PAPEL_APP, estado.grupo];
}

type RetornoConexao = (erro: Error | undefined, cliente?: pg.PoolClient, liberar?: () => void) => void;

/**
 * Every connection the pool hands out (to `pool.query`, which takes one through `connect`, and to a
 * drizzle transaction) is first set to the role and group of the code asking for it.
 */
export function protegerPool(pool: pg.Pool): void {
  const conectar = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const estados = new WeakMap<pg.PoolClient, string>();
  const conectarAjustado = async (estado: EstadoConexao): Promise<pg.PoolClient> => {
    const cliente = await conectar();
    const chave = chaveDo(estado);
    if (estados.get(cliente) === chave) return cliente;
    try {
      await cliente.query(SQL_AJUSTAR, parametros(estado));
    } catch (erro) {
      estados.delete(cliente);
      cliente.release(erro as Error);
      throw erro;
    }
    estados.set(cliente, chave);
    return cliente;
  };
  const connect = (retorno?: RetornoConexao) => {
    const promessa = conectarAjustado(estadoAtual());
    if (!retorno) return promessa;
    promessa.then(
      (cliente) => retorno(undefined, cliente, () => cliente.release()),
      (erro: Error) => retorno(erro),
    );
    return undefined;
  };
  pool.connect = connect as typeof pool.connect;
}

/**
 * PGlite has one connection: each top-level statement or transaction sets it (when it differs) and runs
 * under one queue, so another request's statement never slips between the setting and the statement.
 * A transaction keeps the setting it started with (its callback's statements go through `tx`).
 */
export function protegerPglite(cliente: PGlite): void {
  const query = cliente.query.bind(cliente);
  const exec = cliente.exec.bind(cliente);
  const transaction = cliente.transaction.bind(cliente);
  let atual: string | undefined;
  let fila: Promise<unknown> = Promise.resolve();
  const ajustado = <T>(fn: () => Promise<T>): Promise<T> => {
    const estado = estadoAtual();
    const chave = chaveDo(estado);
    const resultado = fila.then(async () => {
      if (atual !== chave) {
        atual = undefined;
        await query(SQL_AJUSTAR, parametros(estado));
        atual = chave;
      }
      return fn();
    });
    fila = resultado.then(
      () => undefined,
      () => undefined,
    );
    return resultado;
  };
  cliente.query = ((...args: Parameters<PGlite['query']>) =>
    ajustado(() => query(...args))) as PGlite['query'];
  cliente.exec = ((...args: Parameters<PGlite['exec']>) => ajustado(() => exec(...args))) as PGlite['exec'];
  cliente.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    ajustado(() => transaction(...args))) as PGlite['transaction'];
}
