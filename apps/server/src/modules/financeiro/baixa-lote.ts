import { escreverDinheiro, lerDinheiro, MF, STATUS_TITULO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { lancarMovimentacoes } from './livro.ts';
import type { Operador } from './titulos.service.ts';

// Settling a settlement file's receivables in bulk (issue 18): 100,000 lines must settle in seconds, and one
// title at a time (a locked read, an insert, an update and a movement each) took 45 s for 2,000. Here one
// statement settles every title of the file whole — the titles' UPDATE locks and re-checks them (still open,
// nothing paid), the settlements are inserted from what it returned — and the bank gets ONE movement per payment
// day (the file is of one acquirer), as the bank statement shows the acquirer's credit, through the ledger's
// write path. A title settled meanwhile (by hand in the agenda) fails the whole import, as the per-title path
// did. A settlement of a batch is reversed alone by `estornarBaixa` (a movement of its share).

/** origem_tipo of a movement that carries several settlements; its origem_id is their `operacao_id`. */
export const ORIGEM_BAIXA_LOTE = 'baixaLote';
/** origem_tipo of the reversal of one settlement's share of such a movement; its origem_id is the settlement. */
export const ORIGEM_ESTORNO_BAIXA_LOTE = 'estornoBaixaLote';

export interface LoteDeBaixas {
  /** Import id: with the payment day it makes each day's `operacao_id` (`<id>:<AAAA-MM-DD>`). */
  operacao: string;
  empresa: string;
  conta: string;
  /** Starts each movement's description ('Recebimento Cielo'). */
  descricao: string;
  /** Card receivables to settle whole on their payment day. */
  titulos: readonly { titulo: string; data: string }[];
}

export async function baixarEmLote(tx: Db, op: Operador, lote: LoteDeBaixas): Promise<number> {
  if (!lote.titulos.length) return 0;
  // One settlement per title: the join below would write two for a title named twice.
  if (new Set(lote.titulos.map((t) => t.titulo)).size !== lote.titulos.length)
    throw new Error('baixarEmLote: título repetido no lote');
  const ids = textos(lote.titulos.map((t) => t.titulo));
  // The UPDATE finds the titles by `id = any(ids)` alone and the payment day is joined to what it returned: the
  // planner then reads the titles by primary key. Joined to the file's lines inside the UPDATE, in a year's table
  // (3,100,000 titles) it read the store's receivables by due day (400,000 rows, 300,000 pages for 98,000 titles).
  const dias = await consultar(
    tx,
    sql`with u as (
          select * from unnest(${ids}, ${textos(lote.titulos.map((t) => t.data))}) as u(titulo, data)
        ), pagos as (
          update financeiro_titulo t set valor_pago = t.valor, status = ${STATUS_TITULO.pago},
                 conta_id = coalesce(t.conta_id, ${lote.conta}), updated_at = now()
           where t.id = any(${ids}) and t.grupo_empresarial_id = ${op.grupo} and t.empresa_id = ${lote.empresa}
             and t.tipo = 'receber' and t.status = ${STATUS_TITULO.aberto} and t.valor_pago = 0
          returning t.id, t.empresa_id, t.valor, t.taxa, t.tipo, t.plano_conta_id, t.plano_conta_taxa_id
        ), baixas as (
          insert into financeiro_baixa (id, grupo_empresarial_id, empresa_id, titulo_id, operacao_id, conta_id, data,
                                        valor, taxa, usuario_id, titulo_tipo, plano_conta_id, plano_conta_taxa_id)
          select substr(${lote.operacao}, 1, 8) || substr(md5(${lote.operacao} || p.id), 1, 16), ${op.grupo},
                 p.empresa_id, p.id, ${lote.operacao} || ':' || u.data, ${lote.conta}, u.data::date, p.valor, p.taxa,
                 ${op.usuario}, p.tipo, p.plano_conta_id, p.plano_conta_taxa_id
            from pagos p join u on u.titulo = p.id
          returning data, valor - taxa as liquido
        )
        select data::text as data, count(*)::int as n, sum(liquido)::text as liquido
          from baixas group by data order by data`,
  );
  // No ON CONFLICT on the settlements: each is of a title the UPDATE just found open and unpaid, under an operation
  // id new to this import, so a clash is a bug and fails the import (the arbiter check cost every row an index probe).
  const baixadas = dias.reduce((s, d) => s + Number(d.n), 0);
  // Fewer than asked: a title was settled or cancelled after the forecasts were read.
  if (baixadas !== lote.titulos.length) throw new ErroNegocio(MF.tituloFechado);
  await lancarMovimentacoes(
    tx,
    op.grupo,
    dias.map((d) => ({
      empresa: lote.empresa,
      conta: lote.conta,
      data: String(d.data),
      valor: escreverDinheiro(lerDinheiro(String(d.liquido))),
      descricao: `${lote.descricao}: ${Number(d.n)} ${Number(d.n) === 1 ? 'título' : 'títulos'}`,
      planoConta: null,
      origemTipo: ORIGEM_BAIXA_LOTE,
      origemId: `${lote.operacao}:${String(d.data)}`,
      titulo: null,
      usuario: op.usuario,
    })),
  );
  return baixadas;
}
