import { EVENTO_RELATORIO_VENDAS_ATUALIZADO, STATUS_VENDA } from '@retaguarda/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEventoEstavel } from '../../lib/react/use-evento-estavel.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { conectarSocket } from '../../lib/socket/socket-cliente.ts';
import { chavesDashboard } from './api.ts';

// Real time of the dashboards. The figures come from aggregates a worker applies off the sale's request (outbox
// drained about every second); once it has applied a batch the server tells each store's room
// `relatorioVendasAtualizado` (EVENTO_RELATORIO_VENDAS_ATUALIZADO of the domain's relatorios contract): refetch then.
// A socket sits in ONE store room (entrarEmpresa leaves the others), so one socket per store shown, up to
// MAX_LOJAS_SOCKET. Fallbacks, on purpose: a sale that ends or is cancelled (`vendaAlterada`, status 59/60) refetches
// again ATRASO_VENDA_MS later in case the aggregates' event was lost or came from a server that sends none; every
// INTERVALO_MS a refetch anyway, for a reconnection gap or the stores beyond the cap.

export const MAX_LOJAS_SOCKET = 10;
export const ATRASO_VENDA_MS = 4_000;
const ESPERA_MS = 200;
export const INTERVALO_MS = 60_000;
const FINAIS = new Set<number>([STATUS_VENDA.encerrada, STATUS_VENDA.cancelada]);

/** Refetches the dashboards' queries when a sale of `empresas` ends or is cancelled. */
export function useDashboardAoVivo(empresas: readonly string[]): void {
  const token = useSessao((s) => s.usuario?.token);
  const queryClient = useQueryClient();
  const atualizar = useEventoEstavel(
    () => void queryClient.invalidateQueries({ queryKey: chavesDashboard.todas }),
  );
  const lista = [...new Set(empresas)].sort().slice(0, MAX_LOJAS_SOCKET).join(',');

  useEffect(() => {
    if (!token || !lista) return;
    const relogios = new Set<ReturnType<typeof setTimeout>>();
    const depois = (ms: number) => {
      const r = setTimeout(() => {
        relogios.delete(r);
        atualizar();
      }, ms);
      relogios.add(r);
    };
    // Several stores' events of one batch arrive together: one refetch.
    let espera: ReturnType<typeof setTimeout> | undefined;
    const logo = () => {
      clearTimeout(espera);
      espera = setTimeout(atualizar, ESPERA_MS);
    };
    const conexoes = lista.split(',').map((empresaId) => {
      const c = conectarSocket({
        token,
        empresaId,
        aoStatus: () => undefined,
        aoVersaoAtualizada: () => undefined,
      });
      c.socket.on(EVENTO_RELATORIO_VENDAS_ATUALIZADO, logo);
      c.socket.on('vendaAlterada', (e: { status?: unknown } | null) => {
        if (typeof e?.status === 'number' && FINAIS.has(e.status)) depois(ATRASO_VENDA_MS);
      });
      return c;
    });
    const periodico = setInterval(atualizar, INTERVALO_MS);
    return () => {
      clearInterval(periodico);
      clearTimeout(espera);
      for (const r of relogios) clearTimeout(r);
      for (const c of conexoes) c.encerrar();
    };
  }, [token, lista, atualizar]);
}
