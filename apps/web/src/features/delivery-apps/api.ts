import type {
  DecisaoCancelamento,
  DecisaoPedido,
  IntegracaoEntrada,
  IntegracaoSaida,
  MapeamentoItemEntrada,
  MapeamentoItemSaida,
  PedidoAppSaida,
  ProdutoDeliverySaida,
} from '@retaguarda/domain/delivery-apps/index';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The delivery-app screens' calls (server apps/server/src/modules/delivery-apps/delivery-apps.routes.ts); the
// request and answer shapes are the domain's (delivery-apps/api.ts), never declared here.

export const chavesDelivery = {
  todas: [...chaves.todas, 'deliveryApps'] as const,
  integracoes: () => [...chavesDelivery.todas, 'integracoes'] as const,
  mapeamentos: (integracao: string) => [...chavesDelivery.todas, 'mapeamentos', integracao] as const,
  pedidos: () => [...chavesDelivery.todas, 'pedidos'] as const,
};

/** How often the order desk and the health list ask again (the app cancels an order unconfirmed in 8 min). */
export const INTERVALO_PEDIDOS_MS = 10_000;
export const INTERVALO_SAUDE_MS = 30_000;

export const integracoesQuery = (refetchInterval: number | false = false) =>
  queryOptions({
    queryKey: chavesDelivery.integracoes(),
    queryFn: () =>
      api.get<IntegracaoSaida[]>('deliveryApps/integracoes', { acao: 'ao listar as integrações' }),
    refetchInterval,
  });

export const mapeamentosQuery = (integracao: string) =>
  queryOptions({
    queryKey: chavesDelivery.mapeamentos(integracao),
    queryFn: () =>
      api.get<MapeamentoItemSaida[]>(
        `deliveryApps/mapeamentos?integracao=${encodeURIComponent(integracao)}`,
        {
          acao: 'ao listar os itens mapeados',
        },
      ),
  });

/** Every order the user's stores have (the server answers the latest 500); the screens split them. */
export const pedidosQuery = (refetchInterval: number | false = false) =>
  queryOptions({
    queryKey: chavesDelivery.pedidos(),
    queryFn: () => api.get<PedidoAppSaida[]>('deliveryApps/pedidos', { acao: 'ao listar os pedidos' }),
    refetchInterval,
  });

export const salvarIntegracao = (id: string | undefined, corpo: IntegracaoEntrada) =>
  id
    ? api.put<{ _id: string }>(`deliveryApps/integracoes/${id}`, corpo, { acao: 'ao salvar a integração' })
    : api.post<{ _id: string }>('deliveryApps/integracoes', corpo, { acao: 'ao salvar a integração' });

export const consultarAgora = (id: string) =>
  api.post<{ recebidos: number; novos: number }>(
    `deliveryApps/integracoes/${id}/polling`,
    {},
    { acao: 'ao consultar o aplicativo' },
  );

export const salvarMapeamento = (corpo: MapeamentoItemEntrada) =>
  api.post<{ _id: string }>('deliveryApps/mapeamentos', corpo, { acao: 'ao salvar o mapeamento' });

export const decidirPedido = (id: string, corpo: DecisaoPedido) =>
  api.post<{ _id: string }>(`deliveryApps/pedidos/${id}/decisao`, corpo, {
    acao: corpo.acao === 'aceitar' ? 'ao aceitar o pedido' : 'ao recusar o pedido',
  });

export const decidirCancelamento = (id: string, corpo: DecisaoCancelamento) =>
  api.post<{ _id: string }>(`deliveryApps/pedidos/${id}/cancelamento`, corpo, {
    acao: corpo.acao === 'aceitar' ? 'ao aceitar o cancelamento' : 'ao negar o cancelamento',
  });

export const reprocessarPedido = (id: string) =>
  api.post<{ _id: string }>(
    `deliveryApps/pedidos/${id}/reprocessar`,
    {},
    { acao: 'ao reprocessar o pedido' },
  );

/** The store's products for the mapping screen's picker (permission 868, not the product registration's). */
export const produtosDeliveryQuery = (integracao: string, busca: string) =>
  queryOptions({
    queryKey: [...chavesDelivery.todas, 'produtos', integracao, busca] as const,
    queryFn: () =>
      api.get<ProdutoDeliverySaida[]>(
        `deliveryApps/produtos?integracao=${encodeURIComponent(integracao)}${
          busca ? `&busca=${encodeURIComponent(busca)}` : ''
        }`,
        { acao: 'ao buscar os produtos' },
      ),
    staleTime: 30_000,
  });
