import { z } from 'zod';
import { lerDataIso, zDecimal, zTexto } from '../validadores/entrada.ts';
import { zCustoEstoque, zInstanteEstoque, zQuantidadeEstoque } from './api.ts';
import type { StatusPedidoCompra } from './compras.ts';
import { STATUS_PEDIDO_COMPRA } from './compras.ts';

// Request and answer shapes of the purchase routes (issue 17): the inbound NF-e posted to stock
// (fiscal/entrada-estoque.ts), purchase orders and the purchases report (estoque/compras.routes.ts). Imported
// by the server and the web.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

/**
 * Stock units per supplier unit: above zero, at most 6 places, below 10 million (a pallet of a ton kept in grams
 * is 1,000,000; the ledger's arithmetic stays exact below it).
 */
export const zFatorConversao = zDecimal
  .refine(
    (v) => !v.startsWith('-') && Number(v) > 0,
    'Fator de conversão inválido! Informe um fator maior que zero.',
  )
  .refine((v) => Number(v) < 10_000_000, 'Fator de conversão grande demais: no máximo 9.999.999.')
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 6, 'Fator de conversão com mais de 6 casas decimais.');

const dia = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida!')
  .refine((v) => lerDataIso(v) !== undefined, 'Data inválida!');

const motivo = (mensagem: string) => zTexto(300).refine((v) => v.trim().length > 0, mensagem);

// ------------------------------------------------------------------------------------- NF-e -> stock

/** PUT /api/notaEntrada/:id/vinculos: links items to products and remembers the supplier's code. */
export const vinculosNotaSchema = z.object({
  itens: z
    .array(z.object({ _id: id, produtoGeral: id.nullable(), fatorConversao: zFatorConversao.nullish() }))
    .min(1, 'Informe ao menos um item.')
    .max(990),
});
export type VinculosNota = z.infer<typeof vinculosNotaSchema>;

/** POST /api/notaEntrada/:id/lancarEstoque. */
export const lancarNotaEstoqueSchema = z.object({
  /** When the goods count in stock: the note's dhEmi when absent, else the receipt date chosen. */
  data: zInstanteEstoque.optional(),
  /** An open order of the note's supplier in the note's store, received by the note's items. */
  pedidoCompra: id.optional(),
  /** Receive above what the order still expects (the screen showed the difference and the user agreed). */
  aceitarExcesso: z.boolean().optional(),
});
export type LancarNotaEstoque = z.infer<typeof lancarNotaEstoqueSchema>;

export const estornarNotaEstoqueSchema = z.object({ motivo: motivo('Informe o motivo do estorno.') });

/** Where an item's product link came from: saved on the item, or found by the supplier's code. */
export type OrigemVinculo = 'nota' | 'fornecedor';

export interface ItemNotaEstoque {
  _id: string;
  nItem: number;
  cProd: string;
  cEAN: string | null;
  xProd: string;
  uCom: string | null;
  qCom: string;
  vUnCom: string;
  vProd: string;
  vFrete: string;
  vSeg: string;
  vOutro: string;
  vDesc: string;
  /** vProd + vFrete + vSeg + vOutro − vDesc: what enters stock. */
  valorCusto: string;
  produto: { _id: string; descricao: string; unidade: string | null } | null;
  fatorConversao: string | null;
  origemVinculo: OrigemVinculo | null;
  /** With a product: qCom × fator in stock units and the cost of one of them. */
  quantidadeEstoque: string | null;
  custoUnitarioEstoque: string | null;
}

export interface LancamentoNota {
  _id: string;
  data: string;
  lancadoEm: string;
  lancadoPor: string | null;
  valorTotal: string;
  pedidoCompra: { _id: string; numero: number } | null;
  estornadoEm: string | null;
  estornadoPor: string | null;
  motivoEstorno: string | null;
  /** The moves it wrote: product, quantity, cost, value, balance after. */
  movimentos: {
    _id: string;
    nItem: number;
    produto: string;
    descricao: string;
    quantidade: string;
    custoUnitario: string;
    valor: string;
  }[];
}

export interface PedidoAbertoResumo {
  _id: string;
  numero: number;
  dataPedido: string;
  dataPrevista: string | null;
  status: StatusPedidoCompra;
  valorTotal: string;
}

