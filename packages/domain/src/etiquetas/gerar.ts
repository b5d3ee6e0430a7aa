import { z } from 'zod';
import type { Resultado } from '../venda/erros.ts';
import {
  type EtiquetaProduto,
  type FormatoEtiqueta,
  formatoEtiqueta,
  type LayoutEtiqueta,
  linhasDeEtiquetas,
  MENSAGENS_ETIQUETA,
  montarLayout,
  UNIDADES_CONTEUDO,
  validarEtiqueta,
} from './etiqueta.ts';
import { type LinguagemEtiqueta, NOMES_LINGUAGEM, renderizarEtiquetas } from './linguagens.ts';

// A batch of labels to bytes for one printer language, and the request shapes of the labels routes
// (POST /api/etiquetas/previa, /imprimir, /alterados), shared by server and web.

export const MAXIMO_ETIQUETAS = 5000;

export interface EtiquetasGeradas {
  bytes: Uint8Array;
  /** Labels printed (the copies included). */
  total: number;
  layouts: LayoutEtiqueta[];
  avisos: string[];
}

/** Checks the batch and lays it out; a refusal (pt-BR) prints nothing at all. */
export function montarEtiquetas(
  etiquetas: readonly EtiquetaProduto[],
  formatoId: number,
  data: string,
): Resultado<{ layouts: LayoutEtiqueta[]; avisos: string[]; total: number }> {
  if (etiquetas.length === 0) return { ok: false, mensagem: MENSAGENS_ETIQUETA.semSelecao };
  const formato = formatoEtiqueta(formatoId);
  if (!formato) return { ok: false, mensagem: MENSAGENS_ETIQUETA.formato };
  for (const e of etiquetas) {
    const erro = validarEtiqueta(e);
    if (erro) return { ok: false, mensagem: erro };
  }
  const total = etiquetas.reduce((s, e) => s + (e.quantidade ?? 1), 0);
  if (total > MAXIMO_ETIQUETAS) return { ok: false, mensagem: MENSAGENS_ETIQUETA.total };
  const layouts = etiquetas.map((e) => montarLayout(e, formato, data));
  return { ok: true, valor: { layouts, avisos: [...new Set(layouts.flatMap((l) => l.avisos))], total } };
}

/** The batch in the printer's language (ESC/POS only for one-column formats up to 80 mm wide). */
export function gerarEtiquetas(
  linguagem: LinguagemEtiqueta,
  etiquetas: readonly EtiquetaProduto[],
  formatoId: number,
  data: string,
): Resultado<EtiquetasGeradas> {
  const montado = montarEtiquetas(etiquetas, formatoId, data);
  if (!montado.ok) return montado;
  const formato = formatoEtiqueta(formatoId);
  if (!formato) return { ok: false, mensagem: MENSAGENS_ETIQUETA.formato };
  if (linguagem === 'ESCPOS' && (formato.colunas > 1 || formato.larguraMm > 80)) {
    return {
      ok: false,
      mensagem: `Impressora de cupom (${NOMES_LINGUAGEM.ESCPOS}) imprime só etiquetas de uma coluna e até 80 mm: escolha outro formato que ${formato.descricao}.`,
    };
  }
  const { layouts, avisos, total } = montado.valor;
  const linhas = linhasDeEtiquetas(
    layouts.map((layout, i) => ({ layout, quantidade: etiquetas[i]?.quantidade ?? 1 })),
    formato,
  );
  return { ok: true, valor: { bytes: renderizarEtiquetas(linguagem, linhas), total, layouts, avisos } };
}

const id = z.string().min(1, 'Informe o identificador.').max(40);

/** One product of the selection: the server reads description, price, barcode and promotion. */
export const itemEtiquetaSchema = z.object({
  produto: id,
  quantidade: z.number().int().default(1),
  validadeDias: z.number().int().optional(),
  conteudo: z.object({ quantidade: z.string().max(20), unidade: z.enum(UNIDADES_CONTEUDO) }).optional(),
});
export type ItemEtiqueta = z.input<typeof itemEtiquetaSchema>;

export const previaEtiquetasSchema = z.object({
  empresa: id,
  formato: z.number().int(),
  /** Printer model (catalogue modeloImpressora): the answer also carries the commands in its language. */
  modelo: z.number().int().optional(),
  itens: z.array(itemEtiquetaSchema).max(2000),
});
export type PreviaEtiquetas = z.input<typeof previaEtiquetasSchema>;

export const imprimirEtiquetasSchema = z.object({
  empresa: id,
  formato: z.number().int(),
  terminal: id,
  /** The print sector whose printer is the label printer. */
  setorImpressao: id,
  itens: z.array(itemEtiquetaSchema).max(2000),
});
export type ImprimirEtiquetas = z.input<typeof imprimirEtiquetasSchema>;

export const produtosAlteradosSchema = z.object({
  empresa: id,
  /** AAAA-MM-DD (São Paulo): products whose price or promotion changed from that day on. */
  desde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (use AAAA-MM-DD).'),
});
export type ProdutosAlterados = z.input<typeof produtosAlteradosSchema>;

/** A product in the answers of /previa and /alterados. */
export interface ProdutoEtiqueta {
  produto: string;
  codigoInterno: number | null;
  etiqueta: EtiquetaProduto;
  /** Why it is in the "changed since" list. */
  motivo?: 'preco' | 'promocao';
}

// The answers of the labels routes (apps/server/src/modules/etiquetas), read by the screen as they are typed here.

/** POST /api/etiquetas/impressoras: the store's terminals and the print sectors whose printer prints labels. */
export interface ImpressorasEtiquetas {
  terminais: { _id: string; descricao: string }[];
  setores: {
    _id: string;
    descricao: string;
    impressora: string;
    modelo: number;
    linguagem: LinguagemEtiqueta;
    nomeLinguagem: string;
    /** The label format registered on the printer, the screen's default. */
    formatoEtiqueta: number | null;
  }[];
}
export type SetorEtiquetas = ImpressorasEtiquetas['setores'][number];

/** POST /api/etiquetas/previa: the layouts to draw, and the printer's commands when a model was given. */
export interface RespostaPreviaEtiquetas {
  dia: string;
  formato: FormatoEtiqueta;
  produtos: ProdutoEtiqueta[];
  layouts: LayoutEtiqueta[];
  avisos: string[];
  total: number;
  comandos?: { linguagem: LinguagemEtiqueta; texto: string };
}

/** POST /api/etiquetas/imprimir: the print jobs queued. */
export interface RespostaImpressaoEtiquetas {
  impressoes: string[];
  total: number;
  linguagem: LinguagemEtiqueta;
  bytes: number;
  avisos: string[];
}
