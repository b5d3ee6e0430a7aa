import type { ResumoFinanceiro } from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The finance summary's call (apps/server/src/modules/financeiro/relatorios.routes.ts, POST financeiroResumo);
// the answer is the domain's (packages/domain/src/financeiro/resumo.ts).

export const chavesResumoFinanceiro = {
  todas: [...chaves.todas, 'financeiro', 'resumo'] as const,
  resumo: (empresas: readonly string[]) => [...chavesResumoFinanceiro.todas, empresas] as const,
};

export const resumoFinanceiroQuery = (empresas: readonly string[]) =>
  queryOptions({
    queryKey: chavesResumoFinanceiro.resumo(empresas),
    queryFn: () =>
      api.post<ResumoFinanceiro>(
        'financeiroResumo',
        { empresas },
        { acao: 'ao carregar o resumo financeiro' },
      ),
    placeholderData: keepPreviousData,
  });
