import { z } from 'zod';
import { decimalTextoSchema } from '../dinheiro/decimal.ts';
import { filtroRelatorioSchema } from './filtro.ts';

// Request and answer shapes of the four event reports (issue 19: server apps/server/src/modules/relatorios-eventos,
// web apps/web/src/features/relatorios-eventos). Each answers the totals of the whole filter and one page of 50
// rows; money and quantities as decimal strings, instants as ISO strings.

export const ROTAS_RELATORIO_EVENTOS = [
  'relatorioVendaCancelamentos',
  'relatorioVendaDescontos',
  'relatorioVendaTransferencias',
  'relatorioQrCode',
] as const;
export type RotaRelatorioEventos = (typeof ROTAS_RELATORIO_EVENTOS)[number];

/** The device origins relatorioQrCode shows when the filter names none (digital menu, totem, tablets, waiter app). */
export const ORIGENS_QRCODE_PADRAO = [73, 74, 75, 76, 77] as const;

export const relatorioEventosPedidoSchema = z.object({
  filtro: filtroRelatorioSchema,
  /** 1-based page of the rows (50 a page). */
  pagina: z.number().int().min(1).max(100_000).default(1),
});
export type RelatorioEventosPedido = z.input<typeof relatorioEventosPedidoSchema>;

const dinheiro = decimalTextoSchema;
const inteiroOuNulo = z.number().int().nullable();

/** What every row shows of its sale. */
const linhaBaseSchema = z.object({
  _id: z.string(),
  dataHora: z.string(),
  empresaId: z.string(),
  empresa: z.string().nullable(),
  numero: inteiroOuNulo,
  tipoVenda: inteiroOuNulo,
  mesa: inteiroOuNulo,
  comanda: inteiroOuNulo,
  status: inteiroOuNulo,
  operador: z.string().nullable(),
});
export type LinhaEventoBase = z.infer<typeof linhaBaseSchema>;

/** A line an event touched, as the sale service wrote it in the event. */
export const produtoEventoSchema = z.object({
  descricao: z.string().nullable(),
  quantidade: z.string(),
  valor: dinheiro,
});
export type ProdutoEvento = z.infer<typeof produtoEventoSchema>;

/** A sale event (cancellation, discount): who, the supervisor who released it, the reason, the value. */
export const linhaEventoVendaSchema = linhaBaseSchema.extend({
  vendaId: z.string(),
  supervisor: z.string().nullable(),
  motivo: z.string().nullable(),
  vendaCompleta: z.boolean(),
  terminal: z.string().nullable(),
  produtos: z.array(produtoEventoSchema),
  valor: dinheiro,
});
export type LinhaEventoVenda = z.infer<typeof linhaEventoVendaSchema>;

/** A transfer, from its origin event: the tables and the other sale (null when the text names none). */
export const linhaTransferenciaSchema = linhaEventoVendaSchema.extend({
  mesaOrigem: inteiroOuNulo,
  mesaDestino: inteiroOuNulo,
  vendaDestino: z.string().nullable(),
  numeroDestino: inteiroOuNulo,
});
export type LinhaTransferencia = z.infer<typeof linhaTransferenciaSchema>;

/** An order placed on a device (relatorioQrCode): the sale itself. */
export const linhaPedidoQrCodeSchema = linhaBaseSchema.extend({
  localPedido: inteiroOuNulo,
  atendente: z.string().nullable(),
  vendaDescricao: z.string().nullable(),
  total: dinheiro,
  itens: z.number().int(),
});
export type LinhaPedidoQrCode = z.infer<typeof linhaPedidoQrCodeSchema>;

export const totaisCancelamentosSchema = z.object({
  quantidade: z.number().int(),
  quantidadeVendaCompleta: z.number().int(),
  quantidadeItem: z.number().int(),
  /** Sum of the cancelled lines' quantities. */
  itens: z.string(),
  valor: dinheiro,
  valorVendaCompleta: dinheiro,
  valorItem: dinheiro,
});

export const totaisDescontosSchema = z.object({
  quantidade: z.number().int(),
  quantidadeVendaCompleta: z.number().int(),
  quantidadeItem: z.number().int(),
  valor: dinheiro,
  valorVendaCompleta: dinheiro,
  valorItem: dinheiro,
  /** By the supervisor who released ('' = none), largest value first, at most 50. */
  supervisores: z.array(z.object({ supervisor: z.string(), quantidade: z.number().int(), valor: dinheiro })),
});

export const totaisTransferenciasSchema = z.object({
  quantidade: z.number().int(),
  quantidadeMesaInteira: z.number().int(),
  quantidadeItens: z.number().int(),
  /** Lines moved. */
  linhas: z.number().int(),
  valor: dinheiro,
});

export const totaisQrCodeSchema = z.object({
  quantidade: z.number().int(),
  total: dinheiro,
  ticketMedio: dinheiro,
  porOrigem: z.array(
    z.object({
      localPedido: z.number().int(),
      descricao: z.string(),
      quantidade: z.number().int(),
      total: dinheiro,
    }),
  ),
});

/** The answer's shape: the totals of the whole filter and one page of rows. */
const pagina = <T extends z.ZodType, L extends z.ZodType>(totais: T, linha: L) =>
  z.object({
    totais,
    detalhe: z.object({
      pagina: z.number().int(),
      porPagina: z.number().int(),
      /** Rows matching the filter. */
      total: z.number().int(),
      linhas: z.array(linha),
    }),
  });

export const RESPOSTAS_RELATORIO_EVENTOS = {
  relatorioVendaCancelamentos: pagina(totaisCancelamentosSchema, linhaEventoVendaSchema),
  relatorioVendaDescontos: pagina(totaisDescontosSchema, linhaEventoVendaSchema),
  relatorioVendaTransferencias: pagina(totaisTransferenciasSchema, linhaTransferenciaSchema),
  relatorioQrCode: pagina(totaisQrCodeSchema, linhaPedidoQrCodeSchema),
} as const satisfies Record<RotaRelatorioEventos, z.ZodType>;

export type RespostaRelatorioEventos<R extends RotaRelatorioEventos = RotaRelatorioEventos> = z.infer<
  (typeof RESPOSTAS_RELATORIO_EVENTOS)[R]
>;
export type TotaisRelatorioEventos<R extends RotaRelatorioEventos> = RespostaRelatorioEventos<R>['totais'];
export type LinhaRelatorioEventos<R extends RotaRelatorioEventos> =
  RespostaRelatorioEventos<R>['detalhe']['linhas'][number];
/** Any report's row, as a screen listing every report reads it (the fields a report lacks are absent). */
export type LinhaEventoQualquer = LinhaEventoBase &
  Partial<Omit<LinhaTransferencia, keyof LinhaEventoBase>> &
  Partial<Omit<LinhaPedidoQrCode, keyof LinhaEventoBase>>;