/** GET /api/notaEntrada/:id/estoque: the note as the stock sees it. */
export interface NotaEstoque {
  _id: string;
  empresa: string;
  chave: string;
  numero: string;
  serie: string;
  dhEmi: string;
  emitente: { CNPJ: string | null; xNome: string | null };
  /** 'pendente', 'lancada' or 'estornada' (the fiscal module's other states read as not posted). */
  status: string;
  fornecedor: { _id: string; nome: string } | null;
  totais: { vProd: string; vFrete: string; vSeg: string; vOutro: string; vDesc: string; vNF: string };
  itens: ItemNotaEstoque[];
  /** Items without a product: the note cannot be posted while there are any. */
  naoVinculados: { nItem: number; xProd: string }[];
  lancamento: LancamentoNota | null;
  historico: LancamentoNota[];
  /** Open orders (sent or partly received) of the supplier in the note's store. */
  pedidosAbertos: PedidoAbertoResumo[];
}

/** POST /api/notaEntrada/:id/conferirPedido {pedidoCompra}: how the note would be received on the order. */
export const conferirPedidoSchema = z.object({ pedidoCompra: id });

export interface ConferenciaPedido {
  pedido: PedidoAbertoResumo;
  linhas: {
    ordem: number;
    produto: { _id: string; descricao: string };
    unidade: string | null;
    quantidade: string;
    recebidaAntes: string;
    nestaNota: string;
    recebidaDepois: string;
    pendente: string;
    excesso: string;
  }[];
  itensForaDoPedido: { nItem: number; xProd: string }[];
  temExcesso: boolean;
}

// ------------------------------------------------------------------------------------- purchase orders

const linhaPedido = z.object({
  produto: ref,
  /** The supplier's unit (CX, SC); absent = the product's stock unit. */
  unidade: ref.nullish(),
  /** Stock units per unit of the line (1 CX = 12 UN); default 1. */
  fatorConversao: zFatorConversao.optional(),
  quantidade: zQuantidadeEstoque,
  precoUnitario: zCustoEstoque,
});

export const pedidoCompraEntradaSchema = z.object({
  /** Made by the client: sending it again (double click, retry) answers the order already created. */
  _id: id,
  empresa: ref,
  fornecedor: ref,
  dataPrevista: dia.nullish(),
  observacao: zTexto(500).nullish(),
  itens: z.array(linhaPedido).min(1, 'Informe ao menos um produto.').max(500),
});
export type PedidoCompraEntrada = z.infer<typeof pedidoCompraEntradaSchema>;

export const pedidoCompraAlteracaoSchema = pedidoCompraEntradaSchema.omit({ _id: true, empresa: true });
export type PedidoCompraAlteracao = z.infer<typeof pedidoCompraAlteracaoSchema>;

export const cancelarPedidoCompraSchema = z.object({ motivo: motivo('Informe o motivo do cancelamento.') });

export const pedidosCompraConsultaSchema = z.object({
  empresa: id,
  status: z.union([z.enum(STATUS_PEDIDO_COMPRA), z.array(z.enum(STATUS_PEDIDO_COMPRA)).max(5)]).optional(),
  fornecedor: id.optional(),
  dataInicio: dia.optional(),
  dataFim: dia.optional(),
  limite: z.coerce.number().int().min(1).max(500).default(100),
});

export interface LinhaPedidoCompra {
  ordem: number;
  produto: { _id: string; descricao: string; unidade: string | null };
  unidade: { _id: string; sigla: string } | null;
  fatorConversao: string;
  quantidade: string;
  precoUnitario: string;
  valor: string;
  quantidadeRecebida: string;
  pendente: string;
}

export interface RecebimentoPedido {
  notaEntrada: string;
  numero: string;
  serie: string;
  data: string;
  itens: { ordem: number; nItem: number; quantidade: string }[];
}

export interface PedidoCompra {
  _id: string;
  empresa: string;
  numero: number;
  fornecedor: { _id: string; nome: string; cpfCnpj: string | null };
  dataPedido: string;
  dataPrevista: string | null;
  status: StatusPedidoCompra;
  observacao: string | null;
  valorTotal: string;
  /** Value of what was received, at the order's prices. */
  valorRecebido: string;
  itens: LinhaPedidoCompra[];
  recebimentos: RecebimentoPedido[];
  criadoPor: string | null;
  enviadoEm: string | null;
  canceladoEm: string | null;
  motivoCancelamento: string | null;
}

