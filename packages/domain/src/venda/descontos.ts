import { z } from 'zod';
import type { Centavos } from '../dinheiro/decimal.ts';
import {
  escreverDinheiro,
  lerDinheiro,
  lerEscalado,
  lerQuantidade,
  multiplicarQuantidade,
  percentualDe,
} from '../dinheiro/decimal.ts';
import { garantirVendaEditavel } from './editavel.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Id, PessoaRef, Venda, VendaEvento, VendaItem } from './esquemas.ts';
import { ratearProporcional } from './rateio.ts';
import { ehLinhaServico } from './servico.ts';

// spec 5 "Item discount" and "General discount". Both work on a recomputed sale and return the
// sale with the new inputs plus the 'Desconto' event to record; call recalcularVenda afterwards.

/** Item discount modes: 0 new unit price, 1 unit discount, 2 percent, 3 subtotal discount, 4 new subtotal. */
export type ModoDescontoItem = 0 | 1 | 2 | 3 | 4;
/** General discount modes: 0 value, 1 percent. */
export type ModoDescontoGeral = 0 | 1;

/** The modes as zod schemas, shared by the API routes and the engine ('Modo de desconto inválido!'). */
export const modoDescontoItemSchema = z.union(
  [z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)],
  {
    error: MENSAGENS.modoDescontoInvalido,
  },
);
export const modoDescontoGeralSchema = z.union([z.literal(0), z.literal(1)], {
  error: MENSAGENS.modoDescontoInvalido,
});

/** A mode outside the list (5, 1.5, NaN...) is refused, never read as another mode. */
function garantirModo<T>(schema: z.ZodType<T>, modo: unknown): T {
  const r = schema.safeParse(modo);
  if (!r.success) throw new ErroNegocio(MENSAGENS.modoDescontoInvalido);
  return r.data;
}

export interface ContextoDesconto {
  readonly supervisor: PessoaRef | null | undefined;
  readonly justificativa?: string | null;
  readonly operador?: PessoaRef | null;
  readonly terminal?: Id | null;
  /** ISO instant of the operation (no clock inside the engine). */
  readonly dataHora: string;
  /** The store's service product (configuracao.produtoServico): the service line takes no discount. */
  readonly produtoServico?: Id | null | undefined;
}

const soma = (...v: string[]) => v.reduce((s, x) => s + lerDinheiro(x), 0);

/** Discount already given to seats that were paid (locked). */
export function descontoPosicaoPaga(item: VendaItem): Centavos {
  return item.posicao.reduce((s, p) => (p.pago ? s + lerDinheiro(p.desconto) : s), 0) as Centavos;
}

/** Mandatory minimum of a line (spec 5): combo + happy hour + suggestion + seat-paid discounts. */
export function minimoObrigatorioItem(item: VendaItem): Centavos {
  return (soma(item.descontoCombo, item.descontoHappyHour, item.descontoSugestao) +
    descontoPosicaoPaga(item)) as Centavos;
}

const ativos = (venda: Venda) => venda.produtos.filter((i) => !i.cancelado);

/** Mandatory minimum of the bill: the sum over active lines. */
export function minimoObrigatorioVenda(venda: Venda): Centavos {
  return ativos(venda).reduce((s, i) => s + minimoObrigatorioItem(i), 0) as Centavos;
}

/** Total discount of a line that a mode and typed value ask for (validated as spec 5 says). */
export function calcularDescontoItem(item: VendaItem, modoPedido: ModoDescontoItem, valor: string): Centavos {
  const modo = garantirModo(modoDescontoItemSchema, modoPedido);
  const bruto = lerDinheiro(item.valorBruto);
  const qtd = lerQuantidade(item.quantidade);
  switch (modo) {
    case 0: {
      const novo = lerDinheiro(valor);
      if (novo <= 0 || novo > lerDinheiro(item.precoVenda))
        throw new ErroNegocio(MENSAGENS.novoValorUnitario);
      return (bruto - multiplicarQuantidade(novo, qtd)) as Centavos;
    }
    case 1:
      return multiplicarQuantidade(lerDinheiro(valor), qtd);
    case 2: {
      // discounts keep up to 5 decimals (spec 9)
      const pct = lerEscalado(valor, 5, 'arredondar');
      if (pct < 0 || pct > 10_000_000) throw new ErroNegocio(MENSAGENS.descontoItemLimite);
      return percentualDe(bruto, pct, 5);
    }
    case 3:
      return lerDinheiro(valor);
    case 4:
      return (bruto - lerDinheiro(valor)) as Centavos;
  }
}

/** Removes the general discount (spec: changing items clears general discounts; PUT venda). */
export function removerDescontoGeral(venda: Venda): Venda {
  if (!venda.descontoGeral && venda.produtos.every((i) => lerDinheiro(i.descontoGeral) === 0)) return venda;
  return {
    ...venda,
    descontoGeral: null,
    supervisorDesconto: null,
    descontoJustificativa: null,
    produtos: venda.produtos.map((i) =>
      i.existePosicaoPago || lerDinheiro(i.descontoGeral) === 0 ? i : { ...i, descontoGeral: '0.00' },
    ),
  };
}

