import type {
  AreaAtendimento,
  CatalogoVenda,
  ConfiguracaoVenda,
  FormaPagamentoVenda,
  Venda,
} from '@retaguarda/domain';
import { api } from '../../lib/api/cliente.ts';
import type { ProdutoFrenteLoja, SugestaoFrenteLoja } from '../frente-loja/dados-referencia.ts';

// Calls of the call center (apps/server/src/modules/call-center/README.md). The server decides the store;
// what the client shows before sending is the server's preview.

export interface LojaCallCenter {
  _id: string;
  descricao: string;
  codigoInterno: number | null;
  localizacao: { lat: number; lng: number } | null;
  areasAtendimento: AreaAtendimento[];
  endereco: string | null;
}

export interface Roteamento {
  loja: { _id: string; descricao: string };
  tipoVenda: number;
  localizacao: { lat: number; lng: number } | null;
  enderecoFormatado: string | null;
  lojasQueAtendem: { _id: string; descricao: string; distanciaMetros: number | null }[];
  distanciaMetros: number | null;
  taxaEntrega: string;
}

export interface CatalogoDaLoja {
  produtos: ProdutoFrenteLoja[];
  catalogo: CatalogoVenda;
  configuracao: ConfiguracaoVenda;
  /** The store's payment forms as the server checks them. */
  formasPagamento: FormaPagamentoVenda[];
  /** Product suggestions (vendaSugestaoProduto) with the products whose launch offers them. */
  sugestoes?: SugestaoFrenteLoja[];
}

export interface ItemPedido {
  produto: string;
  quantidade?: string;
  obs?: string;
  pizza?: boolean;
  produtosFilho?: { produto: string; quantidadeParte: number }[];
  sugestao?: string;
}

export type ModoPagamento = 'prepago' | 'naEntrega';

/** How the customer pays (server module README: prepaid, or collected by the rider / at the counter). */
export interface PagamentoPedido {
  modo: ModoPagamento;
  formaPagamento: string;
  trocoPara?: string;
  observacao?: string;
}

/** The payment the order keeps (the server's answer). */
export interface PagamentoCallCenter {
  modo: ModoPagamento;
  formaPagamento: FormaPagamentoVenda;
  valorCobrar: string;
  trocoPara: string | null;
  troco: string;
  observacao: string;
}

/** An order sent today, as the tracking list shows it. */
export interface PedidoEnviado {
  vendaId: string;
  empresa: { _id: string; descricao: string };
  numero: number;
  identificacao: string;
  tipoVenda: number;
  status: number;
  statusExpedicao: number;
  cliente: string | null;
  total: string;
  totalPago: string;
  taxaEntrega: string;
  entregador: { _id: string; nome: string } | null;
  itens: number;
  pagamento: PagamentoCallCenter | null;
  data: string;
  enviadoEm: string;
  versao: number;
}

export const callCenterApi = {
  lojas: () => api.get<LojaCallCenter[]>('callCenter/lojas', { acao: 'ao buscar as lojas do Call Center' }),
  /** Silent: the screen shows the refusal (outside the areas, geocoder) where the store would be. */
  rotear: (corpo: { tipoVenda: 53 | 55; cliente?: string; empresa?: string; produtos?: string[] }) =>
    api.post<Roteamento>('callCenter/rotear', corpo, { acao: 'ao localizar a loja', silencioso: true }),
  catalogo: (empresa: string) =>
    api.post<CatalogoDaLoja>(
      'getListaProdutoGeralEmpresa',
      { empresa, retornoModoVenda: true },
      { acao: 'ao carregar os produtos da loja' },
    ),
  enviar: (corpo: {
    _id: string;
    tipoVenda: 53 | 55;
    cliente?: string;
    empresa?: string;
    vendaDescricao?: string;
    /** CPF na nota (no mask). */
    cpfCnpj?: string;
    produtos: ItemPedido[];
    pagamento?: PagamentoPedido;
  }) =>
    // The order's own id makes a retried send answer the same order.
    api.post<
      Venda & { numero: number; roteamento: Roteamento; pagamentoCallCenter: PagamentoCallCenter | null }
    >('callCenter/pedido', corpo, { acao: 'ao enviar o pedido' }),
  pedidos: () => api.get<PedidoEnviado[]>('callCenter/pedidos', { acao: 'ao buscar os pedidos enviados' }),
  pedido: (id: string) =>
    api.get<Venda & { numero: number; pagamentoCallCenter: PagamentoCallCenter | null }>(
      `callCenter/pedido/${id}`,
      { acao: 'ao abrir o pedido' },
    ),
};
