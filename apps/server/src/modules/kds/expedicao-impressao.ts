import { TIPO_IMPRESSAO, TIPO_VENDA } from '@retaguarda/domain';
import { cobrancaEntrega, type PagamentoCombinado } from '@retaguarda/domain/kds/cobranca';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';
import { ehId } from '../../lib/ids.ts';
import type { ImpressaoResumo, ServicoImpressao } from '../impressao/impressao.service.ts';
import { layoutExpedicao } from '../impressao/layouts/layouts.ts';
import { expedicaoDaVenda } from '../impressao/layouts/venda.ts';
import type { VendaResposta } from '../vendas/vendas.service.ts';

// The expedition ticket: when an order becomes 'Produzido' (2) it is printed on the store's expedition
// sector (empresa configuracoes.expedicao.setorImpressaoExpedicao, else the kdsExpedicao setting's sector)
// so it goes with the bag. Only takeaway orders (counter 53, delivery 55): a table's food is carried to
// the table, and a slip per table order would waste paper.

const TIPOS_COM_TICKET = new Set<number>([TIPO_VENDA.balcao, TIPO_VENDA.delivery]);

export const deveImprimirExpedicao = (tipoVenda: number, de: number, para: number): boolean =>
  TIPOS_COM_TICKET.has(tipoVenda) && para === 2 && de < 2;

function telefoneTexto(t: unknown): string | null {
  const lista = Array.isArray(t) ? t : t ? [t] : [];
  const f =
    (lista as { ddd?: unknown; numero?: unknown; principal?: unknown }[]).find((x) => x?.principal) ??
    (lista[0] as { ddd?: unknown; numero?: unknown } | undefined);
  if (!f || typeof f.numero !== 'string' || !f.numero) return null;
  const n = f.numero.replace(/\D/g, '');
  const numero =
    n.length === 9 ? `${n.slice(0, 5)}-${n.slice(5)}` : n.length === 8 ? `${n.slice(0, 4)}-${n.slice(4)}` : n;
  return typeof f.ddd === 'string' && f.ddd ? `(${f.ddd}) ${numero}` : numero;
}

/**
 * Queues the expedition ticket of a produced order. Answers the jobs, or [] when the store has no
 * expedition sector (nothing to print is not an error). Refusals of the print module (sector without a
 * printer, label printer) are thrown for the caller to log: the kitchen's bump must not fail for them.
 */
export async function imprimirExpedicao(
  db: Db,
  impressao: ServicoImpressao,
  ctx: { grupoEmpresarialId: string; usuarioId: string | null; agora: string },
  venda: VendaResposta,
): Promise<ImpressaoResumo[]> {
  const l = await consultarUm(
    db,
    sql`select coalesce(e.nome_fantasia, e.descricao) as nome, e.configuracoes->'expedicao'->>'setorImpressaoExpedicao' as setor,
          x.setor_impressao_expedicao_id as setor_kds, x.terminal_id, x.tempo_entrega_padrao,
          (select tempo_entrega_minutos from kds_entrega where venda_id = ${venda._id}) as tempo_entrega,
          (select telefone from pessoa where id = ${venda.cliente?._id ?? ''}) as telefone,
          (select pagamento from call_center_pedido where venda_id = ${venda._id}) as cc_pagamento
        from empresa e
        left join lateral (select setor_impressao_expedicao_id, terminal_id, tempo_entrega_padrao from kds_expedicao
            where grupo_empresarial_id = ${ctx.grupoEmpresarialId} and empresa_id = e.id and lixo = false
              and ativo is not false order by created_at limit 1) x on true
        where e.id = ${venda.empresa} and e.grupo_empresarial_id = ${ctx.grupoEmpresarialId}`,
  );
  if (!l) return [];
  const setor = [l.setor, l.setor_kds].find((s): s is string => typeof s === 'string' && ehId(s));
  // The job needs a terminal of the store (the agents listen per terminal): the expedition screen's, else
  // the sale's.
  const terminal = [l.terminal_id, venda.terminal].find((t): t is string => typeof t === 'string' && ehId(t));
  if (!setor || !terminal) return [];
  const t = await impressao.terminal(ctx.grupoEmpresarialId, terminal, db);
  const documento = layoutExpedicao(
    expedicaoDaVenda(
      venda,
      { empresa: String(l.nome ?? ''), terminal: t.descricao, data: ctx.agora },
      {
        mesa: venda.mesa,
        comanda: venda.comanda,
        telefone: telefoneTexto(l.telefone),
        tempoEntregaMinutos:
          venda.tipoVenda.id === TIPO_VENDA.delivery
            ? ((l.tempo_entrega as number | null) ?? (l.tempo_entrega_padrao as number | null) ?? null)
            : null,
        // A call-center order: the form agreed by phone, the change and the note the customer pays with.
        cobranca: l.cc_pagamento
          ? cobrancaEntrega(l.cc_pagamento as PagamentoCombinado, venda.total, venda.totalPago)
          : null,
      },
    ),
  );
  const jobs = await impressao.criar(
    { grupoEmpresarialId: ctx.grupoEmpresarialId, usuarioId: ctx.usuarioId },
    {
      terminalId: terminal,
      setorImpressaoId: setor,
      tipoImpressao: TIPO_IMPRESSAO.outros,
      documento,
      origemId: venda._id,
    },
    db,
    t,
  );
  impressao.avisarNovas(jobs);
  return jobs;
}
