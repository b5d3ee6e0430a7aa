import type { KdsItem, KdsPedido, KdsPedidoEvento } from '@retaguarda/domain/kds/kds';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { reiniciarSessaoParaTeste, restaurarSessao } from '../../lib/session/sessao.ts';
import { envelope, instalarFetch } from '../../test/fetch-falso.ts';

// The station screen with a fake API and a fake socket: orders arrive by the kdsPedido event, the bump bar
// (keyboard) acts on the selected order.

type Ouvinte = (dados: unknown) => void;
const socket = vi.hoisted(() => {
  const ouvintes = new Map<string, Ouvinte[]>();
  return {
    ouvintes,
    on(evento: string, fn: Ouvinte) {
      ouvintes.set(evento, [...(ouvintes.get(evento) ?? []), fn]);
    },
    disparar(evento: string, dados: unknown) {
      for (const fn of ouvintes.get(evento) ?? []) fn(dados);
    },
  };
});

vi.mock('../../lib/socket/socket-cliente.ts', () => ({
  conectarSocket: ({ aoStatus }: { aoStatus: (s: string) => void }) => {
    aoStatus('conectado');
    return { socket: { on: socket.on }, encerrar: () => socket.ouvintes.clear() };
  },
}));

const { KdsPage } = await import('./kds-page.tsx');

const agora = new Date().toISOString();
const item = (parcial: Partial<KdsItem>): KdsItem => ({
  _id: 'i1',
  vendaItemId: 'vi1',
  numeroItem: 1,
  estacao: 'e1',
  kdsSetor: 's1',
  descricao: 'Pizza Grande Calabresa',
  quantidade: '1.0000',
  obs: '',
  partes: [],
  adicionais: [],
  status: 'pendente',
  cancelado: false,
  recebidoEm: agora,
  iniciadoEm: null,
  prontoEm: null,
  despachadoEm: null,
  ...parcial,
});
const pedido = (vendaId: string, mesa: number, itens: KdsItem[]): KdsPedido => ({
  vendaId,
  estacao: 'e1',
  numero: mesa,
  identificacao: `Mesa ${mesa}`,
  tipoVenda: 54,
  mesa,
  comanda: null,
  cliente: null,
  atendente: 'Ana',
  statusExpedicao: 0,
  recebidoEm: agora,
  itens,
  despachado: false,
});

const estacao = {
  _id: 'e1',
  empresa: 'emp1',
  descricao: 'Cozinha',
  tipo: 'producao',
  setores: ['s1'],
  tempoAlerta: 10,
  tempoAtraso: 20,
};

beforeEach(() => {
  reiniciarSessaoParaTeste();
  queryClient.clear();
  socket.ouvintes.clear();
  definirConfig({ baseUrl: '/api/' });
  restaurarSessao({
    usuario: { token: 't', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    grupoEmpresarial: { _id: 'g1', descricao: 'Grupo' },
    empresa: { _id: 'emp1', descricao: 'Loja Centro' },
    escuro: false,
  });
});

describe('KDS station screen', () => {
  it('shows the orders with parts, additions and notes; a socket order arrives; Enter bumps the selected one', async () => {
    const primeiro = pedido('v1', 12, [
      item({
        partes: [
          { descricao: 'Calabresa', quantidadeParte: 1 },
          { descricao: 'Portuguesa', quantidadeParte: 1 },
        ],
        obs: 'sem cebola',
      }),
      item({ _id: 'i2', numeroItem: 2, descricao: 'X-Burguer', adicionais: ['1x Queijo Extra'] }),
    ]);
    const chamadas = instalarFetch(({ url, corpo }) => {
      if (url.endsWith('/api/kds/estacoes')) return envelope(true, [{ ...estacao, teclas: [] }]);
      if (url.endsWith('/api/kds/estacao/e1/pedidos'))
        return envelope(true, { estacao, pedidos: [primeiro], despachados: [] });
      if (url.endsWith('/api/kds/estacao/e1/acao')) {
        const { vendaId, acao } = corpo as { vendaId: string; acao: string };
        if (acao === 'iniciar') {
          return envelope(true, {
            ...primeiro,
            itens: primeiro.itens.map((i) => (i._id === 'i2' ? { ...i, status: 'producao' } : i)),
          });
        }
        return envelope(true, { ...pedido(vendaId, 13, []), despachado: true });
      }
      return envelope(false, { message: `inesperado ${url}` });
    });
    const router = createMemoryRouter([{ path: '/frenteLoja/kds/:estacao', Component: KdsPage }], {
      initialEntries: ['/frenteLoja/kds/e1'],
    });
    render(<RouterProvider router={router} />);

    const cartao = await screen.findByTestId('pedido-v1');
    expect(within(cartao).getByText('Mesa 12')).toBeTruthy();
    expect(within(cartao).getByText('½ Calabresa')).toBeTruthy();
    expect(within(cartao).getByText('+ 1x Queijo Extra')).toBeTruthy();
    expect(within(cartao).getByText('Obs: sem cebola')).toBeTruthy();
    expect(cartao.getAttribute('data-cor')).toBe('normal');

    // Touching one line starts only that dish.
    fireEvent.click(within(cartao).getByRole('button', { name: 'Iniciar: X-Burguer' }));
    await within(screen.getByTestId('pedido-v1')).findByRole('button', { name: 'Pronto: X-Burguer' });
    expect(chamadas.find((c) => c.url.endsWith('/acao'))?.corpo).toEqual({
      vendaId: 'v1',
      acao: 'iniciar',
      itens: ['i2'],
    });

    // A new order of this station by socket; one of another station is ignored.
    const evento = (e: KdsPedidoEvento) => act(() => socket.disparar('kdsPedido', e));
    evento({ estacao: 'e1', pedido: pedido('v2', 13, [item({ _id: 'i3', descricao: 'Batata' })]) });
    evento({ estacao: 'e2', pedido: { ...pedido('v3', 14, [item({ _id: 'i4' })]), estacao: 'e2' } });
    await screen.findByTestId('pedido-v2');
    expect(screen.queryByTestId('pedido-v3')).toBeNull();
    expect(screen.getByTestId('contador-pedidos').textContent).toBe('2 pedidos');

    // Bump bar: next order, then Enter bumps it.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByTestId('pedido-v2')).toBeNull());
    const acao = chamadas.filter((c) => c.url.endsWith('/acao')).at(-1);
    expect(acao?.corpo).toEqual({ vendaId: 'v2', acao: 'despachar' });
    expect(screen.getByTestId('pedido-v1')).toBeTruthy();
  });
});
