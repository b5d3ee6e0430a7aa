import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dataDaCelula, paraCsv, paraXlsx } from './exportar.ts';
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

/** The parts of an XLSX a test reads back: each cell's value, type and style, the frozen pane, the widths. */
function lerPlanilha(xlsx: Uint8Array) {
  const partes = unzipSync(xlsx);
  const ler = (nome: string) => strFromU8(partes[nome] ?? new Uint8Array());
  const folha = ler('xl/worksheets/sheet1.xml');
  const estilos = ler('xl/styles.xml');
  const formatos = new Map(
    [...estilos.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [
      m[1],
      (m[2] ?? '').replace(/&quot;/g, '"'),
    ]),
  );
  const xfs = [...(/<cellXfs[^>]*>(.*)<\/cellXfs>/s.exec(estilos)?.[1] ?? '').matchAll(/<xf([^>]*)>/g)].map(
    (m) => m[1] ?? '',
  );
  const fontes = [
    ...(/<fonts[^>]*>(.*)<\/fonts>/s.exec(estilos)?.[1] ?? '').matchAll(/<font>(.*?)<\/font>/g),
  ].map((m) => m[1] ?? '');
  const bordas = [
    ...(/<borders[^>]*>(.*)<\/borders>/s.exec(estilos)?.[1] ?? '').matchAll(/<border>(.*?)<\/border>/g),
  ].map((m) => m[1] ?? '');
  const attr = (xf: string, nome: string) => new RegExp(`${nome}="(\\d+)"`).exec(xf)?.[1];
  const celula = (ref: string) => {
    const m = new RegExp(`<c r="${ref}"([^>]*)><v>([^<]*)</v></c>`).exec(folha);
    if (!m) return undefined;
    const xf = xfs[Number(/s="(\d+)"/.exec(m[1] ?? '')?.[1] ?? 0)] ?? '';
    const numFmt = attr(xf, 'numFmtId');
    return {
      texto: /t="s"/.test(m[1] ?? ''),
      valor: m[2] ?? '',
      formato: numFmt ? formatos.get(numFmt) : undefined,
      negrito: (fontes[Number(attr(xf, 'fontId') ?? 0)] ?? '').includes('<b/>'),
      linhaAcima: (bordas[Number(attr(xf, 'borderId') ?? 0)] ?? '').includes('<top style="thin"/>'),
    };
  };
  const larguras = [...folha.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)].map((m) =>
    Number(m[2]),
  );
  return { folha, celula, larguras, textos: ler('xl/sharedStrings.xml') };
}

/** Excel's serial of a wall-clock day and time (days since 1899-12-30). */
const serial = (a: number, m: number, d: number, h = 0, mi = 0) =>
  Date.UTC(a, m - 1, d, h, mi) / 86_400_000 + 25_569;

