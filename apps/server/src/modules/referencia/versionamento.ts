import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha } from '../../db/consultar.ts';
import type { GanchoGravacao } from '../recursos/repositorio.ts';
import { TABELAS_DO_CATALOGO } from '../vendas/catalogo.service.ts';

// The store's version record (spec 2 section 7 `versionamento/getPopulate`, section 8 'Empresa sem
// versionamento'): one row per store whose `versao` goes up, in the transaction of the change, whenever a
// registration the POS keeps in its local cache changes. The POS compares it with the version its cache was
// loaded at and reloads when they differ.

/** Registrations the POS loads (spec 2 section 7) or that change what it computes with. */
export const TABELAS_VERSIONADAS: ReadonlySet<string> = new Set([
  ...TABELAS_DO_CATALOGO,
  'operadora',
  'setorImpressao',
  'impressora',
  'produtoGeralSetorEmpresa',
  'setorImpressaoProducao',
  'olhoNoImposto',
  'unidadeMedida',
  'configuracaoImposto',
  'configuracaoImpostoFederal',
  'configuracaoImpostoIPI',
  'tipoPagamentoBandeira',
  'descontoMotivo',
  'usuarios',
  'acessoSistema',
]);

/**
 * Bumps the version of some stores of the group (all of them when `empresas` is undefined), creating the
 * record of a store that has none. Rows are locked in id order so concurrent bumps never deadlock.
 */
export async function incrementarVersao(
  tx: Db,
  grupoEmpresarialId: string,
  empresas: readonly string[] | undefined,
  tabela: string,
): Promise<void> {
  if (empresas && empresas.length === 0) return;
  const quais: SQL = empresas
    ? sql`e.id in (${sql.join(
        empresas.map((e) => sql`${e}`),
        sql`, `,
      )})`
    : sql`e.lixo = false`;
  await consultar(
    tx,
    sql`insert into versionamento (id, grupo_empresarial_id, empresa_id, versao, ultima_tabela)
        select substr(md5(random()::text || e.id || clock_timestamp()::text), 1, 24), e.grupo_empresarial_id, e.id, 1, ${tabela}
        from empresa e where e.grupo_empresarial_id = ${grupoEmpresarialId} and ${quais}
        order by e.id
        on conflict (empresa_id) do update
          set versao = versionamento.versao + 1, ultima_tabela = excluded.ultima_tabela, updated_at = now()`,
  );
}

const idsDe = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The stores a written row concerns: its store, the stores it lists, or (group-wide rows) every store. */
export function empresasAfetadas(
  tabela: string,
  escopo: 'grupo' | 'empresa',
  antes: Linha | null,
  depois: Linha,
): string[] | undefined {
  if (tabela === 'empresa') return idsDe(depois._id);
  if (escopo === 'empresa') return [...new Set([...idsDe(antes?.empresa), ...idsDe(depois.empresa)])];
  return undefined;
}

export const versionarEscritas: GanchoGravacao = async (tx, { def, ctx, antes, depois }) => {
  if (!TABELAS_VERSIONADAS.has(def.tabela)) return;
  const empresas = empresasAfetadas(def.tabela, def.escopo, antes, depois);
  await incrementarVersao(tx, ctx.grupoEmpresarialId, empresas, def.tabela);
};

export interface Versionamento {
  _id: string;
  grupoEmpresarial: string;
  empresa: string;
  versao: number;
  ultimaTabela: string | null;
  created_at: string;
  updated_at: string;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

/** The store's record; a store without one (created before versioning, or by the seed) gets version 1. */
export async function versionamentoDaEmpresa(
  db: Db,
  grupoEmpresarialId: string,
  empresaId: string,
): Promise<Versionamento[]> {
  const ler = () =>
    consultar(
      db,
      sql`select v.* from versionamento v join empresa e on e.id = v.empresa_id
          where v.grupo_empresarial_id = ${grupoEmpresarialId} and v.empresa_id = ${empresaId} and e.lixo = false`,
    );
  let linhas = await ler();
  if (linhas.length === 0) {
    await consultar(
      db,
      sql`insert into versionamento (id, grupo_empresarial_id, empresa_id, versao, ultima_tabela)
          select substr(md5(random()::text || e.id || clock_timestamp()::text), 1, 24), e.grupo_empresarial_id, e.id, 1, 'empresa'
          from empresa e where e.id = ${empresaId} and e.grupo_empresarial_id = ${grupoEmpresarialId} and e.lixo = false
          on conflict (empresa_id) do nothing`,
    );
    linhas = await ler();
  }
  return linhas.map((l) => ({
    _id: l.id as string,
    grupoEmpresarial: l.grupo_empresarial_id as string,
    empresa: l.empresa_id as string,
    versao: Number(l.versao),
    ultimaTabela: (l.ultima_tabela as string | null) ?? null,
    created_at: iso(l.created_at),
    updated_at: iso(l.updated_at),
  }));
}
