import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { reiniciarSessaoParaTeste, restaurarSessao } from '../../lib/session/sessao.ts';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { LiberacaoSupervisorProvider } from '../liberacao/liberacao-supervisor.tsx';
import type { Nfce } from './api.ts';

// The NFC-e list with a fake API and socket: server-side filters, the detail with protocol and XML, a
// cancellation that needs a supervisor release when the user lacks permission 29, and the list refreshed
// by `nfceAlterada`.

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
  conectarSocket: () => ({ socket: { on: socket.on }, encerrar: () => socket.ouvintes.clear() }),
}));

const { EmissaoNotaFiscalPage, filtroDaTela } = await import('./emissao-nota-fiscal-page.tsx');

const nota = (parcial: Partial<Nfce>): Nfce => ({
  _id: 'n1',
  empresa: 'emp1',
  venda: 'v1',
  posicao: null,
  statusNota: 'processado',
  qrCode: 'https://x',
  urlChave: null,
  protocoloRecebimento: '141260000000001',
  dataRecebimento: '2026-11-21T13:00:00.000Z',
  cancelado: false,
  cpfCnpj: null,
  chave: '41261112345678000190650010000000011000000019',
  numero: 1,
  serie: 1,
  tpEmis: 1,
  tpAmb: 2,
  cStat: 100,
  xMotivo: 'Autorizado o uso da NF-e',
  valor: '67.90',
  dhEmi: '2026-11-21T13:00:00.000Z',
  pendenteEnvio: false,
  tentativas: 0,
  aviso: null,
  cancelamento: null,
  createdAt: '2026-11-21T13:00:00.000Z',
  ...parcial,
});

beforeEach(() => {
  reiniciarSessaoParaTeste();
  queryClient.clear();
  socket.ouvintes.clear();
  definirConfig({ baseUrl: '/api/' });
  restaurarSessao({
    usuario: { token: 't', usuario: { _id: 'u1', nome: 'Caixa', codigoInterno: 3 } },
    grupoEmpresarial: { _id: 'g1', descricao: 'Grupo' },
    empresa: { _id: 'emp1', descricao: 'Loja Centro' },
    escuro: false,
  });
});

