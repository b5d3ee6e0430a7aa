import { z } from 'zod';
import { zCustoEstoque, zQuantidadeEstoque } from './api.ts';
import { zFatorConversao } from './api-compras.ts';
import { valorDaLinha } from './compras.ts';
import { TIPO_MOVIMENTO_ESTOQUE } from './tipos.ts';

// Purchase suggestion (estoqueSugestaoPedido, issue 17): per product a store controls, how much to buy from its
// supplier so the stock reaches the maximum at the end of the lead time. Pure: quantities and costs are 6-decimal
// integers (bigint, as the ledger), values cents; the server reads the figures and the clock.

const ESCALA = 1_000_000n;

/**
 * Exits that count as consumption, each net of its reversals (an `estorno` pointing at one of them, and a sale
 * given back, which is a positive `consumoVenda`): sales, production, manual exits (a loss is stock the store must
 * buy again) and transfers out (a central kitchen buys for the stores it supplies). Inventory adjustments are left
 * out: they correct the count, they are not demand.
 */
export const TIPOS_CONSUMO_SUGESTAO = [
  TIPO_MOVIMENTO_ESTOQUE.consumoVenda,
  TIPO_MOVIMENTO_ESTOQUE.producaoConsumo,
  TIPO_MOVIMENTO_ESTOQUE.saidaManual,
  TIPO_MOVIMENTO_ESTOQUE.transferenciaSaida,
] as const;

export const SEMANAS_SUGESTAO_PADRAO = 4;
export const DIAS_COBERTURA_PADRAO = 7;

export interface EntradaSugestaoCompra {
  /** Balance now, stock units. */
  saldo: bigint;
  /** Net consumption (positive) over the period, stock units. */
  consumoPeriodo: bigint;
  /** Days of the period (weeks × 7). */
  diasPeriodo: number;
  /** Still to arrive on orders not yet received (any supplier), stock units. */
  pedidosAbertos: bigint;
  minimo: bigint | null;
  maximo: bigint | null;
  prazoEntregaDias: number;
  /** Days the purchase should last beyond the lead time when the product has no maximum. */
  diasCobertura: number;
  /** Stock units per supplier unit (1 CX = 12 UN); 1 when the product is bought in its stock unit. */
  fator: bigint;
}

export interface SugestaoCompra {
  /** Average consumption per day, stock units. */
  consumoDiario: bigint;
  /** What the lead time consumes, stock units. */
  consumoNoPrazo: bigint;
  /** Balance + open orders − consumption in the lead time: where the stock stands when the goods arrive. */
  saldoProjetado: bigint;
  /** Where it should stand: the maximum, or consumption × (lead time + coverage) without one (never below the minimum). */
  alvo: bigint;
  /** Whole supplier units (6-decimal integer) that bring the projection up to the target, never below zero. */
  quantidadeCompra: bigint;
  /** The same in stock units (quantidadeCompra × fator). */
  quantidadeEstoque: bigint;
  abaixoDoMinimo: boolean;
}

function dividirArredondando(n: bigint, d: bigint): bigint {
  const neg = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an + ad / 2n) / ad;
  return neg ? -q : q;
}

/** Smallest count of whole supplier units holding `necessario` stock units (0 when nothing is needed). */
export function arredondarParaUnidadeCompra(necessario: bigint, fator: bigint): bigint {
  if (fator <= 0n) throw new RangeError('Fator de conversão deve ser positivo');
  if (necessario <= 0n) return 0n;
  return ((necessario + fator - 1n) / fator) * ESCALA;
}

export function sugerirCompra(e: EntradaSugestaoCompra): SugestaoCompra {
  const dias = BigInt(Math.max(1, Math.trunc(e.diasPeriodo)));
  const consumo = e.consumoPeriodo > 0n ? e.consumoPeriodo : 0n;
  const prazo = BigInt(Math.max(0, Math.trunc(e.prazoEntregaDias)));
  const cobertura = BigInt(Math.max(0, Math.trunc(e.diasCobertura)));
  const consumoNoPrazo = dividirArredondando(consumo * prazo, dias);
  const saldoProjetado = e.saldo + e.pedidosAbertos - consumoNoPrazo;
  const minimo = e.minimo !== null && e.minimo > 0n ? e.minimo : 0n;
  let alvo =
    e.maximo !== null && e.maximo > 0n ? e.maximo : dividirArredondando(consumo * (prazo + cobertura), dias);
  if (alvo < minimo) alvo = minimo;
  const quantidadeCompra = arredondarParaUnidadeCompra(alvo - saldoProjetado, e.fator);
  return {
    consumoDiario: dividirArredondando(consumo, dias),
    consumoNoPrazo,
    saldoProjetado,
    alvo,
    quantidadeCompra,
    quantidadeEstoque: dividirArredondando(quantidadeCompra * e.fator, ESCALA),
    abaixoDoMinimo: minimo > 0n && saldoProjetado < minimo,
  };
}

