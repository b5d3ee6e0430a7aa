import Big from 'big.js';
import { tiposProduto } from '../catalogos/gerais.ts';
import { type DecimalTexto, lerEscalado } from '../dinheiro/decimal.ts';

// Recipes (ficha técnica, spec 1 §3 "Recipe"; issue 17): what a recipe costs and what a sale consumes.
// - Cost: each line's gross quantity is net × correction factor (trimming and cooking losses), priced at the
//   ingredient's unit cost; the recipe yields `rendimento` units of its product. big.js, as decision 0002
//   says for costs (not a hot path): quantities and costs at 6 decimals, the margin at 2.
// - Consumption: a sale line consumes its product's padrão recipe scaled by its quantity (pizza parts by their
//   fraction); a product without a recipe consumes itself. Exact integers (bigint at 6 decimals, as the
//   ledger's custo-medio.ts), one rounding per (line, ingredient line), so a sale consumes exactly the sum of
//   what its lines consume and a cancelled line gives back exactly what it took.

export const CASAS_RECEITA = 6;

export interface LinhaReceita {
  /** The ingredient (produtoGeral id). */
  readonly produto: string;
  /** Net quantity in the ingredient's stock unit. */
  readonly quantidade: DecimalTexto;
  /** gross = net × fatorCorrecao (≥ 1); absent = 1. */
  readonly fatorCorrecao?: DecimalTexto | null;
}

export interface Receita {
  /** Units of the product the recipe yields; absent = 1. */
  readonly rendimento?: DecimalTexto | null;
  readonly itens: readonly LinhaReceita[];
}

export interface LinhaCustoReceita {
  produto: string;
  quantidade: DecimalTexto;
  fatorCorrecao: DecimalTexto;
  quantidadeBruta: DecimalTexto;
  custoUnitario: DecimalTexto;
  custoLinha: DecimalTexto;
  /** The ingredient has no cost to use (counted as 0). */
  semCusto: boolean;
  /** Quantity or factor unreadable while being typed: the line counts as 0. */
  incompleta: boolean;
}

export interface CustoReceita {
  linhas: LinhaCustoReceita[];
  custoTotal: DecimalTexto;
  rendimento: DecimalTexto;
  /** Cost of one yielded unit: custoTotal / rendimento. */
  custoPorUnidade: DecimalTexto;
}

const ARREDONDAR = 1; // Big.roundHalfUp: half away from zero for the positive values here.
const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative decimal text, or undefined when it is blank or not one (a line being typed). */
function lerBig(valor: unknown): Big | undefined {
  const texto = typeof valor === 'number' ? String(valor) : typeof valor === 'string' ? valor.trim() : '';
  return DECIMAL.test(texto) ? new Big(texto) : undefined;
}

/** Cost of a recipe from the unit cost of each ingredient (the ledger's average or the registered cost). */
export function custoDaReceita(receita: Receita, custos: ReadonlyMap<string, DecimalTexto>): CustoReceita {
  let total = new Big(0);
  const linhas = receita.itens.map((linha): LinhaCustoReceita => {
    const quantidade = lerBig(linha.quantidade);
    const vazioFator =
      linha.fatorCorrecao === undefined || linha.fatorCorrecao === null || linha.fatorCorrecao === '';
    const fator = vazioFator ? new Big(1) : lerBig(linha.fatorCorrecao);
    const custoTexto = custos.get(linha.produto);
    const custo = lerBig(custoTexto) ?? new Big(0);
    const incompleta = quantidade === undefined || fator === undefined;
    const bruta = incompleta ? new Big(0) : quantidade.times(fator).round(CASAS_RECEITA, ARREDONDAR);
    const custoLinha = bruta.times(custo).round(CASAS_RECEITA, ARREDONDAR);
    total = total.plus(custoLinha);
    return {
      produto: linha.produto,
      quantidade: (quantidade ?? new Big(0)).toFixed(CASAS_RECEITA),
      fatorCorrecao: (fator ?? new Big(1)).toFixed(4),
      quantidadeBruta: bruta.toFixed(CASAS_RECEITA),
      custoUnitario: custo.toFixed(CASAS_RECEITA),
      custoLinha: custoLinha.toFixed(CASAS_RECEITA),
      semCusto: lerBig(custoTexto) === undefined,
      incompleta,
    };
  });
  const lido = lerBig(receita.rendimento);
  const rendimento = lido?.gt(0) ? lido : new Big(1);
  return {
    linhas,
    custoTotal: total.toFixed(CASAS_RECEITA),
    rendimento: rendimento.toFixed(4),
    custoPorUnidade: total.div(rendimento).round(CASAS_RECEITA, ARREDONDAR).toFixed(CASAS_RECEITA),
  };
}

