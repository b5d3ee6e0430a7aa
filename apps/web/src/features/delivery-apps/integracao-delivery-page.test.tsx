import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { reiniciarSomParaTeste } from './aviso-sonoro.ts';
import { INTEGRACAO, iniciarSessao, integracao, montar, pedido, respostaComum } from './teste-apoio.tsx';

// The order desk with a fake API: what waits, what the customer wants cancelled and what needs attention are
// listed apart with the time left to accept; each answer sends the body of the domain's schema; a refusal of
// the server is shown in pt-BR; a new order announced on the socket beeps once the sound was allowed.

const ouvintes = new Map<string, (dados: unknown) => void>();
vi.mock('../../lib/socket/socket-cliente.ts', () => ({
  conectarSocket: () => ({
    socket: { on: (evento: string, fn: (dados: unknown) => void) => ouvintes.set(evento, fn) },
    encerrar: () => ouvintes.clear(),
  }),
}));

const { IntegracaoDeliveryPage, prazoDe, tempoRestante } = await import('./integracao-delivery-page.tsx');

// Created in the app 1 min ago, reached us just now: the time left counts from the app's createdAt.
const AGUARDANDO = pedido({
  criadoNoAppEm: new Date(Date.now() - 60_000).toISOString(),
  prazoConfirmacao: new Date(Date.now() + 7 * 60_000).toISOString(),
});
const CANCELAMENTO = pedido({
  _id: 'b00000000000000000000002',
  identificacao: '5555',
  situacao: 'aceito',
  estadoApp: 'ORDER_CANCELLATION_REQUEST',
  total: '48.90',
  motivoCancelamentoCliente: 'Cliente desistiu',
});
const ATENCAO = pedido({
  _id: 'b00000000000000000000003',
  identificacao: '7777',
  situacao: 'atencao',
  venda: null,
  total: null,
  motivo: 'Item sem produto: "Combo Família" (código CF-1). Mapeie o item e reprocesse o pedido.',
  itensSemProduto: [{ codigo: 'CF-1', nome: 'Combo Família' }],
});

