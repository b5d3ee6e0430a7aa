import { lerDinheiro } from '../../dinheiro/decimal.ts';

// Fixed-width records of the scale files and their byte encoding. The scale software (Toledo MGV,
// Filizola Smart, Urano URF32) runs on Windows and reads "ANSI" text: Windows-1252, lines ended by CR LF.
// No encoding library is a dependency of the domain (iconv-lite is absent and TextEncoder only writes
// UTF-8), so the Latin-1 / Windows-1252 mapping is written here: it is one table of 27 characters.

export type CodificacaoArquivo = 'windows-1252' | 'latin1' | 'ascii' | 'utf-8';

/** Windows-1252 bytes 0x80-0x9F that are not the Latin-1 control characters. */
const CP1252_EXTRA: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Removes the accents the encoding cannot carry ('ç' -> 'c') instead of printing '?' on the label. */
function semAcento(c: string): string {
  return c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

function byteDe(c: string, codificacao: 'windows-1252' | 'latin1' | 'ascii'): number | undefined {
  const p = c.codePointAt(0) ?? 0x3f;
  if (p < 0x80) return p;
  if (codificacao === 'ascii') return undefined;
  if (p >= 0xa0 && p <= 0xff) return p;
  return codificacao === 'windows-1252' ? CP1252_EXTRA[c] : undefined;
}

/** Encodes the text; a character the encoding lacks loses its accent, or becomes '?'. */
export function codificarTexto(texto: string, codificacao: CodificacaoArquivo): Uint8Array {
  if (codificacao === 'utf-8') return new TextEncoder().encode(texto);
  const bytes: number[] = [];
  for (const c of texto) {
    const b = byteDe(c, codificacao);
    if (b !== undefined) {
      bytes.push(b);
      continue;
    }
    for (const s of semAcento(c)) bytes.push(byteDe(s, codificacao) ?? 0x3f);
  }
  return Uint8Array.from(bytes);
}

/** Text field: one line, cut or padded with spaces on the right (the manuals' "alfanumérico"). */
export function campoTexto(valor: string, tamanho: number): string {
  const limpo = valor.replace(/[\r\n\t]+/g, ' ');
  return [...limpo].slice(0, tamanho).join('').padEnd(tamanho, ' ');
}

/** Numeric field: zero-padded on the left; a value that does not fit is a refusal, never a silent cut. */
export function campoNumero(valor: number, tamanho: number, nome: string): string {
  const t = String(valor);
  if (!Number.isInteger(valor) || valor < 0 || t.length > tamanho) {
    throw new RangeError(`${nome} ${valor} não cabe em ${tamanho} dígitos no arquivo da balança.`);
  }
  return t.padStart(tamanho, '0');
}

/** Money with implied 2 decimals ('12.50' -> '001250' at 6 digits). */
export function campoPreco(preco: string, tamanho: number, nome: string): string {
  return campoNumero(lerDinheiro(preco), tamanho, nome);
}

/** Lines as the Windows scale software writes them: each one ended by CR LF. */
export function juntarLinhas(linhas: readonly string[]): string {
  return linhas.map((l) => `${l}\r\n`).join('');
}
