import {
  escreverDinheiro,
  formatarDataHoraImpressao,
  formatarMoeda,
  formatarNumero,
  lerDinheiro,
  lerQuantidade,
  TIPO_IMPRESSAO,
  tiposVenda,
  zDecimalTexto,
  zInteiro,
} from '@retaguarda/domain';
import {
  descreverDiferenca,
  type FigurasFechamento,
  figurasFechamentoSchema,
  ROTULOS_FECHAMENTO as R,
} from '@retaguarda/domain/caixa/fechamento';
import { type CobrancaEntrega, textosCobranca } from '@retaguarda/domain/kds/cobranca';
import { type EntradaDanfe, montarDanfeNfce } from '@retaguarda/fiscal';
import { z } from 'zod';
import { Construtor, type DocumentoImpressao } from './documento.ts';

// The receipts of the print types 1-11 (spec 1 section 3) as pure functions: data in, document out, no I/O
// and no clock (the instant to print comes in `cabecalho.data`). 48 columns, condensed 64, expanded 24,
// dates DD/MM/YY HH:mm; sale types 53 (counter) and 55 (delivery) show the period sequence instead of the
// sale number (spec 1 section 9).

// Amounts and quantities as decimal texts below 10^12 with at most 6 places (issue 14 point 8): `dec` never
// negative, `decSinal` where a sign means something (a difference, a balance, cash in the drawer).
const dec = zDecimalTexto({ minimo: 0 });
const decSinal = zDecimalTexto();
/** A sale's number, sequence, table or tab: an integer column, never negative. */
const numeroVenda = zInteiro(0);
const texto = (max: number) => z.string().max(max);

export const cabecalhoSchema = z.object({
  /** Store name (nomeFantasia or descricao). */
  empresa: texto(100),
  cnpj: texto(20).nullish(),
  endereco: texto(200).nullish(),
  terminal: texto(60).nullish(),
  operador: texto(100).nullish(),
  /** Instant printed on the receipt (ISO 8601). */
  data: z.iso.datetime({ offset: true }),
  /** 48 (font A) or 64 (condensed font B) columns; expanded lines have half. */
  colunas: z.union([z.literal(48), z.literal(64)]).nullish(),
});
export type Cabecalho = z.infer<typeof cabecalhoSchema>;

export const vendaImpressaoSchema = z.object({
  numero: numeroVenda.nullish(),
  sequencialPeriodo: numeroVenda.nullish(),
  tipoVenda: z.number().int().refine(tiposVenda.existe, 'Tipo de venda inválido'),
  mesa: numeroVenda.nullish(),
  comanda: numeroVenda.nullish(),
  vendaDescricao: texto(100).nullish(),
  atendente: texto(100).nullish(),
  cliente: z
    .object({ nome: texto(150), telefone: texto(30).nullish(), endereco: texto(300).nullish() })
    .nullish(),
  observacao: texto(300).nullish(),
});
export type VendaImpressao = z.infer<typeof vendaImpressaoSchema>;

export const itemContaSchema = z.object({
  quantidade: dec,
  descricao: texto(150),
  valorUnitario: dec,
  valorTotal: dec,
  desconto: dec.nullish(),
  obs: texto(300).nullish(),
  partes: z.array(texto(150)).max(16).default([]),
});
export type ItemConta = z.infer<typeof itemContaSchema>;

const valorDescrito = z.object({ descricao: texto(100), valor: decSinal });
const movimento = z.object({ valor: dec, motivo: texto(200).default('') });

export const contaSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema,
  itens: z.array(itemContaSchema).max(500),
  subTotal: dec,
  totalDesconto: dec.default('0'),
  totalAcrescimo: dec.default('0'),
  taxaServico: dec.nullish(),
  taxaEntrega: dec.nullish(),
  total: dec,
  pagamentos: z.array(valorDescrito).max(50).default([]),
  /** Split of the remaining balance per person ("dividir a conta"). */
  pessoas: z.number().int().min(1).max(50).nullish(),
  /** PIX charge of the remaining balance: the EMV "copia e cola" string becomes a QR code. */
  pix: z.object({ qrCode: texto(1000), chave: texto(100).nullish() }).nullish(),
});

/** Non-fiscal receipt of an ended sale (the bill's data plus the change given). */
export const reciboSchema = contaSchema.extend({ troco: dec.nullish() });

