import type { Centavos } from '../dinheiro/decimal.ts';
import { percentualDe } from '../dinheiro/decimal.ts';
import type { ComponentesData } from '../formatacao/formatacao.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Id } from './esquemas.ts';
import type { ComboIndexado } from './indice.ts';
import { dentroDaJanela } from './janela.ts';
import { ratearProporcional } from './rateio.ts';

// spec 4 "Combo" and spec 5 "Combos".

export type OrdemCombo = 'valorDesconto' | 'quantidadeAgrupador';

/** A sale line as the combo matcher sees it. */
export interface ItemParaCombo {
  readonly numeroItem: number;
  readonly produto: Id;
  readonly precoUnitario: Centavos;
  /** Whole units; 0 when the line is not eligible. */
  readonly unidades: number;
}

export interface ComboAplicado {
  readonly combo: ComboIndexado;
  readonly desconto: Centavos;
  readonly itens: readonly {
    readonly numeroItem: number;
    readonly quantidade: number;
    readonly desconto: Centavos;
  }[];
}

/**
 * Eligible line (spec 5): not cancelled, no custom discount, not locked by a seat payment and a
 * whole quantity (quantities are in ten-thousandths).
 */
export function itemElegivelCombo(i: {
  readonly cancelado: boolean;
  readonly descontoPersonalizado: number;
  readonly existePosicaoPago: boolean;
  readonly quantidade: number;
}): boolean {
  return (
    !i.cancelado &&
    i.descontoPersonalizado === 0 &&
    !i.existePosicaoPago &&
    i.quantidade > 0 &&
    i.quantidade % 10_000 === 0
  );
}

/** Combos that apply to the store, the sale type and the moment (spec 5). */
export function combosAplicaveis(
  combos: readonly ComboIndexado[],
  empresa: Id,
  tipoVenda: number,
  momento: ComponentesData,
): ComboIndexado[] {
  return combos.filter(
    (c) =>
      c.combo.habilitado &&
      c.grupos.length > 0 &&
      (c.combo.empresa.length === 0 || c.combo.empresa.includes(empresa)) &&
      (c.combo.tipoVenda.length === 0 || c.combo.tipoVenda.some((t) => t === tipoVenda)) &&
      dentroDaJanela(c.combo, momento),
  );
}

/** The comboOrdemDesconto setting, else 'configuracao comboOrdemDesconto indefinido'. */
export function ordemCombo(ordem: string | null | undefined): OrdemCombo {
  if (ordem === 'valorDesconto' || ordem === 'quantidadeAgrupador') return ordem;
  throw new ErroNegocio(MENSAGENS.comboOrdemIndefinida);
}

/** Total units a combo needs (its groups' quantities). */
export const unidadesDoCombo = (c: ComboIndexado): number => c.grupos.reduce((s, g) => s + g.quantidade, 0);

/**
 * Which of two possible realisations goes first (negative: `a`). Both are judged by the discount each
 * would give on this sale in cents — a percentage and a value combo are never compared as raw numbers
 * (docs/decisions/0008-regras-de-venda.md). valorDesconto: the larger discount; quantidadeAgrupador:
 * more units, then the larger discount. Last, the combo id, so the result is deterministic.
 */
export function compararRealizacoes(
  a: { readonly combo: ComboIndexado; readonly desconto: number },
  b: { readonly combo: ComboIndexado; readonly desconto: number },
  ordem: OrdemCombo,
): number {
  if (ordem === 'quantidadeAgrupador') {
    const porUnidades = unidadesDoCombo(b.combo) - unidadesDoCombo(a.combo);
    if (porUnidades !== 0) return porUnidades;
  }
  return (
    b.desconto - a.desconto ||
    (a.combo.combo._id < b.combo.combo._id ? -1 : a.combo.combo._id > b.combo.combo._id ? 1 : 0)
  );
}

/** Discount of one realisation over the chosen unit prices (spec 5 discount types). */
export function descontoDoCombo(c: ComboIndexado, precos: readonly number[]): Centavos {
  const soma = precos.reduce((s, p) => s + p, 0);
  switch (c.combo.tipoDesconto) {
    case 'percentual':
      // combo percent discount rounded to 3 decimals (spec 9), never above 100 %.
      return percentualDe(soma as Centavos, Math.min(Math.max(c.desconto, 0), 100_000), 3);
    case 'valor':
      return Math.min(Math.max(c.desconto, 0), soma) as Centavos;
    default: {
      // percent of the cheapest product, capped at 100 (spec 9).
      const menor = Math.min(...precos);
      return percentualDe(menor as Centavos, Math.min(Math.max(c.desconto, 0), 100_000), 3);
    }
  }
}

interface Unidade {
  readonly linha: number;
  readonly produto: Id;
  readonly preco: number;
}

/**
 * Matches combos over the units of the eligible lines (spec 4): for each group, first the cheapest
 * eligible unit, then the most expensive for the remaining slots; a combo is realised only when
 * every group is filled. Each step realises, among the combos that still fit the free units, the one
 * the ordering rule puts first (compararRealizacoes over the discount it would give now), and repeats
 * until none fits. No unit is ever used twice.
 */
