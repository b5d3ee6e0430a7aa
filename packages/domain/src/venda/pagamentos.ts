import { nomeBandeira } from '../catalogos/fiscais.ts';
import { TIPO_PAGAMENTO, TIPO_TROCO } from '../catalogos/venda.ts';
import type { Centavos } from '../dinheiro/decimal.ts';
import { escreverDinheiro, lerDinheiro, lerPagamento } from '../dinheiro/decimal.ts';
import { formatarMoeda } from '../formatacao/formatacao.ts';
import { garantirVendaEditavel } from './editavel.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { FormaPagamentoVenda, Id, Pagamento, PessoaRef, Venda } from './esquemas.ts';

// spec 5 "Payment" and "Credit account (convênio)", spec 4 payment cancellation.

export interface TotaisPagamento {
  /** Sum of what was handed over (valorPago) by active payments. */
  readonly totalPago: Centavos;
  /** Sum of the amounts applied to the bill (valor). */
  readonly totalAplicado: Centavos;
  readonly totalTroco: Centavos;
  /** Change given as purchase voucher (tipoTroco vale compra). */
  readonly totalValeCompra: Centavos;
  /** Change given back in money: totalTroco - totalValeCompra. */
  readonly troco: Centavos;
}

export function totalizarPagamentos(pagamentos: readonly Pagamento[]): TotaisPagamento {
  let totalPago = 0;
  let totalAplicado = 0;
  let totalTroco = 0;
  let totalValeCompra = 0;
  for (const p of pagamentos) {
    if (p.lixo) continue;
    const troco = lerDinheiro(p.valorTroco);
    totalPago += lerDinheiro(p.valorPago);
    totalAplicado += lerDinheiro(p.valor);
    totalTroco += troco;
    if (p.formaPagamento.tipoTroco === TIPO_TROCO.valeCompra) totalValeCompra += troco;
  }
  return {
    totalPago: totalPago as Centavos,
    totalAplicado: totalAplicado as Centavos,
    totalTroco: totalTroco as Centavos,
    totalValeCompra: totalValeCompra as Centavos,
    troco: (totalTroco - totalValeCompra) as Centavos,
  };
}

/** What is still to be paid (never below zero). */
export function saldoRestante(venda: Venda): Centavos {
  return Math.max(
    0,
    lerDinheiro(venda.total) - totalizarPagamentos(venda.pagamentos).totalAplicado,
  ) as Centavos;
}

/** Writes the payment totals onto the sale. */
export function aplicarTotaisPagamento(venda: Venda): Venda {
  const t = totalizarPagamentos(venda.pagamentos);
  return {
    ...venda,
    totalPago: escreverDinheiro(t.totalPago),
    totalTroco: escreverDinheiro(t.totalTroco),
    totalValeCompra: escreverDinheiro(t.totalValeCompra),
    troco: escreverDinheiro(t.troco),
  };
}

/**
 * Change may only come from methods that allow it (money or purchase voucher): total change must not
 * exceed what those payments handed over ('O valor do troco esta maior do que o permitido.').
 */
export function validarTrocoPermitido(pagamentos: readonly Pagamento[]): void {
  let troco = 0;
  let coberto = 0;
  for (const p of pagamentos) {
    if (p.lixo) continue;
    troco += lerDinheiro(p.valorTroco);
    if (p.formaPagamento.tipoTroco !== TIPO_TROCO.naoPermite) coberto += lerDinheiro(p.valorPago);
  }
  if (troco > coberto) throw new ErroNegocio(MENSAGENS.trocoMaiorPermitido);
}

export interface ConvenioCliente {
  readonly empresa: Id;
  readonly bloqueado: boolean;
  readonly limite: string;
}

export interface ClienteConvenio {
  readonly _id: Id;
  readonly nome: string;
  readonly convenio: readonly ConvenioCliente[];
}

