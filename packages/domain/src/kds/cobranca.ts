import { escreverDinheiro, lerDinheiro } from '../dinheiro/decimal.ts';
import { formatarMoeda } from '../formatacao/formatacao.ts';

// What the rider (or the counter) collects for an order the call center took: the expedition screen, the
// motoboy departure and the expedition ticket show the same words (designed where the spec is silent).
// The payment agreed by phone (call_center_pedido.pagamento) names the form and the note the customer will
// pay with; the amount is the sale's balance now, so a fee changed at the store after the call is collected
// too, and a balance paid at the store leaves nothing to collect.

/** The part of the call center's `call_center_pedido.pagamento` this needs. */
export interface PagamentoCombinado {
  modo: 'prepago' | 'naEntrega';
  formaPagamento: { descricao: string } | null;
  trocoPara: string | null;
  observacao?: string | null;
}

export interface CobrancaEntrega {
  /** 'pago': nothing left to collect; 'cobrar': the rider collects `valorCobrar`. */
  situacao: 'pago' | 'cobrar';
  /** The form agreed (null: a prepaid order whose balance grew after the call, any form). */
  formaPagamento: string | null;
  valorCobrar: string;
  /** The note the customer pays with ('troco para'), when it is at least the amount. */
  trocoPara: string | null;
  /** Change the rider takes along. */
  troco: string;
  observacao: string;
}

export function cobrancaEntrega(p: PagamentoCombinado, total: string, totalPago: string): CobrancaEntrega {
  const saldo = Math.max(0, lerDinheiro(total) - lerDinheiro(totalPago));
  const forma = p.formaPagamento?.descricao ?? null;
  const observacao = p.observacao ?? '';
  if (saldo === 0)
    return {
      situacao: 'pago',
      formaPagamento: forma,
      valorCobrar: '0.00',
      trocoPara: null,
      troco: '0.00',
      observacao,
    };
  const naEntrega = p.modo === 'naEntrega';
  const nota = naEntrega && p.trocoPara ? lerDinheiro(p.trocoPara) : 0;
  const trocoPara = nota >= saldo ? nota : null;
  return {
    situacao: 'cobrar',
    formaPagamento: naEntrega ? forma : null,
    valorCobrar: escreverDinheiro(saldo),
    trocoPara: trocoPara === null ? null : escreverDinheiro(trocoPara),
    troco: escreverDinheiro(trocoPara === null ? 0 : trocoPara - saldo),
    observacao,
  };
}

/**
 * The words: 'Pago' / 'Cobrar R$ 87,50 em Dinheiro'; 'Levar troco de R$ 12,50' with '(cliente paga com
 * R$ 100,00)' apart, so a narrow ticket can break the line there.
 */
export function textosCobranca(c: CobrancaEntrega): {
  cobrar: string;
  troco: string | null;
  pagaCom: string | null;
} {
  if (c.situacao === 'pago') return { cobrar: 'Pago', troco: null, pagaCom: null };
  const cobrar = `Cobrar ${formatarMoeda(c.valorCobrar)}${c.formaPagamento ? ` em ${c.formaPagamento}` : ''}`;
  if (c.trocoPara === null || lerDinheiro(c.troco) === 0) return { cobrar, troco: null, pagaCom: null };
  return {
    cobrar,
    troco: `Levar troco de ${formatarMoeda(c.troco)}`,
    pagaCom: `(cliente paga com ${formatarMoeda(c.trocoPara)})`,
  };
}
