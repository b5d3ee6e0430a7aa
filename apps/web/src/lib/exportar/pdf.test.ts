import { describe, expect, it } from 'vitest';
import { paraPdf } from './pdf.ts';

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

describe('paraPdf', () => {
  const relatorio = {
    titulo: 'Relatório da Agenda Financeira',
    filtros: ['Período: 01/11/2026 a 30/11/2026'],
    colunas: [{ titulo: 'Descrição' }, { titulo: 'Valor', direita: true }],
    linhas: Array.from({ length: 120 }, (_, i) => [`Título (${i}) ação — nº ${i}…`, 'R$ 1.234,56']),
    rodape: [['Total', 'R$ 148.147,20']],
    grupo: 'Grupo Demonstração',
    empresa: 'Loja Centro',
  };

  it('writes a multi-page A4 PDF whose text is in WinAnsi (accents as single bytes), numbered pages and the totals', async () => {
    const texto = latin1(await paraPdf(relatorio, '26/11/2026 05:00', { comprimir: false }));
    expect(texto.startsWith('%PDF-')).toBe(true);
    expect(texto.trimEnd().endsWith('%%EOF')).toBe(true);
    const paginas = Number(/\/Type \/Pages[^>]*\/Count (\d+)/s.exec(texto)?.[1]);
    expect(paginas).toBeGreaterThan(1);
    // A4 landscape in points.
    expect(texto).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/);
    expect(texto).toContain('(Relat\xf3rio da Agenda Financeira)');
    expect(texto).toContain('(Per\xedodo: 01/11/2026 a 30/11/2026)');
    expect(texto).toContain('(T\xedtulo \\(7\\) a\xe7\xe3o \x97 n\xba 7\x85)');
    expect(texto).toContain('(R$ 148.147,20)');
    expect(texto).toContain(`(p\xe1gina ${paginas} de ${paginas})`);
    // Every page names the group and the store the report is of.
    expect(texto.split('(Grupo Demonstra\xe7\xe3o \xb7 Loja Centro)').length - 1).toBe(paginas);
  });

  it('aligns money and number columns right unless told, and writes no empty header line', async () => {
    const { grupo: _g, empresa: _e, ...semEmissor } = relatorio;
    const texto = latin1(
      await paraPdf(
        { ...semEmissor, colunas: [{ titulo: 'Descrição' }, { titulo: 'Valor', formato: 'moeda' }] },
        '26/11/2026 05:00',
        { comprimir: false },
      ),
    );
    expect(texto).not.toContain(' \xb7 ');
    // Where a row's value starts (narrower than the total, the column's widest): further right when aligned right.
    const x = (pdf: string) => Number(/([\d.]+) [\d.]+ Td\s*\(R\$ 1\.234,56\) Tj/.exec(pdf)?.[1]);
    const esquerda = latin1(
      await paraPdf(
        { ...semEmissor, colunas: [{ titulo: 'Descrição' }, { titulo: 'Valor', formato: 'texto' }] },
        '26/11/2026 05:00',
        { comprimir: false },
      ),
    );
    expect(x(esquerda)).toBeGreaterThan(0);
    expect(x(texto)).toBeGreaterThan(x(esquerda));
  });

  it('compresses the page streams by default', async () => {
    const pdf = await paraPdf(relatorio, '26/11/2026 05:00');
    const texto = latin1(pdf);
    expect(texto.startsWith('%PDF-')).toBe(true);
    expect(texto).toContain('/FlateDecode');
    expect(texto).not.toContain('(R$ 148.147,20)');
  });
});
