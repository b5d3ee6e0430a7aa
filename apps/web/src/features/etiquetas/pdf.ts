import {
  type ElementoEtiqueta,
  FONTES_ETIQUETA,
  type FormatoEtiqueta,
  type LayoutEtiqueta,
  modulosCodigoBarras,
  PONTOS_POR_MM,
} from '@retaguarda/domain/etiquetas/index';

// The A4 sheet of labels for a store without a label printer (issue 20 "Labels"), written by jsPDF (the
// report exports' library, docs/decisions/0021): the labels of the chosen format tiled on A4 portrait with
// 10 mm margins and 2 mm between them, a thin cut line around each, the same layout the printers get
// (description, price, unit price, promotion, validity), EAN-13/EAN-8 drawn bar by bar from the GS1
// patterns; a Code 128 code is printed as its text. Helvetica: WinAnsi covers Portuguese.

const MARGEM_MM = 10;
const ESPACO_MM = 2;
/** Font size in points whose capital letters are about the layout's dot height. */
const PONTOS_FONTE = { pequena: 7, media: 9, grande: 20 } as const;

export interface FolhaA4 {
  colunas: number;
  linhas: number;
  porPagina: number;
}

export function folhaA4(formato: Pick<FormatoEtiqueta, 'larguraMm' | 'alturaMm'>): FolhaA4 {
  const colunas = Math.max(
    1,
    Math.floor((210 - 2 * MARGEM_MM + ESPACO_MM) / (formato.larguraMm + ESPACO_MM)),
  );
  const linhas = Math.max(1, Math.floor((297 - 2 * MARGEM_MM + ESPACO_MM) / (formato.alturaMm + ESPACO_MM)));
  return { colunas, linhas, porPagina: colunas * linhas };
}

type Doc = InstanceType<typeof import('jspdf')['jsPDF']>;

function desenhar(doc: Doc, e: ElementoEtiqueta, x0: number, y0: number): void {
  const mm = (pontos: number) => pontos / PONTOS_POR_MM;
  if (e.tipo === 'texto') {
    doc.setFont('helvetica', e.fonte === 'pequena' ? 'normal' : 'bold').setFontSize(PONTOS_FONTE[e.fonte]);
    doc.text(e.texto, x0 + mm(e.x), y0 + mm(e.y + FONTES_ETIQUETA[e.fonte].altura), { baseline: 'bottom' });
    return;
  }
  const modulos = modulosCodigoBarras(e.codigo);
  const topo = y0 + mm(e.y);
  const altura = mm(e.altura);
  const largura = mm(e.modulo);
  for (let i = 0; i < modulos.length; i++) {
    if (modulos[i] === '1') doc.rect(x0 + mm(e.x) + i * largura, topo, largura, altura, 'F');
  }
  doc.setFont('helvetica', 'normal').setFontSize(PONTOS_FONTE.pequena);
  doc.text(e.codigo.codigo, x0 + mm(e.x), topo + altura + 3, { baseline: 'bottom' });
}

/** The sheet as PDF bytes; each layout repeated its quantity. `comprimir: false` keeps the text readable (tests). */
export async function etiquetasA4Pdf(
  etiquetas: readonly { layout: LayoutEtiqueta; quantidade: number }[],
  formato: FormatoEtiqueta,
  { comprimir = true }: { comprimir?: boolean } = {},
): Promise<Uint8Array> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: comprimir });
  doc.setProperties({
    title: `Etiquetas ${formato.larguraMm}x${formato.alturaMm} mm`,
    creator: 'Retaguarda',
  });
  const folha = folhaA4(formato);
  const sequencia = etiquetas.flatMap((e) => Array.from({ length: e.quantidade }, () => e.layout));
  sequencia.forEach((layout, i) => {
    const naPagina = i % folha.porPagina;
    if (i > 0 && naPagina === 0) doc.addPage();
    const x0 = MARGEM_MM + (naPagina % folha.colunas) * (formato.larguraMm + ESPACO_MM);
    const y0 = MARGEM_MM + Math.floor(naPagina / folha.colunas) * (formato.alturaMm + ESPACO_MM);
    doc.setDrawColor(190, 190, 190).setLineWidth(0.1).rect(x0, y0, formato.larguraMm, formato.alturaMm, 'S');
    doc.setTextColor(0, 0, 0).setFillColor(0, 0, 0);
    for (const e of layout.elementos) desenhar(doc, e, x0, y0);
  });
  return new Uint8Array(doc.output('arraybuffer'));
}
