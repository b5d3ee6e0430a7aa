import { z } from 'zod';
import { extratoConsultaSchema } from './titulos.ts';

// The account statement and the manual movements (issue 18, financeiroMovimentacao and financeiroConta): the
// request and answer shapes of /api/financeiroMovimentacao/* and /api/financeiroConta/saldos, shared by server
// and web. The writes' own schemas (transferenciaContasSchema, ajusteContaSchema) live in titulos.ts.

const id = extratoConsultaSchema.shape.conta;
const dia = extratoConsultaSchema.shape.de;

/** Reverses a manual movement (an adjustment, or both legs of a transfer) on `data`. */
export const estornoMovimentacaoSchema = z.object({ movimentacao: id, data: dia });
export type EstornoMovimentacao = z.infer<typeof estornoMovimentacaoSchema>;

/** Balances of the accounts serving these stores (none: every store the user may see). */
export const saldosContasSchema = z.object({ empresas: z.array(id).max(200).optional() });

/** Manual movements a user may reverse on the statement; the others are undone where they came from. */
export const ORIGENS_ESTORNAVEIS = ['ajuste', 'transferencia'] as const;

export const DESCRICAO_ORIGEM_MOVIMENTACAO: Record<string, string> = {
  baixa: 'Baixa de título',
  transferencia: 'Transferência',
  ajuste: 'Ajuste',
  fechamentoCaixa: 'Fechamento de caixa',
  diferencaCaixa: 'Diferença de caixa',
  pix: 'PIX',
};

export interface LinhaExtratoConta {
  _id: string;
  data: string;
  /** Signed: positive entered the account. */
  valor: string;
  /** The account's balance right after this movement, in (data, seq) order. */
  saldoAtual: string;
  descricao: string;
  origemTipo: string;
  origemId: string | null;
  /** The chart node (the title's when a settlement moved it). */
  planoConta: { _id: string; codigo: string; descricao: string } | null;
  /** This movement undoes `estornoDe`. */
  estornoDe: string | null;
  /** Another movement undid this one. */
  estornada: boolean;
  /** A manual movement not yet reversed (the statement offers its reversal). */
  estornavel: boolean;
  /** The other account of a transfer. */
  contraPartida: { _id: string; descricao: string } | null;
}

export interface RespostaExtratoConta {
  conta: { _id: string; descricao: string; tipo: string };
  de: string;
  ate: string;
  saldoInicial: string;
  entradas: string;
  saidas: string;
  saldoFinal: string;
  movimentacoes: LinhaExtratoConta[];
  /** More movements than were sent; the totals and balances still count them all. */
  truncado: boolean;
}

export interface SaldoConta {
  _id: string;
  descricao: string;
  tipo: string;
  empresa: string;
  contaCompartilhada: boolean;
  /** Stores the account serves (its own first). */
  empresas: string[];
  ativo: boolean;
  saldo: string;
  ultimaData: string | null;
}
