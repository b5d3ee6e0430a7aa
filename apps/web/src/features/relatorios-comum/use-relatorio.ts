import { chaveCacheRelatorio, type FiltroRelatorioEntrada } from '@retaguarda/domain/relatorios/filtro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { gravarResposta, lerResposta } from './cache-local.ts';

// A report's answer for a filter: the last answer kept on this browser for the same md5 key shows at once
// (cache-local.ts), the server's answer replaces it when it arrives and is kept for next time.

export const chavesRelatorio = {
  todas: [...chaves.todas, 'relatorio'] as const,
  resposta: (chave: string) => [...chavesRelatorio.todas, 'resposta', chave] as const,
  guardada: (chave: string) => [...chavesRelatorio.todas, 'guardada', chave] as const,
};

export interface OpcoesRelatorio<T> {
  /** The report's route, part of the key. */
  relatorio: string;
  filtro: FiltroRelatorioEntrada;
  /** Whatever else shapes the answer (grouping, measures, page), part of the key. */
  extra?: unknown;
  buscar: () => Promise<T>;
  habilitado?: boolean;
}

export function useRelatorio<T>({
  relatorio,
  filtro,
  extra = null,
  buscar,
  habilitado = true,
}: OpcoesRelatorio<T>) {
  let chave = '';
  try {
    chave = chaveCacheRelatorio(relatorio, filtro, extra);
  } catch {
    // A filter the schema refuses never reaches the server; the bar shows why.
  }
  const ativo = habilitado && chave !== '';
  const guardada = useQuery({
    queryKey: chavesRelatorio.guardada(chave),
    queryFn: async () => (await lerResposta<T>(chave)) ?? null,
    enabled: ativo,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const resposta = useQuery({
    queryKey: chavesRelatorio.resposta(chave),
    queryFn: async () => {
      const valor = await buscar();
      await gravarResposta(chave, valor);
      return valor;
    },
    enabled: ativo,
    placeholderData: keepPreviousData,
  });
  const doCache = resposta.data === undefined || resposta.isPlaceholderData;
  const cache = guardada.data ?? undefined;
  return {
    chave,
    dados: doCache && cache ? cache.valor : resposta.data,
    /** What is on screen is the answer kept on this browser at that time (the fresh one is on its way). */
    guardadaEm: doCache && cache ? cache.gravadoEm : undefined,
    atualizando: resposta.isFetching,
    erro: resposta.error,
    recarregar: () => resposta.refetch(),
  };
}