function montar() {
  const router = createMemoryRouter([{ path: '/emissaoNotaFiscal', Component: EmissaoNotaFiscalPage }], {
    initialEntries: ['/emissaoNotaFiscal'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <LiberacaoSupervisorProvider>
        <RouterProvider router={router} />
      </LiberacaoSupervisorProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('filtroDaTela', () => {
  const periodo: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01T10:00:00'), dayjs('2026-11-21T10:00:00')];
  it('sends the period with the end day exclusive and maps "Cancelada" to cancelado', () => {
    const f = filtroDaTela('emp1', periodo, [], null, null);
    expect(dayjs(f.dataInicial).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(dayjs(f.dataFinal).format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 00:00');
    expect(f).toMatchObject({ empresa: 'emp1' });
    expect(f.statusNota).toBeUndefined();
    expect(filtroDaTela('emp1', periodo, ['cancelada'], 2, 15)).toMatchObject({
      cancelado: true,
      serie: 2,
      numero: 15,
    });
    expect(filtroDaTela('emp1', periodo, ['processado', 'contingencia'], null, null)).toMatchObject({
      statusNota: ['processado', 'contingencia'],
      cancelado: false,
    });
    const ambos = filtroDaTela('emp1', periodo, ['processado', 'cancelada'], null, null);
    expect(ambos.statusNota).toEqual(['processado']);
    expect(ambos.cancelado).toBeUndefined();
  });
});

describe('emissaoNotaFiscal', () => {
  it('lists, opens the detail with protocol and XML, cancels through the supervisor and refreshes on nfceAlterada', async () => {
    const toasts = capturarToasts();
    let cancelada = false;
    let listas = 0;
    const chamadas = instalarFetch(({ url, corpo }) => {
      if (url.endsWith('/api/getEmpresasUsuario'))
        return envelope(true, [{ _id: 'emp1', descricao: 'Loja Centro' }]);
      if (url.endsWith('/api/getPermissoesUsuario')) return envelope(true, { permissoes: [865] });
      if (url.endsWith('/api/nfce/getPopulate')) {
        listas += 1;
        return envelope(true, [
          nota({ cancelado: cancelada }),
          nota({ _id: 'n2', numero: 2, statusNota: 'contingencia', tpEmis: 9, cStat: null, xMotivo: null }),
        ]);
      }
      if (url.endsWith('/api/nfce/n1'))
        return envelope(true, { ...nota({ cancelado: cancelada }), xml: '<nfeProc>xml</nfeProc>' });
      if (url.endsWith('/api/liberacaoSupervisor'))
        return envelope(true, {
          supervisor: { _id: 's1', nome: 'Supervisor', codigoInterno: 2 },
          liberacao: 'tok',
        });
      if (url.endsWith('/api/cancelar')) {
        expect(corpo).toMatchObject({
          chave: nota({}).chave,
          liberacao: 'tok',
          motivo: 'Cliente desistiu da compra',
        });
        cancelada = true;
        return envelope(true, { ...nota({ cancelado: true }), retorno: { protocolo: '141260000000002' } });
      }
      return envelope(false, { message: `inesperado ${url}` });
    });
    montar();

    await waitFor(() => expect(chamadas.map((c) => c.url)).toContain('/api/nfce/getPopulate'));
    const linhas = await screen.findAllByTestId('status-nota', {}, { timeout: 4000 });
    expect(linhas.map((l) => l.textContent)).toEqual(['Autorizada', 'Contingência']);
    const pedido = chamadas.find((c) => c.url.endsWith('/api/nfce/getPopulate'));
    expect(pedido?.corpo).toMatchObject({ filtro: { empresa: 'emp1' }, limit: 21, skip: 0 });

    fireEvent.click(screen.getAllByRole('button', { name: 'Detalhes' })[0] as HTMLElement);
    expect((await screen.findByTestId('protocolo-nota')).textContent).toBe('141260000000001');
    fireEvent.click(screen.getByRole('tab', { name: 'XML' }));
    expect((await screen.findByTestId('xml-nota')).textContent).toBe('<nfeProc>xml</nfeProc>');

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar nota' }));
    const titulo = await screen.findByText('Cancelar NFC-e nº 1');
    const dialogo = titulo.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialogo).getByLabelText('Motivo do cancelamento'), {
      target: { value: 'curto' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar nota' }));
    expect(
      await within(dialogo).findByText('A justificativa do cancelamento deve ter no mínimo 15 caracteres'),
    ).toBeTruthy();
    expect(chamadas.some((c) => c.url.endsWith('/api/cancelar'))).toBe(false);

    fireEvent.change(within(dialogo).getByLabelText('Motivo do cancelamento'), {
      target: { value: 'Cliente desistiu da compra' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar nota' }));
    // The cashier lacks 29: the supervisor release dialog asks for a supervisor.
    await screen.findByText('Liberação do Supervisor');
    fireEvent.change(screen.getByLabelText(/^Login/), { target: { value: 'supervisor@exemplo.com.br' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'super123' } });
    const confirmar = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirmar' });
    await waitFor(() => expect(confirmar.disabled).toBe(false));
    fireEvent.click(confirmar);
    await waitFor(() => expect(cancelada).toBe(true));
    await waitFor(() =>
      expect(toasts.some((t) => t.mensagem === 'Nota cancelada. Protocolo 141260000000002')).toBe(true),
    );

    const antes = listas;
    act(() => socket.disparar('nfceAlterada', { _id: 'n2', statusNota: 'processado' }));
    await waitFor(() => expect(listas).toBeGreaterThan(antes));
  }, 30_000);
});
