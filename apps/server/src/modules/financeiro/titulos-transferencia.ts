import { type FinanceiroTransferencia, MF, STATUS_TITULO, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { planoPorChave } from './cadastros-padrao.ts';
import type { Operador } from './titulos.service.ts';

// Stock transfers -> titles (issue 18; decision 0018 §5-6): the receipt bills what arrived, in its own transaction,
// once — a receivable of the origin and a payable of the destination per plan account, as the transfer computed
// them (`financeiro.titulos`). Each title carries origem 'transferencia' and `${transfer}:${n}` (unique per origin,
// so a retry writes nothing), `lote` = the transfer (to find them all). A plan the company typed that is not a node
// of the chart (an id or a code) falls back to the chart's 'transferenciaCredito' / 'transferenciaDebito'.

export const ORIGEM_TITULO_TRANSFERENCIA = 'transferencia';

async function planoDoTitulo(tx: Db, grupo: string, plano: string, tipo: 'pagar' | 'receber') {
  if (plano) {
    const l = await consultarUm(
      tx,
      sql`select id from financeiro_plano_conta where grupo_empresarial_id = ${grupo} and lixo = false
           and (id = ${plano} or codigo = ${plano}) order by (id = ${plano}) desc limit 1`,
    );
    if (l) return String(l.id);
  }
  return planoPorChave(tx, grupo, tipo === 'receber' ? 'transferenciaCredito' : 'transferenciaDebito');
}

/**
 * Writes the titles of a received transfer and sets `gerou_faturamento`; nothing when it is not received, was
 * billed already, or generates no titles (finance off in the origin, or both stores one company without
 * gerarFinancerioPropriaLoja). Answers how many titles it wrote. Call inside the receipt's transaction.
 */
export async function faturarTransferencia(tx: Db, op: Operador, transferencia: string): Promise<number> {
  const t = await consultarUm(
    tx,
    sql`select t.status, t.gerou_faturamento, t.financeiro, t.empresa_origem_id, t.empresa_destino_id,
               coalesce(eo.nome_fantasia, eo.descricao) as origem_nome, coalesce(ed.nome_fantasia, ed.descricao) as destino_nome
          from estoque_transferencia t
          join empresa eo on eo.id = t.empresa_origem_id
          join empresa ed on ed.id = t.empresa_destino_id
         where t.grupo_empresarial_id = ${op.grupo} and t.id = ${transferencia}
           for update of t`,
  );
  if (t?.status !== 'recebida' || t.gerou_faturamento === true) return 0;
  const f = (t.financeiro ?? null) as FinanceiroTransferencia | null;
  if (!f || f.semTitulos !== null || f.titulos.length === 0) return 0;
  let n = 0;
  for (const [i, x] of f.titulos.entries()) {
    const plano = await planoDoTitulo(tx, op.grupo, x.planoConta, x.tipo);
    const outra = x.tipo === 'receber' ? `para ${String(t.destino_nome)}` : `de ${String(t.origem_nome)}`;
    // Competence: the shipping day (the due date is that day + diasFaturamentoPadrao).
    const competencia = somarDias(x.vencimento, -f.diasFaturamentoPadrao);
    const r = await consultar(
      tx,
      sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, documento, plano_conta_id,
            valor, competencia, vencimento, parcela, parcelas, lote, status, origem_tipo, origem_id, usuario_id)
          values (${novoId()}, ${op.grupo}, ${x.empresa}, ${x.tipo}, ${`${x.documento} ${outra}`},
            ${x.documento}, ${plano}, ${x.valor}::numeric, ${competencia}::date, ${x.vencimento}::date, 1, 1,
            ${transferencia}, ${STATUS_TITULO.aberto}, ${ORIGEM_TITULO_TRANSFERENCIA}, ${`${transferencia}:${i + 1}`},
            ${op.usuario})
          on conflict do nothing returning id`,
    );
    n += r.length;
  }
  await consultar(
    tx,
    sql`update estoque_transferencia set gerou_faturamento = true,
               financeiro = jsonb_set(financeiro, '{gerouFaturamento}', 'true'::jsonb), updated_at = now()
         where grupo_empresarial_id = ${op.grupo} and id = ${transferencia}`,
  );
  return n;
}

/**
 * Cancels the open titles of a transfer undone (cancelled or reversed); refused, writing nothing, when one of
 * them was already paid or received in part (reverse that settlement first). Answers how many it cancelled.
 */
export async function cancelarTitulosTransferencia(
  tx: Db,
  op: Operador,
  transferencia: string,
  motivo: string,
): Promise<number> {
  const titulos = await consultar(
    tx,
    sql`select id, status, valor_pago::text as valor_pago from financeiro_titulo
         where grupo_empresarial_id = ${op.grupo} and origem_tipo = ${ORIGEM_TITULO_TRANSFERENCIA}
           and lote = ${transferencia} and status <> ${STATUS_TITULO.cancelado}
         order by id for update`,
  );
  if (titulos.some((x) => Number(x.valor_pago) > 0)) throw new ErroNegocio(MF.tituloComBaixa);
  if (!titulos.length) return 0;
  await consultar(
    tx,
    sql`update financeiro_titulo set status = ${STATUS_TITULO.cancelado}, cancelado_por = ${op.usuario},
               motivo_cancelamento = ${motivo}, updated_at = now()
         where grupo_empresarial_id = ${op.grupo} and origem_tipo = ${ORIGEM_TITULO_TRANSFERENCIA}
           and lote = ${transferencia} and status <> ${STATUS_TITULO.cancelado}`,
  );
  return titulos.length;
}
