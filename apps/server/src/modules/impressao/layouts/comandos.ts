import { modelosImpressora } from '@retaguarda/domain';
import { type Alinhamento, ComandosEscPos, type CorrecaoQr, type PaginaCodigo } from '@retaguarda/fiscal';
import { ErroNegocio } from '../../../lib/envelope.ts';
import type { DocumentoImpressao } from './documento.ts';

// Printer command languages of the printer models 0-8 (catalogue modeloImpressora, sigla = language).
// ESCPOS is the Epson set of packages/fiscal/src/escpos (Epson, Elgin, Sweda). ESC/Bema (Bematech MP-4200
// TH in its native mode) and ESC/Daruma change bold, condensed, expanded, cut, drawer and QR; TEXTO is a
// generic text-only printer (no command at all). ZPL/PPLA/PPLB are label languages: no receipts.

const ESC = 0x1b;
const GS = 0x1d;

export type Linguagem = 'TEXTO' | 'ESCPOS' | 'ESCBEMA' | 'ESCDARUMA';

/** Bematech ESC/Bema: ESC E/F bold, ESC SI / ESC H condensed, ESC W double width, ESC m cut, ESC v drawer. */
class ComandosBema extends ComandosEscPos {
  override negrito(ligado: boolean): this {
    return this.bruto(ESC, ligado ? 0x45 : 0x46);
  }
  override condensado(ligado: boolean): this {
    return this.bruto(ESC, ligado ? 0x0f : 0x48);
  }
  override expandido(ligado: boolean): this {
    return this.bruto(ESC, 0x57, ligado ? 1 : 0);
  }
  override avancar(linhas = 1): this {
    for (let i = 0; i < Math.max(0, Math.min(20, linhas)); i++) this.bruto(0x0a);
    return this;
  }
  // GS k Q with the parameters the Brazilian NFC-e drivers use for the MP-4200 TH (level, module, 0, 1).
  override qrCode(dados: string): this {
    const conteudo = [...Buffer.from(dados, 'latin1')];
    return this.bruto(GS, 0x6b, 0x51, 3, 8, 8, 1, conteudo.length % 256, conteudo.length >> 8, ...conteudo);
  }
  override cortar(total = false): this {
    return this.bruto(ESC, total ? 0x69 : 0x6d);
  }
  override abrirGaveta(): this {
    return this.bruto(ESC, 0x76, 200);
  }
}

/** Daruma: ESC E/F bold, SI/DC2 condensed, ESC W double width, ESC j alignment, ESC m cut, ESC p drawer. */
class ComandosDaruma extends ComandosEscPos {
  override negrito(ligado: boolean): this {
    return this.bruto(ESC, ligado ? 0x45 : 0x46);
  }
  override condensado(ligado: boolean): this {
    return this.bruto(ligado ? 0x0f : 0x12);
  }
  override expandido(ligado: boolean): this {
    return this.bruto(ESC, 0x57, ligado ? 1 : 0);
  }
  override alinhar(a: Alinhamento): this {
    return this.bruto(ESC, 0x6a, a === 'esquerda' ? 0 : a === 'centro' ? 1 : 2);
  }
  override avancar(linhas = 1): this {
    for (let i = 0; i < Math.max(0, Math.min(20, linhas)); i++) this.bruto(0x0a);
    return this;
  }
  // ESC 0x81: length (data + 2, little endian), module width, error level, data.
  override qrCode(dados: string, opcoes: { tamanho?: number; correcao?: CorrecaoQr } = {}): this {
    const conteudo = [...Buffer.from(dados, 'latin1')];
    const len = conteudo.length + 2;
    const tamanho = Math.max(1, Math.min(7, opcoes.tamanho ?? 4));
    return this.bruto(
      ESC,
      0x81,
      len & 0xff,
      len >> 8,
      tamanho,
      (opcoes.correcao ?? 'M').charCodeAt(0),
      ...conteudo,
    );
  }
  override cortar(): this {
    return this.bruto(ESC, 0x6d);
  }
}

