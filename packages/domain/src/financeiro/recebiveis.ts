import { z } from 'zod';
import { type DecimalTexto, escreverEscalado, lerEscalado, multiplicarDividir } from '../dinheiro/decimal.ts';
import {
  type DataIso,
  diasCorridosEntre,
  diasDoMes,
  ehDataIso,
  montarData,
  partesData,
  proximoDiaUtil,
  somarDiasCorridos,
} from './calendario.ts';

// Card settlement rules and the settlement schedule of a card payment (issue 18, calendarioRecebimento).
// A rule says, for one acquirer (operadora) × brand (or any brand) × product × instalment range, after how many
// days the acquirer pays, how far apart the instalments are, and the fee (MDR) it keeps. The schedule splits the
// sale the way acquirers do: gross evenly in cents, the remainder cents on the FIRST instalment, the fee of each
// instalment rounded half up, so Σ gross = sale, Σ fee = fee of the sale, Σ net = Σ gross − Σ fee to the cent.
// All money is integer cents; percentages are integers at 4 decimals (2.39% = 23900).

export const PRODUTOS_CARTAO = ['debito', 'credito', 'creditoParcelado', 'prePago', 'voucher'] as const;
export type ProdutoCartao = (typeof PRODUTOS_CARTAO)[number];

export const ROTULOS_PRODUTO_CARTAO: Record<ProdutoCartao, string> = {
  debito: 'Débito',
  credito: 'Crédito à vista',
  creditoParcelado: 'Crédito parcelado',
  prePago: 'Pré-pago',
  voucher: 'Voucher',
};

/** Days to the first settlement when no rule says otherwise (market practice: D+1, D+30, D+2, D+30). */
export const DIAS_PADRAO_PRODUTO: Record<ProdutoCartao, number> = {
  debito: 1,
  credito: 30,
  creditoParcelado: 30,
  prePago: 2,
  voucher: 30,
};

export const INTERVALO_PADRAO_DIAS = 30;
export const PARCELAS_MAXIMAS = 99;
const CASAS_PERCENTUAL = 4;
/** cents × percent(4 decimals) / (100 × 10^4) = cents. */
const DIVISOR_PERCENTUAL = 1_000_000;
/** Products that are never split into instalments. */
const PRODUTOS_A_VISTA: ReadonlySet<ProdutoCartao> = new Set(['debito', 'prePago', 'voucher']);

/** A settlement rule as stored and used (defaults filled in). */
export interface RegraRecebimento {
  id?: string;
  operadora: string;
  /** null = any brand of the acquirer. */
  bandeira: string | null;
  produto: ProdutoCartao;
  parcelasDe: number;
  parcelasAte: number;
  /** Days from the sale to the first settlement. */
  dias: number;
  /** Days between instalments. */
  intervaloDias: number;
  /** MDR in percent, e.g. '2.39'. */
  taxaPercentual: DecimalTexto;
  /** Monthly anticipation rate in percent, when the acquirer anticipates. */
  taxaAntecipacaoPercentual: DecimalTexto | null;
  /** Settle on business days: a date on a weekend or national holiday moves to the next business day. */
  diasUteis: boolean;
}

/** A percentage 0..100 with at most 4 decimals, sent as text ('2,39' or '2.39') or a JSON number. */
const zPercentual = (campo: string) =>
  z
    .union([z.string().max(20), z.number()], { error: `${campo}: informe um percentual.` })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v), {
      message: `${campo}: informe um número com até 4 casas decimais (ex.: 2,39).`,
      abort: true,
    })
    .refine((v) => lerEscalado(v, CASAS_PERCENTUAL, 'truncar') <= 100 * 10 ** CASAS_PERCENTUAL, {
      message: `${campo} deve estar entre 0 e 100.`,
    })
    .transform(normalizarPercentual);

/** '2.3900' -> '2.39', '3' -> '3.00': 2 to 4 decimals, as the percentage was typed. */
function normalizarPercentual(v: string): DecimalTexto {
  let t = escreverEscalado(lerEscalado(v, CASAS_PERCENTUAL, 'truncar'), CASAS_PERCENTUAL);
  while (t.endsWith('0') && t.length - t.indexOf('.') > 3) t = t.slice(0, -1);
  return t;
}

const zInteiroCampo = (campo: string, min: number, max: number) =>
  z
    .number({ error: `${campo}: informe um número inteiro.` })
    .int({ error: `${campo}: informe um número inteiro.` })
    .min(min, { error: `${campo} deve estar entre ${min} e ${max}.` })
    .max(max, { error: `${campo} deve estar entre ${min} e ${max}.` });

