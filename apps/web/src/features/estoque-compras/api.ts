import type {
  PedidoCompra,
  PedidoCompraAlteracao,
  PedidoCompraEntrada,
  PedidoCompraResumo,
  RelatorioCompras,
  RelatorioComprasConsulta,
  StatusPedidoCompra,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the purchase screens (apps/server/src/modules/estoque/compras.routes.ts): purchase orders and the
// purchases report. Shapes are the domain's (packages/domain/src/estoque/api-compras.ts).

export interface FiltroPedidos {
  empresa: string;
  status: StatusPedidoCompra[];
  fornecedor?: string | undefined;
}

export const chavesCompras = {
  todas: [...chaves.todas, 'estoqueCompras'] as const,
  pedidos: (f: FiltroPedidos) => [...chavesCompras.todas, 'pedidos', f] as const,
  pedido: (id: string) => [...chavesCompras.todas, 'pedido', id] as const,
  relatorio: (c: RelatorioComprasConsulta & { empresa: string[] }) =>
    [...chavesCompras.todas, 'relatorio', c] as const,
};

/** Query string of repeated keys (`status=a&status=b`), leaving out the empty ones. */
function consultaUrl(valores: Record<string, string | number | readonly string[] | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(valores)) {
    if (v === undefined || v === '') continue;
    if (Array.isArray(v)) for (const x of v) p.append(k, x);
    else p.append(k, String(v));
  }
  return p.toString();
}

export const pedidosQuery = (f: FiltroPedidos) =>
  queryOptions({
    queryKey: chavesCompras.pedidos(f),
    queryFn: () =>
      api.get<PedidoCompraResumo[]>(
        `estoque/pedidoCompra?${consultaUrl({ empresa: f.empresa, status: f.status, fornecedor: f.fornecedor, limite: 200 })}`,
        { acao: 'ao listar os pedidos de compra' },
      ),
    placeholderData: keepPreviousData,
  });

export const pedidoQuery = (id: string) =>
  queryOptions({
    queryKey: chavesCompras.pedido(id),
    queryFn: () =>
      api.get<PedidoCompra>(`estoque/pedidoCompra/${id}`, { acao: 'ao buscar o pedido de compra' }),
  });

/** The form shows the refusal itself (a line without product, a quantity of zero). */
export const criarPedido = (p: PedidoCompraEntrada) =>
  api.post<PedidoCompra>('estoque/pedidoCompra', p, { acao: 'ao salvar o pedido', silencioso: true });

export const alterarPedido = (id: string, p: PedidoCompraAlteracao) =>
  api.put<PedidoCompra>(`estoque/pedidoCompra/${id}`, p, { acao: 'ao salvar o pedido', silencioso: true });

export const enviarPedido = (id: string) =>
  api.post<PedidoCompra>(`estoque/pedidoCompra/${id}/enviar`, {}, { acao: 'ao enviar o pedido' });

export const cancelarPedido = (id: string, motivo: string) =>
  api.post<PedidoCompra>(
    `estoque/pedidoCompra/${id}/cancelar`,
    { motivo },
    { acao: 'ao cancelar o pedido', silencioso: true },
  );

export const relatorioComprasQuery = (c: RelatorioComprasConsulta & { empresa: string[] }) =>
  queryOptions({
    queryKey: chavesCompras.relatorio(c),
    queryFn: () =>
      api.get<RelatorioCompras>(
        `estoque/relatorioCompras?${consultaUrl({
          empresa: c.empresa,
          dataInicio: c.dataInicio,
          dataFim: c.dataFim,
          fornecedor: c.fornecedor,
          produto: c.produto,
          agrupamento: c.agrupamento,
        })}`,
        { acao: 'ao gerar o relatório de compras' },
      ),
    placeholderData: keepPreviousData,
  });

/** A 24-hex id made here: the order's idempotency key (a double click or a retry creates it once). */
export function novoIdPedido(): string {
  const segundos = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return segundos + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