/** Price of one supplier unit from the cost of one stock unit (cost × factor), 6 places. */
export function precoDaUnidadeCompra(custoEstoque: bigint, fator: bigint): bigint {
  return dividirArredondando(custoEstoque * fator, ESCALA);
}

/** Line value in cents: supplier units × price of one. */
export function valorSugestao(quantidadeCompra: bigint, precoUnidadeCompra: bigint): bigint {
  return valorDaLinha(quantidadeCompra, precoUnidadeCompra);
}

// ------------------------------------------------------------------------------------- API shapes

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const inteiroTexto = (min: number, max: number, padrao: number, mensagem: string) =>
  z
    .union([z.string().max(4), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return padrao;
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: mensagem });
        return z.NEVER;
      }
      return n;
    });

/** GET /api/estoque/sugestaoPedido. */
export const sugestaoPedidoConsultaSchema = z.object({
  empresa: id,
  fornecedor: id.optional(),
  semanas: inteiroTexto(1, 52, SEMANAS_SUGESTAO_PADRAO, 'Semanas de consumo: de 1 a 52.'),
  diasCobertura: inteiroTexto(0, 365, DIAS_COBERTURA_PADRAO, 'Dias de cobertura: de 0 a 365.'),
  /** Lines without a suggestion too (default: only what must be bought). */
  todos: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type SugestaoPedidoConsulta = z.infer<typeof sugestaoPedidoConsultaSchema>;

export interface LinhaSugestaoPedido {
  produto: { _id: string; descricao: string; codigoInterno: number | null; unidade: string | null };
  fornecedor: { _id: string; nome: string } | null;
  /** The supplier's code, unit and factor (stock units per supplier unit). */
  codigoFornecedor: string | null;
  unidadeCompra: { _id: string; sigla: string } | null;
  fatorConversao: string;
  saldo: string;
  consumoPeriodo: string;
  consumoDiario: string;
  pedidosAbertos: string;
  minimo: string | null;
  maximo: string | null;
  prazoEntregaDias: number;
  saldoProjetado: string;
  alvo: string;
  /** Suggested, in supplier units and in stock units. */
  quantidadeCompra: string;
  quantidadeEstoque: string;
  /** Last cost of one stock unit (last purchase, else average, else the product's cost) and of one supplier unit. */
  ultimoCusto: string;
  precoUnitario: string;
  valor: string;
  abaixoDoMinimo: boolean;
}

export interface SugestaoPedido {
  empresa: string;
  semanas: number;
  diasCobertura: number;
  desde: string;
  ate: string;
  linhas: LinhaSugestaoPedido[];
  /** Per supplier (null = products without a supplier link: they cannot become orders). */
  fornecedores: { fornecedor: { _id: string; nome: string } | null; itens: number; valor: string }[];
  valorTotal: string;
}

/** POST /api/estoque/sugestaoPedido/gerar: one order per supplier, each with its client-made `_id`. */
export const gerarPedidosSugestaoSchema = z.object({
  empresa: id,
  dataPrevista: z
    .string()
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida!')
    .nullish(),
  pedidos: z
    .array(
      z.object({
        _id: id,
        fornecedor: id,
        itens: z
          .array(
            z.object({
              produto: id,
              unidade: id.nullish(),
              fatorConversao: zFatorConversao.optional(),
              quantidade: zQuantidadeEstoque,
              precoUnitario: zCustoEstoque,
            }),
          )
          .min(1, 'Informe ao menos um produto.')
          .max(500),
      }),
    )
    .min(1, 'Nenhum pedido a gerar: informe ao menos uma quantidade.')
    .max(100)
    .refine((p) => new Set(p.map((x) => x._id)).size === p.length, 'Pedidos com o mesmo id.'),
});
export type GerarPedidosSugestao = z.infer<typeof gerarPedidosSugestaoSchema>;

export interface PedidoGeradoSugestao {
  _id: string;
  numero: number;
  fornecedor: { _id: string; nome: string };
  valorTotal: string;
  itens: number;
}
