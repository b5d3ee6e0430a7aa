import { z } from 'zod';
import { lerDataIso } from '../validadores/entrada.ts';
import type { FigurasFechamento } from './fechamento.ts';

// conciliacaoCaixa (issue 18, spec 1 section 3 "Cash closing" and section 4 statuses): the closings the finance
// clerk checks, shared by the server's routes (apps/server/src/modules/caixa/conciliacao-caixa.routes.ts) and
// the screen (apps/web/src/features/conciliacao-caixa).

/** Cashier operation statuses of a closed period (catalogue statusOperacaoCaixa 3-6). */
export const STATUS_FECHAMENTO = {
  naoConferido: 3,
  conferido: 4,
  conciliado: 5,
  comDivergencia: 6,
} as const;
export type StatusFechamento = (typeof STATUS_FECHAMENTO)[keyof typeof STATUS_FECHAMENTO];
export const STATUS_FECHAMENTO_LISTA: readonly StatusFechamento[] = [3, 4, 6, 5];

export const MENSAGENS_CONCILIACAO = {
  periodoInvalido: 'Informe o período: a data final deve ser depois da inicial.',
  periodoLongo: 'O período da consulta pode ter no máximo 366 dias.',
} as const;

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Empresa inválida');
const instante = z
  .string()
  .max(40)
  .refine((v) => lerDataIso(v) !== undefined, 'Data inválida!')
  .transform((v) => new Date(v).toISOString());

/** GET /api/conciliacaoCaixa: closings of the stores asked (none: the user's) closed in the period. */
export const consultaConciliacaoSchema = z.object({
  empresa: z.union([id, z.array(id).max(200)]).optional(),
  dataInicial: instante,
  dataFinal: instante,
  status: z.coerce
    .number()
    .int()
    .refine((s) => (STATUS_FECHAMENTO_LISTA as readonly number[]).includes(s), 'Situação inválida')
    .optional(),
});
export type ConsultaConciliacao = z.input<typeof consultaConciliacaoSchema>;

export interface PessoaNome {
  _id: string;
  nome: string;
}

/** One closing in the list. Money as decimal text; `diferenca` counted - expected (negative = missing). */
export interface FechamentoResumo {
  _id: string;
  empresa: { _id: string; descricao: string };
  caixa: { _id: string; descricao: string };
  status: { id: number; descricao: string };
  dataAbertura: string;
  dataFechamento: string | null;
  operadorAbertura: PessoaNome | null;
  operadorFechamento: PessoaNome | null;
  valorAbertura: string;
  totalRecebido: string;
  dinheiroEsperado: string | null;
  dinheiroContado: string | null;
  diferenca: string | null;
  /** Who released the difference at the POS closing (the reconciliation's acceptance is in `conciliacao`). */
  supervisorDiferenca: PessoaNome | null;
}

/** The reconciliation's own record, beside the closing's supervisor and note (which it never overwrites). */
export interface ConciliacaoRegistro {
  /** Who accepted the divergence (permission 42: the checker or a supervisor's release); null without one. */
  supervisor: PessoaNome | null;
  observacao: string | null;
  /** When it was reconciled (ISO); null for a closing reconciled before this was recorded. */
  em: string | null;
  por: PessoaNome | null;
}

export interface MovimentoCaixaDetalhe {
  _id: string;
  tipo: 'sangria' | 'suprimento';
  numero: number;
  valor: string;
  motivo: string;
  data: string | null;
  operador: PessoaNome | null;
  supervisor: PessoaNome | null;
}

/** A finance movement the reconciliation made (financeiro_movimentacao of origem fechamentoCaixa / diferencaCaixa). */
export interface MovimentacaoPostada {
  _id: string;
  origemTipo: 'fechamentoCaixa' | 'diferencaCaixa';
  data: string;
  conta: { _id: string; descricao: string };
  planoConta: { _id: string; codigo: string; descricao: string } | null;
  descricao: string;
  valor: string;
  saldoAtual: string;
}

/** GET /api/conciliacaoCaixa/:id */
export interface DetalheFechamento {
  fechamento: FechamentoResumo;
  /** The closing's note (POS). */
  observacao: string | null;
  /** Null until reconciled. */
  conciliacao: ConciliacaoRegistro | null;
  figuras: FigurasFechamento;
  sangrias: MovimentoCaixaDetalhe[];
  suprimentos: MovimentoCaixaDetalhe[];
  vendasEncerradas: { quantidade: number; total: string };
  movimentacoes: MovimentacaoPostada[];
}

/** Whether reconciling needs permission 42 (Fechar Caixa com Diferença): a closing with a divergence. */
export const exigeLiberacaoDiferenca = (status: number) => status === STATUS_FECHAMENTO.comDivergencia;
