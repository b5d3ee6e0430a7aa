import { codificarTexto } from '../balanca/arquivos/texto-fixo.ts';
import { modelosImpressora } from '../catalogos/gerais.ts';
import type { CodigoBarras } from './codigo-barras.ts';
import {
  type ElementoEtiqueta,
  FONTES_ETIQUETA,
  type FonteEtiqueta,
  type LinhaEtiquetas,
} from './etiqueta.ts';

// The label rows in the printers' own languages, byte for byte (issue 20 "Labels"):
// - ZPL II (Zebra, model 6): ^XA ... ^XZ per row, ^CI28 so the text goes as UTF-8, font 0 scaled, ^BE / ^B8 /
//   ^BC barcodes with the interpretation line, ^PQ copies.
// - EPL2 (Elgin L42 and other PPLB printers, model 8: PPLB is Argox's EPL2 emulation): I8,A,001 (8-bit,
//   Windows-1252), q/Q size, N clears, A text (fonts 2, 3, 4x2), B barcode (E30 EAN-13, E80 EAN-8, 1 Code 128),
//   P copies; each command ends with LF.
// - PPLA (Argox, model 7; Datamax DPL records): <STX>ySW1 (Windows-1252 symbol set), <STX>L, D11, metric
//   mode, one record per field (rotation, font 9 smooth font / barcode F EAN-13, G EAN-8, E Code 128 with the
//   human-readable line, sizes, row from the bottom edge and column in 0.1 mm), Qnnnn copies, E prints; CR ends.
// - ESC/POS (receipt printers 1, 3, 5, for the one-column roll formats): ESC @, ESC t 3 (CP860), the lines
//   left to right with bold / double size, GS k barcodes with HRI below, feed and partial cut per label.
// EAN data goes without its check digit: the printers compute it (the code was validated before).

export type LinguagemEtiqueta = 'ZPL' | 'EPL' | 'PPLA' | 'ESCPOS';

export const NOMES_LINGUAGEM: Readonly<Record<LinguagemEtiqueta, string>> = {
  ZPL: 'ZPL II',
  EPL: 'EPL2 (PPLB)',
  PPLA: 'PPLA',
  ESCPOS: 'ESC/POS',
};

/** The label language of a printer model (catalogue modeloImpressora), or undefined when it prints none. */
export function linguagemDoModelo(modelo: number): LinguagemEtiqueta | undefined {
  const sigla = modelosImpressora.porId(modelo as 0)?.sigla;
  if (sigla === 'ZPL') return 'ZPL';
  if (sigla === 'PPLA') return 'PPLA';
  if (sigla === 'PPLB') return 'EPL';
  if (sigla === 'ESCPOS') return 'ESCPOS';
  return undefined;
}

const semCheck = (c: CodigoBarras) => (c.simbologia === 'code128' ? c.codigo : c.codigo.slice(0, -1));

// ---- ZPL II ----
const FONTE_ZPL: Readonly<Record<FonteEtiqueta, string>> = {
  pequena: '^A0N,16,12',
  media: '^A0N,20,14',
  grande: '^A0N,48,32',
};
const BARRAS_ZPL = { ean13: '^BEN,', ean8: '^B8N,', code128: '^BCN,' } as const;
/** ^ and ~ start ZPL commands: they never reach a field's data. */
const textoZpl = (t: string) => t.replace(/[\^~]/g, ' ');

function campoZpl(e: ElementoEtiqueta): string {
  if (e.tipo === 'texto') return `^FO${e.x},${e.y}${FONTE_ZPL[e.fonte]}^FD${textoZpl(e.texto)}^FS`;
  const fim = e.codigo.simbologia === 'code128' ? ',Y,N,N' : ',Y,N';
  return `^BY${e.modulo}^FO${e.x},${e.y}${BARRAS_ZPL[e.codigo.simbologia]}${e.altura}${fim}^FD${semCheck(e.codigo)}^FS`;
}

export function etiquetasZpl(linhas: readonly LinhaEtiquetas[]): Uint8Array {
  const texto = linhas
    .map((l) =>
      [
        '^XA',
        '^CI28',
        `^PW${l.largura}`,
        `^LL${l.altura}`,
        '^LH0,0',
        ...l.elementos.map(campoZpl),
        `^PQ${l.copias}`,
        '^XZ',
      ].join('\n'),
    )
    .join('\n');
  return new TextEncoder().encode(`${texto}\n`);
}

// ---- EPL2 ----
const FONTE_EPL: Readonly<Record<FonteEtiqueta, string>> = {
  pequena: '2,1,1',
  media: '3,1,1',
  grande: '4,2,2',
};
const BARRAS_EPL = { ean13: 'E30', ean8: 'E80', code128: '1' } as const;
const textoEpl = (t: string) => t.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

function campoEpl(e: ElementoEtiqueta): string {
  if (e.tipo === 'texto') return `A${e.x},${e.y},0,${FONTE_EPL[e.fonte]},N,"${textoEpl(e.texto)}"`;
  return `B${e.x},${e.y},0,${BARRAS_EPL[e.codigo.simbologia]},${e.modulo},${e.modulo * 2},${e.altura},B,"${semCheck(e.codigo)}"`;
}

