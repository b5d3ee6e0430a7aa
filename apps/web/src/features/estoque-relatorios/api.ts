import type {
  PeriodoRelatorioEstoque,
  RelatorioFluxoEstoque,
  RelatorioVendaInsumos,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the stock reports (apps/server/src/modules/estoque/relatorios.ts). Request and answer shapes are the
// domain's (packages/domain/src/estoque/relatorios.ts), shared with the server.

/** The report's filter as the screen keeps it (URL): stores, São Paulo days (end included), search. */
export interface FiltroRelatorio {
  empresas: string[];
  /** 'YYYY-MM-DD' */
  inicio: string;
  /** 'YYYY-MM-DD', included. */
  fim: string;
  busca: string;
}

const estoque = [...chaves.todas, 'estoque'] as const;

export const chavesRelatorioEstoque = {
  todas: [...estoque, 'saldos', 'relatorios'] as const,
  fluxo: (f: FiltroRelatorio) => [...chavesRelatorioEstoque.todas, 'fluxo', f] as const,
  insumos: (f: FiltroRelatorio) => [...chavesRelatorioEstoque.todas, 'vendaInsumos', f] as const,
};

/** The day after 'YYYY-MM-DD' (calendar arithmetic in UTC: no time zone can shift it). */
export function diaSeguinte(dia: string): string {
  const d = new Date(`${dia}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Spec 1 §9: times in -03:00; the server's end is exclusive, so the last day runs to its 23:59:59. */
export function periodoDoFiltro(f: FiltroRelatorio): PeriodoRelatorioEstoque {
  return {
    empresas: f.empresas,
    dataInicio: `${f.inicio}T00:00:00-03:00`,
    dataFim: `${diaSeguinte(f.fim)}T00:00:00-03:00`,
    ...(f.busca.trim() ? { busca: f.busca.trim() } : {}),
  };
}

export const fluxoEstoqueQuery = (f: FiltroRelatorio) =>
  queryOptions({
    queryKey: chavesRelatorioEstoque.fluxo(f),
    queryFn: () =>
      api.post<RelatorioFluxoEstoque>('relatorio/estoqueFluxo', periodoDoFiltro(f), {
        acao: 'ao gerar o relatório de fluxo de estoque',
      }),
    placeholderData: keepPreviousData,
  });

export const vendaInsumosQuery = (f: FiltroRelatorio) =>
  queryOptions({
    queryKey: chavesRelatorioEstoque.insumos(f),
    queryFn: () =>
      api.post<RelatorioVendaInsumos>('relatorio/vendaInsumos', periodoDoFiltro(f), {
        acao: 'ao gerar o relatório de vendas por insumo',
      }),
    placeholderData: keepPreviousData,
  });
