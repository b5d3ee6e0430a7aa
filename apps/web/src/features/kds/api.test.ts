import type { KdsItem, KdsPedido } from '@retaguarda/domain/kds/kds';
import { describe, expect, it } from 'vitest';
import { aplicarPedido, type PedidosEstacao } from './api.ts';

const item: KdsItem = {
  _id: 'i',
  vendaItemId: 'vi',
  numeroItem: 1,
  estacao: 'e1',
  kdsSetor: null,
  descricao: 'X-Burguer',
  quantidade: '1',
  obs: '',
  partes: [],
  adicionais: [],
  status: 'pendente',
  cancelado: false,
  recebidoEm: '2026-01-01T10:00:00.000Z',
  iniciadoEm: null,
  prontoEm: null,
  despachadoEm: null,
};

const pedido = (vendaId: string, recebidoEm: string, despachado = false, itens = [item]): KdsPedido => ({
  vendaId,
  estacao: 'e1',
  numero: Number(vendaId.slice(-1)),
  identificacao: `Mesa ${vendaId}`,
  tipoVenda: 54,
  mesa: 1,
  comanda: null,
  cliente: null,
  atendente: null,
  statusExpedicao: 0,
  recebidoEm,
  itens,
  despachado,
});

const base = (): PedidosEstacao => ({
  estacao: {
    _id: 'e1',
    empresa: 'x',
    descricao: 'Cozinha',
    tipo: 'producao',
    setores: [],
    tempoAlerta: null,
    tempoAtraso: null,
  },
  pedidos: [pedido('v2', '2026-01-01T10:02:00.000Z'), pedido('v3', '2026-01-01T10:03:00.000Z')],
  despachados: [pedido('v9', '2026-01-01T09:00:00.000Z', true)],
});

describe('an order received by socket', () => {
  it('enters the list in age order, oldest first', () => {
    const r = aplicarPedido(base(), pedido('v1', '2026-01-01T10:01:00.000Z'));
    expect(r.pedidos.map((p) => p.vendaId)).toEqual(['v1', 'v2', 'v3']);
  });
  it('replaces the same order instead of duplicating it', () => {
    const novo = { ...pedido('v2', '2026-01-01T10:02:00.000Z'), statusExpedicao: 1 };
    const r = aplicarPedido(base(), novo);
    expect(r.pedidos.map((p) => [p.vendaId, p.statusExpedicao])).toEqual([
      ['v2', 1],
      ['v3', 0],
    ]);
  });
  it('leaves the screen when bumped and comes back on recall', () => {
    const bump = aplicarPedido(base(), pedido('v2', '2026-01-01T10:02:00.000Z', true));
    expect(bump.pedidos.map((p) => p.vendaId)).toEqual(['v3']);
    expect(bump.despachados.map((p) => p.vendaId)).toEqual(['v2', 'v9']);
    const recall = aplicarPedido(bump, pedido('v2', '2026-01-01T10:02:00.000Z'));
    expect(recall.pedidos.map((p) => p.vendaId)).toEqual(['v2', 'v3']);
    expect(recall.despachados.map((p) => p.vendaId)).toEqual(['v9']);
  });
  it('an order left without lines at this station (moved to another table) just goes away', () => {
    const r = aplicarPedido(base(), pedido('v3', '2026-01-01T10:03:00.000Z', true, []));
    expect(r.pedidos.map((p) => p.vendaId)).toEqual(['v2']);
    expect(r.despachados.map((p) => p.vendaId)).toEqual(['v9']);
  });
});