/** Checks a convênio payment in the order of spec 5 "Credit account (convênio)". */
export function validarConvenio(dados: {
  readonly valor: string;
  readonly cliente: ClienteConvenio | null | undefined;
  readonly empresa: Id;
  /** Balance already used by the customer (getSaldoConvenio). */
  readonly saldoUtilizado: string;
}): void {
  const valor = lerPagamento(dados.valor);
  if (valor <= 0) throw new ErroNegocio(MENSAGENS.convenioValorInvalido);
  if (!dados.cliente) throw new ErroNegocio(MENSAGENS.convenioClienteIndefinido);
  const convenio = dados.cliente.convenio.find((c) => c.empresa === dados.empresa);
  if (!convenio) throw new ErroNegocio(MENSAGENS.convenioNaoPermite);
  if (convenio.bloqueado) throw new ErroNegocio(MENSAGENS.convenioBloqueado);
  const limite = lerDinheiro(convenio.limite);
  if (limite <= 0) throw new ErroNegocio(MENSAGENS.convenioSemLimite);
  const utilizado = lerDinheiro(dados.saldoUtilizado);
  if (utilizado + valor > limite) {
    const r = (c: number) => formatarMoeda(escreverDinheiro(c));
    throw new ErroNegocio(
      MENSAGENS.convenioSaldo(r(limite), r(utilizado), r(Math.max(0, limite - utilizado)), r(valor)),
    );
  }
}

export interface NovoPagamento {
  readonly _id: Id;
  readonly formaPagamento: FormaPagamentoVenda;
  /** What the customer hands over; truncated to 2 decimals (spec 5). */
  readonly valorPago: string;
  readonly operador: PessoaRef | null | undefined;
  readonly data: string;
  readonly cliente?: { readonly _id: Id; readonly nome: string } | null;
  readonly supervisorLiberacao?: PessoaRef | null;
  readonly operadora?: { readonly _id: Id; readonly descricao: string } | null;
  readonly terminal?: Id | null;
  readonly caixa?: Id | null;
  readonly periodo?: Id | null;
  readonly observacao?: string;
  readonly posicao?: number | null;
  /** Card: instalments (credit), the terminal's NSU and authorisation code (matched to the acquirer's file). */
  readonly parcelas?: number | null;
  readonly nsu?: string | null;
  readonly autorizacao?: string | null;
  /** Card brand, the NFC-e tBand code ('01' Visa, '02' Mastercard...; catalogue bandeiraCartao). */
  readonly bandeira?: string | null;
  /** Required for convênio payments: the customer's agreements and used balance. */
  readonly convenio?: { readonly cliente: ClienteConvenio | null; readonly saldoUtilizado: string };
}

/** Credit card instalments the POS offers (1x..12x); the API takes up to 99 (spec 1 §3, issue 18). */
export const PARCELAS_CARTAO_PDV = 12;

/**
 * A payment as screens and receipts name it: 'Crédito 3x' for a card in instalments, 'Crédito Visa 3x' when the
 * brand is known, else the method.
 */
export function descricaoPagamento(p: {
  readonly formaPagamento: { readonly descricao: string };
  readonly parcelas?: number | null | undefined;
  readonly bandeira?: string | null | undefined;
}): string {
  const marca = p.bandeira ? ` ${nomeBandeira(p.bandeira)}` : '';
  return p.parcelas && p.parcelas > 1
    ? `${p.formaPagamento.descricao}${marca} ${p.parcelas}x`
    : `${p.formaPagamento.descricao}${marca}`;
}

/**
 * Launches a payment on a recomputed sale: applies up to the remaining balance (or `limite`, the
 * seat value for a per-seat payment); the surplus is change, refused for methods that do not allow
 * it. A payment with the same _id is a retry and changes nothing (idempotency).
 */
