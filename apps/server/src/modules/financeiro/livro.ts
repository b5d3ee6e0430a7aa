import { escreverDinheiro, lerDinheiro } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { novoId } from '../../lib/ids.ts';

// The finance ledger's one write path (issue 18). Everything that moves money in an account (a settlement, a
// transfer, an adjustment, a cash closing, a PIX received, a reversal) calls `lancarMovimentacoes` inside its
// own transaction, so the movement, the balance cache and what caused them commit together.
//
// 1. Accounts are locked in one order through their balance row (no deadlock between two writers).
// 2. A movement dated on or after the account's newest one (the usual case) takes the cached balance plus its
//    value as `saldo_atual`. A back-dated one takes the balance of the last movement on or before its date and
//    adds its value to every later movement's `saldo_atual`: a balance is additive, nothing else changes.
// 3. Movements are never edited otherwise; a reversal is a new movement with `estorno_de` (unique).

export interface NovaMovimentacao {
  empresa: string;
  conta: string;
  /** The day it counts (YYYY-MM-DD). */
  data: string;
  /** Signed, 2 decimals: positive enters the account. */
  valor: string;
  descricao: string;
  planoConta?: string | null;
  origemTipo: string;
  origemId?: string | null;
  titulo?: string | null;
  estornoDe?: string | null;
  usuario?: string | null;
}

export interface MovimentacaoGravada {
  _id: string;
  conta: string;
  data: string;
  valor: string;
  saldoAtual: string;
}

export async function lancarMovimentacoes(
  tx: Db,
  grupo: string,
  movimentos: readonly NovaMovimentacao[],
): Promise<MovimentacaoGravada[]> {
  const gravadas: MovimentacaoGravada[] = [];
  const contas = [...new Set(movimentos.map((m) => m.conta))].sort();
  for (const conta of contas) {
    await consultar(
      tx,
      sql`insert into financeiro_conta_saldo (grupo_empresarial_id, conta_id) values (${grupo}, ${conta})
          on conflict do nothing`,
    );
    const cache = await consultarUm(
      tx,
      sql`select saldo::text as saldo, ultima_data::text as ultima_data from financeiro_conta_saldo
           where grupo_empresarial_id = ${grupo} and conta_id = ${conta} for update`,
    );
    let saldo: number = lerDinheiro(String(cache?.saldo ?? '0'));
    let ultima = (cache?.ultima_data as string | null) ?? null;
    // Oldest first, so a batch of back-dated movements folds in date order.
    const daConta = movimentos.filter((m) => m.conta === conta).sort((a, b) => a.data.localeCompare(b.data));
    for (const m of daConta) {
      const valor = lerDinheiro(m.valor);
      let saldoAtual: number;
      if (ultima === null || m.data >= ultima) {
        saldo += valor;
        saldoAtual = saldo;
        ultima = m.data;
      } else {
        const antes = await consultarUm(
          tx,
          sql`select saldo_atual::text as s from financeiro_movimentacao
               where grupo_empresarial_id = ${grupo} and conta_id = ${conta} and data <= ${m.data}::date
               order by data desc, seq desc limit 1`,
        );
        saldoAtual = lerDinheiro(String(antes?.s ?? '0')) + valor;
        await consultar(
          tx,
          sql`update financeiro_movimentacao set saldo_atual = saldo_atual + ${m.valor}::numeric
               where grupo_empresarial_id = ${grupo} and conta_id = ${conta} and data > ${m.data}::date`,
        );
        saldo += valor;
      }
      const id = novoId();
      await consultar(
        tx,
        sql`insert into financeiro_movimentacao (id, grupo_empresarial_id, empresa_id, conta_id, data, valor, saldo_atual,
              plano_conta_id, descricao, origem_tipo, origem_id, titulo_id, estorno_de, usuario_id)
            values (${id}, ${grupo}, ${m.empresa}, ${conta}, ${m.data}::date, ${escreverDinheiro(valor)}::numeric,
              ${escreverDinheiro(saldoAtual)}::numeric, ${m.planoConta ?? null}, ${m.descricao}, ${m.origemTipo},
              ${m.origemId ?? null}, ${m.titulo ?? null}, ${m.estornoDe ?? null}, ${m.usuario ?? null})`,
      );
      gravadas.push({
        _id: id,
        conta,
        data: m.data,
        valor: escreverDinheiro(valor),
        saldoAtual: escreverDinheiro(saldoAtual),
      });
    }
    await consultar(
      tx,
      sql`update financeiro_conta_saldo set saldo = ${escreverDinheiro(saldo)}::numeric, ultima_data = ${ultima}::date,
            updated_at = now() where grupo_empresarial_id = ${grupo} and conta_id = ${conta}`,
    );
  }
  return gravadas;
}

/** Reverses one movement: a new movement of the opposite value, same day as asked, pointing at it. */
export async function estornarMovimentacao(
  tx: Db,
  grupo: string,
  id: string,
  e: { data: string; usuario?: string | null; descricao?: string },
): Promise<MovimentacaoGravada> {
  const m = await consultarUm(
    tx,
    sql`select empresa_id, conta_id, valor::text as valor, plano_conta_id, descricao, origem_tipo, origem_id, titulo_id
          from financeiro_movimentacao where grupo_empresarial_id = ${grupo} and id = ${id}`,
  );
  if (!m) throw new Error(`movimentação ${id} não encontrada`);
  const [g] = await lancarMovimentacoes(tx, grupo, [
    {
      empresa: String(m.empresa_id),
      conta: String(m.conta_id),
      data: e.data,
      valor: escreverDinheiro(-lerDinheiro(String(m.valor))),
      descricao: e.descricao ?? `Estorno: ${String(m.descricao)}`,
      planoConta: (m.plano_conta_id as string | null) ?? null,
      origemTipo: String(m.origem_tipo),
      origemId: (m.origem_id as string | null) ?? null,
      titulo: (m.titulo_id as string | null) ?? null,
      estornoDe: id,
      usuario: e.usuario ?? null,
    },
  ]);
  return g!;
}
