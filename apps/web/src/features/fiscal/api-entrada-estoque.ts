import type { ConferenciaPedido, LancarNotaEstoque, NotaEstoque, VinculosNota } from '@retaguarda/domain';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The inbound NF-e's stock actions (apps/server/src/modules/fiscal/entrada-estoque.ts): the note as the stock
// sees it, links remembered as the supplier's codes, the check against a purchase order, posting and reversal.
// Shapes are the domain's (packages/domain/src/estoque/api-compras.ts).

export const chavesEntradaEstoque = {
  todas: [...chaves.todas, 'fiscal', 'entradaEstoque'] as const,
  nota: (id: string) => [...chavesEntradaEstoque.todas, id] as const,
  conferencia: (id: string, pedido: string) => [...chavesEntradaEstoque.nota(id), 'pedido', pedido] as const,
};

/** Every screen that shows a stock balance or a purchase order (their features key them under these roots). */
export const CHAVES_AFETADAS_PELO_LANCAMENTO = [
  [...chaves.todas, 'estoque'],
  [...chaves.todas, 'estoqueCompras'],
  [...chaves.todas, 'fiscal', 'entradas'],
] as const;

export const notaEstoqueQuery = (id: string) =>
  queryOptions({
    queryKey: chavesEntradaEstoque.nota(id),
    queryFn: () => api.get<NotaEstoque>(`notaEntrada/${id}/estoque`, { acao: 'ao buscar a nota de entrada' }),
  });

export const conferenciaPedidoQuery = (id: string, pedido: string) =>
  queryOptions({
    queryKey: chavesEntradaEstoque.conferencia(id, pedido),
    queryFn: () =>
      api.post<ConferenciaPedido>(
        `notaEntrada/${id}/conferirPedido`,
        { pedidoCompra: pedido },
        { acao: 'ao conferir o pedido de compra' },
      ),
    staleTime: 0,
  });

export const salvarVinculos = (id: string, itens: VinculosNota['itens']) =>
  api.put<NotaEstoque>(`notaEntrada/${id}/vinculos`, { itens }, { acao: 'ao vincular os itens' });

/** The screen shows the refusal itself (items without product, an order passed, a closed period). */
export const lancarNotaNoEstoque = (id: string, corpo: LancarNotaEstoque) =>
  api.post<NotaEstoque>(`notaEntrada/${id}/lancarEstoque`, corpo, {
    acao: 'ao lançar no estoque',
    silencioso: true,
  });

export const estornarNotaDoEstoque = (id: string, motivo: string) =>
  api.post<NotaEstoque>(
    `notaEntrada/${id}/estornarEstoque`,
    { motivo },
    { acao: 'ao estornar o lançamento', silencioso: true },
  );
