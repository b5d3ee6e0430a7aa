import type {
  RelatorioSalvo,
  RelatorioSalvoAlterar,
  RelatorioSalvoCriar,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api, chamarApi } from '../../lib/api/cliente.ts';

// Calls of relatoriosCriados (apps/server/src/modules/relatorios-salvos). Request and answer are the domain's
// (packages/domain/src/relatorios-salvos), shared with the server.

export const chavesRelatoriosSalvos = {
  todas: [...chaves.todas, 'relatoriosSalvos'] as const,
  lista: (relatorio?: string) => [...chavesRelatoriosSalvos.todas, 'lista', relatorio ?? null] as const,
  um: (id: string) => [...chavesRelatoriosSalvos.todas, 'um', id] as const,
};

export const relatoriosSalvosQuery = (relatorio?: string) =>
  queryOptions({
    queryKey: chavesRelatoriosSalvos.lista(relatorio),
    queryFn: () =>
      api.post<RelatorioSalvo[]>('relatorioSalvo/lista', relatorio ? { relatorio } : {}, {
        acao: 'ao listar os relatórios salvos',
      }),
  });

export const relatorioSalvoQuery = (id: string) =>
  queryOptions({
    queryKey: chavesRelatoriosSalvos.um(id),
    queryFn: () => api.get<RelatorioSalvo>(`relatorioSalvo/${id}`, { acao: 'ao abrir o relatório salvo' }),
  });

function useInvalidar() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: chavesRelatoriosSalvos.todas });
}

export function useSalvarRelatorio() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (r: RelatorioSalvoCriar) =>
      api.post<RelatorioSalvo>('relatorioSalvo', r, { acao: 'ao salvar o relatório' }),
    onSuccess: invalidar,
  });
}

export function useAlterarRelatorioSalvo() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, alteracao }: { id: string; alteracao: RelatorioSalvoAlterar }) =>
      api.put<RelatorioSalvo>(`relatorioSalvo/${id}`, alteracao, { acao: 'ao alterar o relatório salvo' }),
    onSuccess: invalidar,
  });
}

export function useExcluirRelatorioSalvo() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) =>
      chamarApi<{ _id: string }>('DELETE', `relatorioSalvo/${id}`, undefined, {
        acao: 'ao excluir o relatório salvo',
      }),
    onSuccess: invalidar,
  });
}