describe('XLSX with formats, dates, totals and a frozen header', () => {
  const linhas = [
    ['Data', 'Produto', 'Código', 'Qtd', 'Valor'],
    ['25/11/2026 14:30', 'Pizza Grande Mussarela', 7, 2, '1234.5'],
    ['2026-11-24', 'Água', '010', 1.5, -3],
    ['31/02/2026', 'Data inválida', '', 0, 0],
    ['Total', '', '', 3.5, 1231.5],
  ];

  it('reads back: R$ and number formats, date cells, text codes, bold totals under a line, widths', async () => {
    const p = lerPlanilha(
      await paraXlsx(linhas, 'Vendas', {
        formatos: ['data', 'texto', 'texto', 'numero', 'moeda'],
        linhasTotal: 1,
      }),
    );
    // The header stays in view.
    expect(p.folha).toMatch(/<pane ySplit="1" xSplit="0" topLeftCell="A2"[^>]*state="frozen"\/>/);
    expect(p.celula('A1')).toMatchObject({ texto: true, negrito: true });
    // Dates are date cells (serial numbers with a date format), the wall clock as written.
    const a2 = p.celula('A2');
    expect(a2).toMatchObject({ texto: false, formato: 'dd/mm/yyyy hh:mm' });
    expect(Number(a2?.valor)).toBeCloseTo(serial(2026, 11, 25, 14, 30), 6);
    expect(p.celula('A3')).toMatchObject({
      texto: false,
      formato: 'dd/mm/yyyy',
      valor: String(serial(2026, 11, 24)),
    });
    // Not a date: kept as the text it was.
    expect(p.celula('A4')).toMatchObject({ texto: true });
    expect(p.textos).toContain('<t>31/02/2026</t>');
    // Money: numeric cells in R$, decimal text included; numbers: integer or decimal format.
    const moeda = '"R$" #,##0.00;-"R$" #,##0.00';
    expect(p.celula('E2')).toMatchObject({ texto: false, valor: '1234.5', formato: moeda, negrito: false });
    expect(p.celula('E3')).toMatchObject({ texto: false, valor: '-3', formato: moeda });
    expect(p.celula('D2')).toMatchObject({ valor: '2', formato: '#,##0' });
    expect(p.celula('D3')).toMatchObject({ valor: '1.5', formato: '#,##0.0###' });
    // A code column is text, even when the report hands a number.
    expect(p.celula('C2')).toMatchObject({ texto: true });
    expect(p.textos).toContain('<t>010</t>');
    // The totals row: bold with a line above; the row before it is not.
    expect(p.celula('A5')).toMatchObject({ texto: true, negrito: true, linhaAcima: true });
    expect(p.celula('E5')).toMatchObject({
      valor: '1231.5',
      formato: moeda,
      negrito: true,
      linhaAcima: true,
    });
    expect(p.celula('E4')).toMatchObject({ negrito: false, linhaAcima: false });
    // Widths follow what is shown: "dd/mm/aaaa hh:mm" (16), the product's name, "-R$ 1.234,50"... (min 8).
    expect(p.larguras).toEqual([18, 'Pizza Grande Mussarela'.length + 2, 8, 8, 'R$ 1.231,50'.length + 2]);
  });

  it('without formats keeps the old behaviour: numbers numeric, text as text, no totals styling', async () => {
    const p = lerPlanilha(await paraXlsx(linhas));
    expect(p.celula('E2')).toMatchObject({ texto: true });
    expect(p.celula('D3')).toMatchObject({ texto: false, valor: '1.5', formato: undefined });
    expect(p.celula('A5')).toMatchObject({ negrito: false, linhaAcima: false });
    expect(p.folha).toContain('state="frozen"');
  });

  it('reads a date as a day, a day and time, or an instant shown in -03:00', () => {
    expect(dataDaCelula('2026-11-25T17:30:00.000Z')).toEqual({
      data: new Date(Date.UTC(2026, 10, 25, 14, 30)),
      comHora: true,
    });
    expect(dataDaCelula('29/02/2028')?.comHora).toBe(false);
    expect(dataDaCelula('29/02/2027')).toBeNull();
    expect(dataDaCelula('Total')).toBeNull();
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
    expect(html).not.toContain(' · ');
  });

  it('names the group and the store above the title; money columns align right', () => {
    const html = htmlDoRelatorio(
      {
        titulo: 'Vendas',
        filtros: [],
        colunas: [
          { titulo: 'Dia', formato: 'data' },
          { titulo: 'Líquido', formato: 'moeda' },
        ],
        linhas: [['25/11/2026', 'R$ 30,00']],
        grupo: 'Grupo <Demo>',
        empresa: 'Loja Centro',
      },
      '10/05/2026 12:00',
    );
    expect(html).toContain('<p>Grupo &lt;Demo&gt; · Loja Centro</p><h1>Vendas</h1>');
    expect(html).toContain('<td>25/11/2026</td><td class="d">R$ 30,00</td>');
  });
});
