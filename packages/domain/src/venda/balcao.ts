import { TIPO_PAGAMENTO, TIPO_VENDA } from '../catalogos/venda.ts';
import { escreverQuantidade, lerQuantidade } from '../dinheiro/decimal.ts';
import type { FormaPagamentoVenda, Venda, VendaItem } from './esquemas.ts';

// Rules of the counter till (frente de caixa): the same product scanned again adds to its line, the +/- of a
// line, and which payment methods a terminal offers, in which order and under which key.

/** An unconfirmed line (no id, not sent to the kitchen or printed) leaves without a release (spec 4). */
export const itemConfirmado = (i: Pick<VendaItem, 'confirmado' | '_id'>): boolean =>
  i.confirmado || Boolean(i._id);

/**
 * Whether a product launched again adds to its line: on by default in counter sales, off when the terminal
 * asks for separate lines (`produtoRepetidoNovaLinha`); tables, tabs and deliveries keep one line per launch
 * (each goes to the kitchen on its own).
 */
export function somarMesmoProduto(tipoVenda: number, produtoRepetidoNovaLinha?: boolean | null): boolean {
  return tipoVenda === TIPO_VENDA.balcao && produtoRepetidoNovaLinha !== true;
}

export interface LancamentoProduto {
  produto: string;
  obs?: string | undefined;
  sugestao?: string | undefined;
  /** Pizza parts: a built pizza is never merged. */
  filhos?: number | undefined;
  atendente?: string | null | undefined;
}

/**
 * The line a launch adds to: the last active, unconfirmed line of the same product with nothing of its own
 * (no observation, parts, suggestion, seat, own discount) by the same attendant. null: a new line.
 */
export function linhaParaSomar(venda: Pick<Venda, 'produtos'>, l: LancamentoProduto): number | null {
  if (l.obs || l.sugestao || (l.filhos ?? 0) > 0) return null;
  for (let k = venda.produtos.length - 1; k >= 0; k--) {
    const i = venda.produtos[k] as VendaItem;
    if (
      i.produto._id === l.produto &&
      !i.cancelado &&
      !itemConfirmado(i) &&
      !i.obs &&
      !i.sugestao &&
      i.produtosFilho.length === 0 &&
      i.posicao.length === 0 &&
      Number(i.descontoPersonalizado) === 0 &&
      (l.atendente === undefined || (i.atendente?._id ?? null) === l.atendente)
    )
      return i.numeroItem;
  }
  return null;
}

/**
 * The line's quantity after +/- (`passo` 1 or -1, or a launched quantity): whole steps; null when it
 * would drop below 1 (the line is removed instead, a rule of its own).
 */
export function quantidadeSomada(atual: string, passo: string | number): string | null {
  const q = lerQuantidade(atual) + lerQuantidade(passo);
  return q < lerQuantidade(1) ? null : escreverQuantidade(q);
}

/**
 * The methods a terminal offers: the ones it enables (none listed: every active one of the store), the most
 * used on this terminal first, then the registration order.
 */
export function formasDoTerminal<F extends Pick<FormaPagamentoVenda, '_id'>>(
  formas: readonly F[],
  habilitadas: readonly string[] | null | undefined,
  usos: Readonly<Record<string, number>> = {},
): F[] {
  const lista = habilitadas?.length ? formas.filter((f) => habilitadas.includes(f._id)) : [...formas];
  const ordem = new Map(lista.map((f, k) => [f._id, k]));
  return lista.sort(
    (a, b) => (usos[b._id] ?? 0) - (usos[a._id] ?? 0) || (ordem.get(a._id) ?? 0) - (ordem.get(b._id) ?? 0),
  );
}

/** The key a payment type prefers (D Dinheiro, B déBito, C Crédito, P PIX...). */
const TECLA_PREFERIDA: Readonly<Record<number, string>> = {
  [TIPO_PAGAMENTO.dinheiro]: 'D',
  [TIPO_PAGAMENTO.debito]: 'B',
  [TIPO_PAGAMENTO.credito]: 'C',
  [TIPO_PAGAMENTO.carteiraDigital]: 'P',
  [TIPO_PAGAMENTO.valeRefeicao]: 'R',
  [TIPO_PAGAMENTO.valeAlimentacao]: 'A',
  [TIPO_PAGAMENTO.cheque]: 'Q',
  [TIPO_PAGAMENTO.convenio]: 'V',
  [TIPO_PAGAMENTO.cortesia]: 'T',
  [TIPO_PAGAMENTO.valeCompra]: 'G',
  [TIPO_PAGAMENTO.fidelidade]: 'F',
  [TIPO_PAGAMENTO.boleto]: 'L',
  [TIPO_PAGAMENTO.moedaEstrangeira]: 'M',
};

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/**
 * One letter key per method (the value box takes only digits, so letters never collide with typing): the
 * type's preferred letter (a PIX method by name too), else the first free letter of its name, else any free
 * letter. Same input, same keys.
 */
export function teclasFormasPagamento(
  formas: readonly Pick<FormaPagamentoVenda, '_id' | 'descricao' | 'tipo'>[],
): Map<string, string> {
  const usadas = new Set<string>();
  const teclas = new Map<string, string>();
  // Preferred letters first, so a method listed earlier cannot take Dinheiro's D with its name.
  const preferida = (f: (typeof formas)[number]) =>
    /pix/i.test(f.descricao) ? 'P' : (TECLA_PREFERIDA[f.tipo] ?? null);
  for (const f of formas) {
    const t = preferida(f);
    if (t && !usadas.has(t)) {
      usadas.add(t);
      teclas.set(f._id, t);
    }
  }
  for (const f of formas) {
    if (teclas.has(f._id)) continue;
    const letras = [...semAcento(f.descricao).replace(/[^A-Z]/g, ''), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const t = letras.find((x) => !usadas.has(x));
    if (!t) continue;
    usadas.add(t);
    teclas.set(f._id, t);
  }
  return teclas;
}
