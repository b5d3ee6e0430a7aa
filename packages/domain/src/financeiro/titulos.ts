import { z } from 'zod';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import { zDecimalEntrada } from '../validadores/entrada.ts';

// Payables and receivables (issue 18): the request shapes of the finance routes, shared by web and server,
// and the rules of a settlement that both show before sending.

export const STATUS_TITULO = { aberto: 1, pagoParcial: 2, pago: 3, cancelado: 4 } as const;
export type StatusTitulo = (typeof STATUS_TITULO)[keyof typeof STATUS_TITULO];
export const DESCRICAO_STATUS_TITULO: Record<StatusTitulo, string> = {
  1: 'Aberto',
  2: 'Pago parcial',
  3: 'Pago',
  4: 'Cancelado',
};
export const TIPOS_TITULO = ['pagar', 'receber'] as const;
export type TipoTitulo = (typeof TIPOS_TITULO)[number];

export const MF = {
  valorTitulo: 'Valor do título inválido: informe um valor maior que zero.',
  vencimentoAntesCompetencia:
    'Vencimento inválido: o vencimento não pode ser mais de um ano antes da competência.',
  dataForaDoIntervalo: 'Data inválida: informe uma data entre 2000 e 2100.',
  planoNaoEncontrado: 'Plano de contas não encontrado!',
  contaNaoEncontrada: 'Conta financeira não encontrada!',
  tituloNaoEncontrado: 'Título não encontrado!',
  tituloFechado: 'Título já está pago ou cancelado!',
  baixaMaiorQueAberto: (aberto: string) =>
    `Valor da baixa maior que o saldo em aberto do título (R$ ${aberto.replace('.', ',')}).`,
  valorBaixa: 'Valor da baixa inválido: informe um valor maior que zero.',
  descontoMaior: 'O desconto não pode ser maior que o valor pago.',
  tituloComBaixa: 'Título com baixas: estorne as baixas antes de cancelar.',
  baixaNaoEncontrada: 'Baixa não encontrada!',
  baixaEstornada: 'Esta baixa já foi estornada.',
  transferenciaMesmaConta: 'Escolha contas diferentes para a transferência.',
  valorMovimento: 'Valor inválido: informe um valor diferente de zero.',
  agendaProtegida: 'Agenda protegida: usuário sem permissão para ver os títulos desta empresa.',
  planoEmUso: 'Esta conta do plano tem lançamentos ou contas filhas e não pode ser excluída.',
  planoCiclo: 'Uma conta do plano não pode ficar abaixo dela mesma.',
  contaEmUso: 'Esta conta financeira tem movimentações e não pode ser excluída.',
} as const;

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const dia = z
  .string({ error: 'Data inválida.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && v >= '2000-01-01' && v <= '2100-12-31', {
    message: MF.dataForaDoIntervalo,
  });
const dinheiroPositivo = zDecimalEntrada({ casas: 2, positivo: true });
const dinheiroZeroOuMais = zDecimalEntrada({ casas: 2, minimo: 0 });

const DIA_MS = 86_400_000;
export const diasEntre = (de: string, ate: string) =>
  Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / DIA_MS);
export const somarDias = (dia: string, dias: number) =>
  new Date(Date.parse(`${dia}T12:00:00Z`) + dias * DIA_MS).toISOString().slice(0, 10);
/** Same day of a later month, clamped to the month's end (31/01 + 1 month = 28 or 29/02). */
export function somarMeses(dia: string, meses: number): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const alvo = new Date(Date.UTC(a, m - 1 + meses, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo));
  return alvo.toISOString().slice(0, 10);
}

