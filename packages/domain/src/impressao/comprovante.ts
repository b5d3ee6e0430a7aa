import { z } from 'zod';

// The customer's receipt at the end of a sale (issue 13 point 4): the store chooses the DANFE NFC-e, the
// non-fiscal receipt, or to ask the cashier each time (empresa.configuracoes.comprovanteVenda). The server prints
// it on the terminal's NFC-e / cashier print sector (POST /api/venda/:id/comprovante); a reprint from the POS
// 'Vendas' tab uses the same call without a choice: the DANFE when the sale has a valid note, else the
// non-fiscal receipt.

export const COMPROVANTES_VENDA = [
  { id: 'danfe', descricao: 'DANFE NFC-e' },
  { id: 'naoFiscal', descricao: 'Recibo não fiscal' },
  { id: 'perguntar', descricao: 'Perguntar ao caixa a cada venda' },
] as const;
export type ComprovanteVenda = (typeof COMPROVANTES_VENDA)[number]['id'];
/** What is printed: the DANFE of the sale's NFC-e or the non-fiscal receipt. */
export type DocumentoComprovante = 'nfce' | 'naoFiscal';

/** The document a store's choice prints without asking (null: ask the cashier). */
export const documentoDaEscolha = (e: ComprovanteVenda): DocumentoComprovante | null =>
  e === 'danfe' ? 'nfce' : e === 'naoFiscal' ? 'naoFiscal' : null;

/** The store's choice; a store that never chose prints the DANFE when it has a note (else the receipt). */
export function comprovanteDaLoja(configuracoes: unknown): ComprovanteVenda {
  const v =
    configuracoes && typeof configuracoes === 'object'
      ? (configuracoes as Record<string, unknown>).comprovanteVenda
      : undefined;
  return COMPROVANTES_VENDA.some((c) => c.id === v) ? (v as ComprovanteVenda) : 'danfe';
}

/** A note of venda.nfce the DANFE is printed for: authorised, or offline (printed at once, sent later). */
export function notaValida(n: Record<string, unknown>): boolean {
  return n.cancelado !== true && (n.statusNota === 'processado' || n.statusNota === 'contingencia');
}

/** NFC-e manual (DANFE NFC-e, division V): the text a homologation note carries. */
export const TEXTO_HOMOLOGACAO_DANFE = 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL';

export const MENSAGENS_COMPROVANTE = {
  vendaNaoEncerrada: 'O comprovante só pode ser impresso para uma venda encerrada!',
  semNfce: 'Venda sem NFC-e autorizada: impresso o recibo não fiscal.',
  enviado: (documento: DocumentoComprovante, numero?: number | null) =>
    documento === 'nfce'
      ? `DANFE da NFC-e nº ${numero ?? ''} enviado para impressão.`
      : 'Recibo não fiscal enviado para impressão.',
} as const;

export const comprovanteEntradaSchema = z.object({
  terminal: z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido'),
  /** Absent: the DANFE when the sale has a valid note, else the non-fiscal receipt (reprint). */
  documento: z.enum(['nfce', 'naoFiscal']).optional(),
  /** Supervisor release token for a reprint (permission 55 DANFE, 54 receipt) when the operator lacks it. */
  liberacao: z.string().max(4096).optional(),
});
export type ComprovanteEntrada = z.infer<typeof comprovanteEntradaSchema>;

export const notaComprovanteSchema = z.object({
  _id: z.string(),
  numero: z.number().int(),
  serie: z.number().int(),
  chave: z.string(),
  statusNota: z.string(),
  /** tpAmb 2: printed with TEXTO_HOMOLOGACAO_DANFE, never a real note. */
  homologacao: z.boolean(),
});

export const comprovanteRespostaSchema = z.object({
  documento: z.enum(['nfce', 'naoFiscal']),
  reimpressao: z.boolean(),
  /** The notes whose DANFE was printed (one per seat when the table was received by seat). */
  notas: z.array(notaComprovanteSchema),
  /** Print jobs created (one per copy of the print sector). */
  impressoes: z.array(
    z.object({ _id: z.string(), descricao: z.string(), tipoImpressao: z.object({ id: z.number().int() }) }),
  ),
  aviso: z.string().nullable(),
});
export type ComprovanteResposta = z.infer<typeof comprovanteRespostaSchema>;