/** Margin over the price, in percent with 2 decimals: (preço − custo) / preço × 100; null without a price. */
export function margemSobrePreco(
  custo: DecimalTexto,
  preco: DecimalTexto | null | undefined,
): DecimalTexto | null {
  const p = lerBig(preco);
  const c = lerBig(custo);
  if (!p || p.eq(0) || !c) return null;
  return p.minus(c).times(100).div(p).round(2, ARREDONDAR).toFixed(2);
}

// ---------------------------------------------------------------------------------------------------------
// Consumption of an ended sale.

/** A line of an ended sale, as the consumption worker reads it. */
export interface ItemConsumo {
  readonly produto: string;
  readonly quantidade: DecimalTexto;
  readonly cancelado?: boolean;
  /** Pizza parts: each consumes its own recipe by its share of the parts. */
  readonly produtosFilho?: readonly { readonly produto: string; readonly quantidadeParte: number }[];
}

export interface ProdutoConsumo {
  /** tipoProduto id (catalogue tipoProduto). */
  readonly tipoProduto: number;
}

/** Services, tips and delivery fees are sold but never held in stock. */
export const TIPOS_PRODUTO_SEM_CONSUMO: ReadonlySet<number> = new Set<number>(
  tiposProduto.itens
    .filter((t) => ['Servico', 'Gorjeta', 'Taxa Entrega'].includes(t.sigla ?? ''))
    .map((t) => t.id),
);

const ESCALA_QUANTIDADE = 10_000n; // line quantities: 4 decimals (spec 1 §9)
const ESCALA_FATOR = 10_000n; // correction factor and yield: 4 decimals
const UM_FATOR = ESCALA_FATOR;

function dividirArredondando(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n - q * d;
  if (r === 0n) return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  const negativo = n < 0n !== d < 0n;
  return dobro >= (d < 0n ? -d : d) ? q + (negativo ? -1n : 1n) : q;
}

const escalado = (valor: DecimalTexto | null | undefined, casas: number, padrao: bigint): bigint =>
  valor === undefined || valor === null || valor === ''
    ? padrao
    : BigInt(lerEscalado(valor, casas, 'arredondar'));

/** A recipe read once into integers: quantity at 6 decimals, factor and yield at 4. */
interface ReceitaEscalada {
  rendimento: bigint;
  linhas: { produto: string; quantidade: bigint; fator: bigint }[];
}

function escalar(produto: string, receita: Receita): ReceitaEscalada {
  const rendimento = escalado(receita.rendimento, 4, UM_FATOR);
  if (rendimento <= 0n)
    throw new RangeError(`Ficha técnica do produto ${produto}: rendimento deve ser maior que zero.`);
  return {
    rendimento,
    linhas: receita.itens.map((l) => ({
      produto: l.produto,
      quantidade: escalado(l.quantidade, CASAS_RECEITA, 0n),
      fator: escalado(l.fatorCorrecao, 4, UM_FATOR),
    })),
  };
}

/**
 * What the ended sale's lines take from stock, per product (6 decimals). `receitas` holds each product's padrão
 * recipe; `produtos` the type of each product sold (a product missing there is an ordinary one). Cancelled
 * lines and services, tips and delivery fees take nothing; combo items and additions are ordinary lines.
 * A line of pizza parts takes each part's recipe × quantidade × quantidadeParte / Σ quantidadeParte, plus the
 * line product's own recipe when the line product is not one of its parts (then its recipe came with it).
 * Recipes are not exploded further: an ingredient with a recipe of its own (a dough made in the central
 * kitchen) is taken as it is; its production order consumed its ingredients.
 */
