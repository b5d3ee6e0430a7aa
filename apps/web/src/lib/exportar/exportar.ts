// Export of a list or report (spec issue 4: CSV and XLSX). CSV is text, written here; the XLSX is written by
// write-excel-file (docs/decisions/0021), imported only when a spreadsheet is asked for so the library never
// reaches the login bundle. A cell is text, or a number: a number is written with a decimal comma in the CSV
// (what a Brazilian spreadsheet reads as a number) and as a numeric cell in the XLSX, so totals can be summed.

export type Celula = string | number;

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

/**
 * One-sheet XLSX: the first row (header) in bold, numbers as numeric cells, text as text, each column as wide as
 * its longest text (between 8 and 60 characters).
 */
export async function paraXlsx(
  linhas: readonly (readonly Celula[])[],
  nomePlanilha = 'Planilha1',
): Promise<Uint8Array> {
  const { default: escreverXlsx } = await import('write-excel-file/universal');
  const colunas = Math.max(0, ...linhas.map((l) => l.length));
  const larguras = Array.from({ length: colunas }, (_, c) =>
    Math.min(60, Math.max(8, ...linhas.map((l) => String(l[c] ?? '').length + 2))),
  );
  const dados = linhas.map((linha, r) => {
    const estilo = r === 0 ? { fontWeight: 'bold' as const } : {};
    return linha.map((v) =>
      typeof v === 'number' && Number.isFinite(v)
        ? { value: v, type: Number, ...estilo }
        : { value: semControle(String(v)), type: String, ...estilo },
    );
  });
  const arquivo = await escreverXlsx(dados, {
    sheet: nomeDePlanilha(nomePlanilha),
    columns: larguras.map((width) => ({ width })),
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