const zIdCampo = (mensagem: string) =>
  z.string({ error: mensagem }).trim().min(1, mensagem).max(64, mensagem);

/** A settlement rule as the back office sends it: days, interval, range and business-day flag have defaults. */
export const regraRecebimentoSchema = z
  .object({
    id: z.string().max(64).optional(),
    operadora: zIdCampo('Informe a operadora.'),
    bandeira: zIdCampo('Bandeira inválida.').nullish(),
    produto: z.enum(PRODUTOS_CARTAO, {
      error: 'Produto: use débito, crédito, crédito parcelado, pré-pago ou voucher.',
    }),
    parcelasDe: zInteiroCampo('Parcelas de', 1, PARCELAS_MAXIMAS).optional(),
    parcelasAte: zInteiroCampo('Parcelas até', 1, PARCELAS_MAXIMAS).optional(),
    dias: zInteiroCampo('Dias para o recebimento', 0, 365).optional(),
    intervaloDias: zInteiroCampo('Intervalo entre parcelas (dias)', 1, 365).optional(),
    taxaPercentual: zPercentual('Taxa (MDR)'),
    taxaAntecipacaoPercentual: zPercentual('Taxa de antecipação').nullish(),
    diasUteis: z.boolean({ error: 'Dias úteis: informe sim ou não.' }).optional(),
  })
  .transform((r): RegraRecebimento => {
    const parcelado = r.produto === 'creditoParcelado';
    const parcelasDe = r.parcelasDe ?? (parcelado ? 2 : 1);
    return {
      ...(r.id === undefined ? {} : { id: r.id }),
      operadora: r.operadora,
      bandeira: r.bandeira ?? null,
      produto: r.produto,
      parcelasDe,
      parcelasAte: r.parcelasAte ?? (parcelado ? PARCELAS_MAXIMAS : Math.max(1, parcelasDe)),
      dias: r.dias ?? DIAS_PADRAO_PRODUTO[r.produto],
      intervaloDias: r.intervaloDias ?? INTERVALO_PADRAO_DIAS,
      taxaPercentual: r.taxaPercentual,
      taxaAntecipacaoPercentual: r.taxaAntecipacaoPercentual ?? null,
      diasUteis: r.diasUteis ?? true,
    };
  })
  .superRefine((r, ctx) => {
    if (r.parcelasDe > r.parcelasAte) {
      ctx.addIssue({
        code: 'custom',
        path: ['parcelasAte'],
        message: 'Parcelas até deve ser maior ou igual a Parcelas de.',
      });
    }
    if (PRODUTOS_A_VISTA.has(r.produto) && r.parcelasAte > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['parcelasAte'],
        message: `${ROTULOS_PRODUTO_CARTAO[r.produto]} é sempre em 1 parcela.`,
      });
    }
  });
export type RegraRecebimentoEntrada = z.input<typeof regraRecebimentoSchema>;

/** The rule used for a sale, and whether it is the built-in default (no rule registered for it). */
export type RegraAplicada = RegraRecebimento & { padrao: boolean };

export interface VendaCartao {
  operadora: string;
  bandeira?: string | null;
  produto: ProdutoCartao;
  parcelas: number;
}

/** The built-in rule: market-practice days, 30-day interval, business days, and no fee known (0%). */
export function regraPadrao(operadora: string, produto: ProdutoCartao): RegraAplicada {
  const parcelado = produto === 'creditoParcelado';
  return {
    operadora,
    bandeira: null,
    produto,
    parcelasDe: parcelado ? 2 : 1,
    parcelasAte: parcelado ? PARCELAS_MAXIMAS : 1,
    dias: DIAS_PADRAO_PRODUTO[produto],
    intervaloDias: INTERVALO_PADRAO_DIAS,
    taxaPercentual: '0.00',
    taxaAntecipacaoPercentual: null,
    diasUteis: true,
    padrao: true,
  };
}

/**
 * The most specific registered rule for a sale: same acquirer and product, instalments within the range; a rule
 * of the sale's brand beats an any-brand rule, then the narrower instalment range wins, then the first given.
 * Without any, the built-in default of the product.
 */
