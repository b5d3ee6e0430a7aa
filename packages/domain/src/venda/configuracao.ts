import { z } from 'zod';
import { decimalTextoSchema } from '../dinheiro/decimal.ts';
import {
  comboSchema,
  diaSchema,
  horaSchema,
  idSchema,
  promocaoSchema,
  tipoVendaIdSchema,
} from './esquemas.ts';

// Inputs of recalcularVenda besides the sale: the catalogue (products with per-store prices, price
// tables, promotions, combos, happy hours, suggestions) and the store settings (spec 1 section 3
// "Company/store" configuracoes).

const dec = decimalTextoSchema;

/** Price types (spec 1 section 3 "Enumerations"): table price, local price, table percentage. */
export const TIPO_PRECO = {
  tabela: 'precoTabela',
  local: 'precoLocal',
  percentualTabela: 'percentualTabela',
} as const;
export type TipoPreco = (typeof TIPO_PRECO)[keyof typeof TIPO_PRECO];

export const produtoEmpresaSchema = z.object({
  empresa: idSchema,
  tipoPreco: z.enum(['precoTabela', 'precoLocal', 'percentualTabela']).default('precoTabela'),
  precoLocal: dec.nullish(),
  /** Surcharge (or discount, if negative) over the table price, in %. */
  percentualTabela: dec.nullish(),
});

export const produtoVendaSchema = z.object({
  _id: idSchema,
  descricao: z.string(),
  tipoProduto: z.string().default('Normal'),
  /** General (table) price of the product. */
  preco: dec,
  custo: dec.nullish(),
  /** Family maximum of pizza fractions (agrupadores.familias.maximoFracao). */
  maximoFracao: z.number().int().min(1).nullish(),
  empresas: z.array(produtoEmpresaSchema).default([]),
});
export type ProdutoVenda = z.infer<typeof produtoVendaSchema>;

/** Price table per sale type (route tabelaVenda). */
export const tabelaVendaSchema = z.object({
  _id: idSchema,
  descricao: z.string(),
  empresa: z.array(idSchema).default([]),
  tipoVenda: z.array(tipoVendaIdSchema),
  precos: z.array(z.object({ produto: idSchema, preco: dec })),
});
export type TabelaVenda = z.infer<typeof tabelaVendaSchema>;

const diasSemana = {
  segunda: z.boolean().default(true),
  terca: z.boolean().default(true),
  quarta: z.boolean().default(true),
  quinta: z.boolean().default(true),
  sexta: z.boolean().default(true),
  sabado: z.boolean().default(true),
  domingo: z.boolean().default(true),
};

/** Happy hour: a percent discount (or surcharge) on some products (empty = all) in a time window. */
export const happyHourSchema = z.object({
  _id: idSchema,
  descricao: z.string(),
  tipo: z.enum(['desconto', 'acrescimo']).default('desconto'),
  percentual: dec,
  produtos: z.array(idSchema).default([]),
  empresa: z.array(idSchema).default([]),
  tipoVenda: z.array(tipoVendaIdSchema).default([]),
  dataInicio: diaSchema.nullish(),
  dataFim: diaSchema.nullish(),
  horaInicio: horaSchema,
  horaFim: horaSchema,
  ...diasSemana,
  habilitado: z.boolean().default(true),
});
export type HappyHour = z.infer<typeof happyHourSchema>;

/** Product suggestion (route vendaSugestaoProduto): a discount or surcharge on the suggested item. */
export const sugestaoProdutoSchema = z.object({
  _id: idSchema,
  produto: idSchema,
  tipo: z.enum(['desconto', 'acrescimo']),
  modo: z.enum(['valor', 'percentual']),
  /** Per unit (modo valor) or % of the gross value (modo percentual). */
  valor: dec,
  habilitado: z.boolean().default(true),
});
export type SugestaoProduto = z.infer<typeof sugestaoProdutoSchema>;

export const catalogoVendaSchema = z.object({
  produtos: z.array(produtoVendaSchema).default([]),
  tabelasVenda: z.array(tabelaVendaSchema).default([]),
  promocoes: z.array(promocaoSchema).default([]),
  combos: z.array(comboSchema).default([]),
  happyHours: z.array(happyHourSchema).default([]),
  sugestoes: z.array(sugestaoProdutoSchema).default([]),
});
export type CatalogoVenda = z.infer<typeof catalogoVendaSchema>;
export type CatalogoVendaEntrada = z.input<typeof catalogoVendaSchema>;

/**
 * A coordinate or radius as a number, or as the decimal text stored settings may carry (the server reads
 * the store's settings with every number as text): '-25.4296' is -25.4296.
 */
const numeroOuTexto = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const pontoAreaSchema = z.object({ lat: numeroOuTexto, lng: numeroOuTexto });

export const areaAtendimentoSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('poligono'),
    descricao: z.string().default(''),
    pontos: z.array(pontoAreaSchema).min(3),
  }),
  z.object({
    tipo: z.literal('circulo'),
    descricao: z.string().default(''),
    centro: pontoAreaSchema,
    raioMetros: numeroOuTexto.pipe(z.number().positive()),
  }),
  z.object({
    tipo: z.literal('retangulo'),
    descricao: z.string().default(''),
    norte: numeroOuTexto,
    sul: numeroOuTexto,
    leste: numeroOuTexto,
    oeste: numeroOuTexto,
  }),
]);
export type AreaAtendimento = z.infer<typeof areaAtendimentoSchema>;

export const configuracaoVendaSchema = z.object({
  empresa: idSchema,
  /** spec 5 "Combos": order by valorDesconto or quantidadeAgrupador. */
  comboOrdemDesconto: z.string().nullish(),
  /** spec 9: pizza price is the highest fraction when on, else the average weighted by parts. */
  pizzaPrecoMaiorFracao: z.boolean().default(false),
  gravarVendaEventosCancelamentoNaoConfirmado: z.boolean().default(false),
  /** Counter sales: each line goes to the kitchen when launched (else when the sale is finished). */
  enviarBalcaoCozinhaAoLancar: z.boolean().default(false),
  taxaKm: z.array(z.object({ km: dec, taxaEntrega: dec })).default([]),
  taxaBairro: z
    .array(
      z.object({ cidade: z.string(), bairros: z.array(z.object({ bairro: z.string(), taxaEntrega: dec })) }),
    )
    .default([]),
  taxaEntregaPadrao: dec.nullish(),
  /** The store's Gorjeta product: its lines are the service charge (servico.ts); set by the server. */
  produtoServico: idSchema.nullish(),
  /** Largest service percentage the store allows (default 20, servico.ts). */
  percentualServicoMaximo: dec.nullish(),
  areasAtendimento: z.array(areaAtendimentoSchema).default([]),
});
export type ConfiguracaoVenda = z.infer<typeof configuracaoVendaSchema>;
export type ConfiguracaoVendaEntrada = z.input<typeof configuracaoVendaSchema>;