export function etiquetasEpl(linhas: readonly LinhaEtiquetas[]): Uint8Array {
  const texto = linhas
    .map((l) =>
      [
        '',
        'I8,A,001',
        `q${l.largura}`,
        `Q${l.altura},24`,
        'N',
        ...l.elementos.map(campoEpl),
        `P${l.copias}`,
      ].join('\n'),
    )
    .join('\n');
  return codificarTexto(`${texto}\n`, 'windows-1252');
}

// ---- PPLA ----
const STX = '\x02';
const FONTE_PPLA: Readonly<Record<FonteEtiqueta, string>> = { pequena: '001', media: '002', grande: '006' };
const BARRAS_PPLA = { ean13: 'F', ean8: 'G', code128: 'E' } as const;
/** Dots (8/mm) to tenths of a millimetre, four digits. */
const decimos = (pontos: number) => String(Math.round((pontos * 10) / 8)).padStart(4, '0');

function campoPpla(e: ElementoEtiqueta, altura: number): string {
  if (e.tipo === 'texto') {
    const linha = altura - e.y - FONTES_ETIQUETA[e.fonte].altura;
    return `1911${FONTE_PPLA[e.fonte]}${decimos(linha)}${decimos(e.x)}${e.texto}`;
  }
  const m = String(e.modulo);
  const alturaBarras = String(Math.round((e.altura * 10) / 8)).padStart(3, '0');
  const linha = altura - e.y - e.altura;
  return `1${BARRAS_PPLA[e.codigo.simbologia]}${m}${m}${alturaBarras}${decimos(linha)}${decimos(e.x)}${semCheck(e.codigo)}`;
}

export function etiquetasPpla(linhas: readonly LinhaEtiquetas[]): Uint8Array {
  const texto = linhas
    .map((l) =>
      [
        `${STX}ySW1`,
        `${STX}L`,
        'D11',
        'm',
        ...l.elementos.map((e) => campoPpla(e, l.altura)),
        `Q${String(l.copias).padStart(4, '0')}`,
        'E',
      ].join('\r'),
    )
    .join('\r');
  return codificarTexto(`${texto}\r`, 'windows-1252');
}

// ---- ESC/POS ----
const CP860 = 'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù\0ÓáíóúñÑªº¿Ò¬½¼¡«»';

/** CP860 (Portuguese) bytes; a character outside it loses its accent, else becomes '?'. */
export function codificarCp860(texto: string): number[] {
  const r: number[] = [];
  for (const c of texto) {
    const p = c.codePointAt(0) ?? 0x3f;
    if (p >= 0x20 && p < 0x7f) {
      r.push(p);
      continue;
    }
    const i = CP860.indexOf(c);
    if (c !== '\0' && i >= 0) {
      r.push(0x80 + i);
      continue;
    }
    for (const s of c.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
      const q = s.codePointAt(0) ?? 0x3f;
      r.push(q >= 0x20 && q < 0x7f ? q : 0x3f);
    }
  }
  return r;
}

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;
const BARRAS_ESCPOS = { ean13: 67, ean8: 68, code128: 73 } as const;

function campoEscPos(e: ElementoEtiqueta): number[] {
  if (e.tipo === 'texto') {
    const t = codificarCp860(e.texto);
    if (e.fonte === 'pequena') return [...t, LF];
    if (e.fonte === 'media') return [ESC, 0x45, 1, ...t, ESC, 0x45, 0, LF];
    return [GS, 0x21, 0x11, ...t, GS, 0x21, 0x00, LF];
  }
  const dados = [...(e.codigo.simbologia === 'code128' ? `{B${e.codigo.codigo}` : semCheck(e.codigo))].map(
    (c) => c.charCodeAt(0),
  );
  return [
    GS,
    0x68,
    e.altura,
    GS,
    0x77,
    Math.max(2, e.modulo),
    GS,
    0x48,
    2,
    GS,
    0x6b,
    BARRAS_ESCPOS[e.codigo.simbologia],
    dados.length,
    ...dados,
    LF,
  ];
}

/** One label after another on the roll (only one-column formats reach here), cut after each. */
export function etiquetasEscPos(linhas: readonly LinhaEtiquetas[]): Uint8Array {
  const bytes: number[] = [ESC, 0x40, ESC, 0x74, 3];
  for (const l of linhas) {
    const etiqueta = l.elementos.flatMap(campoEscPos);
    for (let i = 0; i < l.copias; i++) bytes.push(...etiqueta, LF, LF, LF, GS, 0x56, 66, 0);
  }
  return Uint8Array.from(bytes);
}

export function renderizarEtiquetas(
  linguagem: LinguagemEtiqueta,
  linhas: readonly LinhaEtiquetas[],
): Uint8Array {
  switch (linguagem) {
    case 'ZPL':
      return etiquetasZpl(linhas);
    case 'EPL':
      return etiquetasEpl(linhas);
    case 'PPLA':
      return etiquetasPpla(linhas);
    case 'ESCPOS':
      return etiquetasEscPos(linhas);
  }
}
