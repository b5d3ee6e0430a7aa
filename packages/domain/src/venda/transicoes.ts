import type { StatusExpedicaoId, StatusVendaId } from '../catalogos/venda.ts';
import {
  STATUS_EXPEDICAO,
  STATUS_VENDA,
  statusExpedicao,
  statusVenda,
  TIPO_VENDA,
} from '../catalogos/venda.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Venda } from './esquemas.ts';
import { saldoRestante } from './pagamentos.ts';

// Sale status (57-61) and expedition status (0-7) machines. The spec fixes only the start (open,
// waiting) and that deleting the whole sale cancels it; the rest is designed in TRANSICOES.md.

export interface Transicao<S extends number> {
  readonly para: S;
  /** Needs a supervisor's release (permission checked by the server). */
  readonly exigePermissao: boolean;
}

const t = <S extends number>(para: S, exigePermissao = false): Transicao<S> => ({ para, exigePermissao });
const V = STATUS_VENDA;
const E = STATUS_EXPEDICAO;

export const TRANSICOES_VENDA: Readonly<Record<StatusVendaId, readonly Transicao<StatusVendaId>[]>> = {
  [V.aberta]: [t(V.fechamento), t(V.encerrada), t(V.cancelada, true), t(V.abertaCancelada)],
  [V.fechamento]: [t(V.aberta), t(V.encerrada), t(V.cancelada, true)],
  [V.encerrada]: [t(V.aberta, true), t(V.cancelada, true)],
  [V.cancelada]: [],
  [V.abertaCancelada]: [t(V.aberta, true), t(V.cancelada, true)],
};

export const TRANSICOES_EXPEDICAO: Readonly<
  Record<StatusExpedicaoId, readonly Transicao<StatusExpedicaoId>[]>
> = {
  [E.aguardando]: [t(E.emProducao), t(E.produzido), t(E.cancelado), t(E.emCancelamento)],
  [E.emProducao]: [t(E.produzido), t(E.emCancelamento)],
  [E.produzido]: [t(E.emProducao), t(E.emEntrega), t(E.entregue), t(E.emCancelamento)],
  [E.emEntrega]: [t(E.entregue), t(E.recusado), t(E.produzido)],
  [E.entregue]: [t(E.emCancelamento, true)],
  [E.recusado]: [t(E.emEntrega), t(E.emCancelamento)],
  [E.emCancelamento]: [t(E.cancelado), t(E.aguardando, true)],
  [E.cancelado]: [],
};

function verificar<S extends number>(
  tabela: Readonly<Record<S, readonly Transicao<S>[]>>,
  nome: (s: S) => string,
  de: S,
  para: S,
  comPermissao: boolean,
): void {
  const transicao = tabela[de].find((x) => x.para === para);
  if (!transicao) throw new ErroNegocio(MENSAGENS.transicaoNaoPermitida(nome(de), nome(para)));
  if (transicao.exigePermissao && !comPermissao) {
    throw new ErroNegocio(MENSAGENS.transicaoExigePermissao(nome(de), nome(para)));
  }
}

const nomeVenda = (s: StatusVendaId) => statusVenda.porId(s)?.descricao ?? String(s);
const nomeExpedicao = (s: StatusExpedicaoId) => statusExpedicao.porId(s)?.descricao ?? String(s);

export function podeAlterarStatusVenda(
  de: StatusVendaId,
  para: StatusVendaId,
  comPermissao = false,
): boolean {
  const x = TRANSICOES_VENDA[de].find((y) => y.para === para);
  return x !== undefined && (!x.exigePermissao || comPermissao);
}

/** Moves the sale to another status or throws the pt-BR refusal. */
export function alterarStatusVenda(venda: Venda, para: StatusVendaId, comPermissao = false): Venda {
  // Ending checks the spec's refusals first, so ending an ended sale reads 'Venda encerrada não pode ser
  // confirmada!' rather than a generic transition refusal.
  if (para === V.encerrada) validarConfirmacaoVenda(venda);
  verificar(TRANSICOES_VENDA, nomeVenda, venda.status.id, para, comPermissao);
  return { ...venda, status: { id: para, descricao: nomeVenda(para) } };
}

/** Moves the expedition status; in delivery (3) and refused (5) exist only for delivery sales. */
export function alterarStatusExpedicao(venda: Venda, para: StatusExpedicaoId, comPermissao = false): Venda {
  const de = venda.expedicao.status;
  if ((para === E.emEntrega || para === E.recusado) && venda.tipoVenda.id !== TIPO_VENDA.delivery) {
    throw new ErroNegocio(MENSAGENS.transicaoNaoPermitida(nomeExpedicao(de), nomeExpedicao(para)));
  }
  verificar(TRANSICOES_EXPEDICAO, nomeExpedicao, de, para, comPermissao);
  return { ...venda, expedicao: { ...venda.expedicao, status: para } };
}

/**
 * spec 4: a delivery sale cannot be confirmed with an unpaid balance; neither can an ended sale.
 * Confirming here means ending (encerrar) the sale.
 */
export function validarConfirmacaoVenda(venda: Venda): void {
  if (venda.status.id === V.encerrada) throw new ErroNegocio(MENSAGENS.vendaEncerradaConfirmar);
  if (venda.tipoVenda.id === TIPO_VENDA.delivery && saldoRestante(venda) > 0) {
    throw new ErroNegocio(MENSAGENS.deliverySaldoAberto);
  }
}
