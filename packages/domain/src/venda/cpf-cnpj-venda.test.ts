import { describe, expect, it } from 'vitest';
import { alterarCpfCnpjEntradaSchema, recusaAlterarCpfCnpj } from './cpf-cnpj-venda.ts';

describe('CPF na nota of a sale', () => {
  it('changes while open, closing, or ended without a valid note', () => {
    expect(recusaAlterarCpfCnpj(57, false)).toBeNull();
    expect(recusaAlterarCpfCnpj(58, false)).toBeNull();
    expect(recusaAlterarCpfCnpj(59, false)).toBeNull();
    expect(recusaAlterarCpfCnpj(59, true)).toBe(
      'A NFC-e desta venda já foi emitida: o CPF/CNPJ não pode mais ser alterado.',
    );
    expect(recusaAlterarCpfCnpj(60, false)).toBe('Venda cancelada: o CPF/CNPJ não pode ser alterado.');
    expect(recusaAlterarCpfCnpj(61, false)).toBe('Venda cancelada: o CPF/CNPJ não pode ser alterado.');
  });

  it('the API shape takes a document or null', () => {
    expect(alterarCpfCnpjEntradaSchema.parse({ cpfCnpj: null })).toEqual({ cpfCnpj: null });
    expect(alterarCpfCnpjEntradaSchema.safeParse({}).success).toBe(false);
  });
});
