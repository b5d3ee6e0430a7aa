import { DESLOCAMENTO_RELATORIO_MS, formatarMoeda, formatarNumero } from '@retaguarda/domain';

// Export of a list or report (spec issue 4: CSV and XLSX). CSV is text, written here; the XLSX is written by
// write-excel-file (docs/decisions/0021), imported only when a spreadsheet is asked for so the library never
// reaches the login bundle. A cell is text, or a number: a number is written with a decimal comma in the CSV
// (what a Brazilian spreadsheet reads as a number) and as a numeric cell in the XLSX, so totals can be summed.

export type Celula = string | number;

/**
 * How a column's cells show in the spreadsheet: 'moeda' R$ 1.234,56, 'numero' 1.234 or 1.234,5, 'data' a date
 * cell (dd/mm/aaaa, with hh:mm when the text has a time), 'texto' always text (codes keep their zeros).
 * Without one, numbers are plain numeric cells and text is text.
 */
export type FormatoColuna = 'moeda' | 'numero' | 'data' | 'texto';

const numeroCsv = (v: number) => String(v).replace('.', ',');

/** CSV as Brazilian spreadsheets read it: ';' separator, CRLF, UTF-8 with BOM, quotes when needed. */
export function paraCsv(linhas: readonly (readonly Celula[])[]): string {
  const texto = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const celula = (v: Celula) => (typeof v === 'number' ? numeroCsv(v) : texto(v));
  return `\uFEFF${linhas.map((l) => l.map(celula).join(';')).join('\r\n')}\r\n`;
}

// XML 1.0 refuses control characters (tab, line feed and carriage return are allowed); a description pasted
// from elsewhere may carry one and would make the sheet unreadable.
const semControle = (v: string) =>
  [...v].filter((c) => c.charCodeAt(0) >= 32 || c === '\t' || c === '\n' || c === '\r').join('');

// Excel refuses a sheet name longer than 31 characters, empty, or with any of : \ / ? * [ ]
const nomeDePlanilha = (v: string) =>
  v
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Planilha1';

export interface OpcoesXlsx {
  /** Per column, in order (see FormatoColuna). */
  formatos?: readonly (FormatoColuna | undefined)[];
  /** How many of the last rows are totals: bold, with a line above. */
  linhasTotal?: number;
}

// Excel number formats (the file holds them with ',' for thousands and '.' for decimals; a pt-BR Excel or
// LibreOffice shows 1.234,56).
const FORMATO_MOEDA = '"R$" #,##0.00;-"R$" #,##0.00';
const FORMATO_INTEIRO = '#,##0';
const FORMATO_DECIMAL = '#,##0.0###';
const FORMATO_DATA = 'dd/mm/yyyy';
const FORMATO_DATA_HORA = 'dd/mm/yyyy hh:mm';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATA_BR = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANTE_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date cell's value: Excel has no time zone, so the Date carries the wall clock in its UTC fields. A day
 * ('25/11/2026', '2026-11-25') or a day and time as shown ('25/11/2026 14:30') stay as written; an instant
 * ('2026-11-25T17:30:00Z') is shown in -03:00, as every screen shows it. Anything else: null (kept as text).
 */
export function dataDaCelula(v: string): { data: Date; comHora: boolean } | null {
  const br = DATA_BR.exec(v.trim());
  if (br) {
    const [, d, m, a, h, mi, se] = br;
    const data = new Date(
      Date.UTC(Number(a), Number(m) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(se ?? 0)),
    );
    return data.getUTCDate() === Number(d) ? { data, comHora: h !== undefined } : null;
  }
  const iso = DATA_ISO.exec(v.trim());
  if (iso) {
    const [, a, m, d] = iso;
    const data = new Date(Date.UTC(Number(a), Number(m) - 1, Number(d)));
    return data.getUTCDate() === Number(d) ? { data, comHora: false } : null;
  }
  if (INSTANTE_ISO.test(v.trim())) {
    const ms = Date.parse(v);
    if (Number.isFinite(ms)) return { data: new Date(ms + DESLOCAMENTO_RELATORIO_MS), comHora: true };
  }
  return null;
}

