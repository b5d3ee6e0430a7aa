import type { CobrancaEntrega } from '@retaguarda/domain/kds/cobranca';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Expedition, motoboy dispatch and doorman calls of the server's kds module (apps/server/src/modules/kds).

export interface PedidoExpedicao {
  vendaId: string;
  numero: number;
  identificacao: string;
  tipoVenda: number;
  tipoVendaDescricao: string;
  status: number;
  statusExpedicao: number;
  proximos: number[];
  cliente: string | null;
  endereco: string | null;
  total: string;
  taxaEntrega: string;
  entregador: { _id: string; nome: string } | null;
  atribuidoEm: string | null;
  saidaEm: string | null;
  retornoEm: string | null;
  acertoEm: string | null;
  tempoEntregaMinutos: number | null;
  data: string;
  itens: { total: number; prontos: number };
  /** Call-center orders: what the rider collects, or that it is paid; null for the store's own orders. */
  cobranca: CobrancaEntrega | null;
  versao: number;
}

export type SituacaoMotoboy = 'livre' | 'aguardandoSaida' | 'emRota' | 'aAcertar';

export interface MotoboyPainel {
  _id: string;
  nome: string;
  codigoInterno: number | null;
  situacao: SituacaoMotoboy;
  pedidos: PedidoExpedicao[];
  totalPedidos: string;
  totalTaxas: string;
}

export interface PainelMotoboy {
  motoboys: MotoboyPainel[];
  aDespachar: PedidoExpedicao[];
}

export interface Acerto {
  pedidos: number;
  entregues: number;
  recusados: number;
  totalPedidos: string;
  totalTaxas: string;
}

export interface RegistroPortaria {
  _id: string;
  nome: string;
  documento: string | null;
  telefone: string | null;
  comanda: number | null;
  pessoas: number;
  observacao: string;
  entradaEm: string;
  saidaEm: string | null;
}

export const chavesExpedicao = {
  todas: [...chaves.todas, 'expedicao'] as const,
  lista: (empresa: string) => [...chavesExpedicao.todas, 'lista', empresa] as const,
  motoboys: (empresa: string) => [...chavesExpedicao.todas, 'motoboys', empresa] as const,
  portaria: (empresa: string) => [...chavesExpedicao.todas, 'portaria', empresa] as const,
  empresas: () => [...chavesExpedicao.todas, 'empresas'] as const,
};

export const buscarExpedicao = () =>
  api.get<PedidoExpedicao[]>('expedicao', { acao: 'ao buscar a expedição', recusaNaTela: true });

export const alterarStatusExpedicao = (vendaId: string, status: number) =>
  api.put<PedidoExpedicao>(`expedicao/${vendaId}/status`, { status }, { acao: 'ao alterar o status' });

const comLiberacao = (liberacao: string | undefined) => (liberacao ? { liberacao } : {});

export const alterarTempoEntrega = (vendaId: string, minutos: number, liberacao?: string) =>
  api.put<PedidoExpedicao>(
    `entrega/${vendaId}/tempo`,
    { minutos, ...comLiberacao(liberacao) },
    { acao: 'ao alterar o tempo de entrega' },
  );

export const alterarTaxaEntrega = (vendaId: string, taxaEntrega: string, liberacao?: string) =>
  api.put<unknown>(
    `entrega/${vendaId}/taxa`,
    { taxaEntrega, ...comLiberacao(liberacao) },
    { acao: 'ao alterar a taxa de entrega' },
  );

export const alterarEmpresaEntrega = (vendaId: string, empresa: string, liberacao?: string) =>
  api.put<PedidoExpedicao>(
    `entrega/${vendaId}/empresa`,
    { empresa, ...comLiberacao(liberacao) },
    { acao: 'ao alterar a empresa da entrega' },
  );

/** Stores the user may see (spec 6: permission 425), for moving a delivery order. */
export const buscarEmpresas = () =>
  api.post<{ _id: string; descricao: string }[]>(
    'getEmpresasUsuario',
    { permissao: 425 },
    { acao: 'ao listar as empresas' },
  );

export const buscarPainelMotoboy = () =>
  api.get<PainelMotoboy>('saidaMotoboy', { acao: 'ao buscar os motoboys', recusaNaTela: true });

export const atribuirMotoboy = (vendaId: string, motoboy: string) =>
  api.post<PedidoExpedicao>('saidaMotoboy/atribuir', { vendaId, motoboy }, { acao: 'ao atribuir o pedido' });

export const desatribuirMotoboy = (vendaId: string) =>
  api.post<PedidoExpedicao>('saidaMotoboy/desatribuir', { vendaId }, { acao: 'ao remover o pedido' });

export const saidaMotoboy = (motoboy: string) =>
  api.post<PedidoExpedicao[]>('saidaMotoboy/saida', { motoboy }, { acao: 'na saída do motoboy' });

export const retornoMotoboy = (motoboy: string, recusados: string[]) =>
  api.post<PedidoExpedicao[]>(
    'saidaMotoboy/retorno',
    { motoboy, recusados },
    { acao: 'no retorno do motoboy' },
  );

export const acertoMotoboy = (motoboy: string) =>
  api.post<Acerto>('saidaMotoboy/acerto', { motoboy }, { acao: 'no acerto do motoboy' });

export const buscarPortaria = () => api.get<RegistroPortaria[]>('portaria', { acao: 'ao buscar a portaria' });

export const registrarPortaria = (corpo: {
  nome: string;
  documento?: string;
  telefone?: string;
  comanda?: number;
  pessoas?: number;
  observacao?: string;
}) => api.post<RegistroPortaria>('portaria', corpo, { acao: 'ao registrar a entrada' });

export const saidaPortaria = (id: string) =>
  api.put<RegistroPortaria>(`portaria/${id}/saida`, {}, { acao: 'ao registrar a saída' });
