import type { DefinicaoRecurso } from '@retaguarda/domain';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api, chamarApi, type OpcoesChamada } from '../../lib/api/cliente.ts';
import type { Registro } from './exibicao.ts';
import type { Filtro } from './filtro-lista.ts';

// Fetchers and query options of the generic resources (server contract: docs/decisions/0001, apps/server README).

export interface ConsultaLista {
  filtro: Filtro;
  sort?: string;
  limit: number;
  skip: number;
  populateObj?: string[];
}

export interface Alteracao {
  campo: string;
  de: unknown;
  para: unknown;
}

export interface EntradaHistorico {
  _id: string;
  acao: 'incluir' | 'alterar' | 'excluir';
  dataHora: string;
  usuario: { _id: string; nome: string } | null;
  alteracoes: Alteracao[];
}

export const buscarRegistros = (tabela: string, consulta: ConsultaLista, opcoes: OpcoesChamada = {}) =>
  api.post<Registro[]>(`${tabela}/getPopulate`, consulta, { acao: 'ao listar', ...opcoes });

export const contarRegistros = (tabela: string, filtro: Filtro) =>
  api.post<{ total: number }>(`${tabela}/contar`, { filtro }, { acao: 'ao contar' });

export const listaQuery = (def: DefinicaoRecurso, consulta: ConsultaLista) =>
  queryOptions({
    queryKey: chaves.recursoLista(def.tabela, consulta),
    queryFn: async () => {
      const [linhas, contagem] = await Promise.all([
        buscarRegistros(def.tabela, consulta),
        contarRegistros(def.tabela, consulta.filtro),
      ]);
      return { linhas, total: contagem.total };
    },
    placeholderData: (anterior) => anterior,
  });

export const registroQuery = (tabela: string, id: string) =>
  queryOptions({
    queryKey: chaves.recurso(tabela, id),
    queryFn: () => api.get<Registro>(`${tabela}/${id}`, { acao: 'ao abrir o registro' }),
  });

export const historicoQuery = (tabela: string, id: string) =>
  queryOptions({
    queryKey: chaves.recursoHistorico(tabela, id),
    queryFn: () => api.get<EntradaHistorico[]>(`auditoria/${tabela}/${id}`, { acao: 'ao obter o histórico' }),
  });

export function salvarRegistro(tabela: string, id: string | undefined, corpo: Record<string, unknown>) {
  return id
    ? api.put<Registro>(`${tabela}/${id}`, corpo, { acao: 'ao salvar' })
    : api.post<Registro>(tabela, corpo, { acao: 'ao incluir' });
}

export const excluirRegistro = (tabela: string, id: string) =>
  chamarApi<Registro>('DELETE', `${tabela}/${id}`, undefined, { acao: 'ao excluir' });

export interface EnderecoCep {
  cep: string;
  logradouro: string;
  complemento?: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export const buscarCep = (cep: string) =>
  api.get<EnderecoCep>(`cep/${cep.replace(/\D/g, '')}`, { acao: 'ao buscar o CEP' });
