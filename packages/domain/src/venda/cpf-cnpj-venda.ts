import { z } from 'zod';

// The consumer's document of a sale ("CPF na nota", issue 15 point 6): refused when wrong at every write that
// carries it, and changed by PUT /api/venda/:id/cpfCnpj while the sale is open or ended without a valid NFC-e.

export const MENSAGENS_CPF_CNPJ_VENDA = {
  notaJaEmitida: 'A NFC-e desta venda já foi emitida: o CPF/CNPJ não pode mais ser alterado.',
  vendaCancelada: 'Venda cancelada: o CPF/CNPJ não pode ser alterado.',
} as const;

/** `PUT /api/venda/:id/cpfCnpj`: the document (mask allowed) or null / '' to leave the note without one. */
export const alterarCpfCnpjEntradaSchema = z.object({
  cpfCnpj: z.string().max(30).nullable(),
  terminal: z.string().max(24).optional(),
});
export type AlterarCpfCnpjEntrada = z.infer<typeof alterarCpfCnpjEntradaSchema>;

/** Statuses whose document may change: open 57, closing 58, ended 59 (then only before its note). */
export const STATUS_CPF_CNPJ_ALTERAVEL: readonly number[] = [57, 58, 59];

/**
 * May the document of a sale in this status change? Ended sales only while no note is valid (authorised or
 * offline, not cancelled; `notaValida` of impressao/comprovante): the note is the document's fiscal record.
 * Answers null or the refusal.
 */
export function recusaAlterarCpfCnpj(status: number, notaValida: boolean): string | null {
  if (!STATUS_CPF_CNPJ_ALTERAVEL.includes(status)) return MENSAGENS_CPF_CNPJ_VENDA.vendaCancelada;
  if (notaValida) return MENSAGENS_CPF_CNPJ_VENDA.notaJaEmitida;
  return null;
}
