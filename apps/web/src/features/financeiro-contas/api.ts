import type { SaldoConta } from '@retaguarda/domain';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api, chamarApi } from '../../lib/api/cliente.ts';

// Calls of the accounts and chart-of-accounts screens: the chart is the generic resource financeiroPlanoConta
// (its writes guarded on the server: no cycle, no deleting a node in use), the default chart is
// POST financeiroPlanoConta/padrao, balances are POST financeiroConta/saldos (movimentacao.routes.ts).

export interface NoPlano {
  _id: string;
  codigo: string;
  descricao: string;
  natureza: 'Receita' | 'Despesa';
  financeiroPlanoContaPai: string | { _id: string } | null;
  chave?: string | null;
  ativo?: boolean;
}

export const chavesContas = {
  plano: () => [...chaves.recursoTodos('financeiroPlanoConta'), 'arvore'] as const,
  saldos: () => [...chaves.todas, 'financeiro', 'saldos', 'contas'] as const,
};

export const planoQuery = () =>
  queryOptions({
    queryKey: chavesContas.plano(),
    queryFn: () =>
      api.post<NoPlano[]>(
        'financeiroPlanoConta/getPopulate',
        { filtro: {}, sort: 'codigo', limit: 1000 },
        { acao: 'ao ler o plano de contas' },
      ),
  });

export const saldosContasQuery = () =>
  queryOptions({
    queryKey: chavesContas.saldos(),
    queryFn: () =>
      api.post<SaldoConta[]>('financeiroConta/saldos', {}, { acao: 'ao ler os saldos', silencioso: true }),
    staleTime: 10_000,
  });

export const criarPlanoPadrao = () =>
  api.post<{ pronto: boolean }>('financeiroPlanoConta/padrao', {}, { acao: 'ao criar o plano padrão' });

/** The screen shows the server's refusal itself (a cycle, a node in use). */
export const alterarNo = (id: string, corpo: Partial<Omit<NoPlano, '_id'>>) =>
  api.put<NoPlano>(`financeiroPlanoConta/${id}`, corpo, { acao: 'ao alterar a conta', silencioso: true });

export const incluirNo = (corpo: Omit<NoPlano, '_id'>) =>
  api.post<NoPlano>('financeiroPlanoConta', corpo, { acao: 'ao incluir a conta', silencioso: true });

export const excluirNo = (id: string) =>
  chamarApi<NoPlano>('DELETE', `financeiroPlanoConta/${id}`, undefined, {
    acao: 'ao excluir',
    silencioso: true,
  });
