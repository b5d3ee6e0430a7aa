import type { DashboardVendasPedido, DashboardVendasResposta } from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The dashboards' calls (contract: packages/domain/src/relatorios/vendas.ts; server:
// apps/server/src/modules/relatorios-vendas). Everything under `chavesDashboard.todas`, which the real-time hook
// invalidates when a sale ends.

export const chavesDashboard = {
  todas: [...chaves.todas, 'dashboard'] as const,
  vendas: (pedido: DashboardVendasPedido) => [...chavesDashboard.todas, 'vendas', pedido] as const,
};

export const dashboardVendasQuery = (pedido: DashboardVendasPedido) =>
  queryOptions({
    queryKey: chavesDashboard.vendas(pedido),
    queryFn: () =>
      api.post<DashboardVendasResposta>('dashboardVendas', pedido, { acao: 'ao carregar o dashboard' }),
    placeholderData: keepPreviousData,
  });
