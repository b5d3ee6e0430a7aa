import { z } from 'zod';
import { statusExpedicao, statusVenda, tiposPagamento, tiposTroco, tiposVenda } from '../catalogos/venda.ts';
import { decimalTextoSchema } from '../dinheiro/decimal.ts';

// Zod schemas shared by API and web for the sale entities of spec 1 section 3 ("Sale", "Sale item",
// "Payment", "Sale event", "Combo", "Promotion"). Values travel as decimal strings ("12.50").
// Fields the spec does not name but the engine needs are marked "extension" (see venda/README.md).

/** 24-char lowercase hex id (DESIGN.md section 3). */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
export type Id = z.infer<typeof idSchema>;

const dec = decimalTextoSchema;
const zero2 = '0.00';
const dec0 = () => dec.default(zero2);
/** ISO 8601 instant (with offset). */
export const instanteSchema = z.iso.datetime({ offset: true });
/** HH:mm */
export const horaSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida');
/** YYYY-MM-DD business day */
export const diaSchema = z.iso.date();

const idCatalogo = <T extends number>(existe: (id: unknown) => id is T) =>
  z.number().int().refine(existe, 'Código inválido') as unknown as z.ZodType<T, number>;

export const tipoVendaIdSchema = idCatalogo(tiposVenda.existe);
export const statusVendaIdSchema = idCatalogo(statusVenda.existe);
export const statusExpedicaoIdSchema = idCatalogo(statusExpedicao.existe);
export const tipoPagamentoIdSchema = idCatalogo(tiposPagamento.existe);
export const tipoTrocoIdSchema = idCatalogo(tiposTroco.existe);

/** Operators, attendants, supervisors and delivery persons: id, name and codigoInterno (spec 1, section 6). */
export const pessoaRefSchema = z.object({
  _id: idSchema,
  nome: z.string(),
  codigoInterno: z.union([z.string(), z.number()]).nullish(),
});
export type PessoaRef = z.infer<typeof pessoaRefSchema>;

export const produtoRefSchema = z.object({
  _id: idSchema,
  descricao: z.string(),
  codigoInterno: z.union([z.string(), z.number()]).nullish(),
});
export type ProdutoRef = z.infer<typeof produtoRefSchema>;

export const localizacaoSchema = z.object({ lat: z.number(), lng: z.number() });
export type Localizacao = z.infer<typeof localizacaoSchema>;

export const enderecoVendaSchema = z.object({
  logradouro: z.string().default(''),
  numero: z.string().default(''),
  cidade: z.string().default(''),
  uf: z.string().default('PR'),
  bairro: z.string().default(''),
  complemento: z.string().default(''),
  cep: z.string().default(''),
  localizacao: localizacaoSchema.nullish(),
});

export const clienteVendaSchema = z.object({
  _id: idSchema,
  nome: z.string(),
  clientePadrao: z.boolean().default(false),
  endereco: enderecoVendaSchema.nullish(),
});
export type ClienteVenda = z.infer<typeof clienteVendaSchema>;

/** Seat split of an item (spec: posicao with pago, desconto, quantidade, numero). */
export const posicaoSchema = z.object({
  numero: z.number().int().min(1),
  quantidade: dec,
  desconto: dec0(),
  pago: z.boolean().default(false),
});
export type Posicao = z.infer<typeof posicaoSchema>;

/** Pizza part (spec: produtosFilho with quantidadeParte). */
export const produtoFilhoSchema = z.object({
  produto: produtoRefSchema,
  quantidadeParte: z.number().int().min(1).default(1),
  precoVenda: dec0(),
});
export type ProdutoFilho = z.infer<typeof produtoFilhoSchema>;

export const vendaItemSchema = z.object({
  /** Confirmed items have an id; unconfirmed ones do not (spec 1, section 4). */
  _id: idSchema.nullish(),
  produto: produtoRefSchema,
  produtosFilho: z.array(produtoFilhoSchema).default([]),
  numeroItem: z.number().int().min(1),
  terminal: idSchema.nullish(),
  atendente: pessoaRefSchema.nullish(),
  posicao: z.array(posicaoSchema).default([]),
  quantidade: dec.default('1'),
  precoVenda: dec0(),
  precoCusto: dec0(),
  valorBruto: dec0(),
  valorLiquido: dec0(),
  acrescimo: dec0(),
  acrescimoSugestao: dec0(),
  desconto: dec0(),
  descontoCombo: dec0(),
  descontoHappyHour: dec0(),
  descontoSugestao: dec0(),
  descontoPersonalizado: dec0(),
  /** extension: this line's share of the general discount. */
  descontoGeral: dec0(),
  descontoJustificativa: z.string().nullish(),
  supervisorDesconto: pessoaRefSchema.nullish(),
  confirmado: z.boolean().default(false),
  pizza: z.boolean().default(false),
  obs: z.string().default(''),
  cancelado: z.boolean().default(false),
  /** When the item was launched: promotions and happy hour are judged at this instant. */
  data: instanteSchema,
  comboAtivo: z.boolean().default(false),
  corPredominanteCombo: z.string().nullish(),
  existePosicaoPago: z.boolean().default(false),
  promocao: idSchema.nullish(),
  promocaoAtivo: z.boolean().default(false),
  /** extension: the product suggestion (vendaSugestaoProduto) the item was added from. */
  sugestao: idSchema.nullish(),
});
export type VendaItem = z.infer<typeof vendaItemSchema>;
export type VendaItemEntrada = z.input<typeof vendaItemSchema>;

