import {
  dividirEmParcelas,
  escreverDinheiro,
  lerDinheiro,
  type NovoTitulo,
  saldoDaBaixa,
  somarDias,
  somarMeses,
  type TituloAgenda,
  valorMovimentadoBaixa,
} from '@retaguarda/domain';
import type { PlanoConta } from './api.ts';

// Pure rules of the agenda screen: the period of a view, the pay dialog's figures (with the domain's
// valorMovimentadoBaixa, the same sum the server moves), the instalments preview and the chart tree.

export type Visao = 'dia' | 'semana' | 'mes';

/** Day of the week 0 = Sunday of a YYYY-MM-DD (no time zone involved). */
const diaSemana = (dia: string) => new Date(`${dia}T12:00:00Z`).getUTCDay();

/** The days a view of `referencia` covers: the day; Monday to Sunday; the calendar month. */
export function periodoDaVisao(visao: Visao, referencia: string): { de: string; ate: string } {
  if (visao === 'dia') return { de: referencia, ate: referencia };
  if (visao === 'semana') {
    const de = somarDias(referencia, -((diaSemana(referencia) + 6) % 7));
    return { de, ate: somarDias(de, 6) };
  }
  const de = `${referencia.slice(0, 8)}01`;
  return { de, ate: somarDias(somarMeses(de, 1), -1) };
}

/** The reference day one step before (−1) or after (+1). */
export function moverReferencia(visao: Visao, referencia: string, passo: -1 | 1): string {
  if (visao === 'dia') return somarDias(referencia, passo);
  if (visao === 'semana') return somarDias(referencia, 7 * passo);
  return somarMeses(`${referencia.slice(0, 8)}01`, passo);
}

export interface ItemBaixa {
  titulo: TituloAgenda;
  valor: string;
  juros: string;
  multa: string;
  desconto: string;
}

/** Money typed by a person ("1.234,56", "10,5", "10.50") as a decimal text with 2 places; '' when not money. */
export function lerValorDigitado(texto: string | number | null | undefined): string {
  if (texto === null || texto === undefined) return '';
  if (typeof texto === 'number') return Number.isFinite(texto) ? texto.toFixed(2) : '';
  const t = texto.trim();
  if (!t) return '';
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normal)) return '';
  return escreverDinheiro(lerDinheiro(normal));
}

/** The problem of one line of the pay dialog, in pt-BR, or null. */
export function erroItemBaixa(i: ItemBaixa): string | null {
  const valor = lerValorDigitado(i.valor);
  if (!valor || lerDinheiro(valor) <= 0) return 'Informe um valor maior que zero.';
  if (lerDinheiro(valor) > lerDinheiro(i.titulo.valorAberto))
    return `Maior que o saldo em aberto (${i.titulo.valorAberto.replace('.', ',')}).`;
  for (const [nome, v] of [
    ['Juros', i.juros],
    ['Multa', i.multa],
    ['Desconto', i.desconto],
  ] as const) {
    if (v.trim() && (!lerValorDigitado(v) || lerDinheiro(lerValorDigitado(v)) < 0))
      return `${nome} inválido.`;
  }
  if (movidoItem(i) < 0) return 'O desconto não pode ser maior que o valor pago.';
  return null;
}

/** Cents the line moves in the account (fee of card receivables left to the server: it is shown apart). */
export function movidoItem(i: ItemBaixa): number {
  return valorMovimentadoBaixa({
    valor: lerValorDigitado(i.valor) || '0',
    juros: lerValorDigitado(i.juros) || undefined,
    multa: lerValorDigitado(i.multa) || undefined,
    desconto: lerValorDigitado(i.desconto) || undefined,
  });
}

/** Receipts in, payments out and the net the account moves, in cents. */
export const totalBaixa = (itens: readonly ItemBaixa[]) =>
  saldoDaBaixa(itens.map((i) => ({ tipo: i.titulo.tipo, movido: movidoItem(i) })));

export const itemInicial = (titulo: TituloAgenda): ItemBaixa => ({
  titulo,
  valor: titulo.valorAberto,
  juros: '',
  multa: '',
  desconto: '',
});

/** The instalments a new title will make (value and due date), as the server splits them. */
export function previaParcelas(
  t: Pick<NovoTitulo, 'valor' | 'vencimento' | 'parcelas'>,
): { parcela: number; valor: string; vencimento: string }[] {
  const valor = lerValorDigitado(t.valor);
  if (!valor || lerDinheiro(valor) <= 0 || !t.vencimento || t.parcelas < 1 || t.parcelas > 120) return [];
  return dividirEmParcelas(lerDinheiro(valor), t.parcelas).map((v, i) => ({
    parcela: i + 1,
    valor: escreverDinheiro(v),
    vencimento: somarMeses(t.vencimento, i),
  }));
}

export interface NoPlano {
  value: string;
  title: string;
  selectable: boolean;
  children: NoPlano[];
}

const idPai = (p: PlanoConta) =>
  typeof p.financeiroPlanoContaPai === 'string'
    ? p.financeiroPlanoContaPai
    : (p.financeiroPlanoContaPai?._id ?? null);

/**
 * The chart as a tree for a TreeSelect, ordered by code; only leaves are chosen (a title belongs to the most
 * detailed account). `natureza` keeps one branch (payables are expenses, receivables revenue).
 */
export function arvorePlano(planos: readonly PlanoConta[], natureza?: 'Receita' | 'Despesa'): NoPlano[] {
  const ativos = planos.filter((p) => p.ativo !== false && (!natureza || p.natureza === natureza));
  const ids = new Set(ativos.map((p) => p._id));
  const nos = new Map<string, NoPlano>(
    ativos.map((p) => [
      p._id,
      { value: p._id, title: `${p.codigo} ${p.descricao}`, selectable: true, children: [] },
    ]),
  );
  const raizes: NoPlano[] = [];
  for (const p of [...ativos].sort((a, b) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true }))) {
    const no = nos.get(p._id);
    if (!no) continue;
    const pai = idPai(p);
    const noPai = pai && ids.has(pai) ? nos.get(pai) : undefined;
    if (noPai) noPai.children.push(no);
    else raizes.push(no);
  }
  const marcar = (n: NoPlano) => {
    n.selectable = n.children.length === 0;
    n.children.forEach(marcar);
  };
  raizes.forEach(marcar);
  return raizes;
}