export const fechamentoSchema = z.object({
  cabecalho: cabecalhoSchema,
  caixa: texto(60),
  dataAbertura: z.iso.datetime({ offset: true }),
  dataFechamento: z.iso.datetime({ offset: true }),
  recebimentos: z.array(valorDescrito).max(50),
  sangrias: z.array(movimento).max(200).default([]),
  suprimentos: z.array(movimento).max(200).default([]),
  pagamentos: z.array(valorDescrito).max(200).default([]),
  /** Counted amounts per payment type, when the closing was counted. */
  contagem: z.array(valorDescrito).max(50).nullish(),
  diferenca: decSinal.nullish(),
  /**
   * The labelled figures of the closing (domain caixa/fechamento.ts figurasFechamento): when present the slip
   * prints them under the same labels as the POS screen instead of the bare spec sums above.
   */
  figuras: figurasFechamentoSchema.nullish(),
});

export const cancelamentoSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema,
  itens: z.array(z.object({ quantidade: dec, descricao: texto(150), valor: dec })).max(500),
  vendaCompleta: z.boolean().default(false),
  motivo: texto(200).default(''),
  supervisor: texto(100).nullish(),
});

export const movimentoCaixaSchema = z.object({
  cabecalho: cabecalhoSchema,
  caixa: texto(60),
  numero: numeroVenda.nullish(),
  valor: dec,
  motivo: texto(200).default(''),
  supervisor: texto(100).nullish(),
});

export const pagamentoSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema.nullish(),
  descricao: texto(200).nullish(),
  pessoa: texto(150).nullish(),
  formaPagamento: texto(100),
  valor: dec,
  valorPago: dec.nullish(),
  troco: dec.nullish(),
  abrirGaveta: z.boolean().default(false),
});

export const cortesiaSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema,
  itens: z.array(z.object({ quantidade: dec, descricao: texto(150), valor: dec })).max(500),
  motivo: texto(200).default(''),
  supervisor: texto(100).nullish(),
});

export const convenioSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema.nullish(),
  cliente: z.object({ nome: texto(150), cpfCnpj: texto(20).nullish() }),
  valor: dec,
  limite: dec.nullish(),
  saldoDisponivel: decSinal.nullish(),
});

export const outrosSchema = z.object({
  cabecalho: cabecalhoSchema,
  titulo: texto(100),
  linhas: z.array(texto(500)).max(500),
});

export const alteracaoProducaoSchema = z.object({
  /** novo: first time; acrescimo: more of a line already sent; alterado: same quantity, new note or parts;
   * cancelado: quantity taken back. */
  tipo: z.enum(['novo', 'acrescimo', 'alterado', 'cancelado']),
  quantidade: dec,
  descricao: texto(150),
  obs: texto(300).default(''),
  partes: z.array(texto(150)).max(16).default([]),
  atendente: texto(100).nullish(),
});
export type AlteracaoProducao = z.infer<typeof alteracaoProducaoSchema>;

export const producaoSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema,
  /** The print sector's name (Cozinha, Bar...). */
  setor: texto(60),
  itens: z.array(alteracaoProducaoSchema).min(1).max(500),
});

/**
 * Expedition ticket: goes with the bag when the order is produced (empresa configuracoes.expedicao
 * setorImpressaoExpedicao): who and where to, what is inside, and what the rider must still charge.
 */
export const expedicaoSchema = z.object({
  cabecalho: cabecalhoSchema,
  venda: vendaImpressaoSchema,
  itens: z
    .array(
      z.object({
        quantidade: dec,
        descricao: texto(150),
        obs: texto(300).nullish(),
        partes: z.array(texto(150)).max(16).default([]),
      }),
    )
    .max(500),
  taxaEntrega: dec.nullish(),
  total: dec,
  pagamentos: z.array(valorDescrito).max(50).default([]),
  /** Change the rider takes to the customer (cash paid on delivery). */
  troco: dec.nullish(),
  entregador: texto(100).nullish(),
  tempoEntregaMinutos: z.number().int().min(1).max(600).nullish(),
  /**
   * An order the call center took: what the rider collects (the form agreed, the change and the note the
   * customer pays with) or that it is paid; replaces the generic balance and change lines.
   */
  cobranca: z
    .object({
      situacao: z.enum(['pago', 'cobrar']),
      formaPagamento: texto(100).nullable(),
      valorCobrar: dec,
      trocoPara: dec.nullable(),
      troco: dec,
      observacao: texto(300).default(''),
    })
    .nullish(),
});

