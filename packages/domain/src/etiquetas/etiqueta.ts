import { z } from 'zod';
import { formatosEtiqueta } from '../catalogos/gerais.ts';
import { lerEscalado } from '../dinheiro/decimal.ts';
import { formatarMoeda } from '../formatacao/formatacao.ts';
import { type CodigoBarras, lerCodigoBarras } from './codigo-barras.ts';

// Shelf and product labels (issue 20 "Labels"): the data of one label, its checks (pt-BR messages) and its
// layout in printer dots (203 dpi = 8 dots/mm), the same layout every printer language and the A4 sheet draw.

export const PONTOS_POR_MM = 8;
export const MARGEM_PONTOS = 8;
/** Space between the labels of a row on multi-column rolls (2 mm). */
export const ESPACO_COLUNAS_PONTOS = 16;

export const UNIDADES_CONTEUDO = ['kg', 'g', 'L', 'ml'] as const;
export type UnidadeConteudo = (typeof UNIDADES_CONTEUDO)[number];

const dataIso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (use AAAA-MM-DD).');

/** One product's label and how many copies (prices as decimal texts, "12.90"). */
export const etiquetaProdutoSchema = z.object({
  produto: z.string().max(40).optional(),
  descricao: z.string().max(200),
  preco: z.string().max(20),
  /** Unit of sale (sigla of unidadeMedida): KG / LT mean the price is per kg / litre. */
  unidade: z.string().max(6).default('UN'),
  /** Net content of a package, for the unit price per kg or litre (Decreto 5.903/2006). */
  conteudo: z.object({ quantidade: z.string().max(20), unidade: z.enum(UNIDADES_CONTEUDO) }).optional(),
  codigoBarras: z.string().max(60).optional(),
  /** 'code128' for a code that is not a GTIN (the internal code), even with 8 or 13 digits. */
  simbologia: z.literal('code128').optional(),
  /** Shelf life of weighed goods, in days from the packing date (the print date). */
  validadeDias: z.number().int().optional(),
  /** Promotion price; without an end date the label says only 'Oferta'. */
  promocao: z
    .object({ preco: z.string().max(20), inicio: dataIso.optional(), fim: dataIso.optional() })
    .optional(),
  quantidade: z.number().int().default(1),
});
export type EtiquetaProduto = z.input<typeof etiquetaProdutoSchema>;

export const MENSAGENS_ETIQUETA = {
  semSelecao: 'Nenhum produto selecionado para as etiquetas.',
  semDescricao: 'Produto sem descrição para a etiqueta.',
  precoInvalido: (d: string, p: string) => `Preço inválido na etiqueta de ${d}: ${p}.`,
  precoNegativo: (d: string, p: string) => `Preço negativo na etiqueta de ${d}: ${p}.`,
  quantidade: (d: string) => `Quantidade de etiquetas de ${d} deve ser de 1 a 999.`,
  validade: (d: string) => `Validade de ${d} deve ser de 1 a 3650 dias.`,
  conteudo: (d: string) => `Conteúdo da embalagem de ${d} deve ser maior que zero.`,
  promocao: (d: string) => `Preço promocional de ${d} deve ser menor que o preço e não negativo.`,
  periodoPromocao: (d: string) => `Promoção de ${d} termina antes de começar.`,
  codigo: (d: string, m: string) => `${d}: ${m}`,
  formato: 'Formato de etiqueta desconhecido.',
  total: 'No máximo 5000 etiquetas por impressão.',
} as const;

const DECIMAL = /^-?\d{1,9}(\.\d{1,6})?$/;
const centavos = (v: string) => lerEscalado(v, 2, 'arredondar');

/** The checks of one label: undefined when it prints, else the pt-BR reason. */
export function validarEtiqueta(e: EtiquetaProduto): string | undefined {
  const d = e.descricao.trim();
  if (!d) return MENSAGENS_ETIQUETA.semDescricao;
  const preco = e.preco.trim();
  if (!DECIMAL.test(preco)) return MENSAGENS_ETIQUETA.precoInvalido(d, e.preco);
  if (preco.startsWith('-')) return MENSAGENS_ETIQUETA.precoNegativo(d, e.preco);
  const q = e.quantidade ?? 1;
  if (!Number.isInteger(q) || q < 1 || q > 999) return MENSAGENS_ETIQUETA.quantidade(d);
  if (e.validadeDias !== undefined && (e.validadeDias < 1 || e.validadeDias > 3650)) {
    return MENSAGENS_ETIQUETA.validade(d);
  }
  if (e.conteudo) {
    const c = e.conteudo.quantidade.trim();
    if (!DECIMAL.test(c) || lerEscalado(c, 3, 'arredondar') <= 0) return MENSAGENS_ETIQUETA.conteudo(d);
  }
  if (e.promocao) {
    const p = e.promocao.preco.trim();
    if (!DECIMAL.test(p) || p.startsWith('-') || centavos(p) >= centavos(preco)) {
      return MENSAGENS_ETIQUETA.promocao(d);
    }
    if (e.promocao.fim && e.promocao.inicio && e.promocao.fim < e.promocao.inicio)
      return MENSAGENS_ETIQUETA.periodoPromocao(d);
  }
  if (e.codigoBarras !== undefined && e.codigoBarras.trim() !== '') {
    const c = lerCodigoBarras(e.codigoBarras, e.simbologia);
    if ('erro' in c) return MENSAGENS_ETIQUETA.codigo(d, c.erro);
  }
  return undefined;
}