export function aplicarCombos(
  itens: readonly ItemParaCombo[],
  combos: readonly ComboIndexado[],
  ordem: OrdemCombo,
): ComboAplicado[] {
  const unidades: Unidade[] = [];
  for (let linha = 0; linha < itens.length; linha++) {
    const item = itens[linha]!;
    for (let u = 0; u < item.unidades; u++)
      unidades.push({ linha, produto: item.produto, preco: item.precoUnitario });
  }
  // Ascending price; ties by line so the result is deterministic.
  unidades.sort((a, b) => a.preco - b.preco || a.linha - b.linha);
  const usada = new Uint8Array(unidades.length);
  // Each group's candidate units, ascending, computed once per combo.
  let vivos = combos.map((combo) => ({
    combo,
    listas: combo.grupos.map((g) => {
      const lista = new Int32Array(unidades.length);
      let n = 0;
      for (let u = 0; u < unidades.length; u++) if (g.produtos.has(unidades[u]!.produto)) lista[n++] = u;
      return lista.subarray(0, n);
    }),
  }));
  const aplicados: ComboAplicado[] = [];
  for (;;) {
    let melhor: { combo: ComboIndexado; desconto: number; escolhidas: number[] } | null = null;
    const aindaCabem: typeof vivos = [];
    for (const v of vivos) {
      const escolhidas = escolher(v.combo, v.listas, usada);
      // Units only get used up: a combo that does not fit now never fits again in this sale.
      if (!escolhidas) continue;
      for (const u of escolhidas) usada[u] = 0;
      aindaCabem.push(v);
      const desconto = descontoDoCombo(
        v.combo,
        escolhidas.map((u) => unidades[u]!.preco),
      );
      const candidata = { combo: v.combo, desconto, escolhidas };
      if (!melhor || compararRealizacoes(candidata, melhor, ordem) < 0) melhor = candidata;
    }
    if (!melhor) break;
    for (const u of melhor.escolhidas) usada[u] = 1;
    aplicados.push(
      realizar(
        melhor.combo,
        melhor.escolhidas.map((u) => unidades[u]!),
        itens,
      ),
    );
    vivos = aindaCabem;
  }
  return aplicados;
}

/** Picks the units of one realisation and marks them used, or returns null (nothing marked). */
function escolher(combo: ComboIndexado, listas: readonly Int32Array[], usada: Uint8Array): number[] | null {
  const tomadas: number[] = [];
  const desfazer = () => {
    for (const u of tomadas) usada[u] = 0;
    return null;
  };
  for (let g = 0; g < combo.grupos.length; g++) {
    const lista = listas[g]!;
    const quantidade = combo.grupos[g]!.quantidade;
    // First the cheapest free unit...
    let ini = 0;
    while (ini < lista.length && usada[lista[ini]!] === 1) ini++;
    if (ini >= lista.length) return desfazer();
    tomadas.push(lista[ini]!);
    usada[lista[ini]!] = 1;
    // ...then the most expensive ones for the remaining slots.
    let fim = lista.length - 1;
    for (let k = 1; k < quantidade; k++) {
      while (fim > ini && usada[lista[fim]!] === 1) fim--;
      if (fim <= ini) return desfazer();
      tomadas.push(lista[fim]!);
      usada[lista[fim]!] = 1;
    }
  }
  return tomadas;
}

function realizar(
  combo: ComboIndexado,
  escolhidas: readonly Unidade[],
  itens: readonly ItemParaCombo[],
): ComboAplicado {
  const precos = escolhidas.map((u) => u.preco);
  const desconto = descontoDoCombo(combo, precos);
  const partes = ratearProporcional(desconto, precos);
  // Units per line, kept ordered by line (a realisation has a handful of units).
  const porLinha: { linha: number; quantidade: number; desconto: number }[] = [];
  escolhidas.forEach((u, k) => {
    let j = 0;
    while (j < porLinha.length && porLinha[j]!.linha < u.linha) j++;
    const atual = porLinha[j];
    if (atual && atual.linha === u.linha) {
      atual.quantidade += 1;
      atual.desconto += partes[k] ?? 0;
    } else {
      porLinha.splice(j, 0, { linha: u.linha, quantidade: 1, desconto: partes[k] ?? 0 });
    }
  });
  return {
    combo,
    desconto,
    itens: porLinha.map((v) => ({
      numeroItem: itens[v.linha]!.numeroItem,
      quantidade: v.quantidade,
      desconto: v.desconto as Centavos,
    })),
  };
}

/**
 * Checks a combo before it is saved (produtoCombo): it needs groups, each with a positive quantity
 * and at least one known product ('Agrupador do combo não encontrado!').
 */
export function validarCombo(
  combo: {
    readonly agrupadores: readonly { readonly quantidade: number; readonly produtos: readonly Id[] }[];
  },
  produtosExistentes: ReadonlySet<Id>,
): void {
  if (combo.agrupadores.length === 0) throw new ErroNegocio(MENSAGENS.agrupadorNaoEncontrado);
  for (const g of combo.agrupadores) {
    if (g.quantidade < 1 || !g.produtos.some((p) => produtosExistentes.has(p))) {
      throw new ErroNegocio(MENSAGENS.agrupadorNaoEncontrado);
    }
  }
}
