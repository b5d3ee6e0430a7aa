import { escreverDinheiro, lerDinheiro } from '../dinheiro/decimal.ts';
import type { ItemPedidoApp, PagamentoPedidoApp } from './api.ts';
import { centavos } from './mapeamento.ts';
import { pedidoODSchema } from './open-delivery.ts';

// What the order desk shows of an app order, read from the order as the app sent it (kept in
// delivery_pedido.pedido): its items with options and notes, the customer and address, the payments (paid in
// the app, or to collect with change) and the app's createdAt with the confirmation deadline. An order that
// does not read as the standard's (it needs attention) answers an empty summary, never an error.

/** The app cancels an order not confirmed within 8 minutes of its createdAt. */
export const PRAZO_CONFIRMACAO_MS = 8 * 60_000;

const NOMES_METODO: Readonly<Record<string, string>> = {
  CASH: 'Dinheiro',
  CREDIT: 'Crédito',
  DEBIT: 'Débito',
  CREDIT_DEBIT: 'Crédito/débito',
  MEAL_VOUCHER: 'Vale-refeição',
  FOOD_VOUCHER: 'Vale-alimentação',
  DIGITAL_WALLET: 'Carteira digital',
  PIX: 'PIX',
  COUPON: 'Cupom',
  REDEEM: 'Resgate',
  PREPAID_REDEEM: 'Resgate pré-pago',
  OTHER: 'Outro',
};
export const nomeMetodoPagamento = (metodo: string) => NOMES_METODO[metodo] ?? metodo;

export interface ResumoPedidoApp {
  criadoNoAppEm: string | null;
  prazoConfirmacao: string | null;
  itens: ItemPedidoApp[];
  cliente: { nome: string; telefone: string | null; endereco: string | null } | null;
  pagamentos: PagamentoPedidoApp[];
}

const dinheiro = (v: number) => escreverDinheiro(centavos(v));
const nota = (t: string | undefined) => (t?.trim() ? t.trim().slice(0, 500) : null);

export function resumoDoPedido(pedido: unknown): ResumoPedidoApp {
  const lido = pedidoODSchema.safeParse(pedido);
  if (!lido.success)
    return { criadoNoAppEm: null, prazoConfirmacao: null, itens: [], cliente: null, pagamentos: [] };
  const p = lido.data;
  const criado = Date.parse(p.createdAt);
  const end = p.delivery?.deliveryAddress;
  const endereco = end
    ? end.formattedAddress ||
      [end.street, end.number, end.complement, end.district, end.city].filter(Boolean).join(', ') ||
      null
    : null;
  return {
    criadoNoAppEm: new Date(criado).toISOString(),
    prazoConfirmacao: new Date(criado + PRAZO_CONFIRMACAO_MS).toISOString(),
    itens: p.items.map((i) => ({
      nome: i.name,
      quantidade: i.quantity,
      total: dinheiro(i.totalPrice.value),
      obs: nota(i.specialInstructions),
      opcoes: (i.options ?? []).map((o) => ({
        nome: o.name,
        quantidade: o.quantity,
        obs: nota(o.specialInstructions),
      })),
    })),
    cliente: p.customer
      ? { nome: p.customer.name, telefone: p.customer.phone?.number ?? null, endereco }
      : endereco
        ? { nome: '', telefone: null, endereco }
        : null,
    pagamentos: p.payments.methods
      .filter((m) => m.value > 0)
      .map((m) => ({
        modo: m.type === 'PREPAID' ? ('prepago' as const) : ('naEntrega' as const),
        metodo: nomeMetodoPagamento(m.method),
        bandeira: m.brand ?? null,
        valor: dinheiro(m.value),
        trocoPara: m.method === 'CASH' && m.changeFor !== undefined ? dinheiro(m.changeFor) : null,
      })),
  };
}

/** Whether a cash payment asks for change, and how much (decimal text), or null. */
export function trocoDe(p: PagamentoPedidoApp): string | null {
  if (!p.trocoPara) return null;
  const troco = lerDinheiro(p.trocoPara) - lerDinheiro(p.valor);
  return troco > 0 ? escreverDinheiro(troco) : null;
}