// ---- helpers ----

const rotuloTipoVenda = (id: number) => tiposVenda.porId(id as 53)?.descricao ?? '';

/** Spec 1 section 9: counter (53) and delivery (55) show the period sequence instead of the sale number. */
export function numeroExibido(v: VendaImpressao): number | null {
  if (v.tipoVenda === 53 || v.tipoVenda === 55) return v.sequencialPeriodo ?? v.numero ?? null;
  return v.numero ?? null;
}

/** The big line of a ticket: MESA 12, COMANDA 7, BALCÃO 45, DELIVERY 46. */
export function destaqueVenda(v: VendaImpressao): string {
  if (v.tipoVenda === 54 && v.mesa != null) return `MESA ${v.mesa}`;
  if (v.tipoVenda === 56 && v.comanda != null) return `COMANDA ${v.comanda}`;
  const n = numeroExibido(v);
  return `${rotuloTipoVenda(v.tipoVenda).toUpperCase()}${n != null ? ` ${n}` : ''}`;
}

/** "2", "0,5", "1,25": quantities without trailing zeros. */
export function formatarQuantidade(q: string): string {
  const n = lerQuantidade(q);
  const inteiro = n % 10_000 === 0;
  return inteiro ? formatarNumero(n / 10_000, 0) : formatarNumero(q, 4).replace(/0+$/, '');
}

const somar = (valores: readonly string[]): number => valores.reduce((s, v) => s + lerDinheiro(v), 0);
const moeda = (centavos: number) => formatarMoeda(escreverDinheiro(centavos));
const numero = (v: string) => formatarNumero(v, 2);

function cabecalho(c: Construtor, cab: Cabecalho, titulo: string): void {
  c.centro(cab.empresa, { negrito: true });
  if (cab.cnpj) c.centro(`CNPJ: ${cab.cnpj}`);
  if (cab.endereco) c.centro(cab.endereco);
  c.separador();
  c.centro(titulo, { negrito: true, expandido: true });
  c.par(formatarDataHoraImpressao(cab.data), cab.terminal ?? '');
  if (cab.operador) c.texto(`Operador: ${cab.operador}`);
}

function blocoVenda(c: Construtor, v: VendaImpressao): void {
  const n = numeroExibido(v);
  const rotulo = v.tipoVenda === 53 || v.tipoVenda === 55 ? 'Pedido' : 'Venda';
  c.par(
    `${rotuloTipoVenda(v.tipoVenda)}${v.mesa != null ? ` - Mesa ${v.mesa}` : ''}${v.comanda != null ? ` - Comanda ${v.comanda}` : ''}`,
    n != null ? `${rotulo}: ${n}` : '',
  );
  if (v.atendente) c.texto(`Atendente: ${v.atendente}`);
  if (v.cliente) {
    c.texto(`Cliente: ${v.cliente.nome}`);
    if (v.cliente.telefone) c.texto(`Fone: ${v.cliente.telefone}`);
    if (v.cliente.endereco) c.texto(`Endereço: ${v.cliente.endereco}`);
  } else if (v.vendaDescricao && v.vendaDescricao !== 'Consumidor') c.texto(v.vendaDescricao);
  if (v.observacao) c.texto(`Obs: ${v.observacao}`);
}

function assinatura(c: Construtor, rotulo: string): void {
  c.branco().branco().centro('_'.repeat(36)).centro(rotulo);
}

// ---- layouts ----

/** Production ticket of one print sector: only what changed since the last ticket (see producao.ts). */
export function layoutProducao(d: z.infer<typeof producaoSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  c.centro(`PRODUÇÃO - ${d.setor.toUpperCase()}`, { negrito: true });
  c.centro(destaqueVenda(d.venda), { negrito: true, expandido: true });
  c.par(formatarDataHoraImpressao(d.cabecalho.data), d.cabecalho.terminal ?? '');
  const n = numeroExibido(d.venda);
  if (n != null && (d.venda.tipoVenda === 54 || d.venda.tipoVenda === 56)) c.texto(`Venda: ${n}`);
  if (d.venda.atendente) c.texto(`Atendente: ${d.venda.atendente}`);
  if (d.venda.cliente) c.texto(`Cliente: ${d.venda.cliente.nome}`);
  c.separador();
  for (const it of d.itens) {
    const q = formatarQuantidade(it.quantidade);
    const prefixo =
      it.tipo === 'cancelado' ? `CANCELADO ${q} x ` : it.tipo === 'acrescimo' ? `+${q} x ` : `${q} x `;
    if (it.tipo === 'alterado') c.texto('** ALTERADO **', { negrito: true });
    c.texto(`${prefixo}${it.descricao}`, { negrito: true });
    for (const p of it.partes) c.texto(`   ${p}`);
    if (it.obs) c.texto(`   Obs: ${it.obs}`);
  }
  c.separador();
  if (d.venda.observacao) c.texto(`Obs. do pedido: ${d.venda.observacao}`, { negrito: true });
  return c.documento(`Produção ${d.setor} - ${destaqueVenda(d.venda)}`);
}

