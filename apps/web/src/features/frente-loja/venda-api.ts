import type { Venda } from '@retaguarda/domain';
import { api, type OpcoesChamada } from '../../lib/api/cliente.ts';

// Sale calls of spec 1 section 7 and of the server's sale module (apps/server/src/modules/vendas). The
// server recomputes every total with the domain engine and is the authority; the POS shows its answer.

export type VendaServidor = Venda & {
  mesa: number | null;
  comanda: number | null;
  periodo: string | null;
  versao: number;
};

export interface ItemEnvio {
  produto: string;
  quantidade?: string;
  obs?: string;
  pizza?: boolean;
  produtosFilho?: { produto: string; quantidadeParte: number }[];
}

export interface CorpoCriarVenda {
  _id: string;
  empresa: string;
  tipoVenda: number;
  terminal?: string;
  mesa?: number;
  comanda?: number;
  cliente?: string;
  vendaDescricao?: string;
  posicaoVenda?: number;
  distanciaEntregaMetros?: number;
  produtos?: ItemEnvio[];
}

export interface PagamentoEnvio {
  _id: string;
  formaPagamento: string;
  valorPago: string;
  terminal: string;
  posicao?: number;
  cliente?: string;
  liberacao?: string;
  observacao?: string;
}

const comChave = (chave: string, acao: string, silencioso = false): OpcoesChamada => ({
  acao,
  silencioso,
  cabecalhos: { 'Idempotency-Key': chave },
});

export const vendaApi = {
  criar: (corpo: CorpoCriarVenda, silencioso = false) =>
    api.post<VendaServidor>('venda', corpo, comChave(`venda:${corpo._id}`, 'ao gravar a venda', silencioso)),
  obter: (id: string) => api.get<VendaServidor>(`venda/${id}`, { acao: 'ao buscar a venda' }),
  buscar: (filtro: Record<string, unknown>) =>
    api.post<VendaServidor[]>('venda/getPopulate', { filtro }, { acao: 'ao buscar as vendas' }),
  adicionarItens: (id: string, produtos: ItemEnvio[], terminal: string, chave: string, silencioso = false) =>
    api.post<VendaServidor>(
      `venda/${id}/itens`,
      { produtos, terminal },
      comChave(chave, 'ao adicionar o item', silencioso),
    ),
  alterarItem: (id: string, numeroItem: number, quantidade: string, obs: string) =>
    api.put<VendaServidor>(
      `venda/${id}/itens/${numeroItem}`,
      { quantidade, obs },
      { acao: 'ao alterar o item' },
    ),
  descontoItem: (
    id: string,
    corpo: {
      numeroItem: number;
      modo: 0 | 1 | 2 | 3 | 4;
      valor: string;
      liberacao?: string;
      terminal: string;
      justificativa?: string;
    },
  ) => api.post<VendaServidor>(`venda/${id}/descontoItem`, corpo, { acao: 'ao aplicar o desconto' }),
  descontoGeral: (
    id: string,
    corpo: { modo: 0 | 1; valor: string; liberacao?: string; terminal: string; justificativa?: string },
  ) => api.post<VendaServidor>(`venda/${id}/descontoGeral`, corpo, { acao: 'ao aplicar o desconto' }),
  pagar: (id: string, p: PagamentoEnvio, silencioso = false) =>
    api.post<VendaServidor>(
      `venda/${id}/pagamentos`,
      p,
      comChave(`pagamento:${p._id}`, 'ao lançar o pagamento', silencioso),
    ),
  cancelarPagamento: (id: string, pagamento: string, liberacao: string | undefined, terminal: string) =>
    api.put<VendaServidor>(
      `vendaCancelarPagamento/${id}`,
      { pagamento, liberacao, terminal },
      { acao: 'ao cancelar o pagamento' },
    ),
  deletarProduto: (
    id: string,
    numeroItem: number,
    motivo: string,
    liberacao: string | undefined,
    terminal: string,
  ) =>
    api.put<VendaServidor>(
      `vendaDeletarProduto/${id}`,
      { vendaEvento: { numeroItem, motivo, terminal }, liberacao },
      { acao: 'ao deletar o produto' },
    ),
  deletarVenda: (id: string, motivo: string, liberacao: string | undefined, terminal: string) =>
    api.put<VendaServidor>(
      `deletarVendaCompleta/${id}`,
      { vendaEvento: { motivo, terminal }, liberacao },
      { acao: 'ao cancelar a venda' },
    ),
  encerrar: (id: string, silencioso = false) =>
    api.post<VendaServidor>(
      `venda/${id}/encerrar`,
      {},
      { ...comChave(`encerrar:${id}`, 'ao encerrar a venda'), silencioso },
    ),
  fecharConta: (id: string, comServico: boolean, liberacao?: string) =>
    api.post<VendaServidor>(
      `venda/${id}/fecharConta`,
      { comServico, liberacao },
      { acao: 'ao fechar a conta' },
    ),
  posicoes: (id: string, corpo: { numeroItem?: number; posicoes?: number[]; posicaoVenda?: number }) =>
    api.post<VendaServidor>(`venda/${id}/posicoes`, corpo, { acao: 'ao dividir o item' }),
  transferir: (corpo: {
    vendaOrigem: string;
    mesaDestino: number;
    itens?: number[];
    liberacao?: string;
    terminal: string;
  }) => api.post<unknown>('vendaTransferencia', corpo, { acao: 'ao transferir' }),
  mapaMesas: (empresa: string) =>
    api.get<unknown>('venda/mapaMesas', { acao: 'ao buscar o mapa de mesas', cabecalhos: { empresa } }),
  saldoConvenio: (empresa: string, cliente: string) =>
    api.post<{ saldo?: string; limite?: string }[]>(
      'getSaldoConvenio',
      { empresa, cliente },
      { acao: 'ao buscar o saldo do convênio' },
    ),
  enviarNfce: (empresa: string, venda: string) =>
    api.post<unknown>('enviaNFCE', { empresa, venda }, { acao: 'ao enviar a NFC-e', silencioso: true }),
};