export const formaPagamentoVendaSchema = z.object({
  _id: idSchema,
  descricao: z.string(),
  tipo: tipoPagamentoIdSchema,
  tipoTroco: tipoTrocoIdSchema,
});
export type FormaPagamentoVenda = z.infer<typeof formaPagamentoVendaSchema>;

export const pagamentoSchema = z.object({
  /** Client-generated: doubles as idempotency key. */
  _id: idSchema,
  formaPagamento: formaPagamentoVendaSchema,
  operador: pessoaRefSchema.nullish(),
  cliente: z.object({ _id: idSchema, nome: z.string() }).nullish(),
  supervisorLiberacao: pessoaRefSchema.nullish(),
  operadora: z.object({ _id: idSchema, descricao: z.string() }).nullish(),
  /** Amount applied to the bill. */
  valor: dec,
  /** Amount handed over by the customer. */
  valorPago: dec,
  /** valorPago - valor. */
  valorTroco: dec0(),
  terminal: idSchema.nullish(),
  caixa: idSchema.nullish(),
  periodo: idSchema.nullish(),
  data: instanteSchema,
  observacao: z.string().default(''),
  lixo: z.boolean().default(false),
  supervisorLixo: pessoaRefSchema.nullish(),
  /** extension: the seat this payment settled (per-seat payment). */
  posicao: z.number().int().min(1).nullish(),
  /** extension (issue 18): card instalments and the terminal's NSU / authorisation, for the receivables. */
  parcelas: z.number().int().min(1).max(99).nullish(),
  nsu: z.string().max(40).nullish(),
  autorizacao: z.string().max(40).nullish(),
  /** extension (issue 18): the card brand as its NFC-e tBand code ('01' Visa...; catalogue bandeiraCartao). */
  bandeira: z
    .string()
    .regex(/^\d{2}$/)
    .nullish(),
});
export type Pagamento = z.infer<typeof pagamentoSchema>;
export type PagamentoEntrada = z.input<typeof pagamentoSchema>;

export const comboRealizadoSchema = z.object({
  combo: idSchema,
  descricao: z.string(),
  corPredominanteCombo: z.string().nullish(),
  desconto: dec,
  /** Units of each item used by this realisation (no unit is used twice). */
  itens: z.array(
    z.object({ numeroItem: z.number().int().min(1), quantidade: z.number().int().min(1), desconto: dec }),
  ),
});
export type ComboRealizado = z.infer<typeof comboRealizadoSchema>;

export const descontoGeralSchema = z.object({
  /** General discount modes (spec 5): 0 value, 1 percent. */
  modo: z.union([z.literal(0), z.literal(1)]),
  /** As typed by the operator (R$ or %). */
  valor: dec,
  /** Total discount of the bill asked for (R$); the engine spreads what the other discounts leave. */
  totalDesconto: dec,
});
export type DescontoGeral = z.infer<typeof descontoGeralSchema>;

const refCatalogo = <T extends number>(id: z.ZodType<T, number>) =>
  z.object({ id, descricao: z.string().optional() });

