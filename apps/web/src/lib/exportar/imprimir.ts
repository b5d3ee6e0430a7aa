// Print of a report: a plain HTML page (title, the filters it was made with, one table, totals) printed from a
// hidden frame, so the menu, the buttons and the dark theme of the screen never reach the paper.

import type { FormatoColuna } from './exportar.ts';

export interface RelatorioImpresso {
  titulo: string;
  /** Lines under the title: 'Empresa: Loja Centro', 'Período: 01/05/2026 a 31/05/2026'. */
  filtros: string[];
  /** `formato`: how the spreadsheet shows the column (money and numbers also align right on paper). */
  colunas: { titulo: string; direita?: boolean; formato?: FormatoColuna }[];
  linhas: string[][];
  /** Footer rows (totals), aligned with the columns. */
  rodape?: string[][];
  /** Who the report is of, at the top of every page: the business group and the store it was issued in. */
  grupo?: string;
  empresa?: string;
}

/** "Grupo Demo · Loja Centro" (what of it is known). */
export const linhaEmissor = (r: Pick<RelatorioImpresso, 'grupo' | 'empresa'>) =>
  [r.grupo, r.empresa].filter(Boolean).join(' · ');

/** Whether a column aligns right: as told, else money and numbers. */
export const alinhaDireita = (c: RelatorioImpresso['colunas'][number]) =>
  c.direita ?? (c.formato === 'moeda' || c.formato === 'numero');

const escapar = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function htmlDoRelatorio(r: RelatorioImpresso, emitidoEm: string): string {
  const coluna = (i: number) => r.colunas[i];
  const alinhamento = (i: number) => {
    const c = coluna(i);
    return c && alinhaDireita(c) ? ' class="d"' : '';
  };
  const emissor = linhaEmissor(r);
  const linha = (celulas: string[], tag: 'td' | 'th') =>
    `<tr>${celulas.map((c, i) => `<${tag}${alinhamento(i)}>${escapar(c)}</${tag}>`).join('')}</tr>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapar(r.titulo)}</title>
<style>
  body { font: 11px/1.35 system-ui, sans-serif; color: #000; margin: 12mm; }
  h1 { font-size: 15px; margin: 0 0 4px; }
  p { margin: 0; color: #333; }
  table { border-collapse: collapse; width: 100%; margin-top: 10px; }
  th, td { border-bottom: 1px solid #ccc; padding: 3px 4px; text-align: left; vertical-align: top; }
  th { border-bottom: 1.5px solid #000; }
  tfoot td { border-top: 1.5px solid #000; border-bottom: 0; font-weight: 600; }
  .d { text-align: right; white-space: nowrap; }
  @page { margin: 10mm; }
</style></head><body>
${emissor ? `<p>${escapar(emissor)}</p>` : ''}<h1>${escapar(r.titulo)}</h1>
${r.filtros.map((f) => `<p>${escapar(f)}</p>`).join('')}
<p>Emitido em ${escapar(emitidoEm)}</p>
<table><thead>${linha(
    r.colunas.map((c) => c.titulo),
    'th',
  )}</thead><tbody>${r.linhas.map((l) => linha(l, 'td')).join('')}</tbody>${
    r.rodape?.length ? `<tfoot>${r.rodape.map((l) => linha(l, 'td')).join('')}</tfoot>` : ''
  }</table></body></html>`;
}

/** Prints the report from a hidden frame that is removed after the print dialog closes. */
export function imprimirRelatorio(r: RelatorioImpresso, emitidoEm: string): void {
  const quadro = document.createElement('iframe');
  quadro.setAttribute('aria-hidden', 'true');
  quadro.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  quadro.srcdoc = htmlDoRelatorio(r, emitidoEm);
  quadro.onload = () => {
    const janela = quadro.contentWindow;
    if (!janela) return;
    janela.addEventListener('afterprint', () => setTimeout(() => quadro.remove(), 0));
    janela.focus();
    janela.print();
  };
  document.body.append(quadro);
}