export const novoTituloSchema = z
  .object({
    _id: id,
    empresa: id,
    tipo: z.enum(TIPOS_TITULO, { error: 'Tipo inválido: pagar ou receber.' }),
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(200),
    documento: z.string().trim().max(60).optional(),
    pessoa: id.optional(),
    planoConta: id,
    conta: id.optional(),
    valor: dinheiroPositivo,
    competencia: dia,
    vencimento: dia,
    /** Split into this many monthly instalments (cents left over go to the first). */
    parcelas: z.number().int().min(1, 'Parcelas: de 1 a 120.').max(120, 'Parcelas: de 1 a 120.').default(1),
    observacao: z.string().trim().max(500).optional(),
  })
  .superRefine((t, ctx) => {
    if (diasEntre(t.competencia, t.vencimento) < -366)
      ctx.addIssue({ code: 'custom', path: ['vencimento'], message: MF.vencimentoAntesCompetencia });
  });
export type NovoTitulo = z.infer<typeof novoTituloSchema>;

export const baixaTitulosSchema = z.object({
  /** Client-made id of the operation: a retry answers what was done. */
  _id: id,
  conta: id,
  data: dia,
  titulos: z
    .array(
      z.object({
        titulo: id,
        valor: dinheiroPositivo,
        juros: dinheiroZeroOuMais.optional(),
        multa: dinheiroZeroOuMais.optional(),
        desconto: dinheiroZeroOuMais.optional(),
      }),
    )
    .min(1, 'Escolha ao menos um título.')
    .max(500),
});
export type BaixaTitulos = z.infer<typeof baixaTitulosSchema>;

export const transferenciaContasSchema = z.object({
  _id: id,
  contaOrigem: id,
  contaDestino: id,
  valor: dinheiroPositivo,
  data: dia,
  descricao: z.string().trim().max(200).optional(),
});

export const ajusteContaSchema = z.object({
  _id: id,
  conta: id,
  valor: zDecimalEntrada({ casas: 2 }).refine((v) => Number(v) !== 0, MF.valorMovimento),
  data: dia,
  planoConta: id.optional(),
  descricao: z.string().trim().min(1, 'Informe a descrição.').max(200),
});

export const agendaConsultaSchema = z.object({
  empresas: z.array(id).max(200).optional(),
  tipo: z.enum(TIPOS_TITULO).optional(),
  de: dia,
  ate: dia,
  status: z.array(z.number().int().min(1).max(4)).max(4).optional(),
  operadora: id.optional(),
  busca: z.string().trim().max(100).optional(),
  /** Overdue titles before `de` too (the agenda's "vencidos"). */
  incluirVencidos: z.boolean().optional(),
});
export type AgendaConsulta = z.infer<typeof agendaConsultaSchema>;

export const extratoConsultaSchema = z.object({
  conta: id,
  de: dia,
  ate: dia,
});

/** What a settlement moves in the account, in cents: principal + interest + fine − discount − card fee. */
export function valorMovimentadoBaixa(b: {
  valor: string;
  juros?: string | undefined;
  multa?: string | undefined;
  desconto?: string | undefined;
  taxa?: string | undefined;
}): number {
  const c = (v: string | undefined) => (v ? lerDinheiro(v) : 0);
  return c(b.valor) + c(b.juros) + c(b.multa) - c(b.desconto) - c(b.taxa);
}

/** The card fee that goes with settling `parte` of a title of `valor` with fee `taxa` (the last part takes the rest). */
export function taxaProporcional(valor: number, taxa: number, pagoAntes: number, parte: number): number {
  if (taxa === 0 || valor === 0) return 0;
  if (pagoAntes + parte >= valor) return taxa - Math.round((taxa * pagoAntes) / valor);
  return Math.round((taxa * (pagoAntes + parte)) / valor) - Math.round((taxa * pagoAntes) / valor);
}

/** Splits `valor` cents into `n` instalments; the leftover cents go to the first. */
export function dividirEmParcelas(valor: number, n: number): number[] {
  const base = Math.floor(valor / n);
  const resto = valor - base * n;
  return Array.from({ length: n }, (_, i) => (i === 0 ? base + resto : base));
}
