import type {
  CalendarioConsulta,
  CalendarioDiaConsulta,
  ExtratoImportado,
  ImportarExtrato,
  RespostaCalendario,
  RespostaDiaCalendario,
  RespostaImportacaoExtrato,
} from '@retaguarda/domain/financeiro/calendario-recebimento';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the receivables / payables calendar and the settlement-file import
// (apps/server/src/modules/financeiro/recebiveis.routes.ts); shapes from the domain, shared with the server.

export const chavesCalendario = {
  todas: [...chaves.todas, 'financeiro', 'calendario'] as const,
  mes: (c: CalendarioConsulta) => [...chavesCalendario.todas, 'mes', c] as const,
  dia: (c: CalendarioDiaConsulta) => [...chavesCalendario.todas, 'dia', c] as const,
  extratos: (empresas: readonly string[]) => [...chavesCalendario.todas, 'extratos', empresas] as const,
  operadoras: (empresa: string) => [...chaves.recursoTodos('operadora'), 'calendario', empresa] as const,
};

export const calendarioQuery = (c: CalendarioConsulta) =>
  queryOptions({
    queryKey: chavesCalendario.mes(c),
    queryFn: () =>
      api.post<RespostaCalendario>('financeiro/calendario', c, { acao: 'ao carregar o calendário' }),
    placeholderData: keepPreviousData,
  });

export const diaQuery = (c: CalendarioDiaConsulta) =>
  queryOptions({
    queryKey: chavesCalendario.dia(c),
    queryFn: () =>
      api.post<RespostaDiaCalendario>('financeiro/calendario/dia', c, {
        acao: 'ao carregar os títulos do dia',
      }),
  });

export const extratosQuery = (empresas: readonly string[]) =>
  queryOptions({
    queryKey: chavesCalendario.extratos(empresas),
    queryFn: () =>
      api.post<ExtratoImportado[]>(
        'financeiro/extratoOperadora/lista',
        { empresas },
        {
          acao: 'ao listar os extratos importados',
        },
      ),
  });

export interface OpcaoOperadora {
  _id: string;
  descricao: string;
}

export const operadorasQuery = (empresa: string) =>
  queryOptions({
    queryKey: chavesCalendario.operadoras(empresa),
    queryFn: () =>
      api.post<OpcaoOperadora[]>(
        'operadora/getPopulate',
        // The store's own acquirers (the session may see other stores' too).
        { filtro: { empresa }, sort: 'descricao', limit: 200 },
        { acao: 'ao listar as operadoras', cabecalhos: { empresa } },
      ),
  });

export const importarExtrato = (corpo: ImportarExtrato) =>
  api.post<RespostaImportacaoExtrato>('financeiro/extratoOperadora/importar', corpo, {
    silencioso: true,
    timeoutMs: 120_000,
  });
