import { alinhaDireita, linhaEmissor, type RelatorioImpresso } from './imprimir.ts';

// PDF of a report (the same content as its print: title, filters, one table, totals), written by jsPDF and its
// autoTable plugin (docs/decisions/0021), imported only when a PDF is asked for. A4 landscape, Helvetica 8 pt:
// the 14 standard fonts need no embedding and their WinAnsi encoding covers Portuguese; the group and store (top
// right), title, filters and the table header repeat on every page, the totals close the table once, and each
// page says "página N de M".

const MARGEM = 32;
const FONTE = 8;
const LINHA = 11.5;

// WinAnsi has no minus sign, check mark or curly quotes of its own under these code points; the nearest glyph.
const SUBSTITUTOS: Record<string, string> = { '−': '-', '✓': 'v', '“': '"', '”': '"' };
const paraWinAnsi = (t: string) => [...t].map((c) => SUBSTITUTOS[c] ?? c).join('');

/** The report as a PDF file (bytes). `comprimir: false` leaves the page text readable (tests). */
export async function paraPdf(
  r: RelatorioImpresso,
  emitidoEm: string,
  { comprimir = true }: { comprimir?: boolean } = {},
): Promise<Uint8Array> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: comprimir });
  doc.setProperties({ title: r.titulo, creator: 'Retaguarda' });
  const largura = doc.internal.pageSize.getWidth();
  const altura = doc.internal.pageSize.getHeight();
  const cabecalho = [...r.filtros, `Emitido em ${emitidoEm}`].map(paraWinAnsi);
  const emissor = paraWinAnsi(linhaEmissor(r));
  const topo = MARGEM + 14 + cabecalho.length * LINHA + 6;
  const alinhamento = Object.fromEntries(
    r.colunas.map((c, i) => [i, { halign: alinhaDireita(c) ? ('right' as const) : ('left' as const) }]),
  );

  autoTable(doc, {
    head: [r.colunas.map((c) => paraWinAnsi(c.titulo))],
    body: r.linhas.map((l) => l.map(paraWinAnsi)),
    foot: r.rodape?.map((l) => l.map(paraWinAnsi)) ?? [],
    showHead: 'everyPage',
    showFoot: 'lastPage',
    margin: { top: topo, left: MARGEM, right: MARGEM, bottom: MARGEM },
    theme: 'plain',
    styles: { font: 'helvetica', fontSize: FONTE, cellPadding: 3, overflow: 'linebreak', textColor: 0 },
    headStyles: { fontStyle: 'bold', lineWidth: { bottom: 0.8 }, lineColor: 0 },
    footStyles: { fontStyle: 'bold', lineWidth: { top: 0.8 }, lineColor: 0 },
    columnStyles: alinhamento,
    // Every page opens with the title and the filters the report was made with.
    didDrawPage: () => {
      doc.setFont('helvetica', 'bold').setFontSize(13).setTextColor(0);
      doc.text(paraWinAnsi(r.titulo), MARGEM, MARGEM + 10);
      doc.setFont('helvetica', 'normal').setFontSize(FONTE);
      if (emissor) doc.text(emissor, largura - MARGEM, MARGEM + 10, { align: 'right' });
      cabecalho.forEach((linha, i) => {
        doc.text(linha, MARGEM, MARGEM + 24 + i * LINHA);
      });
    },
  });

  // Page numbers once the total is known.
  const paginas = doc.getNumberOfPages();
  for (let p = 1; p <= paginas; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal').setFontSize(FONTE);
    doc.text(`página ${p} de ${paginas}`, largura - MARGEM, altura - MARGEM / 2, { align: 'right' });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