type Estilo = { fontWeight?: 'bold'; topBorderStyle?: 'thin'; bottomBorderStyle?: 'thin' };
type CelulaXlsx =
  | ({ value: string; type: StringConstructor } & Estilo)
  | ({ value: number; type: NumberConstructor; format?: string } & Estilo)
  | ({ value: Date; type: DateConstructor; format: string } & Estilo);

/** A cell as written, and the width (in characters) it takes as a spreadsheet shows it. */
function celulaXlsx(v: Celula, formato: FormatoColuna | undefined, estilo: Estilo): [CelulaXlsx, number] {
  const texto = (t: string): [CelulaXlsx, number] => [
    { value: semControle(t), type: String, ...estilo },
    t.length,
  ];
  if (formato === 'texto') return texto(String(v));
  if (formato === 'data' && typeof v === 'string') {
    const d = dataDaCelula(v);
    if (!d) return texto(v);
    return [
      { value: d.data, type: Date, format: d.comHora ? FORMATO_DATA_HORA : FORMATO_DATA, ...estilo },
      d.comHora ? 16 : 10,
    ];
  }
  // A money or number column may get its figures as decimal text ("1234.56"): they become numbers.
  const n =
    typeof v === 'number'
      ? v
      : (formato === 'moeda' || formato === 'numero') && DECIMAL.test(v)
        ? Number(v)
        : null;
  if (n === null || !Number.isFinite(n)) return texto(String(v));
  if (formato === 'moeda')
    return [{ value: n, type: Number, format: FORMATO_MOEDA, ...estilo }, formatarMoeda(n).length];
  if (formato === 'numero') {
    const inteiro = Number.isInteger(n);
    const largura = (inteiro ? formatarNumero(n, 0) : formatarNumero(n, 4).replace(/0+$/, '')).length;
    return [
      { value: n, type: Number, format: inteiro ? FORMATO_INTEIRO : FORMATO_DECIMAL, ...estilo },
      largura,
    ];
  }
  return [{ value: n, type: Number, ...estilo }, String(n).length];
}

/**
 * One-sheet XLSX: the first row (header) in bold and frozen (it stays in view while scrolling), numbers as
 * numeric cells, text as text, each column's format (`opcoes.formatos`), the last `opcoes.linhasTotal` rows as
 * totals, each column as wide as its longest value as shown (between 8 and 60 characters).
 */
export async function paraXlsx(
  linhas: readonly (readonly Celula[])[],
  nomePlanilha = 'Planilha1',
  opcoes: OpcoesXlsx = {},
): Promise<Uint8Array> {
  const { default: escreverXlsx } = await import('write-excel-file/universal');
  const colunas = Math.max(0, ...linhas.map((l) => l.length));
  const larguras = Array.from({ length: colunas }, () => 8);
  const inicioTotais =
    linhas.length - Math.min(Math.max(0, opcoes.linhasTotal ?? 0), Math.max(0, linhas.length - 1));
  const dados = linhas.map((linha, r) => {
    const estilo: Estilo =
      r === 0
        ? { fontWeight: 'bold', bottomBorderStyle: 'thin' }
        : r >= inicioTotais
          ? { fontWeight: 'bold', ...(r === inicioTotais ? { topBorderStyle: 'thin' as const } : {}) }
          : {};
    return linha.map((v, c) => {
      // The header is always text.
      const [celula, largura] = celulaXlsx(v, r === 0 ? 'texto' : opcoes.formatos?.[c], estilo);
      larguras[c] = Math.min(60, Math.max(larguras[c] ?? 8, largura + 2));
      return celula;
    });
  });
  const arquivo = await escreverXlsx(dados, {
    sheet: nomeDePlanilha(nomePlanilha),
    columns: larguras.map((width) => ({ width })),
    ...(linhas.length > 1 ? { stickyRowsCount: 1 } : {}),
  }).toBlob();
  return new Uint8Array(await arquivo.arrayBuffer());
}

export function baixarArquivo(nome: string, conteudo: BlobPart, tipo: string): void {
  const url = URL.createObjectURL(new Blob([conteudo], { type: tipo }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