function api(pedidos: () => unknown[], recusa?: string, permitido = true) {
  return instalarFetch(({ url }) => {
    const comum = respostaComum(url, permitido);
    if (comum) return comum;
    if (url.endsWith('/api/deliveryApps/integracoes')) return envelope(true, [integracao()]);
    if (url.endsWith('/api/deliveryApps/pedidos')) return envelope(true, pedidos());
    if (recusa && /\/pedidos\/[0-9a-f]+\//.test(url)) return envelope(false, { message: recusa });
    const id = /\/pedidos\/([0-9a-f]+)\//.exec(url)?.[1];
    return envelope(true, { _id: id });
  });
}

beforeEach(() => {
  iniciarSessao();
  reiniciarSomParaTeste();
  // Toasts of an earlier test still queued are taken here, not by the test that captures its own.
  capturarToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('appIntegracaoDelivery', { timeout: 40_000 }, () => {
  it('lists the waiting order with its time left and R$ total, the cancellation request and the order needing attention', async () => {
    api(() => [AGUARDANDO, CANCELAMENTO, ATENCAO]);
    montar(IntegracaoDeliveryPage);
    const espera = (await screen.findByText('iFood #4321', {}, { timeout: 8000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(espera).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(espera).getByText(/^0[67]:\d\d$/)).toBeTruthy();
    expect(within(espera).getByText('Loja Centro')).toBeTruthy();
    // The order as the app sent it, below its row: items with options and notes, customer, payment.
    const detalhe = screen.getByTestId(`detalhe-${AGUARDANDO._id}`);
    for (const t of ['1x Pizza Calabresa', '+ 1x Borda recheada', 'Obs: sem cebola', 'Maria Silva'])
      expect(within(detalhe).getByText(t)).toBeTruthy();
    expect(within(detalhe).getByText('Tel. 41999990000')).toBeTruthy();
    expect(within(detalhe).getByText('Rua XV de Novembro, 100, Centro')).toBeTruthy();
    expect(within(detalhe).getByText('Pago no app')).toBeTruthy();
    const cancel = screen.getByText('iFood #5555').closest('tr') as HTMLElement;
    expect(within(cancel).getByText('R$ 48,90')).toBeTruthy();
    expect(within(cancel).getByText('Cliente desistiu')).toBeTruthy();
    expect(await within(cancel).findByRole('button', { name: 'Aceitar cancelamento' })).toBeTruthy();
    const atencao = screen.getByText('iFood #7777').closest('tr') as HTMLElement;
    expect(within(atencao).getByText(/Combo Família/)).toBeTruthy();
    expect(within(atencao).getByRole('link', { name: 'Mapear 1 item(ns)' }).getAttribute('href')).toBe(
      `/appTerceirosCadastro?integracao=${INTEGRACAO}`,
    );
  });

  it('without permission 868 in the store the orders are listed with no button to answer them', async () => {
    const chamadas = api(() => [AGUARDANDO, CANCELAMENTO, ATENCAO], undefined, false);
    montar(IntegracaoDeliveryPage);
    expect(await screen.findByText('iFood #4321', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(chamadas.some((c) => c.url.endsWith('/api/getPermissoesUsuario'))).toBe(true));
    await new Promise((r) => setTimeout(r, 200));
    for (const nome of [/Aceitar/, /Recusar/, /Negar/, /Reprocessar/])
      expect(screen.queryByRole('button', { name: nome })).toBeNull();
  });

  it("the time left counts down to the app's deadline (its createdAt + 8 min), not from our receipt", () => {
    const criado = Date.parse('2026-11-26T18:00:00.000Z');
    const p = pedido({
      recebidoEm: '2026-11-26T18:03:00.000Z',
      prazoConfirmacao: new Date(criado + 8 * 60_000).toISOString(),
    });
    expect(tempoRestante(prazoDe(p), criado + 3 * 60_000).texto).toBe('05:00');
    expect(tempoRestante(prazoDe(p), criado + 7 * 60_000 + 30_500).texto).toBe('00:30');
    expect(tempoRestante(prazoDe(p), criado + 8 * 60_000).ms).toBe(0);
    expect(tempoRestante(prazoDe(p), criado + 9 * 60_000).texto).toBe('00:00');
    // An order that never read well has no createdAt: 8 minutes from its arrival.
    const semPrazo = pedido({ recebidoEm: '2026-11-26T18:03:00.000Z', prazoConfirmacao: null });
    expect(tempoRestante(prazoDe(semPrazo), Date.parse('2026-11-26T18:03:00.000Z')).texto).toBe('08:00');
  });

  it('accepts, refuses with a reason (none: the domain message) and answers cancellation requests', async () => {
    const chamadas = api(() => [AGUARDANDO, CANCELAMENTO, ATENCAO]);
    montar(IntegracaoDeliveryPage);
    const espera = (await screen.findByText('iFood #4321', {}, { timeout: 8000 })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(await within(espera).findByRole('button', { name: /Aceitar/ }));
    await waitFor(() =>
      expect(chamadas.find((c) => c.url.endsWith(`/pedidos/${AGUARDANDO._id}/decisao`))?.corpo).toEqual({
        acao: 'aceitar',
      }),
    );

    fireEvent.click(within(espera).getByRole('button', { name: /Recusar/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar pedido' }));
    expect(await screen.findByText('Informe o motivo da recusa')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Motivo da recusa (enviado ao aplicativo)'), {
      target: { value: 'Sem entregador' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Recusar pedido' }));
    await waitFor(() =>
      expect(
        chamadas.filter((c) => c.url.endsWith(`/pedidos/${AGUARDANDO._id}/decisao`)).map((c) => c.corpo),
      ).toContainEqual({ acao: 'recusar', motivo: 'Sem entregador' }),
    );

    const cancel = screen.getByText('iFood #5555').closest('tr') as HTMLElement;
    fireEvent.click(within(cancel).getByRole('button', { name: 'Negar' }));
    fireEvent.click(await screen.findByLabelText('O pedido já saiu para entrega'));
    fireEvent.change(screen.getByLabelText('Motivo (enviado ao aplicativo)'), {
      target: { value: 'Motoboy a caminho' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Negar cancelamento' }));
    await waitFor(() =>
      expect(
        chamadas.find((c) => c.url.endsWith(`/pedidos/${CANCELAMENTO._id}/cancelamento`))?.corpo,
      ).toEqual({
        acao: 'negar',
        codigo: 'OUT_FOR_DELIVERY',
        motivo: 'Motoboy a caminho',
      }),
    );

    const atencao = screen.getByText('iFood #7777').closest('tr') as HTMLElement;
    fireEvent.click(within(atencao).getByRole('button', { name: /Reprocessar/ }));
    await waitFor(() =>
      expect(
        chamadas.some((c) => c.url.endsWith(`/pedidos/${ATENCAO._id}/reprocessar`) && c.metodo === 'POST'),
      ).toBe(true),
    );
  });

  it("shows the server's refusal in pt-BR", async () => {
    api(() => [AGUARDANDO], 'Este pedido já foi aceito ou recusado.');
    const toasts = capturarToasts();
    montar(IntegracaoDeliveryPage);
    const espera = (await screen.findByText('iFood #4321', {}, { timeout: 8000 })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(await within(espera).findByRole('button', { name: /Aceitar/ }));
    await waitFor(() =>
      expect(toasts.map((t) => t.mensagem)).toContain(
        'Erro ao aceitar o pedido: Este pedido já foi aceito ou recusado.',
      ),
    );
    expect(toasts.some((t) => t.tipo === 'success')).toBe(false);
  });

  it('beeps when a new order arrives (announced on the socket) once the sound was allowed', async () => {
    const tons: number[] = [];
    class ContextoFalso {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      async resume() {
        this.state = 'running';
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
          connect: () => undefined,
        };
      }
      createOscillator() {
        const osc = {
          type: '',
          frequency: { value: 0 },
          connect: () => undefined,
          start: () => tons.push(osc.frequency.value),
          stop: () => undefined,
        };
        return osc;
      }
    }
    vi.stubGlobal('AudioContext', ContextoFalso);
    let lista = [AGUARDANDO];
    const chamadas = api(() => lista);
    montar(IntegracaoDeliveryPage);
    await screen.findByText('iFood #4321', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: /Ativar som/ }));
    expect(await screen.findByText('Som ativo')).toBeTruthy();
    expect(tons).toEqual([]);
    lista = [pedido({ _id: 'b00000000000000000000009', identificacao: '9999' }), AGUARDANDO];
    const antes = chamadas.filter((c) => c.url.endsWith('/api/deliveryApps/pedidos')).length;
    // A malformed announcement does not ask again; the server's pedidoAppAlterado does.
    act(() => ouvintes.get('pedidoAppAlterado')?.({ pedido: 'x' }));
    act(() =>
      ouvintes.get('pedidoAppAlterado')?.({
        pedido: 'b00000000000000000000009',
        empresa: 'e00000000000000000000001',
        situacao: 'aguardando',
        estadoApp: 'CREATED',
      }),
    );
    expect(await screen.findByText('iFood #9999')).toBeTruthy();
    expect(chamadas.filter((c) => c.url.endsWith('/api/deliveryApps/pedidos')).length).toBe(antes + 1);
    expect(tons).toEqual([880, 1320]);
  });
});
