import type { RespostaExtratoConta, SaldoConta } from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the statement screen (apps/server/src/modules/financeiro/movimentacao.routes.ts); shapes from the
// domain (packages/domain/src/financeiro/movimentacao.ts).

export const chavesMovimentacao = {
  /** Everything that shows a balance of an account: invalidated after any movement written here. */
  todas: [...chaves.todas, 'financeiro', 'saldos'] as const,
  saldos: () => [...chavesMovimentacao.todas, 'contas'] as const,
  extrato: (conta: string, de: string, ate: string) =>
    [...chavesMovimentacao.todas, 'extrato', conta, de, ate] as const,
  plano: () => [...chaves.todas, 'financeiro', 'planoOpcoes'] as const,
};

export const saldosQuery = () =>
  queryOptions({
    queryKey: chavesMovimentacao.saldos(),
    queryFn: () => api.post<SaldoConta[]>('financeiroConta/saldos', {}, { acao: 'ao ler as contas' }),
  });

export const extratoQuery = (conta: string, de: string, ate: string) =>
  queryOptions({
    queryKey: chavesMovimentacao.extrato(conta, de, ate),
    queryFn: () =>
      api.post<RespostaExtratoConta>(
        'financeiroMovimentacao/extrato',
        { conta, de, ate },
        { acao: 'ao ler o extrato' },
      ),
    placeholderData: keepPreviousData,
  });

export interface OpcaoPlano {
  _id: string;
  codigo: string;
  descricao: string;
  natureza: string;
  ativo?: boolean;
}

/** Chart nodes an adjustment may be classified under. */
export const planoOpcoesQuery = () =>
  queryOptions({
    queryKey: chavesMovimentacao.plano(),
    queryFn: () =>
      api.post<OpcaoPlano[]>(
        'financeiroPlanoConta/getPopulate',
        { filtro: {}, sort: 'codigo', limit: 1000 },
        { acao: 'ao ler o plano de contas' },
      ),
    staleTime: 60_000,
  });

export const transferir = (corpo: {
  _id: string;
  contaOrigem: string;
  contaDestino: string;
  valor: string;
  data: string;
  descricao?: string;
}) =>
  api.post<{ repetida: boolean }>('financeiroMovimentacao/transferencia', corpo, { acao: 'ao transferir' });

export const ajustar = (corpo: {
  _id: string;
  conta: string;
  valor: string;
  data: string;
  planoConta?: string;
  descricao: string;
}) => api.post<{ repetida: boolean }>('financeiroMovimentacao/ajuste', corpo, { acao: 'ao lançar o ajuste' });

export const estornar = (movimentacao: string, data: string) =>
  api.post<{ estornos: unknown[] }>(
    'financeiroMovimentacao/estornar',
    { movimentacao, data },
    { acao: 'ao estornar' },
  );