export type PedidoCompraResumo = Omit<PedidoCompra, 'itens' | 'recebimentos'> & { linhas: number };

// ------------------------------------------------------------------------------------- purchases report

export const AGRUPAMENTOS_COMPRAS = ['produto', 'fornecedor', 'empresa', 'fornecedorProduto'] as const;
export type AgrupamentoCompras = (typeof AGRUPAMENTOS_COMPRAS)[number];

export const DESCRICAO_AGRUPAMENTO_COMPRAS: Record<AgrupamentoCompras, string> = {
  produto: 'Produto',
  fornecedor: 'Fornecedor',
  empresa: 'Empresa',
  fornecedorProduto: 'Fornecedor e produto',
};

/** The report's filter: business days in America/Sao_Paulo, both included. */
export const relatorioComprasConsultaSchema = z
  .object({
    empresa: z.union([id, z.array(id).max(200)]).optional(),
    dataInicio: dia,
    dataFim: dia,
    fornecedor: id.optional(),
    produto: id.optional(),
    agrupamento: z.enum(AGRUPAMENTOS_COMPRAS).default('produto'),
  })
  .refine((q) => q.dataInicio <= q.dataFim, {
    message: 'A data inicial é posterior à data final.',
    path: ['dataFim'],
  });
export type RelatorioComprasConsulta = z.infer<typeof relatorioComprasConsultaSchema>;

export interface LinhaRelatorioCompras {
  chave: string;
  empresa: { _id: string; descricao: string } | null;
  fornecedor: { _id: string; nome: string } | null;
  produto: { _id: string; descricao: string; unidade: string | null } | null;
  /** Notes posted in the group. */
  notas: number;
  /** In stock units; only when the line is one product. */
  quantidade: string | null;
  valor: string;
  /** valor / quantidade per stock unit; only when the line is one product. */
  precoMedio: string | null;
  /** Lowest and highest unit cost paid in the period (one product). */
  menorPreco: string | null;
  maiorPreco: string | null;
}

export interface RelatorioCompras {
  agrupamento: AgrupamentoCompras;
  dataInicio: string;
  dataFim: string;
  linhas: LinhaRelatorioCompras[];
  totais: { notas: number; valor: string; itens: number };
}

/** The report as CSV rows (header first), the columns of its grouping; money and quantities with a comma. */
export function linhasCsvRelatorioCompras(r: RelatorioCompras): string[][] {
  const comProduto = r.agrupamento === 'produto' || r.agrupamento === 'fornecedorProduto';
  const decimal = (v: string | null) => (v === null ? '' : v.replace('.', ','));
  const cabecalho = [
    ...(r.agrupamento === 'empresa' ? ['Empresa'] : []),
    ...(r.agrupamento === 'fornecedor' || r.agrupamento === 'fornecedorProduto' ? ['Fornecedor'] : []),
    ...(comProduto ? ['Produto', 'Unidade', 'Quantidade'] : []),
    'Notas',
    'Valor',
    ...(comProduto ? ['Preço médio', 'Menor preço', 'Maior preço'] : []),
  ];
  const linhas = r.linhas.map((l) => [
    ...(r.agrupamento === 'empresa' ? [l.empresa?.descricao ?? ''] : []),
    ...(r.agrupamento === 'fornecedor' || r.agrupamento === 'fornecedorProduto'
      ? [l.fornecedor?.nome ?? 'Sem fornecedor']
      : []),
    ...(comProduto ? [l.produto?.descricao ?? '', l.produto?.unidade ?? '', decimal(l.quantidade)] : []),
    String(l.notas),
    decimal(l.valor),
    ...(comProduto ? [decimal(l.precoMedio), decimal(l.menorPreco), decimal(l.maiorPreco)] : []),
  ]);
  const colunasAntesDasNotas = cabecalho.indexOf('Notas');
  const total = [
    'Total',
    ...Array.from({ length: colunasAntesDasNotas - 1 }, () => ''),
    String(r.totais.notas),
    decimal(r.totais.valor),
    ...(comProduto ? ['', '', ''] : []),
  ];
  return [cabecalho, ...linhas, total];
}
