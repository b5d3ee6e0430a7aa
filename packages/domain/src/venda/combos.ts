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

/** Orders combos by the comboOrdemDesconto setting, else 'configuracao comboOrdemDesconto indefinido'. */
export function ordenarCombos(
  combos: readonly ComboIndexado[],
  ordem: string | null | undefined,
): ComboIndexado[] {
  const quantidade = (c: ComboIndexado) => c.grupos.reduce((s, g) => s + g.quantidade, 0);
  const porId = (a: ComboIndexado, b: ComboIndexado) =>
    a.combo._id < b.combo._id ? -1 : a.combo._id > b.combo._id ? 1 : 0;
  if (ordem === 'valorDesconto') return [...combos].sort((a, b) => b.desconto - a.desconto || porId(a, b));
  if (ordem === 'quantidadeAgrupador') {
    return [...combos].sort(
      (a, b) => quantidade(b) - quantidade(a) || b.desconto - a.desconto || porId(a, b),
    );
  }
  throw new ErroNegocio(MENSAGENS.comboOrdemIndefinida);
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
 * every group is filled, and is repeated while it can be. No unit is ever used twice.
 */
export function aplicarCombos(
  itens: readonly ItemParaCombo[],
  combos: readonly ComboIndexado[],
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
  const aplicados: ComboAplicado[] = [];
  for (const combo of combos) {
    // Each group's candidate units, ascending, computed once per combo.
    const listas = combo.grupos.map((g) => {
      const lista = new Int32Array(unidades.length);
      let n = 0;
      for (let u = 0; u < unidades.length; u++) if (g.produtos.has(unidades[u]!.produto)) lista[n++] = u;
      return lista.subarray(0, n);
    });
    for (;;) {
      const escolhidas = escolher(combo, listas, usada);
      if (!escolhidas) break;
      aplicados.push(
        realizar(
          combo,
          escolhidas.map((u) => unidades[u]!),
          itens,
        ),
      );
    }
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