export function consumoDosItens(
  itens: readonly ItemConsumo[],
  receitas: ReadonlyMap<string, Receita>,
  produtos: ReadonlyMap<string, ProdutoConsumo>,
): Map<string, DecimalTexto> {
  const escaladas = new Map<string, ReceitaEscalada | null>();
  const receitaDe = (produto: string): ReceitaEscalada | null => {
    let r = escaladas.get(produto);
    if (r === undefined) {
      const receita = receitas.get(produto);
      r = receita && receita.itens.length > 0 ? escalar(produto, receita) : null;
      escaladas.set(produto, r);
    }
    return r;
  };
  const semConsumo = (produto: string) => {
    const tipo = produtos.get(produto)?.tipoProduto;
    return tipo !== undefined && TIPOS_PRODUTO_SEM_CONSUMO.has(tipo);
  };
  const total = new Map<string, bigint>();
  const somar = (produto: string, q: bigint) => {
    if (q !== 0n) total.set(produto, (total.get(produto) ?? 0n) + q);
  };
  // `parte / partes` of `quantidade` (4 decimals) units of `produto`: its recipe, or the product itself.
  const consumir = (produto: string, quantidade: bigint, parte: bigint, partes: bigint, propria: boolean) => {
    const receita = receitaDe(produto);
    if (!receita) {
      // quantidade × 10^2 (4 -> 6 decimals) × parte / partes
      if (propria) somar(produto, dividirArredondando(quantidade * 100n * parte, partes));
      return;
    }
    // quantidade(10^4) × q(10^6) × fator(10^4) / rendimento(10^4) = 10^10 -> 10^6: one more 10^4 below.
    const divisor = receita.rendimento * partes * ESCALA_QUANTIDADE;
    for (const l of receita.linhas) {
      somar(l.produto, dividirArredondando(quantidade * l.quantidade * l.fator * parte, divisor));
    }
  };
  for (const item of itens) {
    if (item.cancelado || semConsumo(item.produto)) continue;
    const quantidade = BigInt(lerEscalado(item.quantidade, 4, 'truncar'));
    const filhos = (item.produtosFilho ?? []).filter((f) => f.quantidadeParte > 0 && !semConsumo(f.produto));
    if (filhos.length === 0) {
      consumir(item.produto, quantidade, 1n, 1n, true);
      continue;
    }
    const partes = BigInt(filhos.reduce((s, f) => s + f.quantidadeParte, 0));
    for (const f of filhos) consumir(f.produto, quantidade, BigInt(f.quantidadeParte), partes, true);
    if (!filhos.some((f) => f.produto === item.produto)) consumir(item.produto, quantidade, 1n, 1n, false);
  }
  const saida = new Map<string, DecimalTexto>();
  for (const [produto, q] of total) if (q !== 0n) saida.set(produto, escrever6(q));
  return saida;
}

/** A bigint at 6 decimals as text. */
export function escrever6(valor: bigint): DecimalTexto {
  const negativo = valor < 0n;
  const abs = negativo ? -valor : valor;
  const inteira = abs / 1_000_000n;
  const fracao = (abs % 1_000_000n).toString().padStart(6, '0');
  return `${negativo ? '-' : ''}${inteira}.${fracao}`;
}

// ---------------------------------------------------------------------------------------------------------
// Recipes that contain themselves.

/**
 * The chain through which a recipe of `produto` with these ingredients would contain `produto` itself —
 * directly ([X, X]) or through the padrão recipes of its ingredients at any depth ([X, Y, Z, X]) — or null.
 * `padroes` maps a product to the ingredients of its padrão recipe. The shortest chain is answered (breadth
 * first), so the message names the fewest products.
 */
export function cicloDaReceita(
  produto: string,
  ingredientes: readonly string[],
  padroes: ReadonlyMap<string, readonly string[]>,
): string[] | null {
  const anterior = new Map<string, string>();
  let fila: string[] = [];
  for (const i of ingredientes) {
    if (i === produto) return [produto, produto];
    if (!anterior.has(i)) {
      anterior.set(i, produto);
      fila.push(i);
    }
  }
  while (fila.length > 0) {
    const proxima: string[] = [];
    for (const atual of fila) {
      for (const i of padroes.get(atual) ?? []) {
        if (i === produto) {
          const cadeia = [produto, atual];
          for (let p = anterior.get(atual); p !== undefined && p !== produto; p = anterior.get(p)) {
            cadeia.splice(1, 0, p);
          }
          return [...cadeia, produto];
        }
        if (!anterior.has(i)) {
          anterior.set(i, atual);
          proxima.push(i);
        }
      }
    }
    fila = proxima;
  }
  return null;
}

/** 'A ficha técnica de X contém X através de Y → Z.' from a chain of cicloDaReceita and the product names. */
export function mensagemCicloReceita(
  cadeia: readonly string[],
  descricao: (produto: string) => string,
): string {
  const x = descricao(cadeia[0] ?? '');
  const meio = cadeia.slice(1, -1).map(descricao);
  if (meio.length === 0) return `A ficha técnica de ${x} não pode conter o próprio ${x}.`;
  return `A ficha técnica de ${x} contém ${x} através de ${meio.join(' → ')}.`;
}
