import type { GerarPedidosSugestao, PedidoGeradoSugestao, SugestaoPedido } from '@retaguarda/domain';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the purchase suggestion screen (apps/server/src/modules/estoque/sugestao-compra.ts). Shapes are the
// domain's (packages/domain/src/estoque/sugestao-compra.ts).

export interface ConsultaSugestao {
  empresa: string;
  fornecedor?: string | undefined;
  semanas: number;
  diasCobertura: number;
  /** Each click on Calcular computes again (the list is kept while edited, never refetched by itself). */
  rodada: number;
}

export const chavesSugestao = {
  todas: [...chaves.todas, 'estoqueSugestaoPedido'] as const,
  fornecedores: (empresa: string) => [...chavesSugestao.todas, 'fornecedores', empresa] as const,
  sugestao: (c: ConsultaSugestao) => [...chavesSugestao.todas, 'sugestao', c] as const,
};

export const fornecedoresQuery = (empresa: string) =>
  queryOptions({
    queryKey: chavesSugestao.fornecedores(empresa),
    queryFn: () =>
      api.get<{ _id: string; nome: string }[]>(
        `estoque/sugestaoPedido/fornecedores?empresa=${encodeURIComponent(empresa)}`,
        { acao: 'ao buscar os fornecedores' },
      ),
  });

export const sugestaoQuery = (c: ConsultaSugestao) =>
  queryOptions({
    queryKey: chavesSugestao.sugestao(c),
    queryFn: () => {
      const p = new URLSearchParams({
        empresa: c.empresa,
        semanas: String(c.semanas),
        diasCobertura: String(c.diasCobertura),
      });
      if (c.fornecedor) p.set('fornecedor', c.fornecedor);
      return api.get<SugestaoPedido>(`estoque/sugestaoPedido?${p.toString()}`, {
        acao: 'ao calcular a sugestão de pedido',
      });
    },
    // The list is edited once computed: a refetch would overwrite the typed quantities.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const gerarPedidosSugestao = (g: GerarPedidosSugestao) =>
  api.post<PedidoGeradoSugestao[]>('estoque/sugestaoPedido/gerar', g, {
    acao: 'ao gerar os pedidos de compra',
    silencioso: true,
  });
