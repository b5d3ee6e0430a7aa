import { z } from 'zod';
import { decimalTextoSchema } from '../dinheiro/decimal.ts';
import { idSchema } from '../venda/esquemas.ts';
import { filtroRelatorioSchema } from './filtro.ts';

// Request and answer shapes of the sales reports (issue 19), declared once for the server and the web.
// Money and quantities travel as decimal strings ("1234.56"); counts as numbers.

/** What a report groups by. `origem` is the sale's localPedido (68-77). */
export const DIMENSOES_VENDA = [
  'dia',
  'hora',
  'diaSemana',
  'empresa',
  'terminal',
  'operador',
  'atendente',
  'tipoVenda',
  'origem',
  'produto',
  'grupo',
  'familia',
] as const;
export type DimensaoVenda = (typeof DIMENSOES_VENDA)[number];

/** Dimensions read from the per-line aggregate (store x day x product); they combine only with these. */
export const DIMENSOES_PRODUTO = ['produto', 'grupo', 'familia'] as const;
export const DIMENSOES_COM_PRODUTO = ['dia', 'diaSemana', 'empresa', 'produto', 'grupo', 'familia'] as const;

/**
 * Measures. vendas = number of ended sales (by product: sales holding it); itens = quantity sold (service and
 * delivery lines left out); bruto = lines' gross; descontos = every discount of the lines (combo + happy hour +
 * sugestão + personalizado + geral); descontoComum = personalizado + geral (the sale's totalDescontoComum); acrescimos = surcharges;
 * taxaServico = the service lines (Gorjeta product); taxaEntrega = the sale's delivery fee; liquido = what the
 * customer pays (the sale's total; by product: the line's net); custo = quantity x cost of the lines;
 * margem = liquido - taxaServico - taxaEntrega - custo; ticketMedio = liquido / vendas.
 */
export const MEDIDAS_VENDA = [
  'vendas',
  'itens',
  'bruto',
  'descontoComum',
  'descontoCombo',
  'descontoHappyHour',
  'descontoSugestao',
  'descontoPersonalizado',
  'descontoGeral',
  'descontos',
  'acrescimos',
  'taxaServico',
  'taxaEntrega',
  'liquido',
  'custo',
  'margem',
  'ticketMedio',
] as const;
export type MedidaVenda = (typeof MEDIDAS_VENDA)[number];
/** Measures with no meaning per product line. */
export const MEDIDAS_SO_VENDA = ['taxaServico', 'taxaEntrega'] as const;

export const ROTULOS_DIMENSAO: Record<DimensaoVenda, string> = {
  dia: 'Dia',
  hora: 'Hora',
  diaSemana: 'Dia da semana',
  empresa: 'Loja',
  terminal: 'Terminal',
  operador: 'Operador',
  atendente: 'Atendente',
  tipoVenda: 'Tipo de venda',
  origem: 'Origem do pedido',
  produto: 'Produto',
  grupo: 'Grupo',
  familia: 'Família',
};

export const ROTULOS_MEDIDA: Record<MedidaVenda, string> = {
  vendas: 'Vendas',
  itens: 'Itens',
  bruto: 'Bruto',
  descontoComum: 'Desconto comum',
  descontoCombo: 'Desconto combo',
  descontoHappyHour: 'Desconto happy hour',
  descontoSugestao: 'Desconto sugestão',
  descontoPersonalizado: 'Desconto personalizado',
  descontoGeral: 'Desconto geral',
  descontos: 'Descontos',
  acrescimos: 'Acréscimos',
  taxaServico: 'Taxa de serviço',
  taxaEntrega: 'Taxa de entrega',
  liquido: 'Líquido',
  custo: 'Custo',
  margem: 'Margem',
  ticketMedio: 'Ticket médio',
};

/** Spec §9 weekdays, Domingo (0) to Sábado (6). */
export const DIAS_SEMANA = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;
/** Spec §3 sale types and order origins. */
export const ROTULOS_TIPO_VENDA: Record<number, string> = {
  53: 'Balcão',
  54: 'Mesa',
  55: 'Delivery',
  56: 'Comanda',
};
export const ROTULOS_ORIGEM: Record<number, string> = {
  68: 'Local',
  69: 'Central de pedidos',
  70: 'Site',
  71: 'App',
  72: 'App de terceiros',
  73: 'Cardápio digital',
  74: 'Totem autoatendimento',
  75: 'Tablet atendimento',
  76: 'Tablet mesa',
  77: 'App garçom',
};

