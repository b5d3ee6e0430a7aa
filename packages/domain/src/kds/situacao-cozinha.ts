import { z } from 'zod';
import type { StatusKds } from './kds.ts';

// What the waiter sees of the kitchen on a sale's line (issue 13 point 3): the KDS rows of a confirmed item
// (one per station) summed up as one state. Server answers it, the POS shows it.

export const SITUACOES_COZINHA = ['enviado', 'emPreparo', 'pronto'] as const;
export type SituacaoCozinha = (typeof SITUACOES_COZINHA)[number];

/**
 * Ready when every station of the item finished it (pronto or bumped); in preparation when some station
 * started it; otherwise only sent. Null when no station has the item (nothing for the kitchen to say).
 */
export function situacaoCozinhaItem(estacoes: readonly { status: StatusKds }[]): SituacaoCozinha | null {
  if (estacoes.length === 0) return null;
  if (estacoes.every((e) => e.status === 'pronto' || e.status === 'despachado')) return 'pronto';
  if (estacoes.some((e) => e.status !== 'pendente')) return 'emPreparo';
  return 'enviado';
}

/** The kitchen state of a sale's items, by the item's _id (GET /api/kds/venda/:id/cozinha). */
export const situacaoCozinhaVendaSchema = z.record(z.string(), z.enum(SITUACOES_COZINHA));
export type SituacaoCozinhaVenda = z.infer<typeof situacaoCozinhaVendaSchema>;

/** Rows of kds_item of one sale -> the state per sale item (cancelled rows do not count). */
export function situacaoCozinhaVenda(
  linhas: readonly { vendaItemId: string; status: StatusKds; cancelado: boolean }[],
): SituacaoCozinhaVenda {
  const porItem = new Map<string, { status: StatusKds }[]>();
  for (const l of linhas) {
    if (l.cancelado) continue;
    const lista = porItem.get(l.vendaItemId) ?? [];
    lista.push(l);
    porItem.set(l.vendaItemId, lista);
  }
  const r: SituacaoCozinhaVenda = {};
  for (const [id, estacoes] of porItem) {
    const s = situacaoCozinhaItem(estacoes);
    if (s) r[id] = s;
  }
  return r;
}
