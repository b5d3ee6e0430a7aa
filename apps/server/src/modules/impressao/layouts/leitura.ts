import { type Alinhamento, codificar, type PaginaCodigo } from '@retaguarda/fiscal';
import type { DocumentoImpressao, LinhaImpressao } from './documento.ts';

// Reads ESC/POS bytes back into document lines: the HTML preview of a job created with raw content, and
// the tests' way of checking what a printer got. Only the commands our renderers emit are understood;
// anything else is skipped.

function tabelaReversa(pagina: PaginaCodigo): Map<number, string> {
  const r = new Map<number, string>();
  for (let cp = 0xa0; cp <= 0x17f; cp++) {
    const c = String.fromCodePoint(cp);
    const [b] = codificar(c, pagina);
    if (b !== undefined && b >= 0x80 && !r.has(b)) r.set(b, c);
  }
  return r;
}
const REVERSAS: Record<PaginaCodigo, Map<number, string>> = {
  CP850: tabelaReversa('CP850'),
  CP860: tabelaReversa('CP860'),
};

export function lerEscPos(bytes: Uint8Array, titulo = 'Impressão'): DocumentoImpressao {
  const linhas: LinhaImpressao[] = [];
  let pagina: PaginaCodigo = 'CP860';
  let negrito = false;
  let expandido = false;
  let condensado = false;
  let alinhamento: Alinhamento = 'esquerda';
  let abrirGaveta = false;
  let atual = '';
  let qr: string | null = null;
  const fechar = () => {
    if (/^-{48,64}$/.test(atual)) linhas.push({ tipo: 'separador' });
    else
      linhas.push({
        tipo: 'texto',
        texto: atual,
        ...(negrito ? { negrito } : {}),
        ...(expandido ? { expandido } : {}),
        ...(alinhamento !== 'esquerda' ? { alinhamento } : {}),
      });
    atual = '';
  };
  let i = 0;
  const b = (k: number) => bytes[i + k] ?? 0;
  while (i < bytes.length) {
    const c = b(0);
    if (c === 0x0a) {
      fechar();
      i++;
    } else if (c === 0x1b) {
      const cmd = b(1);
      if (cmd === 0x40) i += 2;
      else if (cmd === 0x74) {
        pagina = b(2) === 2 ? 'CP850' : 'CP860';
        i += 3;
      } else if (cmd === 0x45) {
        negrito = b(2) === 1;
        i += 3;
      } else if (cmd === 0x4d) {
        condensado = condensado || b(2) === 1;
        i += 3;
      } else if (cmd === 0x61) {
        alinhamento = b(2) === 1 ? 'centro' : b(2) === 2 ? 'direita' : 'esquerda';
        i += 3;
      } else if (cmd === 0x70) {
        abrirGaveta = true;
        i += 5;
      } else i += 3;
    } else if (c === 0x1d) {
      const cmd = b(1);
      if (cmd === 0x21) {
        expandido = b(2) !== 0;
        i += 3;
      } else if (cmd === 0x56) i += b(2) === 65 || b(2) === 66 ? 4 : 3;
      else if (cmd === 0x28 && b(2) === 0x6b) {
        const len = b(3) + b(4) * 256;
        const fn = b(6);
        if (fn === 0x50) qr = Buffer.from(bytes.subarray(i + 8, i + 5 + len)).toString('latin1');
        if (fn === 0x51 && qr !== null) {
          if (atual) fechar();
          linhas.push({ tipo: 'qrCode', dados: qr });
          qr = null;
          // the renderer ends a QR with a line feed of its own
          if (bytes[i + 5 + len] === 0x0a) i++;
        }
        i += 5 + len;
      } else i += 3;
    } else if (c >= 0x20 && c < 0x7f) {
      atual += String.fromCharCode(c);
      i++;
    } else if (c >= 0x80) {
      atual += REVERSAS[pagina].get(c) ?? '?';
      i++;
    } else i++;
  }
  if (atual) fechar();
  // The renderers end with blank feed lines before the cut.
  while (linhas.length > 0) {
    const ultima = linhas.at(-1);
    if (ultima?.tipo === 'texto' && ultima.texto === '') linhas.pop();
    else break;
  }
  return { titulo, linhas, colunas: condensado ? 64 : 48, ...(abrirGaveta ? { abrirGaveta } : {}) };
}
