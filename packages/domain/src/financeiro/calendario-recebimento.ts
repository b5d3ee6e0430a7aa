import { z } from 'zod';
import type { DecimalTexto } from '../dinheiro/decimal.ts';
import type { DataIso } from './calendario.ts';
import type { ErroExtrato } from './extrato.ts';

// Request and answer shapes of the calendarioRecebimento / calendarioPagamento screen and the acquirer
// settlement-file import (issue 18), shared by the server's routes and the web screen.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.');

/** receber: what the acquirers will pay (card receivables); pagar: what the group must pay (payables). */
export const VISOES_CALENDARIO = ['receber', 'pagar'] as const;
export type VisaoCalendario = (typeof VISOES_CALENDARIO)[number];

export const calendarioConsultaSchema = z.object({
  empresas: z
    .array(id, { error: 'Escolha ao menos uma loja.' })
    .min(1, 'Escolha ao menos uma loja.')
    .max(200),
  mes: z
    .string({ error: 'Mês inválido: use AAAA-MM.' })
    .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'Mês inválido: use AAAA-MM.'),
  visao: z.enum(VISOES_CALENDARIO, { error: 'Visão inválida: use receber ou pagar.' }),
});
export type CalendarioConsulta = z.infer<typeof calendarioConsultaSchema>;

export const calendarioDiaSchema = z.object({
  empresas: calendarioConsultaSchema.shape.empresas,
  data: dia,
  visao: calendarioConsultaSchema.shape.visao,
  /** Only this acquirer's receivables (receber). */
  operadora: id.optional(),
});
export type CalendarioDiaConsulta = z.infer<typeof calendarioDiaSchema>;

/** Sums of one day (or one acquirer on one day). Money as decimal text. */
export interface ValoresCalendario {
  quantidade: number;
  /** Gross (receivables) or amount owed (payables), cancelled titles left out. */
  bruto: DecimalTexto;
  /** Acquirer's fee (0 for payables). */
  taxa: DecimalTexto;
  /** bruto − taxa: what enters (or leaves) the account. */
  liquido: DecimalTexto;
  /** Net already received (paid) of these titles. */
  realizado: DecimalTexto;
  /** liquido − realizado. */
  aberto: DecimalTexto;
}

export interface OperadoraCalendario {
  _id: string | null;
  descricao: string;
}

export interface DiaCalendario {
  data: DataIso;
  total: ValoresCalendario;
  /** Receivables: one entry per acquirer; payables: one entry (operadora null). */
  porOperadora: (ValoresCalendario & { operadora: OperadoraCalendario })[];
}

export interface RespostaCalendario {
  mes: string;
  visao: VisaoCalendario;
  dias: DiaCalendario[];
  total: ValoresCalendario;
}

export interface TituloCalendario {
  _id: string;
  empresa: string;
  descricao: string;
  operadora: OperadoraCalendario | null;
  pessoa: string | null;
  vencimento: DataIso;
  dataVenda: DataIso | null;
  parcela: number;
  parcelas: number;
  nsu: string | null;
  autorizacao: string | null;
  valor: DecimalTexto;
  taxa: DecimalTexto;
  liquido: DecimalTexto;
  valorPago: DecimalTexto;
  status: { id: number; descricao: string };
}

export interface RespostaDiaCalendario {
  data: DataIso;
  titulos: TituloCalendario[];
  /** How many titles the day has (the list stops at LIMITE_TITULOS_DIA). */
  total: number;
}
export const LIMITE_TITULOS_DIA = 1000;

/** The largest settlement file accepted (text), about 400,000 lines of our CSV. */
export const TAMANHO_MAXIMO_EXTRATO = 40 * 1024 * 1024;

export const importarExtratoSchema = z.object({
  empresa: id,
  operadora: z.string({ error: 'Informe a operadora.' }).regex(/^[0-9a-f]{24}$/, 'Informe a operadora.'),
  nome: z
    .string({ error: 'Informe o nome do arquivo.' })
    .trim()
    .min(1, 'Informe o nome do arquivo.')
    .max(200, 'Nome do arquivo muito longo.'),
  conteudo: z
    .string({ error: 'Arquivo vazio.' })
    .min(1, 'Arquivo vazio.')
    .max(TAMANHO_MAXIMO_EXTRATO, 'Arquivo muito grande: envie no máximo 40 MB por vez.'),
});
export type ImportarExtrato = z.infer<typeof importarExtratoSchema>;

/**
 * What the file says that the forecast did not: atrasado (paid after the forecast date: settled, flagged),
 * aMenor / aMaior (net differs: left open for the clerk), naoPago (forecast due in the file's days that no
 * line paid), desconhecido (a line no forecast explains).
 */
export type TipoDivergencia = 'atrasado' | 'aMenor' | 'aMaior' | 'naoPago' | 'desconhecido';

export const ROTULOS_DIVERGENCIA: Record<TipoDivergencia, string> = {
  atrasado: 'Pago com atraso',
  aMenor: 'Pago a menor',
  aMaior: 'Pago a maior',
  naoPago: 'Não pago',
  desconhecido: 'Desconhecido',
};

export interface DivergenciaExtrato {
  tipo: TipoDivergencia;
  /** Line of the file (none for naoPago). */
  linha: number | null;
  titulo: { _id: string; descricao: string } | null;
  nsu: string | null;
  autorizacao: string | null;
  dataVenda: DataIso | null;
  parcela: number | null;
  dataPrevista: DataIso | null;
  dataPagamento: DataIso | null;
  /** Expected net (forecast) and paid net (file). */
  esperado: DecimalTexto | null;
  pago: DecimalTexto | null;
  /** pago − esperado. */
  diferenca: DecimalTexto | null;
  diasAtraso: number | null;
  /** Why a line is unknown: no forecast, or several equal ones. */
  motivo: string | null;
}

export interface ResumoExtrato {
  linhas: number;
  /** Lines of this file already imported before (skipped). */
  jaImportadas: number;
  novas: number;
  conciliadas: number;
  baixadas: number;
  divergencias: number;
  /** Σ net of the new lines. */
  recebido: DecimalTexto;
  dataInicial: DataIso | null;
  dataFinal: DataIso | null;
}

export interface RespostaImportacaoExtrato {
  _id: string;
  nome: string;
  resumo: ResumoExtrato;
  divergencias: DivergenciaExtrato[];
  /** Lines that could not be read (not imported). */
  erros: ErroExtrato[];
  /** Where the time went (read and store the lines, match, settle), for the operator and the bench. */
  tempos?: { lerEGravarMs: number; conciliarMs: number; baixarMs: number };
}

export interface ExtratoImportado {
  _id: string;
  empresa: string;
  operadora: OperadoraCalendario;
  nome: string;
  createdAt: string;
  resumo: ResumoExtrato;
}