/** The item lines of a bill or a receipt (the receipt leaves the kitchen's observations out). */
function linhasDosItens(
  c: Construtor,
  itens: z.infer<typeof contaSchema>['itens'],
  { comObs }: { comObs: boolean },
): void {
  c.par('Qtde Descrição', 'Vl.Unit   Vl.Total');
  for (const it of itens) {
    c.texto(it.descricao);
    c.par(
      `  ${formatarQuantidade(it.quantidade)} x`,
      `${numero(it.valorUnitario).padStart(9)} ${numero(it.valorTotal).padStart(10)}`,
    );
    for (const p of it.partes) c.texto(`   ${p}`);
    if (it.desconto && lerDinheiro(it.desconto) > 0) c.par('   Desconto', `-${numero(it.desconto)}`);
    if (comObs && it.obs) c.texto(`   Obs: ${it.obs}`);
  }
}

/** The bill (conta / pré-conta): items, totals, payments made, per-person split and PIX QR. */
export function layoutConta(d: z.infer<typeof contaSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, 'CONTA');
  blocoVenda(c, d.venda);
  c.separador();
  linhasDosItens(c, d.itens, { comObs: true });
  c.separador();
  c.par('Subtotal', formatarMoeda(d.subTotal));
  if (lerDinheiro(d.totalDesconto) > 0) c.par('Desconto', `-${formatarMoeda(d.totalDesconto)}`);
  if (lerDinheiro(d.totalAcrescimo) > 0) c.par('Acréscimo', formatarMoeda(d.totalAcrescimo));
  if (d.taxaServico && lerDinheiro(d.taxaServico) > 0) c.par('Taxa de serviço', formatarMoeda(d.taxaServico));
  if (d.taxaEntrega && lerDinheiro(d.taxaEntrega) > 0) c.par('Taxa de entrega', formatarMoeda(d.taxaEntrega));
  c.par('TOTAL', formatarMoeda(d.total), { negrito: true });
  const pago = somar(d.pagamentos.map((p) => p.valor));
  if (d.pagamentos.length > 0) {
    c.separador();
    for (const p of d.pagamentos) c.par(p.descricao, formatarMoeda(p.valor));
    c.par('Total pago', moeda(pago));
  }
  const restante = Math.max(0, lerDinheiro(d.total) - pago);
  if (pago > 0) c.par('RESTANTE', moeda(restante), { negrito: true });
  if (d.pessoas && d.pessoas > 1) {
    c.par(`Dividido por ${d.pessoas} pessoas`, moeda(Math.ceil(restante / d.pessoas)));
  }
  if (d.pix) {
    c.separador();
    c.centro('Pague com PIX', { negrito: true });
    c.qrCode(d.pix.qrCode);
    if (d.pix.chave) c.centro(`Chave: ${d.pix.chave}`);
  }
  c.separador();
  c.centro('NÃO É DOCUMENTO FISCAL');
  return c.documento(`Conta - ${destaqueVenda(d.venda)}`);
}

