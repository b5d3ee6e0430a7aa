import { definirCatalogo, item } from './catalogo.ts';

// Spec 1, section 3 "Enumerations" and section 4 "States".
export const tiposVenda = definirCatalogo('tipoVenda', [
  item('tipoVenda', 53, 'Balcão', 'BALCAO'),
  item('tipoVenda', 54, 'Mesa', 'MESA'),
  item('tipoVenda', 55, 'Delivery', 'DELIVERY'),
  item('tipoVenda', 56, 'Comanda', 'COMANDA'),
] as const);
export type TipoVendaId = (typeof tiposVenda.itens)[number]['id'];
export const TIPO_VENDA = { balcao: 53, mesa: 54, delivery: 55, comanda: 56 } as const;

export const statusVenda = definirCatalogo('statusVenda', [
  item('statusVenda', 57, 'Aberta', 'ABERTA'),
  item('statusVenda', 58, 'Em fechamento', 'FECHAMENTO'),
  item('statusVenda', 59, 'Encerrada', 'ENCERRADA'),
  item('statusVenda', 60, 'Cancelada', 'CANCELADA'),
  item('statusVenda', 61, 'Aberta cancelada', 'ABERTA_CANCELADA'),
] as const);
export type StatusVendaId = (typeof statusVenda.itens)[number]['id'];
export const STATUS_VENDA = {
  aberta: 57,
  fechamento: 58,
  encerrada: 59,
  cancelada: 60,
  abertaCancelada: 61,
} as const;

export const statusExpedicao = definirCatalogo('statusExpedicao', [
  item('statusExpedicao', 0, 'Aguardando'),
  item('statusExpedicao', 1, 'Em produção'),
  item('statusExpedicao', 2, 'Produzido'),
  item('statusExpedicao', 3, 'Em entrega'),
  item('statusExpedicao', 4, 'Entregue'),
  item('statusExpedicao', 5, 'Recusado'),
  item('statusExpedicao', 6, 'Cancelado'),
  // 7 exists but is not offered in the list (spec 1, section 4).
  item('statusExpedicao', 7, 'Em cancelamento'),
] as const);
export type StatusExpedicaoId = (typeof statusExpedicao.itens)[number]['id'];
export const STATUS_EXPEDICAO = {
  aguardando: 0,
  emProducao: 1,
  produzido: 2,
  emEntrega: 3,
  entregue: 4,
  recusado: 5,
  cancelado: 6,
  emCancelamento: 7,
} as const;

export const origensPedido = definirCatalogo('localPedido', [
  item('localPedido', 68, 'Local'),
  item('localPedido', 69, 'Central de pedidos'),
  item('localPedido', 70, 'Site'),
  item('localPedido', 71, 'App'),
  item('localPedido', 72, 'App de terceiros'),
  item('localPedido', 73, 'Cardápio digital'),
  item('localPedido', 74, 'Totem de autoatendimento'),
  item('localPedido', 75, 'Tablet de atendimento'),
  item('localPedido', 76, 'Tablet de mesa'),
  item('localPedido', 77, 'App do garçom'),
] as const);

// Payment types 77-92 in the order of spec 2, section 3.3, each with index, abbreviation (sigla) and the
// fiscal payment code (tPag) of the 77-92 -> fiscal map; ids without a mapping use 99.
const pagamento = (id: number, descricao: string, sigla: string, indice: number, codigoFiscal: string) => ({
  ...item('tipoPagamento', id, descricao, sigla, indice),
  indice,
  codigoFiscal,
});
export const tiposPagamento = definirCatalogo('tipoPagamento', [
  pagamento(77, 'Dinheiro', 'DIN', 1, '01'),
  pagamento(78, 'Cheque', 'CHQ', 2, '02'),
  pagamento(79, 'Cartão de Débito', 'CD', 3, '04'),
  pagamento(80, 'Cartão de Crédito', 'CC', 4, '03'),
  pagamento(81, 'Vale Refeição', 'VR', 5, '11'),
  pagamento(82, 'Vale Alimentação', 'VA', 6, '10'),
  pagamento(83, 'Boleto Bancário', 'BOL', 7, '15'),
  pagamento(84, 'Fidelidade (Crédito Loja)', 'FID', 8, '05'),
  pagamento(85, 'Moeda Estrangeira', 'ME', 9, '99'),
  pagamento(86, 'Convênio', 'CONV', 10, '99'),
  pagamento(87, 'Vale Compra (Vale Presente)', 'VC', 11, '12'),
  pagamento(88, 'Cortesia', 'CORT', 12, '99'),
  pagamento(89, 'Movimentação Bancária', 'MB', 13, '99'),
  pagamento(90, 'Carteira Digital', 'CDIG', 14, '99'),
  pagamento(91, 'Sem Pagamento', 'SP', 15, '99'),
  pagamento(92, 'App de Terceiros', 'APP', 16, '99'),
] as const);
export type TipoPagamentoId = (typeof tiposPagamento.itens)[number]['id'];
export const TIPO_PAGAMENTO = {
  dinheiro: 77,
  cheque: 78,
  debito: 79,
  credito: 80,
  valeRefeicao: 81,
  valeAlimentacao: 82,
  boleto: 83,
  fidelidade: 84,
  moedaEstrangeira: 85,
  convenio: 86,
  valeCompra: 87,
  cortesia: 88,
  movimentacaoBancaria: 89,
  carteiraDigital: 90,
  semPagamento: 91,
  appTerceiros: 92,
} as const;

/** Fiscal payment code (NFC-e tPag) of a payment type; 99 when the type has no mapping. */
export function codigoFiscalPagamento(tipo: number): string {
  return tiposPagamento.porId(tipo as TipoPagamentoId)?.codigoFiscal ?? '99';
}

// Change types (spec: stored values not shown; we number them 1-3).
export const tiposTroco = definirCatalogo('tipoTroco', [
  item('tipoTroco', 1, 'Permite troco', 'PERMITE'),
  item('tipoTroco', 2, 'Não permite troco', 'NAO_PERMITE'),
  item('tipoTroco', 3, 'Vale compra', 'VALE_COMPRA'),
] as const);
export const TIPO_TROCO = { permite: 1, naoPermite: 2, valeCompra: 3 } as const;
export type TipoTrocoId = (typeof tiposTroco.itens)[number]['id'];
