import { EVENTO_RELATORIO_VENDAS_ATUALIZADO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar, consultarUm } from '../../db/consultar.ts';
import { erroParaLog } from '../../lib/erro-sem-sql.ts';
import { TrabalhadorFila } from '../../lib/trabalhador-fila.ts';

// The sales report aggregates, exactly once and off the sale's request (issue 19). Triggers on `venda` write
// `relatorio_venda_pendente` in the sale's transaction when it enters or leaves a final status; this worker
// drains it: relatorio_venda_aplicar (drizzle/relatorios-vendas/0001) takes out what a sale added before and adds
// what it adds now, under a per-sale lock, in the transaction that deletes the outbox rows. A duplicate row or
// a retry after a crash changes nothing; a failed batch stays for the next wake-up.

export const LOTE_AGREGADOS = 500;
/** First key of the appliers' advisory lock (the second is the group's hash). */
const LOCK_AGREGADOS = 19_001;

/** One batch of the outbox; answers how many outbox rows it handled (0 = nothing pending). */
export async function processarAgregados(
  db: Db,
  lote = LOTE_AGREGADOS,
  /** Called after the commit with the stores whose figures changed (the dashboards refresh on it). */
  aoAplicar?: (empresas: string[]) => void,
): Promise<number> {
  let empresas: string[] = [];
  const n = await db.transaction(async (tx) => {
    const pendentes = await consultar(
      tx,
      sql`select id, venda_id, grupo_empresarial_id from relatorio_venda_pendente
          order by id limit ${lote} for update skip locked`,
    );
    if (!pendentes.length) return 0;
    const vendas = [...new Set(pendentes.map((p) => String(p.venda_id)))];
    // Two appliers (two server instances, or a drain beside the worker) take disjoint outbox rows, but their sales
    // add to the same aggregate rows in different orders: PostgreSQL found them deadlocked (a 100,000-sale run).
    // One applier per business group at a time, the groups locked in one order.
    for (const grupo of [...new Set(pendentes.map((p) => String(p.grupo_empresarial_id)))].sort())
      await consultar(tx, sql`select pg_advisory_xact_lock(${LOCK_AGREGADOS}, hashtext(${grupo}))`);
    await consultar(tx, sql`select relatorio_venda_aplicar(${arrayTexto(vendas)}::text[])`);
    empresas = (
      await consultar(
        tx,
        sql`select distinct empresa_id from venda where id = any(${arrayTexto(vendas)}::text[])`,
      )
    ).map((l) => String(l.empresa_id));
    await consultar(
      tx,
      sql`delete from relatorio_venda_pendente where id = any(${arrayTexto(pendentes.map((p) => String(p.id)))}::bigint[])`,
    );
    return pendentes.length;
  });
  if (n > 0 && aoAplicar) aoAplicar(empresas);
  return n;
}

/** Rebuilds a business group's aggregates from the raw sales (repair; the tests' proof). Answers the sales read. */
export async function reconstruirAgregados(db: Db, grupo: string): Promise<number> {
  return db.transaction(async (tx) => {
    const l = await consultarUm(tx, sql`select relatorio_venda_reconstruir(${grupo}) as n`);
    return Number(l?.n ?? 0);
  });
}

/** The worker of this server; `drenar()` waits until the aggregates hold every committed sale. */
export function iniciarAgregadosVendas(app: FastifyInstance): TrabalhadorFila {
  const intervalo = Number(process.env.RELATORIOS_VENDAS_INTERVALO_MS ?? 1000);
  const worker = new TrabalhadorFila(
    () =>
      processarAgregados(app.servicos.banco.db, LOTE_AGREGADOS, (empresas) => {
        for (const e of empresas)
          app.servicos.tempoReal?.emitirParaEmpresa(e, EVENTO_RELATORIO_VENDAS_ATUALIZADO, { empresa: e });
      }),
    Number.isFinite(intervalo) && intervalo > 0 ? intervalo : 1000,
    (erro) =>
      app.log.error({ erro: erroParaLog(erro) }, 'agregados de relatório de venda falharam; tenta de novo'),
  );
  app.addHook('onReady', async () => worker.iniciar());
  app.addHook('onClose', async () => worker.parar());
  return worker;
}