/** Non-fiscal receipt of an ended sale: items, totals, payments and change; clearly not a fiscal note. */
export function layoutRecibo(d: z.infer<typeof reciboSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, 'RECIBO');
  c.centro('NÃO É DOCUMENTO FISCAL', { negrito: true });
  blocoVenda(c, d.venda);
  c.separador();
  linhasDosItens(c, d.itens, { comObs: false });
  c.separador();
  c.par('Subtotal', formatarMoeda(d.subTotal));
  if (lerDinheiro(d.totalDesconto) > 0) c.par('Desconto', `-${formatarMoeda(d.totalDesconto)}`);
  if (lerDinheiro(d.totalAcrescimo) > 0) c.par('Acréscimo', formatarMoeda(d.totalAcrescimo));
  if (d.taxaEntrega && lerDinheiro(d.taxaEntrega) > 0) c.par('Taxa de entrega', formatarMoeda(d.taxaEntrega));
  c.par('TOTAL', formatarMoeda(d.total), { negrito: true });
  if (d.pagamentos.length > 0) {
    c.separador();
    for (const p of d.pagamentos) c.par(p.descricao, formatarMoeda(p.valor));
  }
  if (d.troco && lerDinheiro(d.troco) > 0) c.par('Troco', formatarMoeda(d.troco));
  c.separador();
  c.centro('NÃO É DOCUMENTO FISCAL');
  c.centro('Obrigado pela preferência!');
  return c.documento(`Recibo - ${destaqueVenda(d.venda)}`);
}

/** The closing's labelled figures (the POS screen shows the same labels). */
function figurasDoFechamento(c: Construtor, f: FigurasFechamento): void {
  c.separador().texto(R.vendasPorForma.toUpperCase(), { negrito: true });
  for (const v of f.vendasPorForma) c.par(`${v.descricao} (${v.quantidade})`, formatarMoeda(v.valor));
  if (f.vendasPorForma.length === 0) c.texto('Nenhuma venda recebida');
  c.par(R.totalVendasRegistradas, formatarMoeda(f.totalVendasRegistradas), { negrito: true });
  c.separador().texto(R.gaveta.toUpperCase(), { negrito: true });
  c.par(R.valorAbertura, formatarMoeda(f.valorAbertura));
  c.par(`+ ${R.vendasDinheiro}`, formatarMoeda(f.vendasDinheiro));
  c.par(`+ ${R.suprimentos} (${f.quantidadeSuprimentos})`, formatarMoeda(f.totalSuprimentos));
  c.par(`- ${R.sangrias} (${f.quantidadeSangrias})`, formatarMoeda(f.totalSangrias));
  c.par(`= ${R.dinheiroEsperado}`, formatarMoeda(f.dinheiroEsperado), { negrito: true });
  c.separador().texto(R.conferencia.toUpperCase(), { negrito: true });
  for (const l of f.conferencia) {
    c.texto(l.descricao, { negrito: true });
    c.par(`  ${R.esperado}`, formatarMoeda(l.esperado));
    c.par(`  ${R.contado}`, l.contado === null ? '-' : formatarMoeda(l.contado));
    if (l.diferenca !== null) c.par(`  ${R.diferenca}`, descreverDiferenca(l.diferenca).texto);
  }
  if (!f.contado) c.texto(R.semContagem);
  if (f.diferencaTotal !== null) {
    const d = descreverDiferenca(f.diferencaTotal);
    c.separador();
    c.texto(`${R.diferencaTotal}:`, { negrito: true });
    c.par('', d.texto.toUpperCase(), { negrito: true });
  }
  c.separador();
  c.texto(`${R.totalVendasContagem}:`, { negrito: true });
  c.par('', formatarMoeda(f.totalVendasContagem), { negrito: true });
  c.texto(`(${R.formulaContagem})`);
}

/** Cash closing. Spec 1 section 9: total sales = receipts + bleed-offs + payments - supplies. */
export function layoutFechamento(d: z.infer<typeof fechamentoSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, 'FECHAMENTO');
  c.texto(`Caixa: ${d.caixa}`);
  c.par('Abertura', formatarDataHoraImpressao(d.dataAbertura));
  c.par('Fechamento', formatarDataHoraImpressao(d.dataFechamento));
  if (d.figuras) {
    figurasDoFechamento(c, d.figuras);
    assinatura(c, 'Operador');
    return c.documento(`Fechamento ${d.caixa}`);
  }
  c.separador().texto('RECEBIMENTOS', { negrito: true });
  for (const r of d.recebimentos) c.par(r.descricao, formatarMoeda(r.valor));
  const recebimentos = somar(d.recebimentos.map((r) => r.valor));
  c.par('Total recebimentos', moeda(recebimentos));
  const sangrias = somar(d.sangrias.map((s) => s.valor));
  const suprimentos = somar(d.suprimentos.map((s) => s.valor));
  const pagamentos = somar(d.pagamentos.map((p) => p.valor));
  c.separador();
  c.par(`Sangrias (${d.sangrias.length})`, moeda(sangrias));
  c.par(`Suprimentos (${d.suprimentos.length})`, moeda(suprimentos));
  c.par(`Pagamentos (${d.pagamentos.length})`, moeda(pagamentos));
  for (const p of d.pagamentos) c.par(`  ${p.descricao}`, formatarMoeda(p.valor));
  c.separador();
  c.par('TOTAL DE VENDAS', moeda(recebimentos + sangrias + pagamentos - suprimentos), { negrito: true });
  if (d.contagem) {
    c.separador().texto('CONTAGEM', { negrito: true });
    for (const r of d.contagem) c.par(r.descricao, formatarMoeda(r.valor));
    if (d.diferenca != null) c.par('Diferença', formatarMoeda(d.diferenca), { negrito: true });
  }
  assinatura(c, 'Operador');
  return c.documento(`Fechamento ${d.caixa}`);
}

