import { formatoEtiqueta, modulosCodigoBarras, montarEtiquetas } from '@retaguarda/domain/etiquetas/index';
import { describe, expect, it } from 'vitest';
import { etiquetasA4Pdf, folhaA4 } from './pdf.ts';

// The A4 sheet opened as text (no PDF reader is a dependency: the uncompressed content streams are read):
// pages, the labels' texts in WinAnsi, the EAN bars as filled rectangles.

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

describe('etiquetasA4Pdf', () => {
  it('tiles the labels on A4 pages with their texts (accents in WinAnsi), prices and EAN bars', async () => {
    const formato = formatoEtiqueta(11);
    if (!formato) throw new Error('formato 11');
    expect(folhaA4(formato)).toEqual({ colunas: 3, linhas: 8, porPagina: 24 });
    const montado = montarEtiquetas(
      [
        {
          descricao: 'Pão de Queijo Congelado',
          preco: '12.90',
          conteudo: { quantidade: '400', unidade: 'g' },
          codigoBarras: '7894900011517',
          quantidade: 20,
        },
        {
          descricao: 'Queijo Minas Padrão',
          preco: '45.00',
          unidade: 'KG',
          validadeDias: 5,
          promocao: { preco: '39.90', fim: '2026-11-30' },
          codigoBarras: 'QMP-1',
          quantidade: 10,
        },
      ],
      11,
      '2026-11-26',
    );
    if (!montado.ok) throw new Error(montado.mensagem);
    const pdf = await etiquetasA4Pdf(
      montado.valor.layouts.map((layout, i) => ({ layout, quantidade: i === 0 ? 20 : 10 })),
      formato,
      { comprimir: false },
    );
    const texto = latin1(pdf);
    expect(texto.startsWith('%PDF-')).toBe(true);
    expect(texto.trimEnd().endsWith('%%EOF')).toBe(true);
    // 30 labels, 24 a page: two A4 portrait pages
    expect(Number(/\/Type \/Pages[^>]*\/Count (\d+)/s.exec(texto)?.[1])).toBe(2);
    expect(texto).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    expect(texto.split('(P\xe3o de Queijo Congelado) Tj')).toHaveLength(21);
    expect(texto.split('(Queijo Minas Padr\xe3o) Tj')).toHaveLength(11);
    expect(texto).toContain('(R$ 12,90) Tj');
    expect(texto).toContain('(R$ 32,25/kg) Tj');
    expect(texto).toContain('(DE R$ 45,00 POR) Tj');
    expect(texto).toContain('(R$ 39,90/kg) Tj');
    expect(texto).toContain('(Oferta at\xe9 30/11/26) Tj');
    expect(texto).toContain('(Emb 26/11/26 Val 01/12/26) Tj');
    expect(texto).toContain('(7894900011517) Tj');
    expect(texto).toContain('(QMP-1) Tj');
    // Each dark module a filled rectangle: the EAN-13 7894900011517 on 20 labels, the Code 128 QMP-1 on 10
    const escuros = (codigo: Parameters<typeof modulosCodigoBarras>[0]) =>
      [...modulosCodigoBarras(codigo)].filter((m) => m === '1').length;
    const ean = escuros({ simbologia: 'ean13', codigo: '7894900011517' });
    const code128 = escuros({ simbologia: 'code128', codigo: 'QMP-1' });
    expect(ean).toBeGreaterThan(30);
    expect(code128).toBeGreaterThan(30);
    expect(texto.match(/ re\nf\n/g)?.length).toBe(20 * ean + 10 * code128);
  });
});
