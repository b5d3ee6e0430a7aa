import { qrCodeSvg } from '@retaguarda/fiscal';
import type { DocumentoImpressao } from './documento.ts';

// HTML preview of a document as an 80 mm roll: monospace at the document's column count, so what the
// back-office shows wraps exactly like the printer.

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function documentoHtml(doc: DocumentoImpressao): string {
  const corpo = doc.linhas
    .map((l) => {
      if (l.tipo === 'separador') return `<div class="sep">${'-'.repeat(doc.colunas)}</div>`;
      if (l.tipo === 'qrCode') return `<div class="qr">${qrCodeSvg(l.dados)}</div>`;
      const classes = [
        l.alinhamento === 'centro' ? 'c' : l.alinhamento === 'direita' ? 'd' : '',
        l.negrito ? 'b' : '',
        l.expandido ? 'x' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<div${classes ? ` class="${classes}"` : ''}>${escapeHtml(l.texto) || '&nbsp;'}</div>`;
    })
    .join('\n');
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(doc.titulo)}</title><style>` +
    `body{margin:0;background:#fff;color:#000}` +
    `.papel{width:${doc.colunas}ch;margin:8px auto;padding:8px;font-family:"Courier New",monospace;` +
    `font-size:${doc.colunas === 64 ? 10 : 12}px;line-height:1.25;border:1px solid #ddd}` +
    // Spaces kept inside a line only: the newlines between the lines' elements must not add blank lines.
    `.papel>div{white-space:pre}` +
    `.c{text-align:center}.d{text-align:right}.b{font-weight:bold}` +
    `.x{font-size:2em;line-height:1.1}.sep{overflow:hidden}.qr{text-align:center}` +
    `.gaveta{font-style:italic;text-align:center;color:#555}` +
    `@media print{@page{size:80mm auto;margin:2mm}.papel{border:0}}` +
    `</style></head><body><div class="papel">\n${corpo}\n` +
    `${doc.abrirGaveta ? '<div class="gaveta">[abre a gaveta]</div>\n' : ''}</div></body></html>`
  );
}