export function layoutCancelamento(d: z.infer<typeof cancelamentoSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, d.vendaCompleta ? 'VENDA CANCELADA' : 'CANCELAMENTO');
  blocoVenda(c, d.venda);
  c.separador();
  for (const it of d.itens) c.par(`${formatarQuantidade(it.quantidade)} x ${it.descricao}`, numero(it.valor));
  c.separador();
  c.par('Total cancelado', moeda(somar(d.itens.map((i) => i.valor))), { negrito: true });
  if (d.motivo) c.texto(`Motivo: ${d.motivo}`);
  if (d.supervisor) c.texto(`Supervisor: ${d.supervisor}`);
  assinatura(c, 'Supervisor');
  return c.documento(`Cancelamento - ${destaqueVenda(d.venda)}`);
}

function movimentoCaixa(d: z.infer<typeof movimentoCaixaSchema>, titulo: string): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, titulo);
  c.par(`Caixa: ${d.caixa}`, d.numero != null ? `Nº ${d.numero}` : '');
  c.separador();
  c.par('VALOR', formatarMoeda(d.valor), { negrito: true, expandido: true });
  if (d.motivo) c.texto(`Motivo: ${d.motivo}`);
  if (d.supervisor) c.texto(`Supervisor: ${d.supervisor}`);
  assinatura(c, 'Operador');
  if (d.supervisor) assinatura(c, 'Supervisor');
  return c.documento(`${titulo.charAt(0)}${titulo.slice(1).toLowerCase()} ${d.caixa}`, { abrirGaveta: true });
}

export const layoutSangria = (d: z.infer<typeof movimentoCaixaSchema>) => movimentoCaixa(d, 'SANGRIA');
export const layoutSuprimento = (d: z.infer<typeof movimentoCaixaSchema>) => movimentoCaixa(d, 'SUPRIMENTO');

/** Payment receipt (a payment received at the cashier, or paid out of it to a person). */
export function layoutPagamento(d: z.infer<typeof pagamentoSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, 'PAGAMENTO');
  if (d.venda) blocoVenda(c, d.venda);
  if (d.pessoa) c.texto(`Pessoa: ${d.pessoa}`);
  if (d.descricao) c.texto(d.descricao);
  c.separador();
  c.par(d.formaPagamento, formatarMoeda(d.valor), { negrito: true });
  if (d.valorPago) c.par('Valor recebido', formatarMoeda(d.valorPago));
  if (d.troco && lerDinheiro(d.troco) > 0) c.par('Troco', formatarMoeda(d.troco), { negrito: true });
  c.separador();
  c.centro('NÃO É DOCUMENTO FISCAL');
  return c.documento('Comprovante de pagamento', { abrirGaveta: d.abrirGaveta });
}

export function layoutCortesia(d: z.infer<typeof cortesiaSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, 'CORTESIA');
  blocoVenda(c, d.venda);
  c.separador();
  for (const it of d.itens) c.par(`${formatarQuantidade(it.quantidade)} x ${it.descricao}`, numero(it.valor));
  c.separador();
  c.par('Total em cortesia', moeda(somar(d.itens.map((i) => i.valor))), { negrito: true });
  if (d.motivo) c.texto(`Motivo: ${d.motivo}`);
  if (d.supervisor) c.texto(`Liberado por: ${d.supervisor}`);
  assinatura(c, 'Supervisor');
  return c.documento(`Cortesia - ${destaqueVenda(d.venda)}`);
}