/** "2026-11-26" + n days -> "03/12/26" (calendar arithmetic, no time zone involved). */
function somarDias(data: string, dias: number): string {
  const [a, m, d] = data.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(a, m - 1, d + dias));
  const dd = String(t.getUTCDate()).padStart(2, '0');
  const mm = String(t.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${String(t.getUTCFullYear()).slice(2)}`;
}

const sufixoUnidade = (u: string): string | undefined => {
  const s = u.trim().toUpperCase();
  return s === 'KG' ? 'kg' : s === 'L' || s === 'LT' ? 'L' : undefined;
};

/** Price per kg or litre of a package: cents * 1000 / grams (or ml), rounded to the cent. */
function precoPorUnidade(preco: string, conteudo: NonNullable<EtiquetaProduto['conteudo']>): string {
  const mil = lerEscalado(conteudo.quantidade, 3, 'arredondar');
  const gramas = conteudo.unidade === 'kg' || conteudo.unidade === 'L' ? mil : mil / 1000;
  const porUnidade = Math.round((centavos(preco) * 1000) / gramas);
  return `${formatarMoeda(porUnidade / 100)}/${conteudo.unidade === 'kg' || conteudo.unidade === 'g' ? 'kg' : 'L'}`;
}

/** The texts a label shows, in reading order (the layout decides which fit). */
export interface TextosEtiqueta {
  descricao: string;
  /** "DE R$ 49,90" above a promotion price. */
  precoDe?: string;
  preco: string;
  unitario?: string;
  promocao?: string;
  validade?: string;
}

/** `data`: the print (packing) date, AAAA-MM-DD in São Paulo. */
export function textosEtiqueta(e: EtiquetaProduto, data: string): TextosEtiqueta {
  const sufixo = sufixoUnidade(e.unidade ?? 'UN');
  const efetivo = e.promocao ? e.promocao.preco : e.preco;
  const t: TextosEtiqueta = {
    descricao: e.descricao.trim().replace(/\s+/g, ' '),
    preco: `${formatarMoeda(efetivo)}${sufixo ? `/${sufixo}` : ''}`,
  };
  if (e.promocao) {
    t.precoDe = `DE ${formatarMoeda(e.preco)} POR`;
    t.promocao = e.promocao.fim ? `Oferta até ${somarDias(e.promocao.fim, 0)}` : 'Oferta';
  }
  if (!sufixo && e.conteudo) t.unitario = precoPorUnidade(efetivo, e.conteudo);
  if (e.validadeDias !== undefined) {
    t.validade = `Emb ${somarDias(data, 0)} Val ${somarDias(data, e.validadeDias)}`;
  }
  return t;
}

export type FonteEtiqueta = 'pequena' | 'media' | 'grande';
/** Height and advance per character in dots (EPL2 fonts 2, 3 and 4 doubled: the narrowest of the languages). */
export const FONTES_ETIQUETA: Readonly<Record<FonteEtiqueta, { altura: number; passo: number }>> = {
  pequena: { altura: 16, passo: 12 },
  media: { altura: 20, passo: 14 },
  grande: { altura: 48, passo: 32 },
};
const ENTRELINHA = 4;
const ALTURA_LEGENDA_CODIGO = 20;

export type ElementoEtiqueta =
  | { tipo: 'texto'; x: number; y: number; fonte: FonteEtiqueta; texto: string }
  | { tipo: 'codigo'; x: number; y: number; altura: number; modulo: 1 | 2; codigo: CodigoBarras };

export interface LayoutEtiqueta {
  /** Dots. */
  largura: number;
  altura: number;
  elementos: ElementoEtiqueta[];
  /** What did not fit (pt-BR), shown before printing. */
  avisos: string[];
}

export interface FormatoEtiqueta {
  id: number;
  descricao: string;
  larguraMm: number;
  alturaMm: number;
  colunas: number;
}

export function formatoEtiqueta(id: number): FormatoEtiqueta | undefined {
  const f = formatosEtiqueta.porId(id as 1);
  return f
    ? { id: f.id, descricao: f.descricao, larguraMm: f.larguraMm, alturaMm: f.alturaMm, colunas: f.colunas }
    : undefined;
}

/** Breaks a text in lines of at most `max` characters at spaces (a longer word is cut). */
export function quebrarLinhas(texto: string, max: number, linhas: number): string[] {
  const r: string[] = [];
  let atual = '';
  for (const palavra of texto.split(' ')) {
    const junto = atual ? `${atual} ${palavra}` : palavra;
    if (junto.length <= max) {
      atual = junto;
      continue;
    }
    if (atual) r.push(atual);
    atual = palavra.slice(0, max);
  }
  if (atual) r.push(atual);
  return r.slice(0, linhas);
}

/** Modules of a Code 128 symbol in subset B (start + data + check + stop), the widest case. */
const modulosCode128 = (dados: string) => 11 * dados.length + 35;

/** The label's elements top to bottom: description, price, unit price, promotion, validity, barcode. */
export function montarLayout(e: EtiquetaProduto, formato: FormatoEtiqueta, data: string): LayoutEtiqueta {
  const largura = formato.larguraMm * PONTOS_POR_MM;
  const altura = formato.alturaMm * PONTOS_POR_MM;
  const area = largura - 2 * MARGEM_PONTOS;
  const x = MARGEM_PONTOS;
  const t = textosEtiqueta(e, data);
  const elementos: ElementoEtiqueta[] = [];
  const avisos: string[] = [];
  let y = MARGEM_PONTOS;
  const cabe = (fonte: FonteEtiqueta) => y + FONTES_ETIQUETA[fonte].altura <= altura - MARGEM_PONTOS;
  const texto = (fonte: FonteEtiqueta, valor: string, nome: string) => {
    if (!cabe(fonte)) {
      avisos.push(`${t.descricao}: sem espaço para ${nome} neste formato.`);
      return;
    }
    elementos.push({ tipo: 'texto', x, y, fonte, texto: valor });
    y += FONTES_ETIQUETA[fonte].altura + ENTRELINHA;
  };
  const caracteres = (fonte: FonteEtiqueta) => Math.floor(area / FONTES_ETIQUETA[fonte].passo);

  const linhasDescricao = altura >= 200 ? 2 : 1;
  for (const l of quebrarLinhas(t.descricao, caracteres('media'), linhasDescricao))
    texto('media', l, 'a descrição');
  if (t.precoDe) texto('pequena', t.precoDe, 'o preço anterior');
  const fontePreco = t.preco.length <= caracteres('grande') ? 'grande' : 'media';
  texto(fontePreco, t.preco, 'o preço');
  if (t.unitario) texto('pequena', t.unitario, 'o preço por unidade de medida');
  if (t.promocao) texto('pequena', t.promocao, 'o período da promoção');
  if (t.validade) {
    const linhas =
      t.validade.length <= caracteres('pequena')
        ? [t.validade]
        : t.validade.replace(' Val', '\nVal').split('\n');
    for (const l of linhas) texto('pequena', l, 'a validade');
  }
  if (e.codigoBarras && e.codigoBarras.trim() !== '') {
    const codigo = lerCodigoBarras(e.codigoBarras, e.simbologia);
    if (!('erro' in codigo)) {
      const modulos =
        codigo.simbologia === 'ean13'
          ? 95
          : codigo.simbologia === 'ean8'
            ? 67
            : modulosCode128(codigo.codigo);
      const modulo = modulos * 2 <= area ? 2 : modulos <= area ? 1 : 0;
      const alturaBarras = Math.min(80, altura - MARGEM_PONTOS - ALTURA_LEGENDA_CODIGO - y);
      if (modulo === 0 || alturaBarras < 24) {
        avisos.push(`${t.descricao}: sem espaço para o código de barras neste formato.`);
      } else {
        elementos.push({ tipo: 'codigo', x, y, altura: alturaBarras, modulo, codigo });
      }
    }
  }
  return { largura, altura, elementos, avisos };
}

/** A row of the roll: the labels side by side (one per column) and how many times it prints. */
export interface LinhaEtiquetas {
  largura: number;
  altura: number;
  elementos: ElementoEtiqueta[];
  copias: number;
}

/**
 * The labels (each repeated its `quantidade`) in rows of the format's columns, the elements of column n
 * moved right by n label widths plus the gap; equal consecutive rows are printed as copies of one.
 */
export function linhasDeEtiquetas(
  layouts: readonly { layout: LayoutEtiqueta; quantidade: number }[],
  formato: FormatoEtiqueta,
): LinhaEtiquetas[] {
  const largura = formato.larguraMm * PONTOS_POR_MM;
  const alturaLinha = formato.alturaMm * PONTOS_POR_MM;
  const sequencia = layouts.flatMap((l) => Array.from({ length: l.quantidade }, () => l.layout));
  const linhas: LinhaEtiquetas[] = [];
  for (let i = 0; i < sequencia.length; i += formato.colunas) {
    const elementos = sequencia
      .slice(i, i + formato.colunas)
      .flatMap((l, coluna) =>
        l.elementos.map((el) => ({ ...el, x: el.x + coluna * (largura + ESPACO_COLUNAS_PONTOS) })),
      );
    const linha: LinhaEtiquetas = {
      largura: formato.colunas * largura + (formato.colunas - 1) * ESPACO_COLUNAS_PONTOS,
      altura: alturaLinha,
      elementos,
      copias: 1,
    };
    const anterior = linhas.at(-1);
    if (anterior && JSON.stringify(anterior.elementos) === JSON.stringify(elementos)) anterior.copias++;
    else linhas.push(linha);
  }
  return linhas;
}
