import { type ChavePlano, codigoPai, PLANO_CONTAS_PADRAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { novoId } from '../../lib/ids.ts';

// What finance needs before its first posting (issue 18): the group's chart of accounts (the restaurant default
// of the domain, then the group's to edit) and each store's cash and bank accounts the POS posts into. Made on
// demand, inside the caller's transaction, and only once: an advisory lock per group serialises two makers.

export type ChaveConta = 'caixaLoja' | 'bancoLoja';

export async function garantirPlanoPadrao(tx: Db, grupo: string): Promise<void> {
  const existe = await consultarUm(
    tx,
    sql`select 1 from financeiro_plano_conta where grupo_empresarial_id = ${grupo} limit 1`,
  );
  if (existe) return;
  await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:plano:${grupo}`}, 0))`);
  const deNovo = await consultarUm(
    tx,
    sql`select 1 from financeiro_plano_conta where grupo_empresarial_id = ${grupo} limit 1`,
  );
  if (deNovo) return;
  const ids = new Map<string, string>();
  for (const no of PLANO_CONTAS_PADRAO) {
    const id = novoId();
    ids.set(no.codigo, id);
    const pai = codigoPai(no.codigo);
    await consultar(
      tx,
      sql`insert into financeiro_plano_conta (id, grupo_empresarial_id, codigo, descricao, natureza,
            financeiro_plano_conta_pai_id, chave, ativo)
          values (${id}, ${grupo}, ${no.codigo}, ${no.descricao}, ${no.natureza}, ${pai ? (ids.get(pai) ?? null) : null},
            ${no.chave ?? null}, true)`,
    );
  }
}

/** The id of the group's chart node marked `chave` (made with the default chart when missing). */
export async function planoPorChave(tx: Db, grupo: string, chave: ChavePlano): Promise<string> {
  await garantirPlanoPadrao(tx, grupo);
  const l = await consultarUm(
    tx,
    sql`select id from financeiro_plano_conta where grupo_empresarial_id = ${grupo} and chave = ${chave}
         and lixo = false order by created_at limit 1`,
  );
  if (l) return String(l.id);
  // The group deleted that node: a new one at the root keeps the postings classified.
  const id = novoId();
  const no = PLANO_CONTAS_PADRAO.find((n) => n.chave === chave)!;
  await consultar(
    tx,
    sql`insert into financeiro_plano_conta (id, grupo_empresarial_id, codigo, descricao, natureza, chave, ativo)
        values (${id}, ${grupo}, ${`9.${CHAVES_ORDEM(chave)}`}, ${no.descricao}, ${no.natureza}, ${chave}, true)`,
  );
  return id;
}

const CHAVES_ORDEM = (chave: ChavePlano) =>
  String(PLANO_CONTAS_PADRAO.findIndex((n) => n.chave === chave) + 1);

const NOME_CONTA: Record<ChaveConta, { descricao: string; tipo: string }> = {
  caixaLoja: { descricao: 'Caixa da loja', tipo: 'Caixa' },
  bancoLoja: { descricao: 'Banco da loja (PIX e cartões)', tipo: 'Banco' },
};

/** The store's account marked `chave` (its cash, its bank), made when missing. */
export async function contaPorChave(
  tx: Db,
  grupo: string,
  empresa: string,
  chave: ChaveConta,
): Promise<string> {
  const buscar = () =>
    consultarUm(
      tx,
      sql`select id from financeiro_conta where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa}
           and chave = ${chave} and lixo = false order by created_at limit 1`,
    );
  const l = await buscar();
  if (l) return String(l.id);
  await consultar(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:conta:${grupo}:${empresa}:${chave}`}, 0))`,
  );
  const deNovo = await buscar();
  if (deNovo) return String(deNovo.id);
  const loja = await consultarUm(
    tx,
    sql`select coalesce(nome_fantasia, descricao) as nome from empresa where id = ${empresa}`,
  );
  const id = novoId();
  const n = NOME_CONTA[chave];
  await consultar(
    tx,
    sql`insert into financeiro_conta (id, grupo_empresarial_id, empresa_id, descricao, tipo, conta_compartilhada, chave, ativo)
        values (${id}, ${grupo}, ${empresa}, ${`${n.descricao} - ${String(loja?.nome ?? '')}`}, ${n.tipo}, false, ${chave}, true)`,
  );
  return id;
}