export function lancarPagamento(venda: Venda, novo: NovoPagamento, limite?: Centavos): Venda {
  if (venda.pagamentos.some((p) => p._id === novo._id)) return venda;
  garantirVendaEditavel(venda);
  const valorPago = lerPagamento(novo.valorPago);
  if (valorPago <= 0) throw new ErroNegocio(MENSAGENS.valorPagamentoInvalido);
  if (!novo.operador) throw new ErroNegocio(MENSAGENS.operadorNaoInformado);
  if (novo.formaPagamento.tipo === TIPO_PAGAMENTO.convenio) {
    validarConvenio({
      valor: novo.valorPago,
      cliente: novo.convenio?.cliente,
      empresa: venda.empresa,
      saldoUtilizado: novo.convenio?.saldoUtilizado ?? '0',
    });
  }
  const restante = limite === undefined ? saldoRestante(venda) : Math.min(limite, saldoRestante(venda));
  const valor = Math.min(valorPago, restante);
  const valorTroco = valorPago - valor;
  if (valorTroco > 0 && novo.formaPagamento.tipoTroco === TIPO_TROCO.naoPermite) {
    throw new ErroNegocio(MENSAGENS.naoPermiteTroco(novo.formaPagamento.descricao));
  }
  const pagamento: Pagamento = {
    _id: novo._id,
    formaPagamento: novo.formaPagamento,
    operador: novo.operador,
    cliente: novo.cliente ?? null,
    supervisorLiberacao: novo.supervisorLiberacao ?? null,
    operadora: novo.operadora ?? null,
    valor: escreverDinheiro(valor),
    valorPago: escreverDinheiro(valorPago),
    valorTroco: escreverDinheiro(valorTroco),
    terminal: novo.terminal ?? null,
    caixa: novo.caixa ?? null,
    periodo: novo.periodo ?? null,
    data: novo.data,
    parcelas: novo.parcelas ?? null,
    nsu: novo.nsu ?? null,
    autorizacao: novo.autorizacao ?? null,
    bandeira: novo.bandeira ?? null,
    observacao: novo.observacao ?? '',
    lixo: false,
    supervisorLixo: null,
    posicao: novo.posicao ?? null,
  };
  const pagamentos = [...venda.pagamentos, pagamento];
  validarTrocoPermitido(pagamentos);
  return aplicarTotaisPagamento({ ...venda, pagamentos });
}

export interface ContextoCancelamentoPagamento {
  readonly supervisor: PessoaRef | null | undefined;
  /** Cash register of the terminal doing the cancellation. */
  readonly caixaAtual: Id | null | undefined;
  /** Ids of the cash periods still open. */
  readonly periodosAbertos: readonly Id[];
}

/**
 * Cancels (lixo) a payment with a supervisor (spec 4): refused when the cash period that received it
 * is closed or when it was received in another cashier. A per-seat payment unlocks its seat.
 */
export function cancelarPagamento(venda: Venda, pagamentoId: Id, ctx: ContextoCancelamentoPagamento): Venda {
  const pagamento = venda.pagamentos.find((p) => p._id === pagamentoId);
  if (!pagamento) throw new ErroNegocio(MENSAGENS.pagamentoNaoEncontrado);
  if (pagamento.lixo) throw new ErroNegocio(MENSAGENS.pagamentoJaCancelado);
  if (!ctx.supervisor) throw new ErroNegocio(MENSAGENS.supervisorNaoInformado);
  if (pagamento.periodo && !ctx.periodosAbertos.includes(pagamento.periodo)) {
    throw new ErroNegocio(MENSAGENS.cancelamentoCaixaFechado);
  }
  if (pagamento.caixa && pagamento.caixa !== ctx.caixaAtual)
    throw new ErroNegocio(MENSAGENS.cancelamentoOutroCaixa);
  const pagamentos = venda.pagamentos.map((p) =>
    p._id === pagamentoId ? { ...p, lixo: true, supervisorLixo: ctx.supervisor ?? null } : p,
  );
  const numero = pagamento.posicao;
  const produtos =
    numero == null
      ? venda.produtos
      : venda.produtos.map((item) => {
          if (!item.posicao.some((s) => s.numero === numero && s.pago)) return item;
          const posicao = item.posicao.map((s) => (s.numero === numero ? { ...s, pago: false } : s));
          return { ...item, posicao, existePosicaoPago: posicao.some((s) => s.pago) };
        });
  return aplicarTotaisPagamento({ ...venda, pagamentos, produtos });
}
