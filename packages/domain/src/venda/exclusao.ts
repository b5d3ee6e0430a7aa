import { STATUS_VENDA } from '../catalogos/venda.ts';
import { removerDescontoGeral } from './descontos.ts';
import { garantirVendaEditavel } from './editavel.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Id, PessoaRef, Venda, VendaEvento, VendaItem } from './esquemas.ts';
import { alterarStatusVenda } from './transicoes.ts';

// spec 4 and 5 "Deleting": unconfirmed items vanish; confirmed ones are marked cancelled with a
// 'Cancelamento' event; when no active item remains the event is a complete-sale cancellation.
// Call recalcularVenda afterwards.

export interface ContextoExclusao {
  readonly operador?: PessoaRef | null;
  readonly supervisor?: PessoaRef | null;
  readonly terminal?: Id | null;
  readonly motivo?: string;
  /** ISO instant of the operation. */
  readonly dataHora: string;
  /** Company setting gravarVendaEventosCancelamentoNaoConfirmado. */
  readonly gravarEventoNaoConfirmado?: boolean;
  /** The supervisor released cancelling an ended sale (deletarVendaCompleta). */
  readonly comPermissao?: boolean;
}

function eventoCancelamento(
  venda: Venda,
  ctx: ContextoExclusao,
  itens: readonly VendaItem[],
  completa: boolean,
): VendaEvento {
  return {
    tipo: 'Cancelamento',
    operador: ctx.operador ?? null,
    terminal: ctx.terminal ?? null,
    empresa: venda.empresa,
    motivo: ctx.motivo ?? '',
    supervisor: ctx.supervisor ?? null,
    vendaCompleta: completa,
    vendaId: venda._id,
    produtos: itens.map((i) => ({
      numeroItem: i.numeroItem,
      produto: i.produto,
      quantidade: i.quantidade,
      valor: i.valorLiquido,
    })),
    valorDesconto: '0.00',
    dataHora: ctx.dataHora,
  };
}

const confirmado = (i: VendaItem) => i.confirmado || Boolean(i._id);

/** Deletes one item (vendaDeletarProduto). Returns the sale and the event to record, if any. */
export function deletarItem(
  venda: Venda,
  numeroItem: number,
  ctx: ContextoExclusao,
): { readonly venda: Venda; readonly evento: VendaEvento | null } {
  const item = venda.produtos.find((i) => i.numeroItem === numeroItem);
  if (!item) throw new ErroNegocio(MENSAGENS.itemNaoInformado);
  // An item already deleted answers the spec's message even when its deletion emptied the sale (status 61).
  if (item.cancelado) throw new ErroNegocio(MENSAGENS.ultimoItemDeletado);
  garantirVendaEditavel(venda);
  if (item.posicao.some((p) => p.pago)) throw new ErroNegocio(MENSAGENS.posicaoPagaDelecao);
  const produtos = confirmado(item)
    ? venda.produtos.map((i) => (i === item ? { ...i, cancelado: true, comboAtivo: false } : i))
    : venda.produtos.filter((i) => i !== item);
  const restamAtivos = produtos.some((i) => !i.cancelado);
  const completa = !restamAtivos && produtos.some((i) => i.cancelado);
  let nova = removerDescontoGeral({ ...venda, produtos });
  // The last active item gone: the open sale becomes 'Aberta cancelada' (TRANSICOES.md).
  if (completa && (venda.status.id === STATUS_VENDA.aberta || venda.status.id === STATUS_VENDA.fechamento)) {
    nova = alterarStatusVenda(nova, STATUS_VENDA.abertaCancelada);
  }
  const registrar = confirmado(item) || ctx.gravarEventoNaoConfirmado === true;
  return { venda: nova, evento: registrar ? eventoCancelamento(venda, ctx, [item], completa) : null };
}

/** Deletes the whole sale (deletarVendaCompleta): status Cancelada and a complete-sale event. */
export function deletarVendaCompleta(
  venda: Venda,
  ctx: ContextoExclusao,
): { readonly venda: Venda; readonly evento: VendaEvento } {
  if (venda.produtos.some((i) => i.posicao.some((p) => p.pago)))
    throw new ErroNegocio(MENSAGENS.posicaoPagaDelecao);
  const ativos = venda.produtos.filter((i) => !i.cancelado);
  const produtos = venda.produtos
    .filter((i) => i.cancelado || confirmado(i))
    .map((i) => (i.cancelado ? i : { ...i, cancelado: true, comboAtivo: false }));
  const nova = alterarStatusVenda(
    removerDescontoGeral({ ...venda, produtos }),
    STATUS_VENDA.cancelada,
    ctx.comPermissao === true,
  );
  return { venda: nova, evento: eventoCancelamento(venda, ctx, ativos, true) };
}