export const MENSAGENS_RELATORIO_VENDA = {
  dimensoesIncompativeis: 'Produto, grupo e família só podem ser combinados com dia, dia da semana e loja.',
  medidaSoVenda: 'Taxa de serviço e taxa de entrega não existem por produto.',
  dimensaoRepetida: 'Cada dimensão só pode aparecer uma vez.',
  semPermissao: 'Usuário sem permissão para este relatório.',
  franquiaSoGestor: 'Relatório de franquia disponível apenas para a empresa Gestor Franquia.',
} as const;

const dinheiro = decimalTextoSchema;
/** Every measure of one row (or of the totals). */
export const medidasVendaSchema = z.object({
  vendas: z.number().int(),
  itens: dinheiro,
  bruto: dinheiro,
  descontoComum: dinheiro,
  descontoCombo: dinheiro,
  descontoHappyHour: dinheiro,
  descontoSugestao: dinheiro,
  descontoPersonalizado: dinheiro,
  descontoGeral: dinheiro,
  descontos: dinheiro,
  acrescimos: dinheiro,
  taxaServico: dinheiro,
  taxaEntrega: dinheiro,
  liquido: dinheiro,
  custo: dinheiro,
  margem: dinheiro,
  ticketMedio: dinheiro,
});
export type MedidasVenda = z.infer<typeof medidasVendaSchema>;

const dimensaoSchema = z.enum(DIMENSOES_VENDA);
const medidaSchema = z.enum(MEDIDAS_VENDA);

// ---- relatorioVenda: summary by one dimension + totals; relatorioVendaDetalhe: the raw sales, 50 a page ----

export const POR_PAGINA_RELATORIO = 50;

/** Socket event on room `empresa:<id>` when the worker has applied ended/cancelled sales of the store. */
export const EVENTO_RELATORIO_VENDAS_ATUALIZADO = 'relatorioVendasAtualizado';

export const relatorioVendaPedidoSchema = z.object({
  filtro: filtroRelatorioSchema,
  agrupar: dimensaoSchema.default('dia'),
});
export type RelatorioVendaPedido = z.input<typeof relatorioVendaPedidoSchema>;

/** A row of a grouped summary: the dimension's key (id, 'YYYY-MM-DD', hour 0-23, weekday 0-6) and its label. */
export const linhaResumoVendaSchema = medidasVendaSchema.extend({ chave: z.string(), rotulo: z.string() });
export type LinhaResumoVenda = z.infer<typeof linhaResumoVendaSchema>;

/** One raw sale of the detail page (every total of the sale entity, spec §3). */
export const vendaDetalheSchema = z.object({
  _id: idSchema,
  numero: z.number().int(),
  empresa: z.object({ _id: z.string(), descricao: z.string() }),
  data: z.string(),
  encerradaEm: z.string().nullable(),
  status: z.number().int(),
  tipoVenda: z.number().int(),
  localPedido: z.number().int().nullable(),
  terminal: z.string().nullable(),
  operador: z.string(),
  atendente: z.string(),
  cliente: z.string(),
  subTotal: dinheiro,
  totalDesconto: dinheiro,
  totalDescontoComum: dinheiro,
  totalDescontoCombo: dinheiro,
  totalDescontoHappyHour: dinheiro,
  totalDescontoSugestao: dinheiro,
  totalAcrescimo: dinheiro,
  taxaEntrega: dinheiro,
  total: dinheiro,
  totalPago: dinheiro,
  troco: dinheiro,
});
export type VendaDetalhe = z.infer<typeof vendaDetalheSchema>;

export const relatorioVendaRespostaSchema = z.object({
  agrupar: dimensaoSchema,
  linhas: z.array(linhaResumoVendaSchema),
  totais: medidasVendaSchema,
});
export type RelatorioVendaResposta = z.infer<typeof relatorioVendaRespostaSchema>;

/**
 * Where a page of raw sales starts: after the sale of this instant (its end, else its creation, exactly as the
 * server wrote it) and id. Pages follow each other (keyset); there is no jumping to page n of a month.
 */
export const cursorVendaDetalheSchema = z.object({
  /** PostgreSQL's text of a timestamptz, e.g. '2026-10-01 12:34:56.123456+00'. */
  instante: z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/),
  id: z.string().min(1).max(64),
});
export type CursorVendaDetalhe = z.infer<typeof cursorVendaDetalheSchema>;

export const relatorioVendaDetalhePedidoSchema = z.object({
  filtro: filtroRelatorioSchema,
  /** null: the first page of the period. */
  apos: cursorVendaDetalheSchema.nullable().default(null),
});
export type RelatorioVendaDetalhePedido = z.input<typeof relatorioVendaDetalhePedidoSchema>;

export const relatorioVendaDetalheRespostaSchema = z.object({
  porPagina: z.number().int(),
  /** The sales of the filter in the order of their end (else creation) instant, then id. */
  vendas: z.array(vendaDetalheSchema),
  /** The cursor of the next page; null on the last one. */
  proxima: cursorVendaDetalheSchema.nullable(),
});
export type RelatorioVendaDetalheResposta = z.infer<typeof relatorioVendaDetalheRespostaSchema>;

