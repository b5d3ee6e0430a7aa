import type {
  ConsultaConciliacao,
  DetalheFechamento,
  FechamentoResumo,
} from '@retaguarda/domain/caixa/conciliacao';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of conciliacaoCaixa (apps/server/src/modules/caixa/conciliacao-caixa.routes.ts and POST
// /api/periodo/conciliar). Shapes are the domain's (packages/domain/src/caixa/conciliacao.ts).

export const chavesConciliacao = {
  todas: [...chaves.todas, 'conciliacaoCaixa'] as const,
  lista: (c: ConsultaConciliacao) => [...chavesConciliacao.todas, 'lista', c] as const,
  detalhe: (id: string) => [...chavesConciliacao.todas, 'detalhe', id] as const,
};

export const listaFechamentosQuery = (c: ConsultaConciliacao) =>
  queryOptions({
    queryKey: chavesConciliacao.lista(c),
    queryFn: () => {
      const p = new URLSearchParams();
      for (const e of Array.isArray(c.empresa) ? c.empresa : c.empresa ? [c.empresa] : [])
        p.append('empresa', e);
      p.append('dataInicial', c.dataInicial);
      p.append('dataFinal', c.dataFinal);
      if (c.status !== undefined) p.append('status', String(c.status));
      return api.get<FechamentoResumo[]>(`conciliacaoCaixa?${p.toString()}`, {
        acao: 'ao listar os fechamentos de caixa',
      });
    },
    placeholderData: keepPreviousData,
  });

/**
 * One closing. Right after a reconciliation the finance worker posts its movements within seconds: the detail is
 * read again every 2 s until they are there (a minute at most).
 */
export const detalheFechamentoQuery = (id: string) =>
  queryOptions({
    queryKey: chavesConciliacao.detalhe(id),
    queryFn: () =>
      api.get<DetalheFechamento>(`conciliacaoCaixa/${id}`, { acao: 'ao abrir o fechamento de caixa' }),
    refetchInterval: (q) => {
      const d = q.state.data;
      // A reconciled closing with nothing in cash posts nothing: stop asking after a minute.
      return d && d.fechamento.status.id === 5 && d.movimentacoes.length === 0 && q.state.dataUpdateCount < 30
        ? 2000
        : false;
    },
  });

/** POST periodo/conciliar; a refusal comes back as ErroApi (the screen decides what to ask). */
export const conciliarFechamento = (corpo: { periodo: string; liberacao?: string; observacao?: string }) =>
  api.post<unknown>('periodo/conciliar', corpo, { acao: 'ao conciliar o caixa', silencioso: true });
