import type { LinhaDanfe } from '@retaguarda/fiscal';

// A printable document: lines (the DANFE NFC-e line model of packages/fiscal, so the fiscal receipt and our
// layouts share one renderer per printer language) at 48 columns, or 64 in the condensed font.
// Spec 1 section 9: receipt width 48 columns (condensed 64, expanded 24).

export type LinhaImpressao = LinhaDanfe;
export type Colunas = 48 | 64;

export const COLUNAS_NORMAL = 48;
export const COLUNAS_CONDENSADO = 64;
export const COLUNAS_EXPANDIDO = 24;

export interface DocumentoImpressao {
  /** Shown in the HTML preview and in the job's descricao. */
  titulo: string;
  linhas: LinhaImpressao[];
  colunas: Colunas;
  /** Cash drawer kick after the cut (sangria, suprimento, cash payments). */
  abrirGaveta?: boolean;
}

/** Text of `esq` and `dir` on one line of `largura` columns (`esq` is cut to make room). */
export function colunasLR(esq: string, dir: string, largura: number): string {
  const espaco = largura - dir.length;
  const e = esq.length > espaco - 1 ? esq.slice(0, Math.max(0, espaco - 1)) : esq;
  return e + ' '.repeat(Math.max(1, largura - e.length - dir.length)) + dir;
}

/** Word wrap at `largura` columns; words longer than a line are split. */
export function quebrar(texto: string, largura: number): string[] {
  const r: string[] = [];
  let atual = '';
  for (const palavra of texto.replace(/\s+/g, ' ').trim().split(' ')) {
    if (!palavra) continue;
    if (palavra.length > largura) {
      if (atual) r.push(atual);
      for (let i = 0; i < palavra.length; i += largura) r.push(palavra.slice(i, i + largura));
      atual = '';
      continue;
    }
    if (!atual) atual = palavra;
    else if (atual.length + 1 + palavra.length <= largura) atual += ` ${palavra}`;
    else {
      r.push(atual);
      atual = palavra;
    }
  }
  if (atual) r.push(atual);
  return r;
}

type Estilo = Omit<Extract<LinhaImpressao, { tipo: 'texto' }>, 'tipo' | 'texto'>;

/** Builds a document line by line, wrapping every text at the width its font allows. */
export class Construtor {
  readonly linhas: LinhaImpressao[] = [];
  constructor(readonly colunas: Colunas = 48) {}

  /** Width available for a line in this style (expanded text has half the columns). */
  largura(estilo: Estilo = {}): number {
    return estilo.expandido ? this.colunas / 2 : this.colunas;
  }

  /** Wrapped text; a leading indentation is kept on every wrapped line. */
  texto(texto: string, estilo: Estilo = {}): this {
    const recuo = /^ */.exec(texto)?.[0] ?? '';
    const largura = Math.max(8, this.largura(estilo) - recuo.length);
    for (const parte of quebrar(texto, largura))
      this.linhas.push({ tipo: 'texto', texto: recuo + parte, ...estilo });
    return this;
  }

  centro(texto: string, estilo: Omit<Estilo, 'alinhamento'> = {}): this {
    return this.texto(texto, { ...estilo, alinhamento: 'centro' });
  }

  /** Label on the left, value on the right. */
  par(esq: string, dir: string, estilo: Omit<Estilo, 'alinhamento'> = {}): this {
    this.linhas.push({ tipo: 'texto', texto: colunasLR(esq, dir, this.largura(estilo)), ...estilo });
    return this;
  }

  separador(): this {
    this.linhas.push({ tipo: 'separador' });
    return this;
  }

  branco(): this {
    this.linhas.push({ tipo: 'texto', texto: '' });
    return this;
  }

  qrCode(dados: string): this {
    this.linhas.push({ tipo: 'qrCode', dados });
    return this;
  }

  documento(titulo: string, extra: { abrirGaveta?: boolean } = {}): DocumentoImpressao {
    return { titulo, linhas: this.linhas, colunas: this.colunas, ...extra };
  }
}

/** Plain text of a document (tests, logs, the text-only printer and the agent's dry run). */
export function documentoComoTexto(doc: DocumentoImpressao): string {
  return doc.linhas
    .map((l) => {
      if (l.tipo === 'separador') return '-'.repeat(doc.colunas);
      if (l.tipo === 'qrCode') return `[QR] ${l.dados}`;
      const largura = l.expandido ? doc.colunas / 2 : doc.colunas;
      const t = l.texto.slice(0, largura);
      if (l.alinhamento === 'centro') return ' '.repeat(Math.floor((largura - t.length) / 2)) + t;
      if (l.alinhamento === 'direita') return t.padStart(largura);
      return t;
    })
    .join('\n');
}