/** Credit account (convênio) slip: the customer signs the amount charged to the account. */
export function layoutConvenio(d: z.infer<typeof convenioSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, 'CONVÊNIO');
  if (d.venda) blocoVenda(c, d.venda);
  c.texto(`Cliente: ${d.cliente.nome}`);
  if (d.cliente.cpfCnpj) c.texto(`CPF/CNPJ: ${d.cliente.cpfCnpj}`);
  c.separador();
  c.par('VALOR', formatarMoeda(d.valor), { negrito: true, expandido: true });
  if (d.limite) c.par('Limite', formatarMoeda(d.limite));
  if (d.saldoDisponivel) c.par('Saldo disponível', formatarMoeda(d.saldoDisponivel));
  c.texto('Reconheço e pagarei a importância acima.');
  assinatura(c, d.cliente.nome);
  return c.documento(`Convênio - ${d.cliente.nome}`);
}

export function layoutOutros(d: z.infer<typeof outrosSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  cabecalho(c, d.cabecalho, d.titulo.toUpperCase());
  for (const l of d.linhas) c.texto(l);
  return c.documento(d.titulo);
}

/** The call center's agreed payment on the ticket, in the words of the expedition screen. */
function cobrancaCallCenter(c: Construtor, cobranca: CobrancaEntrega): void {
  const t = textosCobranca(cobranca);
  if (cobranca.situacao === 'pago') c.centro('PEDIDO PAGO', { negrito: true });
  else c.texto(t.cobrar, { negrito: true });
  if (t.troco && t.pagaCom) {
    // One line when it fits; else the note on the next line rather than a break inside an amount.
    const junto = `${t.troco} ${t.pagaCom}`;
    if (junto.length <= c.largura()) c.texto(junto, { negrito: true });
    else c.texto(t.troco, { negrito: true }).texto(t.pagaCom);
  }
  if (cobranca.observacao) c.texto(`Obs. pagamento: ${cobranca.observacao}`);
}

/** Expedition ticket (print type 5 'Outros'): destination, contents and the balance to charge on delivery. */
export function layoutExpedicao(d: z.infer<typeof expedicaoSchema>): DocumentoImpressao {
  const c = new Construtor(d.cabecalho.colunas ?? 48);
  c.centro(d.cabecalho.empresa, { negrito: true });
  c.separador();
  c.centro('EXPEDIÇÃO', { negrito: true });
  c.centro(destaqueVenda(d.venda), { negrito: true, expandido: true });
  c.par(formatarDataHoraImpressao(d.cabecalho.data), d.cabecalho.terminal ?? '');
  const n = numeroExibido(d.venda);
  if (n != null && (d.venda.tipoVenda === 54 || d.venda.tipoVenda === 56)) c.texto(`Venda: ${n}`);
  if (d.venda.cliente) {
    c.texto(`Cliente: ${d.venda.cliente.nome}`, { negrito: true });
    if (d.venda.cliente.telefone) c.texto(`Fone: ${d.venda.cliente.telefone}`);
    if (d.venda.cliente.endereco) c.texto(`Endereço: ${d.venda.cliente.endereco}`, { negrito: true });
  } else if (d.venda.vendaDescricao && d.venda.vendaDescricao !== 'Consumidor')
    c.texto(d.venda.vendaDescricao);
  if (d.venda.atendente) c.texto(`Atendente: ${d.venda.atendente}`);
  if (d.entregador) c.texto(`Entregador: ${d.entregador}`);
  if (d.tempoEntregaMinutos) c.texto(`Previsão de entrega: ${d.tempoEntregaMinutos} min`);
  c.separador();
  for (const it of d.itens) {
    c.texto(`${formatarQuantidade(it.quantidade)} x ${it.descricao}`);
    for (const p of it.partes) c.texto(`   ${p}`);
    if (it.obs) c.texto(`   Obs: ${it.obs}`);
  }
  c.separador();
  if (d.taxaEntrega && lerDinheiro(d.taxaEntrega) > 0) c.par('Taxa de entrega', formatarMoeda(d.taxaEntrega));
  c.par('TOTAL', formatarMoeda(d.total), { negrito: true });
  for (const p of d.pagamentos) c.par(p.descricao, formatarMoeda(p.valor));
  if (d.cobranca) cobrancaCallCenter(c, d.cobranca);
  else {
    const receber = Math.max(0, lerDinheiro(d.total) - somar(d.pagamentos.map((p) => p.valor)));
    if (receber > 0) c.par('COBRAR NA ENTREGA', moeda(receber), { negrito: true });
    else c.centro('PEDIDO PAGO', { negrito: true });
    if (d.troco && lerDinheiro(d.troco) > 0) c.par('Levar troco', formatarMoeda(d.troco), { negrito: true });
  }
  if (d.venda.observacao) c.separador().texto(`Obs. do pedido: ${d.venda.observacao}`, { negrito: true });
  return c.documento(`Expedição - ${destaqueVenda(d.venda)}`);
}

