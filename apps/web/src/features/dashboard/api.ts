import type {
  DashboardVendasPedido,
  DashboardVendasResposta,
  FiltroRelatorioEntrada,
  RelatorioVendaResposta,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The dashboards' calls (contract: packages/domain/src/relatorios/vendas.ts; server:
// apps/server/src/modules/relatorios-vendas). Everything under `chavesDashboard.todas`, which the real-time hook
// invalidates when a sale ends.

export const chavesDashboard = {
  todas: [...chaves.todas, 'dashboard'] as const,
  vendas: (pedido: DashboardVendasPedido) => [...chavesDashboard.todas, 'vendas', pedido] as const,
  resumo: (filtro: FiltroRelatorioEntrada, agrupar: 'dia' | 'tipoVenda' | 'origem') =>
    [...chavesDashboard.todas, 'relatorioVenda', agrupar, filtro] as const,
};

export const dashboardVendasQuery = (pedido: DashboardVendasPedido) =>
  queryOptions({
    queryKey: chavesDashboard.vendas(pedido),
    queryFn: () =>
      api.post<DashboardVendasResposta>('dashboardVendas', pedido, { acao: 'ao carregar o dashboard' }),
    placeholderData: keepPreviousData,
  });

/**
 * The summary of relatorioVenda by one dimension (dashboardDefault2's per-day line and type/origin split):
 * dashboardVendas has no per-day nor per-type figures, so these come from the sales report (its permission too).
 */
export const resumoVendasQuery = (filtro: FiltroRelatorioEntrada, agrupar: 'dia' | 'tipoVenda' | 'origem') =>
  queryOptions({
    queryKey: chavesDashboard.resumo(filtro, agrupar),
    queryFn: () =>
      api.post<RelatorioVendaResposta>(
        'relatorioVenda',
        { filtro, agrupar, pagina: 1 },
        { acao: 'ao carregar o dashboard' },
      ),
    placeholderData: keepPreviousData,
  });
