import type { AcaoKds, KdsPedido } from '@retaguarda/domain/kds/kds';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// KDS calls of the server's kds module (apps/server/src/modules/kds): stations of the store, the open
// orders of one station, and the cook's actions. Orders then arrive by the `kdsPedido` socket event.

export interface EstacaoKds {
  _id: string;
  empresa: string;
  descricao: string;
  tipo: string;
  setores: string[];
  tempoAlerta: number | null;
  tempoAtraso: number | null;
  teclas: { tecla: string; acao: string }[];
}

export interface PedidosEstacao {
  estacao: Omit<EstacaoKds, 'teclas'>;
  pedidos: KdsPedido[];
  despachados: KdsPedido[];
}

export const chavesKds = {
  todas: [...chaves.todas, 'kds'] as const,
  estacoes: (empresa: string) => [...chavesKds.todas, 'estacoes', empresa] as const,
  pedidos: (estacao: string) => [...chavesKds.todas, 'pedidos', estacao] as const,
};

export const buscarEstacoes = () =>
  api.get<EstacaoKds[]>('kds/estacoes', { acao: 'ao listar as estações KDS', recusaNaTela: true });

export const buscarPedidos = (estacao: string) =>
  api.get<PedidosEstacao>(`kds/estacao/${estacao}/pedidos`, { acao: 'ao buscar os pedidos da estação' });

export const agirKds = (estacao: string, vendaId: string, acao: AcaoKds, itens?: string[]) =>
  api.post<KdsPedido | null>(
    `kds/estacao/${estacao}/acao`,
    { vendaId, acao, ...(itens ? { itens } : {}) },
    { acao: 'na ação do KDS' },
  );

/** Puts an order received by socket (or answered by an action) into the station's list. */
export function aplicarPedido(atual: PedidosEstacao, pedido: KdsPedido): PedidosEstacao {
  const semEle = (l: KdsPedido[]) => l.filter((p) => p.vendaId !== pedido.vendaId);
  // Every line left this station (moved to another table): the card just goes away.
  if (pedido.itens.length === 0)
    return { ...atual, pedidos: semEle(atual.pedidos), despachados: semEle(atual.despachados) };
  if (pedido.despachado) {
    return {
      ...atual,
      pedidos: semEle(atual.pedidos),
      despachados: [pedido, ...semEle(atual.despachados)].slice(0, 10),
    };
  }
  const pedidos = [...semEle(atual.pedidos), pedido].sort(
    (a, b) => a.recebidoEm.localeCompare(b.recebidoEm) || a.numero - b.numero,
  );
  return { ...atual, pedidos, despachados: semEle(atual.despachados) };
}
