// Upper halves (0x80-0xFF) of the code pages used for Portuguese on thermal printers. Only printable
// Latin characters are mapped; box-drawing positions are left out (they are never needed on a receipt).

const CP850 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»' + // 0x80-0xAF
  '\0\0\0\0\0ÁÂÀ©\0\0\0\0¢¥\0' + // 0xB0-0xBF
  '\0\0\0\0\0\0ãÃ\0\0\0\0\0\0\0¤' + // 0xC0-0xCF
  'ðÐÊËÈıÍÎÏ\0\0\0\0¦Ì\0' + // 0xD0-0xDF
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' + // 0xE0-0xEF
  '\u00ad±\0¾¶§÷¸°¨·¹³²\0\u00a0'; // 0xF0-0xFF

const CP860 =
  'ÇüéâãàÁçêÊèÍÔìÃÂ' + // 0x80-0x8F
  'ÉÀÈôõòÚùÌÕÜ¢£Ù\0Ó' + // 0x90-0x9F
  'áíóúñÑªº¿Ò¬½¼¡«»' + // 0xA0-0xAF
  '\0'.repeat(48) + // 0xB0-0xDF box drawing
  '\0ß\0\0\0\0µ\0\0\0\0\0\0\0\0\0' + // 0xE0-0xEF
  '\0±\0\0\0\0÷\0°\0·\0\0²\0\u00a0'; // 0xF0-0xFF

export type PaginaCodigo = 'CP850' | 'CP860';

/** ESC t n value for each page (Epson numbering, also used by Elgin, Bematech, Daruma in ESC/POS mode). */
export const NUMERO_PAGINA: Record<PaginaCodigo, number> = { CP850: 2, CP860: 3 };

function tabela(metade: string): Map<string, number> {
  if ([...metade].length !== 128) throw new Error('Tabela de página de código incompleta');
  const m = new Map<string, number>();
  [...metade].forEach((c, i) => {
    if (c !== '\0' && !m.has(c)) m.set(c, 0x80 + i);
  });
  return m;
}

const TABELAS: Record<PaginaCodigo, Map<string, number>> = { CP850: tabela(CP850), CP860: tabela(CP860) };

/** Encodes text for the page; unmapped characters lose their accent, then become '?'. */
export function codificar(texto: string, pagina: PaginaCodigo): number[] {
  const t = TABELAS[pagina];
  const r: number[] = [];
  for (const c of texto) {
    const cp = c.codePointAt(0) ?? 63;
    if (cp >= 0x20 && cp < 0x7f) {
      r.push(cp);
      continue;
    }
    if (c === '\n') {
      r.push(0x0a);
      continue;
    }
    const b = t.get(c);
    if (b !== undefined) {
      r.push(b);
      continue;
    }
    const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const bb = base.codePointAt(0) ?? 63;
    r.push(base.length === 1 && bb >= 0x20 && bb < 0x7f ? bb : (t.get(base) ?? 0x3f));
  }
  return r;
}