export function regraAplicavel(regras: readonly RegraRecebimento[], venda: VendaCartao): RegraAplicada {
  let melhor: RegraRecebimento | undefined;
  let melhorMarca = false;
  let melhorLargura = Number.POSITIVE_INFINITY;
  for (const r of regras) {
    if (r.operadora !== venda.operadora || r.produto !== venda.produto) continue;
    if (venda.parcelas < r.parcelasDe || venda.parcelas > r.parcelasAte) continue;
    const marca = r.bandeira !== null;
    if (marca && r.bandeira !== (venda.bandeira ?? null)) continue;
    const largura = r.parcelasAte - r.parcelasDe;
    if (
      melhor === undefined ||
      (marca && !melhorMarca) ||
      (marca === melhorMarca && largura < melhorLargura)
    ) {
      melhor = r;
      melhorMarca = marca;
      melhorLargura = largura;
    }
  }
  return melhor ? { ...melhor, padrao: false } : regraPadrao(venda.operadora, venda.produto);
}

export interface ParcelaRecebimento {
  parcela: number;
  dataPrevista: DataIso;
  valorBruto: DecimalTexto;
  taxa: DecimalTexto;
  valorLiquido: DecimalTexto;
}

export interface AgendaRecebimento {
  parcelas: ParcelaRecebimento[];
  valorBruto: DecimalTexto;
  taxa: DecimalTexto;
  valorLiquido: DecimalTexto;
}

type RegraDaAgenda = Pick<RegraRecebimento, 'dias' | 'intervaloDias' | 'taxaPercentual' | 'diasUteis'>;

/** Reads a money text ('123.45', '123,45') into integer cents; more than 2 decimals or a bad text throws. */
export function lerCentavos(valor: DecimalTexto | number, campo = 'Valor'): number {
  const texto = String(valor).trim().replace(',', '.');
  if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(texto)) {
    throw new RangeError(`${campo} inválido: informe um valor com até 2 casas decimais.`);
  }
  return lerEscalado(texto, 2, 'truncar');
}

export const escreverCentavosTexto = (centavos: number): DecimalTexto => escreverEscalado(centavos, 2);

/** Fee in cents of `centavos` at `taxaPercentual` ('2.39'), rounded half up. */
export function taxaEmCentavos(centavos: number, taxaPercentual: DecimalTexto): number {
  const taxa = lerEscalado(taxaPercentual, CASAS_PERCENTUAL, 'arredondar');
  return multiplicarDividir(centavos, taxa, DIVISOR_PERCENTUAL, 'arredondar');
}

/** Settlement date of instalment `parcela` (1-based) of a sale made on `dataVenda`. */
export function dataPrevistaParcela(dataVenda: DataIso, parcela: number, regra: RegraDaAgenda): DataIso {
  // Each instalment counts from the sale, not from the previous (possibly moved) date: a holiday that pushes
  // instalment 1 does not push the others.
  const bruta = somarDiasCorridos(dataVenda, regra.dias + (parcela - 1) * regra.intervaloDias);
  return regra.diasUteis ? proximoDiaUtil(bruta) : bruta;
}

/**
 * The settlement schedule of a card payment. Throws RangeError (pt-BR) on a value that is not positive money,
 * a date that is not YYYY-MM-DD or instalments outside 1..99: callers validate input with zod first.
 */
export function agendaRecebimento(entrada: {
  valor: DecimalTexto;
  dataVenda: DataIso;
  parcelas: number;
  regra: RegraDaAgenda;
}): AgendaRecebimento {
  const { dataVenda, parcelas, regra } = entrada;
  const total = lerCentavos(entrada.valor);
  if (total <= 0) throw new RangeError('Valor da venda deve ser maior que zero.');
  if (!ehDataIso(dataVenda)) throw new RangeError(`Data da venda inválida: ${dataVenda}.`);
  if (!Number.isInteger(parcelas) || parcelas < 1 || parcelas > PARCELAS_MAXIMAS) {
    throw new RangeError(`Parcelas deve estar entre 1 e ${PARCELAS_MAXIMAS}.`);
  }
  const base = Math.floor(total / parcelas);
  const resto = total - base * parcelas;
  const lista: ParcelaRecebimento[] = [];
  let somaTaxa = 0;
  for (let p = 1; p <= parcelas; p++) {
    const bruto = p === 1 ? base + resto : base;
    const taxa = taxaEmCentavos(bruto, regra.taxaPercentual);
    somaTaxa += taxa;
    lista.push({
      parcela: p,
      dataPrevista: dataPrevistaParcela(dataVenda, p, regra),
      valorBruto: escreverCentavosTexto(bruto),
      taxa: escreverCentavosTexto(taxa),
      valorLiquido: escreverCentavosTexto(bruto - taxa),
    });
  }
  return {
    parcelas: lista,
    valorBruto: escreverCentavosTexto(total),
    taxa: escreverCentavosTexto(somaTaxa),
    valorLiquido: escreverCentavosTexto(total - somaTaxa),
  };
}