/** NFC-e receipt: the fiscal DANFE of packages/fiscal (its own header, items, QR and protocol). */
export function layoutNfce(entrada: EntradaDanfe): DocumentoImpressao {
  const colunas = entrada.colunas ?? 48;
  return {
    titulo: `NFC-e ${entrada.nota.dados.nNF}`,
    linhas: montarDanfeNfce(entrada),
    colunas,
  };
}

// ---- the documents the API accepts ----

export const documentoSchema = z.discriminatedUnion('layout', [
  producaoSchema.extend({ layout: z.literal('producao') }),
  contaSchema.extend({ layout: z.literal('conta') }),
  reciboSchema.extend({ layout: z.literal('recibo') }),
  fechamentoSchema.extend({ layout: z.literal('fechamento') }),
  cancelamentoSchema.extend({ layout: z.literal('cancelamento') }),
  movimentoCaixaSchema.extend({ layout: z.literal('sangria') }),
  pagamentoSchema.extend({ layout: z.literal('pagamento') }),
  movimentoCaixaSchema.extend({ layout: z.literal('suprimento') }),
  cortesiaSchema.extend({ layout: z.literal('cortesia') }),
  convenioSchema.extend({ layout: z.literal('convenio') }),
  outrosSchema.extend({ layout: z.literal('outros') }),
  expedicaoSchema.extend({ layout: z.literal('expedicao') }),
  z.object({
    layout: z.literal('nfce'),
    /** The signed note (NfceAssinada of packages/fiscal) and, when authorised, its protocol. */
    nota: z.record(z.string(), z.unknown()),
    protocolo: z.object({ nProt: z.string(), dhRecbto: z.string() }).nullish(),
    colunas: z.union([z.literal(48), z.literal(64)]).nullish(),
  }),
]);
export type EntradaDocumento = z.infer<typeof documentoSchema>;
export type LayoutImpressao = EntradaDocumento['layout'];

/** Print type (catalogue tipoImpressao 1-11) of each layout. */
export const TIPO_DO_LAYOUT: Record<LayoutImpressao, number> = {
  nfce: TIPO_IMPRESSAO.nfce,
  fechamento: TIPO_IMPRESSAO.fechamento,
  producao: TIPO_IMPRESSAO.producao,
  conta: TIPO_IMPRESSAO.conta,
  recibo: TIPO_IMPRESSAO.outros,
  outros: TIPO_IMPRESSAO.outros,
  cancelamento: TIPO_IMPRESSAO.cancelamento,
  sangria: TIPO_IMPRESSAO.sangria,
  pagamento: TIPO_IMPRESSAO.pagamento,
  suprimento: TIPO_IMPRESSAO.suprimento,
  cortesia: TIPO_IMPRESSAO.cortesia,
  convenio: TIPO_IMPRESSAO.convenio,
  expedicao: TIPO_IMPRESSAO.outros,
};

/** The document of any layout. NFC-e data that does not fit the DANFE throws (the caller reports it). */
export function montarDocumento(e: EntradaDocumento): DocumentoImpressao {
  switch (e.layout) {
    case 'producao':
      return layoutProducao(e);
    case 'conta':
      return layoutConta(e);
    case 'recibo':
      return layoutRecibo(e);
    case 'fechamento':
      return layoutFechamento(e);
    case 'cancelamento':
      return layoutCancelamento(e);
    case 'sangria':
      return layoutSangria(e);
    case 'suprimento':
      return layoutSuprimento(e);
    case 'pagamento':
      return layoutPagamento(e);
    case 'cortesia':
      return layoutCortesia(e);
    case 'convenio':
      return layoutConvenio(e);
    case 'outros':
      return layoutOutros(e);
    case 'expedicao':
      return layoutExpedicao(e);
    case 'nfce':
      return layoutNfce({
        nota: e.nota as unknown as EntradaDanfe['nota'],
        ...(e.protocolo ? { protocolo: e.protocolo } : {}),
        colunas: e.colunas ?? 48,
      });
  }
}