/** Text-only printer: the text in the code page and line feeds, nothing else. */
class ComandosTexto extends ComandosEscPos {
  override inicializar(): this {
    return this;
  }
  override negrito(): this {
    return this;
  }
  override condensado(): this {
    return this;
  }
  override expandido(): this {
    return this;
  }
  override alinhar(): this {
    return this;
  }
  override avancar(linhas = 1): this {
    for (let i = 0; i < Math.max(0, Math.min(20, linhas)); i++) this.bruto(0x0a);
    return this;
  }
  override qrCode(dados: string): this {
    return this.linha(dados);
  }
  override cortar(): this {
    return this.avancar(6);
  }
  override abrirGaveta(): this {
    return this;
  }
}

export interface ModeloResolvido {
  id: number;
  descricao: string;
  linguagem: Linguagem;
}

/**
 * The command language of a printer model (catalogue id or the stored catalogue entry). Label printers
 * refuse receipts with a message the operator can act on. An unset model prints as Epson ESC/POS.
 */
export function resolverModelo(modelo: unknown, impressora = 'a impressora'): ModeloResolvido {
  const id =
    typeof modelo === 'number'
      ? modelo
      : modelo && typeof modelo === 'object' && typeof (modelo as { id?: unknown }).id === 'number'
        ? (modelo as { id: number }).id
        : 1;
  const item = modelosImpressora.porId(id);
  if (!item) throw new ErroNegocio(`Modelo de impressora inválido: ${id}.`);
  if (item.etiqueta) {
    throw new ErroNegocio(
      `A impressora ${impressora} é de etiquetas (${item.descricao}) e não imprime comprovantes; ` +
        'configure uma impressora de cupom no setor de impressão.',
    );
  }
  return { id: item.id, descricao: item.descricao, linguagem: item.sigla as Linguagem };
}

function comandosDe(linguagem: Linguagem, paginaCodigo: PaginaCodigo): ComandosEscPos {
  switch (linguagem) {
    case 'ESCBEMA':
      return new ComandosBema({ paginaCodigo });
    case 'ESCDARUMA':
      return new ComandosDaruma({ paginaCodigo });
    case 'TEXTO':
      return new ComandosTexto({ paginaCodigo });
    case 'ESCPOS':
      return new ComandosEscPos({ paginaCodigo });
  }
}

export interface OpcoesRender {
  paginaCodigo?: PaginaCodigo;
  tamanhoQr?: number;
}

/** Printer bytes of a document in the model's language: init + code page, lines, feed, cut, drawer. */
export function renderizarBytes(
  doc: DocumentoImpressao,
  modelo: ModeloResolvido,
  opcoes: OpcoesRender = {},
): Uint8Array {
  const c = comandosDe(
    modelo.linguagem,
    opcoes.paginaCodigo ?? (modelo.linguagem === 'TEXTO' ? 'CP850' : 'CP860'),
  );
  c.inicializar();
  if (doc.colunas === 64) c.condensado(true);
  for (const l of doc.linhas) {
    if (l.tipo === 'separador') {
      c.alinhar('esquerda').linha('-'.repeat(doc.colunas));
    } else if (l.tipo === 'qrCode') {
      c.alinhar('centro')
        .qrCode(l.dados, { tamanho: opcoes.tamanhoQr ?? 5, correcao: 'M' })
        .linha();
    } else {
      const largura = l.expandido ? doc.colunas / 2 : doc.colunas;
      let texto = l.texto.slice(0, largura);
      // A text-only printer cannot align: pad the text instead.
      if (modelo.linguagem === 'TEXTO' && l.alinhamento === 'centro')
        texto = ' '.repeat(Math.floor((largura - texto.length) / 2)) + texto;
      if (modelo.linguagem === 'TEXTO' && l.alinhamento === 'direita') texto = texto.padStart(largura);
      c.alinhar(l.alinhamento ?? 'esquerda');
      if (l.negrito) c.negrito(true);
      if (l.expandido) c.expandido(true);
      c.linha(texto);
      if (l.expandido) c.expandido(false);
      if (l.negrito) c.negrito(false);
    }
  }
  if (doc.colunas === 64) c.condensado(false);
  c.alinhar('esquerda').avancar(4).cortar();
  if (doc.abrirGaveta) c.abrirGaveta();
  return c.bytes();
}