export interface ParcelaAntecipada {
  parcela: number;
  dataPrevista: DataIso;
  /** Days anticipated (0 when the instalment is already due). */
  dias: number;
  valorLiquido: DecimalTexto;
  desconto: DecimalTexto;
  valorAntecipado: DecimalTexto;
}

/**
 * What the acquirer pays on `dataAntecipacao` for instalments not yet due: each net value less the monthly
 * rate pro rata die (simple interest, 30-day month) for the days it comes early, rounded half up per instalment.
 */
export function antecipacao(entrada: {
  parcelas: readonly Pick<ParcelaRecebimento, 'parcela' | 'dataPrevista' | 'valorLiquido'>[];
  dataAntecipacao: DataIso;
  taxaAntecipacaoPercentual: DecimalTexto;
}): { parcelas: ParcelaAntecipada[]; desconto: DecimalTexto; valorAntecipado: DecimalTexto } {
  if (!ehDataIso(entrada.dataAntecipacao)) {
    throw new RangeError(`Data da antecipação inválida: ${entrada.dataAntecipacao}.`);
  }
  const taxa = lerEscalado(entrada.taxaAntecipacaoPercentual, CASAS_PERCENTUAL, 'arredondar');
  const lista: ParcelaAntecipada[] = [];
  let somaDesconto = 0;
  let somaAntecipado = 0;
  for (const p of entrada.parcelas) {
    const liquido = lerCentavos(p.valorLiquido);
    const dias = Math.max(0, diasCorridosEntre(entrada.dataAntecipacao, p.dataPrevista));
    // liquido × taxa% × dias / 30, with the percentage at 4 decimals.
    const desconto = multiplicarDividir(liquido, taxa * dias, DIVISOR_PERCENTUAL * 30, 'arredondar');
    somaDesconto += desconto;
    somaAntecipado += liquido - desconto;
    lista.push({
      parcela: p.parcela,
      dataPrevista: p.dataPrevista,
      dias,
      valorLiquido: escreverCentavosTexto(liquido),
      desconto: escreverCentavosTexto(desconto),
      valorAntecipado: escreverCentavosTexto(liquido - desconto),
    });
  }
  return {
    parcelas: lista,
    desconto: escreverCentavosTexto(somaDesconto),
    valorAntecipado: escreverCentavosTexto(somaAntecipado),
  };
}

/** A day of the month 1..31 (the month's last day when the month is shorter). */
export const zDiaDoMes = (campo: string) => zInteiroCampo(campo, 1, 31);

function diaNoMes(ano: number, mes: number, dia: number): DataIso {
  return montarData(ano, mes, Math.min(dia, diasDoMes(ano, mes)));
}

function mesSeguinte(ano: number, mes: number): { ano: number; mes: number } {
  return mes === 12 ? { ano: ano + 1, mes: 1 } : { ano, mes: mes + 1 };
}

/**
 * Due date of a convênio (house account) purchase. The cycle closes on `diaFechamento`: a purchase on the
 * closing day is in the cycle, one after it goes to the next. The bill falls due on `diaVencimento` of the
 * closing month when that day comes after the closing day, else of the month after. Day 31 (or 29/30 in
 * February) is the month's last day.
 */
export function vencimentoConvenio(entrada: {
  dataVenda: DataIso;
  diaFechamento: number;
  diaVencimento: number;
}): { dataFechamento: DataIso; dataVencimento: DataIso } {
  const { diaFechamento, diaVencimento } = entrada;
  const venda = partesData(entrada.dataVenda);
  if (!venda) throw new RangeError(`Data da venda inválida: ${entrada.dataVenda}.`);
  for (const [campo, dia] of [
    ['Dia de fechamento', diaFechamento],
    ['Dia de vencimento', diaVencimento],
  ] as const) {
    if (!Number.isInteger(dia) || dia < 1 || dia > 31)
      throw new RangeError(`${campo} deve estar entre 1 e 31.`);
  }
  let fechamento = { ano: venda.ano, mes: venda.mes };
  if (venda.dia > Math.min(diaFechamento, diasDoMes(venda.ano, venda.mes))) {
    fechamento = mesSeguinte(venda.ano, venda.mes);
  }
  const vencimento = diaVencimento > diaFechamento ? fechamento : mesSeguinte(fechamento.ano, fechamento.mes);
  return {
    dataFechamento: diaNoMes(fechamento.ano, fechamento.mes, diaFechamento),
    dataVencimento: diaNoMes(vencimento.ano, vencimento.mes, diaVencimento),
  };
}
