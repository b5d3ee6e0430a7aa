import type { Centavos } from '../dinheiro/decimal.ts';
import { lerDinheiro, lerEscalado } from '../dinheiro/decimal.ts';
import type { CatalogoVenda, HappyHour, ProdutoVenda, SugestaoProduto } from './configuracao.ts';
import type { Combo, Id, Promocao } from './esquemas.ts';

// The catalogue parsed once into maps and integer values, cached per catalogue object so the
// recompute hot path never re-reads decimal strings (see docs/decisions/0002-dinheiro.md).

export interface PromocaoIndexada {
  readonly promocao: Promocao;
  /** Cents for novoValor/descontoValor; percent scaled by 10^5 for descontoPercentual. */
  readonly valor: number;
}

export interface HappyHourIndexado {
  readonly happyHour: HappyHour;
  /** Percent scaled by 10^5. */
  readonly percentual: number;
  readonly produtos: ReadonlySet<Id> | null;
}

export interface ComboIndexado {
  readonly combo: Combo;
  readonly grupos: readonly {
    readonly _id: Id;
    readonly quantidade: number;
    readonly produtos: ReadonlySet<Id>;
  }[];
  /** Cents (valor) or percent scaled by 10^3 (percentual, precoDoMenorProduto: spec rounds it to 3). */
  readonly desconto: number;
}

export interface IndiceCatalogo {
  readonly produtos: ReadonlyMap<Id, ProdutoVenda>;
  readonly precoGeral: ReadonlyMap<Id, Centavos>;
  readonly promocoesPorProduto: ReadonlyMap<Id, readonly PromocaoIndexada[]>;
  readonly happyHours: readonly HappyHourIndexado[];
  readonly combos: readonly ComboIndexado[];
  readonly sugestoes: ReadonlyMap<Id, SugestaoProduto>;
  /** Price-table lookups per `${empresa}|${tipoVenda}`, filled lazily. */
  readonly tabelas: Map<string, ReadonlyMap<Id, Centavos>>;
  readonly catalogo: CatalogoVenda;
}

const cache = new WeakMap<CatalogoVenda, IndiceCatalogo>();

export function indexarCatalogo(catalogo: CatalogoVenda): IndiceCatalogo {
  const existente = cache.get(catalogo);
  if (existente) return existente;
  const produtos = new Map<Id, ProdutoVenda>();
  const precoGeral = new Map<Id, Centavos>();
  for (const p of catalogo.produtos) {
    produtos.set(p._id, p);
    precoGeral.set(p._id, lerDinheiro(p.preco));
  }
  const promocoesPorProduto = new Map<Id, PromocaoIndexada[]>();
  for (const promocao of catalogo.promocoes) {
    if (!promocao.habilitado) continue;
    const valor =
      promocao.tipoPromocao === 'descontoPercentual'
        ? lerEscalado(promocao.valor, 5, 'arredondar')
        : lerDinheiro(promocao.valor);
    const lista = promocoesPorProduto.get(promocao.produto) ?? [];
    lista.push({ promocao, valor });
    promocoesPorProduto.set(promocao.produto, lista);
  }
  const indice: IndiceCatalogo = {
    produtos,
    precoGeral,
    promocoesPorProduto,
    happyHours: catalogo.happyHours
      .filter((h) => h.habilitado)
      .map((happyHour) => ({
        happyHour,
        percentual: lerEscalado(happyHour.percentual, 5, 'arredondar'),
        produtos: happyHour.produtos.length > 0 ? new Set(happyHour.produtos) : null,
      })),
    combos: catalogo.combos.map((combo) => ({
      combo,
      grupos: combo.agrupadores.map((g) => ({
        _id: g._id,
        quantidade: g.quantidade,
        produtos: new Set(g.produtos),
      })),
      desconto:
        combo.tipoDesconto === 'valor'
          ? lerDinheiro(combo.desconto)
          : lerEscalado(combo.desconto, 3, 'arredondar'),
    })),
    sugestoes: new Map(catalogo.sugestoes.map((s) => [s._id, s])),
    tabelas: new Map(),
    catalogo,
  };
  cache.set(catalogo, indice);
  return indice;
}

/** Prices of the first price table for the store and sale type (empty store list = every store). */
export function tabelaDePrecos(
  indice: IndiceCatalogo,
  empresa: Id,
  tipoVenda: number,
): ReadonlyMap<Id, Centavos> {
  const chave = `${empresa}|${tipoVenda}`;
  const pronta = indice.tabelas.get(chave);
  if (pronta) return pronta;
  const precos = new Map<Id, Centavos>();
  const tabela = indice.catalogo.tabelasVenda.find(
    (t) =>
      (t.empresa.length === 0 || t.empresa.includes(empresa)) && t.tipoVenda.some((tv) => tv === tipoVenda),
  );
  for (const p of tabela?.precos ?? []) precos.set(p.produto, lerDinheiro(p.preco));
  indice.tabelas.set(chave, precos);
  return precos;
}
