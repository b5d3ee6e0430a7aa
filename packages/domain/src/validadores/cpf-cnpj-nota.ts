import { cnpjValido, cpfValido, validarCpfCnpj } from './documentos.ts';
import { MENSAGENS_VALIDACAO } from './mensagens.ts';

// "CPF na nota" (issue 15 point 6): the consumer's document typed at the POS and the call center, checked as it
// is typed, and the form the sale stores (no mask, upper case). The check digits are documentos.ts's.

/** Only the characters a CPF or CNPJ (alphanumeric since July 2026) can hold, upper-cased, at most 14. */
function caracteresDocumento(texto: string): string {
  return texto
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
}

/** The sale's form of the document: no mask, upper case; empty is null. Does not check it (validarCpfCnpj). */
export function normalizarCpfCnpj(valor: string | null | undefined): string | null {
  const doc = (valor ?? '').toUpperCase().replace(/[.\-/\s]/g, '');
  return doc === '' ? null : doc;
}

/** 529.982.247-25 / 11.222.333/0001-81 (partial while typing); a CPF while it has up to 11 digits only. */
export function formatarCpfCnpj(valor: string | null | undefined): string {
  const d = caracteresDocumento(valor ?? '');
  if (/^\d{0,11}$/.test(d)) {
    return d
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
      .replace(/^(\d{3})\.(\d{3})\.(\d{3})(\d)/, '$1.$2.$3-$4');
  }
  return d
    .replace(/^(\w{2})(\w)/, '$1.$2')
    .replace(/^(\w{2})\.(\w{3})(\w)/, '$1.$2.$3')
    .replace(/^(\w{2})\.(\w{3})\.(\w{3})(\w)/, '$1.$2.$3/$4')
    .replace(/^(\w{2})\.(\w{3})\.(\w{3})\/(\w{4})(\w)/, '$1.$2.$3/$4-$5');
}

export type SituacaoCpfCnpjDigitado = 'vazio' | 'incompleto' | 'valido' | 'invalido';

export interface CpfCnpjDigitado {
  /** The sale's form (no mask) of what was typed so far. */
  documento: string;
  /** What the field shows (mask applied as typed). */
  exibicao: string;
  situacao: SituacaoCpfCnpjDigitado;
  tipo: 'CPF' | 'CNPJ' | null;
  /** The spec's message when it cannot be confirmed as is (incomplete or wrong digit); null when it can. */
  mensagem: string | null;
}

/**
 * The document as it is typed: 11 digits are a CPF and are checked at once ('CPF Inválido'), 14 characters a
 * CNPJ ('CNPJ Inválido'); letters make it a CNPJ, and a letter where a CNPJ has its check digits is wrong at
 * once. Any other length is still incomplete ('CPF ou CNPJ Inválido, favor preencher corretamente' if
 * confirmed so). Empty passes: the note then has no recipient.
 */
export function analisarCpfCnpjDigitado(texto: string): CpfCnpjDigitado {
  const documento = caracteresDocumento(texto);
  const exibicao = formatarCpfCnpj(documento);
  const r = (situacao: SituacaoCpfCnpjDigitado, tipo: 'CPF' | 'CNPJ' | null, mensagem: string | null) => ({
    documento,
    exibicao,
    situacao,
    tipo,
    mensagem,
  });
  if (documento === '') return r('vazio', null, null);
  if (/^\d{11}$/.test(documento)) {
    return cpfValido(documento)
      ? r('valido', 'CPF', null)
      : r('invalido', 'CPF', MENSAGENS_VALIDACAO.cpfInvalido);
  }
  if (documento.length > 12 && /[A-Z]/.test(documento.slice(12))) {
    return r('invalido', 'CNPJ', MENSAGENS_VALIDACAO.cnpjInvalido);
  }
  if (documento.length === 14) {
    return cnpjValido(documento)
      ? r('valido', 'CNPJ', null)
      : r('invalido', 'CNPJ', MENSAGENS_VALIDACAO.cnpjInvalido);
  }
  return r('incompleto', /[A-Z]/.test(documento) ? 'CNPJ' : null, MENSAGENS_VALIDACAO.cpfOuCnpjInvalido);
}

/**
 * The consumer document a sale accepts (spec 2 section 5): empty (none) or a valid CPF / CNPJ, returned in the
 * sale's form; otherwise the spec's message, for the server to refuse the write with.
 */
export function cpfCnpjDaVenda(
  valor: string | null | undefined,
): { ok: true; valor: string | null } | { ok: false; mensagem: string } {
  const doc = normalizarCpfCnpj(valor);
  if (doc === null) return { ok: true, valor: null };
  const r = validarCpfCnpj(doc);
  return r === true ? { ok: true, valor: doc } : { ok: false, mensagem: r };
}
