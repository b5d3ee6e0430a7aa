import type { DreConsulta, RegimeDre, RelatorioDre } from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the DRE reports (apps/server/src/modules/financeiro/relatorios.routes.ts). Request and answer are the
// domain's (packages/domain/src/financeiro/dre.ts), shared with the server.

/** The DRE's filter as the screen keeps it (URL). */
export interface FiltroDre {
  empresas: string[];
  /** 'YYYY-MM-DD' */
  inicio: string;
  /** 'YYYY-MM-DD', included. */
  fim: string;
  regime: RegimeDre;
  comparar: boolean;
  /** Columns per store beside the consolidated figure. */
  porLoja: boolean;
}

export type VersaoDre = 'financeiroPlanoDeContas' | 'financeiroPlanoDeContasTeste';

export const chavesDre = {
  todas: [...chaves.todas, 'financeiro', 'dre'] as const,
  relatorio: (versao: VersaoDre, f: FiltroDre) => [...chavesDre.todas, versao, f] as const,
};

export const consultaDoFiltro = (f: FiltroDre): DreConsulta => ({
  empresas: f.empresas,
  dataInicio: f.inicio,
  dataFim: f.fim,
  regime: f.regime,
  comparar: f.comparar,
});

export const dreQuery = (versao: VersaoDre, f: FiltroDre) =>
  queryOptions({
    queryKey: chavesDre.relatorio(versao, f),
    queryFn: () =>
      api.post<RelatorioDre>(`relatorio/${versao}`, consultaDoFiltro(f), {
        acao: 'ao gerar o DRE por plano de contas',
      }),
    placeholderData: keepPreviousData,
  });
