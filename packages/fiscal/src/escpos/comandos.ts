// ESC/POS command builder (Epson ESC/POS, as implemented by the thermal printers common in Brazil:
// Epson, Elgin, Bematech, Daruma, Tanca, Sweda in ESC/POS mode). Chainable; `bytes()` gives the job.
//
//   const job = new ComandosEscPos({ paginaCodigo: 'CP860' })
//     .inicializar().alinhar('centro').negrito(true).linha('LOJA CENTRO').negrito(false)
//     .qrCode('https://...').cortar().bytes();
import { codificar, NUMERO_PAGINA, type PaginaCodigo } from './paginas-codigo.ts';

const ESC = 0x1b;
const GS = 0x1d;

export type Alinhamento = 'esquerda' | 'centro' | 'direita';
export type CorrecaoQr = 'L' | 'M' | 'Q' | 'H';

export interface OpcoesEscPos {
  /** Default CP860 (Portuguese). */
  paginaCodigo?: PaginaCodigo;
}

export class ComandosEscPos {
  private readonly buffer: number[] = [];
  readonly paginaCodigo: PaginaCodigo;

  constructor(opcoes: OpcoesEscPos = {}) {
    this.paginaCodigo = opcoes.paginaCodigo ?? 'CP860';
  }

  /** Raw bytes, for commands this class does not cover. */
  bruto(...bytes: number[]): this {
    for (const b of bytes) this.buffer.push(b & 0xff);
    return this;
  }

  /** ESC @ (reset) + ESC t n (code page). */
  inicializar(): this {
    return this.bruto(ESC, 0x40, ESC, 0x74, NUMERO_PAGINA[this.paginaCodigo]);
  }

  texto(texto: string): this {
    for (const b of codificar(texto, this.paginaCodigo)) this.buffer.push(b);
    return this;
  }

  linha(texto = ''): this {
    return this.texto(texto).bruto(0x0a);
  }

  /** ESC E n */
  negrito(ligado: boolean): this {
    return this.bruto(ESC, 0x45, ligado ? 1 : 0);
  }

  /** GS ! n: double width and height (24 columns on 80 mm paper). */
  expandido(ligado: boolean): this {
    return this.bruto(GS, 0x21, ligado ? 0x11 : 0x00);
  }

  /** ESC M n: font B, the condensed font (64 columns on 80 mm paper). */
  condensado(ligado: boolean): this {
    return this.bruto(ESC, 0x4d, ligado ? 1 : 0);
  }

  /** ESC a n */
  alinhar(a: Alinhamento): this {
    return this.bruto(ESC, 0x61, a === 'esquerda' ? 0 : a === 'centro' ? 1 : 2);
  }

  /** ESC d n: feed n lines. */
  avancar(linhas = 1): this {
    return this.bruto(ESC, 0x64, Math.max(0, Math.min(255, linhas)));
  }

  /**
   * QR code, model 2, with GS ( k: select model, module size, error correction, store data, print.
   * `tamanho` is the module size in dots (1-16).
   */
  qrCode(dados: string, opcoes: { tamanho?: number; correcao?: CorrecaoQr } = {}): this {
    const conteudo = [...Buffer.from(dados, 'latin1')];
    const tamanho = Math.max(1, Math.min(16, opcoes.tamanho ?? 4));
    const correcao = { L: 48, M: 49, Q: 50, H: 51 }[opcoes.correcao ?? 'M'];
    const len = conteudo.length + 3;
    if (len > 7092) throw new Error('Conteúdo do QR Code grande demais');
    return this.bruto(GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0)
      .bruto(GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, tamanho)
      .bruto(GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, correcao)
      .bruto(GS, 0x28, 0x6b, len & 0xff, len >> 8, 0x31, 0x50, 0x30, ...conteudo)
      .bruto(GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30);
  }

  /** GS V: partial cut (66 = feed and cut) by default. */
  cortar(total = false): this {
    return this.bruto(GS, 0x56, total ? 65 : 66, 0);
  }

  /** ESC p: cash drawer kick on pin 2. */
  abrirGaveta(): this {
    return this.bruto(ESC, 0x70, 0, 25, 250);
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.buffer);
  }
}
