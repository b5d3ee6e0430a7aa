import { type DecimalTexto, escreverEscalado, lerEscalado } from '../dinheiro/decimal.ts';

// Stock valuation by weighted average cost per store (custo médio ponderado, issue 17): what Brazilian tax law
// accepts besides FIFO. The ledger folds its moves in order (date, then sequence) through `aplicarMovimento`:
// - an entry that brings its own cost (purchase, transfer received, production output, positive count
//   adjustment valued by the user) moves the average: novo = (Q·médio + q·custo) / (Q + q);
// - every other move leaves the average as it is and carries it as its unit cost, so CMV = Σ cost of exits;
// - an entry reversal (estorno of a purchase) takes its value out at the entry's own cost.
// Quantities and costs are integers at 6 decimals (spec 1 §9: costs and weights 4-6), values at 2, in bigint:
// Q·médio of a busy product leaves the safe range of a JS number.

export const CASAS_ESTOQUE = 6;
const ESCALA = 1_000_000n;
/** From quantity × cost (12 decimals) to money (2 decimals). */
const PARA_CENTAVOS = 10_000_000_000n;

/** Position of one product in one store after a move. */
export interface EstadoEstoque {
  /** Balance at 6 decimals (may be negative when the store allows it). */
  saldo: bigint;
  /** Weighted average unit cost at 6 decimals. */
  custoMedio: bigint;
}

export const ESTADO_INICIAL: EstadoEstoque = { saldo: 0n, custoMedio: 0n };

export interface MovimentoParaValorizar {
  /** Signed quantity at 6 decimals: entries positive, exits negative. */
  quantidade: bigint;
  /**
   * Unit cost at 6 decimals when the move brings its own (a purchase, a transfer received, a production
   * output, an entry reversal); null = the move carries the average at its place in the history.
   */
  custoInformado: bigint | null;
}

export interface MovimentoValorizado extends EstadoEstoque {
  /** Unit cost the move is valued at (its own, or the average before it). */
  custoUnitario: bigint;
  /** Signed value in cents: quantity × unit cost. */
  valorCentavos: bigint;
}

function dividirArredondando(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n - q * d;
  if (r === 0n) return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  const negativo = n < 0n !== d < 0n;
  return dobro >= (d < 0n ? -d : d) ? q + (negativo ? -1n : 1n) : q;
}

/** Value in cents of `quantidade` units at `custoUnitario` (both at 6 decimals), rounded half away from zero. */
export function valorDoMovimento(quantidade: bigint, custoUnitario: bigint): bigint {
  return dividirArredondando(quantidade * custoUnitario, PARA_CENTAVOS);
}

/** Applies one move to the position before it: the new position and how the move is valued. */
export function aplicarMovimento(antes: EstadoEstoque, mov: MovimentoParaValorizar): MovimentoValorizado {
  const saldo = antes.saldo + mov.quantidade;
  if (mov.custoInformado === null) {
    const custoUnitario = antes.custoMedio;
    return {
      saldo,
      custoMedio: antes.custoMedio,
      custoUnitario,
      valorCentavos: valorDoMovimento(mov.quantidade, custoUnitario),
    };
  }
  const custoUnitario = mov.custoInformado;
  let custoMedio: bigint;
  if (saldo <= 0n) {
    // Nothing left in stock to average with: an entry sets the average to its own cost, a reversal that
    // empties the stock keeps the last one (the next entry sets it again).
    custoMedio = mov.quantidade > 0n ? custoUnitario : antes.custoMedio;
  } else if (antes.saldo <= 0n) {
    // Coming back from zero or negative: the units sold short were valued at the old average; what is in
    // stock now was bought at this cost.
    custoMedio = custoUnitario;
  } else {
    const valorTotal = antes.saldo * antes.custoMedio + mov.quantidade * custoUnitario;
    custoMedio = valorTotal <= 0n ? antes.custoMedio : dividirArredondando(valorTotal, saldo);
  }
  return { saldo, custoMedio, custoUnitario, valorCentavos: valorDoMovimento(mov.quantidade, custoUnitario) };
}

/** Folds a whole history from an empty position (the oracle of the ledger's tests and the rebuild tool). */
export function valorizarHistorico(
  movimentos: readonly MovimentoParaValorizar[],
  inicial: EstadoEstoque = ESTADO_INICIAL,
): MovimentoValorizado[] {
  const saida: MovimentoValorizado[] = [];
  let estado = inicial;
  for (const m of movimentos) {
    const v = aplicarMovimento(estado, m);
    saida.push(v);
    estado = v;
  }
  return saida;
}

/** Reads a quantity or cost (decimal text or number) at 6 decimals, rounding half away from zero. */
export function lerEstoque(valor: string | number): bigint {
  return BigInt(lerEscalado(valor, CASAS_ESTOQUE, 'arredondar'));
}

/** Writes a 6-decimal integer as decimal text. */
export function escreverEstoque(valor: bigint): DecimalTexto {
  return escreverInteiroEscalado(valor, CASAS_ESTOQUE);
}

/** Writes cents as decimal text with 2 places. */
export function escreverCentavos(valor: bigint): DecimalTexto {
  return escreverInteiroEscalado(valor, 2);
}

function escreverInteiroEscalado(valor: bigint, casas: number): DecimalTexto {
  if (valor >= BigInt(Number.MIN_SAFE_INTEGER) && valor <= BigInt(Number.MAX_SAFE_INTEGER)) {
    return escreverEscalado(Number(valor), casas);
  }
  const p = 10n ** BigInt(casas);
  const abs = valor < 0n ? -valor : valor;
  const t = `${abs / p}.${String(abs % p).padStart(casas, '0')}`;
  return valor < 0n ? `-${t}` : t;
}

/** Quantity × unit factor (both at 6 decimals), e.g. 3 boxes × 12 units: purchase units into stock units. */
export function converterUnidade(quantidade: bigint, fator: bigint): bigint {
  return dividirArredondando(quantidade * fator, ESCALA);
}

/** Unit cost of a purchase unit turned into the cost of one stock unit (cost / factor). */
export function custoPorUnidadeDeEstoque(custo: bigint, fator: bigint): bigint {
  if (fator <= 0n) throw new RangeError('Fator de conversão deve ser positivo');
  return dividirArredondando(custo * ESCALA, fator);
}