// ---- relatorioVendaNovo: pivot = row dimensions + one column dimension + measures ----

export const relatorioVendaNovoPedidoSchema = z.object({
  filtro: filtroRelatorioSchema,
  linhas: z.array(dimensaoSchema).max(3).default([]),
  coluna: dimensaoSchema.nullable().default(null),
  medidas: z.array(medidaSchema).min(1).max(MEDIDAS_VENDA.length).default(['vendas', 'liquido']),
});
export type RelatorioVendaNovoPedido = z.input<typeof relatorioVendaNovoPedidoSchema>;

const valoresSchema = z.record(z.string(), z.union([z.number(), z.string()]));
export const relatorioVendaNovoRespostaSchema = z.object({
  linhas: z.array(dimensaoSchema),
  coluna: dimensaoSchema.nullable(),
  medidas: z.array(medidaSchema),
  /** Labels of every key met, per dimension. */
  rotulos: z.record(z.string(), z.record(z.string(), z.string())),
  /** Column keys in order ([] without a column dimension). */
  colunas: z.array(z.string()),
  celulas: z.array(
    z.object({
      /** Keys of the row dimensions, in the order asked. */
      chaves: z.array(z.string()),
      /** Per column key ('' without a column dimension) the chosen measures. */
      valores: z.record(z.string(), valoresSchema),
      total: valoresSchema,
    }),
  ),
  totalColunas: z.record(z.string(), valoresSchema),
  totalGeral: valoresSchema,
});
export type RelatorioVendaNovoResposta = z.infer<typeof relatorioVendaNovoRespostaSchema>;

// ---- relatorioVendaProdutos / listaProdutosVendidos ----

export const relatorioVendaProdutosPedidoSchema = z.object({
  filtro: filtroRelatorioSchema,
  agrupar: z.enum(['produto', 'grupo', 'familia']).default('produto'),
});
export type RelatorioVendaProdutosPedido = z.input<typeof relatorioVendaProdutosPedidoSchema>;

export const linhaProdutoVendaSchema = z.object({
  chave: z.string(),
  rotulo: z.string(),
  codigoInterno: z.string().nullable(),
  vendas: z.number().int(),
  quantidade: dinheiro,
  bruto: dinheiro,
  descontoComum: dinheiro,
  descontoCombo: dinheiro,
  descontoHappyHour: dinheiro,
  descontoSugestao: dinheiro,
  descontoPersonalizado: dinheiro,
  descontoGeral: dinheiro,
  descontos: dinheiro,
  acrescimos: dinheiro,
  liquido: dinheiro,
  custo: dinheiro,
  margem: dinheiro,
  /** margem / liquido x 100, 2 decimals ('0.00' when liquido is 0). */
  margemPercentual: dinheiro,
});
export type LinhaProdutoVenda = z.infer<typeof linhaProdutoVendaSchema>;

export const relatorioVendaProdutosRespostaSchema = z.object({
  agrupar: z.enum(['produto', 'grupo', 'familia']),
  linhas: z.array(linhaProdutoVendaSchema),
  totais: linhaProdutoVendaSchema.omit({ chave: true, rotulo: true, codigoInterno: true }),
});
export type RelatorioVendaProdutosResposta = z.infer<typeof relatorioVendaProdutosRespostaSchema>;

export const listaProdutosVendidosPedidoSchema = z.object({ filtro: filtroRelatorioSchema });
export const listaProdutosVendidosRespostaSchema = z.object({
  produtos: z.array(
    z.object({
      _id: z.string(),
      codigoInterno: z.string().nullable(),
      descricao: z.string(),
      unidade: z.string().nullable(),
      quantidade: dinheiro,
      liquido: dinheiro,
    }),
  ),
  totais: z.object({ quantidade: dinheiro, liquido: dinheiro }),
});
export type ListaProdutosVendidosResposta = z.infer<typeof listaProdutosVendidosRespostaSchema>;

// ---- relatorioVendaFranquia ----

export const relatorioVendaFranquiaPedidoSchema = z.object({ filtro: filtroRelatorioSchema });
export const linhaFranquiaSchema = z.object({
  empresa: z.object({ _id: z.string(), descricao: z.string() }),
  vendas: z.number().int(),
  liquido: dinheiro,
  ticketMedio: dinheiro,
  /** Percentages the group sets (grupoEmpresarial.configuracoes.franquia), per store or the group's default. */
  percentualRoyalties: dinheiro,
  royalties: dinheiro,
  percentualFundoPropaganda: dinheiro,
  fundoPropaganda: dinheiro,
});
export const relatorioVendaFranquiaRespostaSchema = z.object({
  lojas: z.array(linhaFranquiaSchema),
  totais: z.object({
    vendas: z.number().int(),
    liquido: dinheiro,
    royalties: dinheiro,
    fundoPropaganda: dinheiro,
  }),
});
export type RelatorioVendaFranquiaResposta = z.infer<typeof relatorioVendaFranquiaRespostaSchema>;

