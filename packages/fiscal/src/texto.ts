// Text helpers for the NF-e layout. The XSD type TString only accepts characters between U+0020 and
// U+00FF with no leading/trailing blanks, so free text is normalised before it is written.

const ESPACOS = /\s+/g;
const FORA_LATIN1 = /[^\u0020-\u00ff]/g;
const ESCAPAR = /[&<>]/;

/** Normalises free text for a TString field: single spaces, trimmed, only Latin-1, max length. */
export function limparTexto(valor: string, maximo?: number): string {
  let s = valor.replace(ESPACOS, ' ').trim();
  if (FORA_LATIN1.test(s)) {
    FORA_LATIN1.lastIndex = 0;
    s = s
      .normalize('NFKD')
      .normalize('NFC')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(FORA_LATIN1, '')
      .replace(ESPACOS, ' ')
      .trim();
  }
  FORA_LATIN1.lastIndex = 0;
  if (maximo !== undefined && s.length > maximo) s = s.slice(0, maximo).trimEnd();
  return s;
}

/**
 * Escapes element text. Only &, < and > are escaped: that is exactly what C14N writes for text nodes,
 * so the document we build is already in canonical form and can be digested without a re-parse.
 */
export function escaparXml(valor: string): string {
  if (!ESCAPAR.test(valor)) return valor;
  return valor.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<tag>text</tag>` with limparTexto + escaping. */
export function tagTexto(tag: string, valor: string, maximo?: number): string {
  return `<${tag}>${escaparXml(limparTexto(valor, maximo))}</${tag}>`;
}

export const somenteDigitos = (valor: string): string => valor.replace(/\D/g, '');

/** Document ids: digits, plus the letters of the alphanumeric CNPJ, upper-cased. */
export const somenteAlfanumericos = (valor: string): string => valor.toUpperCase().replace(/[^0-9A-Z]/g, '');
