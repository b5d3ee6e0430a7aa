import type {
  AgendaConsulta,
  BaixaTitulos,
  ContaAgenda,
  NovoTitulo,
  RespostaAgenda,
  TituloAgenda,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the finance agenda (apps/server/src/modules/financeiro: agenda.routes.ts for the reads,
// financeiro.routes.ts for the title writes). Request and answer shapes are the domain's
// (packages/domain/src/financeiro/titulos.ts and agenda.ts).

export const chavesAgenda = {
  todas: [...chaves.todas, 'financeiroAgenda'] as const,
  agenda: (c: AgendaConsulta) => [...chavesAgenda.todas, 'lista', c] as const,
  titulo: (id: string) => [...chavesAgenda.todas, 'titulo', id] as const,
  contas: (empresa: string) => [...chavesAgenda.todas, 'contas', empresa] as const,
  planos: () => [...chaves.recursoTodos('financeiroPlanoConta'), 'agenda'] as const,
  pessoas: (busca: string) => [...chaves.recursoTodos('pessoa'), 'agenda', busca] as const,
};

export const agendaQuery = (c: AgendaConsulta) =>
  queryOptions({
    queryKey: chavesAgenda.agenda(c),
    queryFn: () => api.post<RespostaAgenda>('financeiroAgenda', c, { acao: 'ao ler a agenda financeira' }),
    placeholderData: keepPreviousData,
    enabled: Boolean(c.empresas?.length),
  });

export interface BaixaTitulo {
  _id: string;
  data: string;
  valor: string;
  juros: string;
  multa: string;
  desconto: string;
  taxa: string;
  estornada: boolean;
  conta: { _id: string; descricao: string };
}
export type TituloDetalhe = Omit<TituloAgenda, 'empresaDescricao' | 'vencido'> & { baixas: BaixaTitulo[] };

export const tituloQuery = (id: string) =>
  queryOptions({
    queryKey: chavesAgenda.titulo(id),
    queryFn: () => api.get<TituloDetalhe>(`financeiroTitulo/${id}`, { acao: 'ao abrir o título' }),
  });

export const contasQuery = (empresa: string) =>
  queryOptions({
    queryKey: chavesAgenda.contas(empresa),
    queryFn: () =>
      api.post<ContaAgenda[]>('financeiroAgenda/contas', { empresa }, { acao: 'ao listar as contas' }),
    enabled: Boolean(empresa),
  });

export interface PlanoConta {
  _id: string;
  codigo: string;
  descricao: string;
  natureza: 'Receita' | 'Despesa';
  financeiroPlanoContaPai?: string | { _id: string } | null;
  ativo?: boolean;
}

/** The chart of accounts (made with the default the first time). */
export const planosQuery = () =>
  queryOptions({
    queryKey: chavesAgenda.planos(),
    queryFn: async () => {
      await api.post('financeiroPlanoConta/padrao', {}, { silencioso: true }).catch(() => undefined);
      return api.post<PlanoConta[]>(
        'financeiroPlanoConta/getPopulate',
        { filtro: { lixo: false }, sort: { codigo: 1 }, limit: 1000 },
        { acao: 'ao ler o plano de contas' },
      );
    },
    staleTime: 60_000,
  });

export const pessoasQuery = (busca: string) =>
  queryOptions({
    queryKey: chavesAgenda.pessoas(busca),
    queryFn: () =>
      api.post<{ _id: string; nome: string }[]>(
        'pessoa/getPopulate',
        {
          filtro: busca ? { nome: { $regex: busca, $options: 'i' } } : {},
          select: ['nome'],
          sort: { nome: 1 },
          limit: 20,
        },
        { silencioso: true },
      ),
  });

export const criarTitulo = (t: NovoTitulo) =>
  api.post<TituloAgenda[]>('financeiroTitulo', t, { acao: 'ao lançar o título', silencioso: true });

export const baixarTitulos = (b: BaixaTitulos) =>
  api.post<{ baixas: string[]; repetida: boolean }>('financeiroTitulo/baixar', b, {
    acao: 'ao baixar os títulos',
    silencioso: true,
  });

export const estornarBaixa = (baixa: string, data: string) =>
  api.post<{ estornada: string }>(
    'financeiroTitulo/estornarBaixa',
    { baixa, data },
    { acao: 'ao estornar a baixa' },
  );

export const cancelarTitulo = (titulo: string, motivo: string) =>
  api.post<{ cancelado: string }>(
    'financeiroTitulo/cancelar',
    { titulo, motivo },
    {
      acao: 'ao cancelar o título',
      silencioso: true,
    },
  );