// ---- dashboardDefault / dashboardDefault2 ----

export const dashboardVendasPedidoSchema = z.object({
  /** Same filter as the reports; the web sends today as dataInicio = dataFim for the home page. */
  filtro: filtroRelatorioSchema,
  /** 'YYYY-MM-DD' of "today" in -03:00; the server's clock when left out. */
  hoje: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  topProdutos: z.number().int().min(1).max(50).default(10),
});
export type DashboardVendasPedido = z.input<typeof dashboardVendasPedidoSchema>;

export const indicadoresSchema = z.object({
  faturamento: dinheiro,
  vendas: z.number().int(),
  ticketMedio: dinheiro,
});
export type Indicadores = z.infer<typeof indicadoresSchema>;

const diaDashboardSchema = z.object({ dia: z.string(), faturamento: dinheiro, vendas: z.number().int() });
/** A share of the period's revenue (by sale type, by origin). */
const divisaoDashboardSchema = z.object({
  descricao: z.string(),
  faturamento: dinheiro,
  vendas: z.number().int(),
  ticketMedio: dinheiro,
});

export const dashboardVendasRespostaSchema = z.object({
  hoje: indicadoresSchema,
  periodo: indicadoresSchema,
  /** The same period shifted back a week, a month and a year. */
  comparacao: z.object({
    semanaAnterior: indicadoresSchema,
    mesAnterior: indicadoresSchema,
    anoAnterior: indicadoresSchema,
  }),
  /**
   * Every day of the period (days without sales at zero), each with the day at the same position of each
   * comparison period (its first day + the same offset; null past its end, when it is shorter). A month back may
   * also be longer (a period over February): its extra days count only in `comparacao`.
   */
  porDia: z.array(
    diaDashboardSchema.extend({
      comparacao: z.object({
        semanaAnterior: diaDashboardSchema.nullable(),
        mesAnterior: diaDashboardSchema.nullable(),
        anoAnterior: diaDashboardSchema.nullable(),
      }),
    }),
  ),
  porHora: z.array(z.object({ hora: z.number().int(), faturamento: dinheiro, vendas: z.number().int() })),
  /** Weekday (0 Domingo - 6 Sábado) x hour heat map of the period. */
  mapaCalor: z.array(
    z.object({
      diaSemana: z.number().int(),
      hora: z.number().int(),
      faturamento: dinheiro,
      vendas: z.number().int(),
    }),
  ),
  porEmpresa: z.array(
    z.object({
      _id: z.string(),
      descricao: z.string(),
      faturamento: dinheiro,
      vendas: z.number().int(),
      ticketMedio: dinheiro,
    }),
  ),
  porTipoPagamento: z.array(z.object({ tipo: z.number().int(), descricao: z.string(), valor: dinheiro })),
  /** By sale type (53-56), largest revenue first. */
  porTipoVenda: z.array(divisaoDashboardSchema.extend({ tipoVenda: z.number().int() })),
  /** By order origin (localPedido 68-77; 0 = not informed), largest revenue first. */
  porOrigem: z.array(divisaoDashboardSchema.extend({ origem: z.number().int() })),
  topProdutos: z.array(
    z.object({ _id: z.string(), descricao: z.string(), quantidade: dinheiro, liquido: dinheiro }),
  ),
});
export type DashboardVendasResposta = z.infer<typeof dashboardVendasRespostaSchema>;

/** Pure check of a grouping (the server refuses with these texts; the web greys the impossible choices). */
export function validarDimensoes(
  dimensoes: readonly DimensaoVenda[],
  medidas: readonly MedidaVenda[] = [],
): string | null {
  if (new Set(dimensoes).size !== dimensoes.length) return MENSAGENS_RELATORIO_VENDA.dimensaoRepetida;
  const porProduto = dimensoes.some((d) => (DIMENSOES_PRODUTO as readonly string[]).includes(d));
  if (!porProduto) return null;
  if (dimensoes.some((d) => !(DIMENSOES_COM_PRODUTO as readonly string[]).includes(d))) {
    return MENSAGENS_RELATORIO_VENDA.dimensoesIncompativeis;
  }
  if (medidas.some((m) => (MEDIDAS_SO_VENDA as readonly string[]).includes(m)))
    return MENSAGENS_RELATORIO_VENDA.medidaSoVenda;
  return null;
}
