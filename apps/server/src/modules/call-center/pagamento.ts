import {
  escreverDinheiro,
  type FormaPagamentoVenda,
  formatarMoeda,
  lerPagamento,
  MENSAGENS,
  TIPO_PAGAMENTO,
  TIPO_TROCO,
} from '@retaguarda/domain';
import { ErroNegocio } from '../../lib/envelope.ts';

// How the customer of a call-center order pays (designed where the spec is silent; spec 1: the cash period
// is not checked in call-center mode, and a delivery cannot be confirmed with an unpaid balance):
// - 'prepago': paid before the order leaves (card link, PIX, app): a real payment on the sale, without
//   terminal, register or period (no drawer of the store holds that money);
// - 'naEntrega': collected by the rider (delivery) or at pick-up (counter): nothing is paid now; the order
//   keeps the form to collect, the amount and, for a form that gives change, the note the customer will
//   hand over ('troco para') and the change to take along.

export const MODOS_PAGAMENTO = ['prepago', 'naEntrega'] as const;
export type ModoPagamento = (typeof MODOS_PAGAMENTO)[number];

/** Forms a call center may take in advance: no cash, cheque or store credit over the phone. */
export const TIPOS_PREPAGO: ReadonlySet<number> = new Set([
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
  TIPO_PAGAMENTO.boleto,
  TIPO_PAGAMENTO.movimentacaoBancaria,
  TIPO_PAGAMENTO.carteiraDigital,
  TIPO_PAGAMENTO.appTerceiros,
]);

/** Forms the rider or the counter may collect (convênio and courtesy need the store's own checks). */
export const TIPOS_NA_ENTREGA: ReadonlySet<number> = new Set([
  TIPO_PAGAMENTO.dinheiro,
  TIPO_PAGAMENTO.cheque,
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
  TIPO_PAGAMENTO.carteiraDigital,
]);

export const MENSAGENS_PAGAMENTO = {
  naoPrepago: (forma: string) => `A forma de pagamento ${forma} não pode ser pré-paga no Call Center!`,
  naoNaEntrega: (forma: string) => `A forma de pagamento ${forma} não pode ser cobrada na entrega!`,
  trocoSomenteNaEntrega: 'Troco somente para pagamento cobrado na entrega!',
  trocoMenor: (trocoPara: string, cobrar: string) =>
    `O valor para troco (${formatarMoeda(trocoPara)}) é menor que o valor a cobrar (${formatarMoeda(cobrar)})!`,
} as const;

export interface PagamentoEntrada {
  modo: ModoPagamento;
  formaPagamento: string;
  /** 'naEntrega' with a form that gives change: the note the customer will pay with. */
  trocoPara?: string | undefined;
  /** Transaction id, card authorisation, a note for the rider. */
  observacao?: string | undefined;
}

export interface PagamentoCallCenter {
  modo: ModoPagamento;
  formaPagamento: FormaPagamentoVenda;
  /** What is still to be collected from the customer (0.00 when prepaid). */
  valorCobrar: string;
  trocoPara: string | null;
  /** Change the rider takes along. */
  troco: string;
  observacao: string;
}

/**
 * Checks the payment agreed for an order of `total` (the server's recomputed total) and answers what the
 * order keeps. Throws the pt-BR refusal; nothing is written by it.
 */
export function validarPagamento(
  e: PagamentoEntrada,
  forma: FormaPagamentoVenda,
  total: string,
): PagamentoCallCenter {
  const valor = lerPagamento(total);
  const observacao = (e.observacao ?? '').trim();
  if (e.modo === 'prepago') {
    if (!TIPOS_PREPAGO.has(forma.tipo))
      throw new ErroNegocio(MENSAGENS_PAGAMENTO.naoPrepago(forma.descricao));
    if (e.trocoPara !== undefined) throw new ErroNegocio(MENSAGENS_PAGAMENTO.trocoSomenteNaEntrega);
    return {
      modo: 'prepago',
      formaPagamento: forma,
      valorCobrar: '0.00',
      trocoPara: null,
      troco: '0.00',
      observacao,
    };
  }
  if (!TIPOS_NA_ENTREGA.has(forma.tipo))
    throw new ErroNegocio(MENSAGENS_PAGAMENTO.naoNaEntrega(forma.descricao));
  let trocoPara: number | null = null;
  if (e.trocoPara !== undefined && lerPagamento(e.trocoPara) > 0) {
    trocoPara = lerPagamento(e.trocoPara);
    if (trocoPara < valor)
      throw new ErroNegocio(
        MENSAGENS_PAGAMENTO.trocoMenor(escreverDinheiro(trocoPara), escreverDinheiro(valor)),
      );
    if (trocoPara > valor && forma.tipoTroco === TIPO_TROCO.naoPermite)
      throw new ErroNegocio(MENSAGENS.naoPermiteTroco(forma.descricao));
  }
  return {
    modo: 'naEntrega',
    formaPagamento: forma,
    valorCobrar: escreverDinheiro(valor),
    trocoPara: trocoPara === null ? null : escreverDinheiro(trocoPara),
    troco: escreverDinheiro(trocoPara === null ? 0 : trocoPara - valor),
    observacao,
  };
}