function evento(
  venda: Venda,
  ctx: ContextoDesconto,
  itens: readonly VendaItem[],
  valor: number,
): VendaEvento {
  return {
    tipo: 'Desconto',
    operador: ctx.operador ?? null,
    terminal: ctx.terminal ?? null,
    empresa: venda.empresa,
    motivo: ctx.justificativa ?? '',
    supervisor: ctx.supervisor ?? null,
    vendaCompleta: false,
    vendaId: venda._id,
    produtos: itens.map((i) => ({
      numeroItem: i.numeroItem,
      produto: i.produto,
      quantidade: i.quantidade,
      valor: i.valorLiquido,
    })),
    valorDesconto: escreverDinheiro(valor),
    dataHora: ctx.dataHora,
  };
}

/**
 * Item discount (spec 5): the typed value gives the line's total discount, which must exceed the
 * mandatory minimum and lie between R$0.01 and the item total. The custom part recorded is that
 * total minus happy hour, suggestion and seat-paid discounts: a custom discount takes the line out
 * of combos, so the combo share is absorbed and the line ends with exactly the asked total.
 */
export function aplicarDescontoItem(
  venda: Venda,
  numeroItem: number | null | undefined,
  modo: ModoDescontoItem,
  valor: string,
  ctx: ContextoDesconto,
): { readonly venda: Venda; readonly evento: VendaEvento } {
  garantirVendaEditavel(venda);
  garantirModo(modoDescontoItemSchema, modo);
  if (!ctx.supervisor) throw new ErroNegocio(MENSAGENS.supervisorNaoInformado);
  const item = venda.produtos.find((i) => i.numeroItem === numeroItem && !i.cancelado);
  if (!item) throw new ErroNegocio(MENSAGENS.itemNaoInformado);
  if (ehLinhaServico(item, ctx.produtoServico)) throw new ErroNegocio(MENSAGENS.descontoServico);
  if (item.existePosicaoPago) throw new ErroNegocio(MENSAGENS.itemBloqueadoPosicao);
  const total = calcularDescontoItem(item, modo, valor);
  const totalItem = lerDinheiro(item.valorBruto) + lerDinheiro(item.acrescimo);
  if (total > totalItem || total < 1) throw new ErroNegocio(MENSAGENS.descontoItemLimite);
  if (total <= minimoObrigatorioItem(item)) throw new ErroNegocio(MENSAGENS.descontoItemMinimo);
  const personalizado =
    total - soma(item.descontoHappyHour, item.descontoSugestao) - descontoPosicaoPaga(item);
  const atualizado: VendaItem = {
    ...item,
    descontoPersonalizado: escreverDinheiro(personalizado),
    supervisorDesconto: ctx.supervisor,
    descontoJustificativa: ctx.justificativa ?? null,
  };
  const semGeral = removerDescontoGeral(venda);
  return {
    venda: { ...semGeral, produtos: semGeral.produtos.map((i) => (i === item ? atualizado : i)) },
    evento: evento(venda, ctx, [item], total),
  };
}

/**
 * General discount (spec 5): value or percent of the bill; must be above the mandatory minimum, at
 * least R$0,01 and below the bill. It replaces the custom discounts of free lines; recalcularVenda
 * spreads what the other discounts leave over the lines (remainder on the largest).
 */
export function aplicarDescontoGeral(
  venda: Venda,
  modo: ModoDescontoGeral,
  valor: string,
  ctx: ContextoDesconto,
): { readonly venda: Venda; readonly evento: VendaEvento } {
  garantirVendaEditavel(venda);
  garantirModo(modoDescontoGeralSchema, modo);
  if (!ctx.supervisor) throw new ErroNegocio(MENSAGENS.supervisorNaoInformado);
  // The bill the general discount applies to is the consumption: the service line is never cut.
  const servico = venda.produtos.reduce(
    (s, i) => (!i.cancelado && ehLinhaServico(i, ctx.produtoServico) ? s + lerDinheiro(i.valorLiquido) : s),
    0,
  );
  const conta = lerDinheiro(venda.subTotal) + lerDinheiro(venda.totalAcrescimo) - servico;
  let total: number;
  if (modo === 1) {
    const pct = lerEscalado(valor, 5, 'arredondar');
    if (pct < 0 || pct > 10_000_000) throw new ErroNegocio(MENSAGENS.descontoGeralPercentual);
    total = percentualDe(conta as Centavos, pct, 5);
  } else {
    total = lerDinheiro(valor);
  }
  if (total >= conta || total < 1) throw new ErroNegocio(MENSAGENS.descontoGeralLimite);
  if (total <= minimoObrigatorioVenda(venda)) throw new ErroNegocio(MENSAGENS.descontoGeralMinimo);
  const produtos = venda.produtos.map((i) =>
    i.cancelado || i.existePosicaoPago || lerDinheiro(i.descontoPersonalizado) === 0
      ? i
      : { ...i, descontoPersonalizado: '0.00', supervisorDesconto: null, descontoJustificativa: null },
  );
  return {
    venda: {
      ...venda,
      produtos,
      descontoGeral: { modo, valor, totalDesconto: escreverDinheiro(total) },
      supervisorDesconto: ctx.supervisor,
      descontoJustificativa: ctx.justificativa ?? null,
    },
    evento: evento(venda, ctx, ativos(venda), total),
  };
}

/**
 * Spreads a general discount over line values proportionally, the rounding remainder on the
 * largest line; no share exceeds its line (the same rule recalcularVenda uses).
 */
export function ratearDescontoGeral(desconto: Centavos, valoresLinhas: readonly Centavos[]): Centavos[] {
  return ratearProporcional(desconto, valoresLinhas) as Centavos[];
}