export const vendaSchema = z.object({
  _id: idSchema,
  produtos: z.array(vendaItemSchema).default([]),
  empresa: idSchema,
  grupoEmpresarial: idSchema,
  cliente: clienteVendaSchema.nullish(),
  pagamentos: z.array(pagamentoSchema).default([]),
  numero: z.number().int().nullish(),
  expedicao: z.object({ status: statusExpedicaoIdSchema }).default({ status: 0 }),
  status: refCatalogo(statusVendaIdSchema).default({ id: 57 }),
  localPedido: z.object({ id: z.number().int().min(68).max(77), descricao: z.string().optional() }).nullish(),
  tipoVenda: refCatalogo(tipoVendaIdSchema),
  atendente: pessoaRefSchema.nullish(),
  entregador: pessoaRefSchema.nullish(),
  operador: pessoaRefSchema.nullish(),
  supervisor: pessoaRefSchema.nullish(),
  vendaDescricao: z.string().default('Consumidor'),
  terminal: idSchema.nullish(),
  cpfCnpj: z.string().nullish(),
  total: dec0(),
  totalAcrescimo: dec0(),
  totalDesconto: dec0(),
  totalDescontoPerc: dec0(),
  subTotal: dec0(),
  troco: dec0(),
  totalPago: dec0(),
  totalTroco: dec0(),
  totalValeCompra: dec0(),
  // Per-kind discount/surcharge totals (spec: comum, combo, happy hour, sugestao).
  totalDescontoComum: dec0(),
  totalDescontoCombo: dec0(),
  totalDescontoHappyHour: dec0(),
  totalDescontoSugestao: dec0(),
  totalAcrescimoComum: dec0(),
  totalAcrescimoSugestao: dec0(),
  /** extension: delivery fee included in total. */
  taxaEntrega: dec0(),
  /** extension: the fee was typed by a supervisor and is kept as is. */
  taxaEntregaManual: z.boolean().default(false),
  /** extension: road distance to the customer in metres (from the maps call). */
  distanciaEntregaMetros: z.number().nonnegative().nullish(),
  sequencialPeriodo: z.number().int().nullish(),
  sequencialPeriodoPrincipal: z.number().int().nullish(),
  combosRealizados: z.array(comboRealizadoSchema).default([]),
  /** Number of seats of the table. */
  posicaoVenda: z.number().int().min(0).default(0),
  nfce: z.array(z.record(z.string(), z.unknown())).default([]),
  descontoJustificativa: z.string().nullish(),
  supervisorDesconto: pessoaRefSchema.nullish(),
  /** extension: the general discount applied to the bill, if any. */
  descontoGeral: descontoGeralSchema.nullish(),
  data: instanteSchema,
});
export type Venda = z.infer<typeof vendaSchema>;
export type VendaEntrada = z.input<typeof vendaSchema>;

export const vendaEventoSchema = z.object({
  tipo: z.enum(['Desconto', 'Cancelamento']),
  operador: pessoaRefSchema.nullish(),
  terminal: idSchema.nullish(),
  empresa: idSchema,
  motivo: z.string().default(''),
  supervisor: pessoaRefSchema.nullish(),
  vendaCompleta: z.boolean().default(false),
  vendaId: idSchema,
  produtos: z.array(
    z.object({ numeroItem: z.number().int(), produto: produtoRefSchema, quantidade: dec, valor: dec }),
  ),
  valorDesconto: dec0(),
  dataHora: instanteSchema,
});
export type VendaEvento = z.infer<typeof vendaEventoSchema>;

const diasSemana = {
  segunda: z.boolean().default(true),
  terca: z.boolean().default(true),
  quarta: z.boolean().default(true),
  quinta: z.boolean().default(true),
  sexta: z.boolean().default(true),
  sabado: z.boolean().default(true),
  domingo: z.boolean().default(true),
};

export const promocaoSchema = z.object({
  _id: idSchema,
  tipoPromocao: z.enum(['novoValor', 'descontoValor', 'descontoPercentual']),
  valor: dec,
  produto: idSchema,
  dataInicio: diaSchema.nullish(),
  dataFim: diaSchema.nullish(),
  horaInicio: horaSchema.nullish(),
  horaFim: horaSchema.nullish(),
  ...diasSemana,
  /** Sale types where it applies; empty = all. */
  tipoVenda: z.array(tipoVendaIdSchema).default([]),
  habilitado: z.boolean().default(true),
});
export type Promocao = z.infer<typeof promocaoSchema>;

export const comboSchema = z.object({
  _id: idSchema,
  descricao: z.string(),
  desconto: dec,
  tipoDesconto: z.enum(['percentual', 'valor', 'precoDoMenorProduto']),
  corPredominanteCombo: z.string().nullish(),
  /** Stores where the combo applies; empty = all. */
  empresa: z.array(idSchema).default([]),
  agrupadores: z.array(
    z.object({ _id: idSchema, quantidade: z.number().int().min(1), produtos: z.array(idSchema) }),
  ),
  habilitado: z.boolean().default(true),
  // extension: sale types (empty = all) and time window, as for promotions (spec 5 "Combos").
  tipoVenda: z.array(tipoVendaIdSchema).default([]),
  dataInicio: diaSchema.nullish(),
  dataFim: diaSchema.nullish(),
  horaInicio: horaSchema.nullish(),
  horaFim: horaSchema.nullish(),
  ...diasSemana,
});
export type Combo = z.infer<typeof comboSchema>;