export const caixaApi = {
  atual: (empresa: string, terminal: string) =>
    api.get<{
      periodoId: string | null;
      periodoAberto: boolean;
      dataAbertura: string | null;
      existePeriodoAberto: boolean;
    }>(`periodo/atual?empresa=${empresa}&terminal=${terminal}`, { acao: 'ao buscar o período' }),
  abrir: (empresa: string, terminal: string, valorAbertura: string) =>
    api.post<{ _id: string }>(
      'periodo/abrir',
      { empresa, terminal, valorAbertura },
      { acao: 'ao abrir o caixa' },
    ),
  movimentar: (
    tipo: 'sangria' | 'suprimento',
    corpo: { empresa: string; terminal: string; valor: string; motivo?: string; liberacao?: string },
  ) =>
    api.post<unknown>(`caixa/${tipo}`, corpo, {
      acao: tipo === 'sangria' ? 'ao lançar a sangria' : 'ao lançar o suprimento',
    }),
  fechar: (corpo: {
    empresa: string;
    terminal: string;
    contagem: { tipo: number; valor: string }[];
    observacao?: string;
    liberacao?: string;
  }) => api.post<RelatorioFechamento>('periodo/fechar', corpo, { acao: 'ao fechar o caixa' }),
  conciliar: (periodo: string) =>
    api.post<unknown>('periodo/conciliar', { periodo }, { acao: 'ao conciliar o caixa' }),
  relatorio: (periodo: string) =>
    api.get<RelatorioFechamento>(`periodo/${periodo}/relatorio`, { acao: 'ao buscar o relatório' }),
};

export interface RelatorioFechamento {
  periodo: {
    _id: string;
    status: { id: number; descricao?: string };
    diferenca: string | null;
    periodoAberto: boolean;
  };
  recebimentos: { tipo: number; descricao: string; quantidade: number; valor: string }[];
  conferencia: {
    tipo: number;
    descricao: string;
    esperado: string;
    contado: string | null;
    diferenca: string | null;
  }[];
  sangrias: { valor: string; motivo?: string | null }[];
  suprimentos: { valor: string; motivo?: string | null }[];
  valorAbertura: string;
  [k: string]: unknown;
}
