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

/**
 * What the operator is told about the sale's NFC-e after ending it: the server issued it (venda.nfce) or said
 * why not (avisoNfce). Nothing for a store without NFC-e.
 */
export function avisoNfceDaVenda(v: {
  nfce?: Record<string, unknown>[];
  avisoNfce?: string | undefined;
}): { tipo: 'success' | 'info' | 'warning'; mensagem: string } | null {
  if (v.avisoNfce) return { tipo: 'warning', mensagem: v.avisoNfce };
  const notas = (v.nfce ?? []).filter((n) => n.cancelado !== true);
  const valida = [...notas]
    .reverse()
    .find((n) => n.statusNota === 'processado' || n.statusNota === 'contingencia');
  if (valida?.statusNota === 'processado')
    return { tipo: 'success', mensagem: `NFC-e nº ${valida.numero} autorizada.` };
  if (valida)
    return {
      tipo: 'info',
      mensagem: `NFC-e nº ${valida.numero} emitida em contingência (off-line): será transmitida automaticamente.`,
    };
  const ultima = notas.at(-1);
  if (ultima)
    return {
      tipo: 'warning',
      mensagem: `NFC-e nº ${ultima.numero} não autorizada: ${String(ultima.xMotivo ?? '')}`,
    };
  return null;
}

export interface ItemEnvio {
  produto: string;
  quantidade?: string;
  obs?: string;
  pizza?: boolean;
  produtosFilho?: { produto: string; quantidadeParte: number }[];
  /** The product suggestion (vendaSugestaoProduto) the item was launched from. */
  sugestao?: string;
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
  /** CPF na nota (no mask); the server refuses a wrong one. */
  cpfCnpj?: string;
  posicaoVenda?: number;
  distanciaEntregaMetros?: number;
  produtos?: ItemEnvio[];
  /** A sale sent whole (the offline queue): its payments, recorded and ended in the same write. */
  pagamentos?: PagamentoEnvio[];
  encerrar?: boolean;
  /** Token of identificarAtendente: the waiter recorded on the sale and its items. */
  atendente?: string;
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
  /** Card: instalments (credit), acquirer, the terminal's NSU and authorisation (issue 18). */
  parcelas?: number;
  operadora?: string;
  nsu?: string;
  autorizacao?: string;
  /** NFC-e tBand code of the card brand. */
  bandeira?: string;
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
  adicionarItens: (
    id: string,
    produtos: ItemEnvio[],
    terminal: string,
    chave: string,
    silencioso = false,
    atendente?: string,
  ) =>
    api.post<VendaServidor>(
      `venda/${id}/itens`,
      { produtos, terminal, ...(atendente ? { atendente } : {}) },
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
    silencioso = false,
  ) =>
    api.put<VendaServidor>(
      `vendaDeletarProduto/${id}`,
      { vendaEvento: { numeroItem, motivo, terminal }, liberacao },
      { acao: 'ao deletar o produto', silencioso },
    ),
  deletarVenda: (id: string, motivo: string, liberacao: string | undefined, terminal: string) =>
    api.put<VendaServidor>(
      `deletarVendaCompleta/${id}`,
      { vendaEvento: { motivo, terminal }, liberacao },
      { acao: 'ao cancelar a venda' },
    ),
  /** Ends the sale; a store with NFC-e gets the note issued by the server, in `nfce` (or `avisoNfce`). */
  encerrar: (id: string, silencioso = false) =>
    api.post<VendaServidor & { avisoNfce?: string }>(
      `venda/${id}/encerrar`,
      {},
      { ...comChave(`encerrar:${id}`, 'ao encerrar a venda'), silencioso },
    ),
  /** CPF na nota: the consumer's document (null: none) of an open sale, or of an ended one before its note. */
  alterarCpfCnpj: (id: string, cpfCnpj: string | null, terminal?: string) =>
    api.put<VendaServidor>(
      `venda/${id}/cpfCnpj`,
      { cpfCnpj, ...(terminal ? { terminal } : {}) },
      { acao: 'ao informar o CPF/CNPJ' },
    ),
  /** Issues the NFC-e of an ended sale from the sale the server has (fiscal module, `enviaNFCE`). */
  emitirNfce: (venda: string) =>
    api.post<Record<string, unknown>>('enviaNFCE', { venda }, { acao: 'ao emitir a NFC-e' }),
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
  transferirMesa: (corpo: {
    vendaOrigem: string;
    mesaDestino: number;
    liberacao?: string;
    terminal: string;
  }) =>
    api.post<{ origem: VendaServidor; destino: VendaServidor }>('vendaTransferencia', corpo, {
      acao: 'ao transferir a mesa',
    }),
  reabrir: (id: string, liberacao: string | undefined) =>
    api.post<VendaServidor>(`venda/${id}/reabrir`, { liberacao }, { acao: 'ao reabrir a venda' }),
  imprimirConta: (
    id: string,
    corpo: { terminal: string; pix?: { qrCode: string; chave?: string }; liberacao?: string },
    silencioso = false,
  ) =>
    api.post<{ impressoes: unknown[]; reimpressao: boolean }>(`venda/${id}/imprimirConta`, corpo, {
      acao: 'ao imprimir a conta',
      silencioso,
    }),
  identificarAtendente: (corpo: { login: string; senha?: string; terminal: string }) =>
    api.post<{
      atendente: { _id: string; nome: string; codigoInterno: number | null };
      token: string;
      senhaObrigatoria: boolean;
    }>('venda/identificarAtendente', corpo, { acao: 'ao identificar o atendente' }),
  mapaMesas: (empresa: string) =>
    api.get<unknown>('venda/mapaMesas', { acao: 'ao buscar o mapa de mesas', cabecalhos: { empresa } }),
  saldoConvenio: (empresa: string, cliente: string) =>
    api.post<{ saldo?: string; limite?: string }[]>(
      'getSaldoConvenio',
      { empresa, cliente },
      { acao: 'ao buscar o saldo do convênio' },
    ),
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
