import type { Centavos, Quantidade } from '../dinheiro/decimal.ts';
import {
  lerDinheiro,
  lerEscalado,
  multiplicarDividir,
  multiplicarQuantidade,
  percentualDe,
} from '../dinheiro/decimal.ts';
import type { ComponentesData } from '../formatacao/formatacao.ts';
import type { ProdutoVenda, SugestaoProduto } from './configuracao.ts';
import type { Id } from './esquemas.ts';
import type { HappyHourIndexado, IndiceCatalogo, PromocaoIndexada } from './indice.ts';
import { tabelaDePrecos } from './indice.ts';
import { dentroDaJanela } from './janela.ts';

/** spec 9: a promotion is ignored if server time differs from the product date by 24 h or more. */
export const LIMITE_PROMOCAO_MS = 24 * 60 * 60 * 1000;
/** spec 9: a promotion price at or below zero becomes 0.01. */
const PRECO_MINIMO = 1 as Centavos;

/**
 * Unit price of a product for a store and sale type (price types of spec 1 section 3):
 * table price = the sale type's price table, else the product's general price;
 * local price = the store's own price; table percentage = table price plus the store's percent.
 */
export function precoProduto(
  indice: IndiceCatalogo,
  produto: ProdutoVenda,
  empresa: Id,
  tipoVenda: number,
  precosTabela: ReadonlyMap<Id, Centavos> = tabelaDePrecos(indice, empresa, tipoVenda),
): Centavos {
  const tabela = precosTabela.get(produto._id) ?? indice.precoGeral.get(produto._id);
  const precoTabela = tabela ?? lerDinheiro(produto.preco);
  const local = produto.empresas.find((e) => e.empresa === empresa);
  if (!local || local.tipoPreco === 'precoTabela') return precoTabela;
  if (local.tipoPreco === 'precoLocal') return local.precoLocal ? lerDinheiro(local.precoLocal) : precoTabela;
  const percentual = lerEscalado(local.percentualTabela ?? '0', 5, 'arredondar');
  return (precoTabela + multiplicarDividir(precoTabela, percentual, 10_000_000, 'arredondar')) as Centavos;
}

/** Unit price a promotion gives to a base price (at or below zero becomes 0.01). */
export function precoPromocional(base: Centavos, p: PromocaoIndexada): Centavos {
  let preco: number;
  switch (p.promocao.tipoPromocao) {
    case 'novoValor':
      preco = p.valor;
      break;
    case 'descontoValor':
      preco = base - p.valor;
      break;
    default:
      preco = base - percentualDe(base, p.valor, 5);
  }
  return (preco <= 0 ? PRECO_MINIMO : preco) as Centavos;
}

/**
 * The best promotion for an item launched at `dataItemMs`: enabled, for the sale type, inside its
 * date/hour/weekday window at launch time; the lowest resulting price wins (spec 9, best discount
 * wins). A promotion that would not lower the price is not a discount and is skipped. Every
 * promotion is ignored when `agora` is 24 h or more away from the item date (spec 9).
 */
export function melhorPromocao(
  base: Centavos,
  promocoes: readonly PromocaoIndexada[] | undefined,
  tipoVenda: number,
  momentoItem: ComponentesData,
  dataItemMs: number,
  agoraMs: number,
): { readonly promocao: Id; readonly preco: Centavos } | null {
  if (!promocoes || promocoes.length === 0) return null;
  if (Math.abs(agoraMs - dataItemMs) >= LIMITE_PROMOCAO_MS) return null;
  let melhor: { promocao: Id; preco: Centavos } | null = null;
  for (const p of promocoes) {
    if (p.promocao.tipoVenda.length > 0 && !p.promocao.tipoVenda.some((t) => t === tipoVenda)) continue;
    if (!dentroDaJanela(p.promocao, momentoItem)) continue;
    const preco = precoPromocional(base, p);
    if (preco > base) continue;
    if (!melhor || preco < melhor.preco) melhor = { promocao: p.promocao._id, preco };
  }
  return melhor;
}

const SEM_AJUSTE = { desconto: 0 as Centavos, acrescimo: 0 as Centavos } as const;

/**
 * Happy-hour adjustment of a line: the highest matching discount percent wins; a happy hour set up
 * as a surcharge (e.g. late-night fee) applies only when no discount matches.
 */
export function ajusteHappyHour(
  happyHours: readonly HappyHourIndexado[],
  produto: Id,
  empresa: Id,
  tipoVenda: number,
  momentoItem: ComponentesData,
  valorBruto: Centavos,
): { readonly desconto: Centavos; readonly acrescimo: Centavos } {
  let desconto = 0;
  let acrescimo = 0;
  for (const h of happyHours) {
    if (h.produtos && !h.produtos.has(produto)) continue;
    if (h.happyHour.empresa.length > 0 && !h.happyHour.empresa.includes(empresa)) continue;
    if (h.happyHour.tipoVenda.length > 0 && !h.happyHour.tipoVenda.some((t) => t === tipoVenda)) continue;
    if (!dentroDaJanela(h.happyHour, momentoItem)) continue;
    if (h.happyHour.tipo === 'acrescimo') acrescimo = Math.max(acrescimo, h.percentual);
    else desconto = Math.max(desconto, h.percentual);
  }
  if (desconto > 0) {
    return {
      desconto: percentualDe(valorBruto, Math.min(desconto, 10_000_000), 5),
      acrescimo: 0 as Centavos,
    };
  }
  if (acrescimo > 0) return { desconto: 0 as Centavos, acrescimo: percentualDe(valorBruto, acrescimo, 5) };
  return SEM_AJUSTE;
}

/** Discount or surcharge that a product suggestion puts on its line: per unit or percent of gross. */
export function ajusteSugestao(
  sugestao: SugestaoProduto | undefined,
  produto: Id,
  quantidade: Quantidade,
  valorBruto: Centavos,
): { readonly desconto: Centavos; readonly acrescimo: Centavos } {
  if (!sugestao?.habilitado || sugestao.produto !== produto) return SEM_AJUSTE;
  const valor =
    sugestao.modo === 'valor'
      ? multiplicarQuantidade(lerDinheiro(sugestao.valor), quantidade)
      : percentualDe(valorBruto, lerEscalado(sugestao.valor, 5, 'arredondar'), 5);
  if (sugestao.tipo === 'acrescimo')
    return { desconto: 0 as Centavos, acrescimo: Math.max(0, valor) as Centavos };
  return { desconto: Math.min(Math.max(0, valor), valorBruto) as Centavos, acrescimo: 0 as Centavos };
}
