import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { paraCsv, paraXlsx } from './exportar.ts';
import { htmlDoRelatorio } from './imprimir.ts';

describe('numbers in exported reports', () => {
  it('writes a number with a decimal comma in the CSV', () => {
    expect(
      paraCsv([
        ['Valor', 'Qtd'],
        [1234.5, -0.25],
      ]),
    ).toBe('\uFEFFValor;Qtd\r\n1234,5;-0,25\r\n');
  });

  it('writes a real XLSX zip: numeric cells, text as text, bold header, column widths', async () => {
    const xlsx = await paraXlsx(
      [
        ['Produto', 'Valor'],
        ['Queijo <minas> & cia', 30.5],
        ['Ação\u0007', -0.25],
      ],
      'Relatório: maio/2026',
    );
    expect(Array.from(xlsx.slice(0, 4))).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const partes = unzipSync(xlsx);
    const ler = (nome: string) => strFromU8(partes[nome] ?? new Uint8Array());
    const planilha = ler('xl/worksheets/sheet1.xml');
    // Numbers are numeric cells (no t="s"/"inlineStr"), so a spreadsheet can sum them.
    expect(planilha).toMatch(/<c r="B2"[^>]*><v>30\.5<\/v><\/c>/);
    expect(planilha).toMatch(/<c r="B3"[^>]*><v>-0\.25<\/v><\/c>/);
    expect(planilha).not.toMatch(/<c r="B2"[^>]*t="/);
    expect(planilha).toMatch(/<col [^>]*width="/);
    // Text goes to the shared strings, escaped and without control characters.
    const textos = ler('xl/sharedStrings.xml');
    expect(textos).toContain('Queijo &lt;minas&gt; &amp; cia');
    expect(textos).toContain('<t>Ação</t>');
    // The header's style has a bold font.
    expect(ler('xl/styles.xml')).toContain('<b/>');
    expect(ler('xl/workbook.xml')).toContain('name="Relatório  maio 2026"');
  });
});

describe('printed report', () => {
  it('escapes the text and aligns the number columns right', () => {
    const html = htmlDoRelatorio(
      {
        titulo: 'Kardex <teste>',
        filtros: ['Empresa: Loja & Cia'],
        colunas: [{ titulo: 'Produto' }, { titulo: 'Valor', direita: true }],
        linhas: [['Queijo', 'R$ 30,00']],
        rodape: [['Total', 'R$ 30,00']],
      },
      '10/05/2026 12:00',
    );
    expect(html).toContain('<h1>Kardex &lt;teste&gt;</h1>');
    expect(html).toContain('<p>Empresa: Loja &amp; Cia</p>');
    expect(html).toContain('<td class="d">R$ 30,00</td>');
    expect(html).toContain('<tfoot><tr><td>Total</td><td class="d">R$ 30,00</td></tr></tfoot>');
  });
});
