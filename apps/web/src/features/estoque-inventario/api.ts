import type {
  CriarInventario,
  ErroLinhaContagem,
  FiltroInventario,
  InventarioResumo,
  ItemInventario,
  LinhaRelatorioInventario,
  RevisaoInventario,
  StatusInventario,
  TratamentoNaoContados,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api, ErroApi } from '../../lib/api/cliente.ts';

// Calls of the stock count (apps/server/src/modules/estoque/inventario.routes.ts). Shapes are the domain's
// (packages/domain/src/estoque/inventario.ts), shared with the server.

/** Every key of the stock area starts here: a posting invalidates it all (balances, kardex, position). */
const estoque = [...chaves.todas, 'estoque'] as const;

export const chavesInventario = {
  estoque,
  todas: [...estoque, 'inventario'] as const,
  lista: (empresa: string, status: string) => [...chavesInventario.todas, 'lista', empresa, status] as const,
  folha: (id: string) => [...chavesInventario.todas, 'folha', id] as const,
  revisao: (id: string, naoContados: TratamentoNaoContados) =>
    [...chavesInventario.todas, 'revisao', id, naoContados] as const,
  opcoes: (empresa: string) => [...chavesInventario.todas, 'opcoes', empresa] as const,
  relatorio: (consulta: ConsultaRelatorio) => [...chavesInventario.todas, 'relatorio', consulta] as const,
};

export interface ConsultaRelatorio {
  empresa: string[];
  dataInicial: string;
  dataFinal: string;
}

export interface FolhaInventario {
  inventario: InventarioResumo;
  itens: ItemInventario[];
}

export interface OpcoesFiltro {
  agrupadores: { _id: string; descricao: string; tipo: string }[];
  localizacoes: string[];
}

export interface RelatorioInventario {
  linhas: LinhaRelatorioInventario[];
  totais: { sobra: string; falta: string; liquido: string };
}

export const listaInventariosQuery = (empresa: string, status: StatusInventario | '') =>
  queryOptions({
    queryKey: chavesInventario.lista(empresa, status),
    queryFn: () =>
      api.get<{ itens: InventarioResumo[]; total: number }>(
        `estoque/inventario?empresa=${empresa}&limite=200${status ? `&status=${status}` : ''}`,
        { acao: 'ao listar os inventários' },
      ),
    placeholderData: keepPreviousData,
  });

export const folhaQuery = (id: string) =>
  queryOptions({
    queryKey: chavesInventario.folha(id),
    queryFn: () => api.get<FolhaInventario>(`estoque/inventario/${id}`, { acao: 'ao abrir o inventário' }),
  });

export const revisaoQuery = (id: string, naoContados: TratamentoNaoContados) =>
  queryOptions({
    queryKey: chavesInventario.revisao(id, naoContados),
    queryFn: () =>
      api.get<RevisaoInventario>(`estoque/inventario/${id}/revisao?naoContados=${naoContados}`, {
        acao: 'ao revisar o inventário',
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const opcoesFiltroQuery = (empresa: string) =>
  queryOptions({
    queryKey: chavesInventario.opcoes(empresa),
    queryFn: () =>
      api.get<OpcoesFiltro>(`estoque/inventario/opcoes?empresa=${empresa}`, { acao: 'ao buscar os filtros' }),
  });

export const relatorioQuery = (c: ConsultaRelatorio) =>
  queryOptions({
    queryKey: chavesInventario.relatorio(c),
    queryFn: () => {
      const p = new URLSearchParams();
      for (const e of c.empresa) p.append('empresa', e);
      p.append('dataInicial', c.dataInicial);
      p.append('dataFinal', c.dataFinal);
      return api.get<RelatorioInventario>(`estoque/relatorio/inventario?${p.toString()}`, {
        acao: 'ao gerar o relatório',
      });
    },
  });

export type NovoInventario = Omit<CriarInventario, 'filtro' | 'cega'> & {
  cega: boolean;
  filtro: FiltroInventario;
};

export const criarInventario = (corpo: NovoInventario) =>
  api.post<InventarioResumo>('estoque/inventario', corpo, {
    acao: 'ao criar o inventário',
    silencioso: true,
  });

export const contarItens = (
  id: string,
  itens: { produto: string; quantidade: string | null }[],
  somar: boolean,
) =>
  api.put<{ status: StatusInventario; produtos: number; adicionados: number }>(
    `estoque/inventario/${id}/contagem`,
    { itens, somar },
    { acao: 'ao gravar a contagem', silencioso: true },
  );

export interface RecusaImportacao {
  mensagem: string;
  erros: ErroLinhaContagem[];
  totalErros: number;
}

/** Imports a file; a refused file answers its line errors instead of throwing. */
export async function importarArquivo(
  id: string,
  conteudo: string,
  somar: boolean,
): Promise<{ ok: true; produtos: number; linhasArquivo: number } | ({ ok: false } & RecusaImportacao)> {
  try {
    const r = await api.post<{ produtos: number; linhasArquivo: number }>(
      `estoque/inventario/${id}/importar`,
      { conteudo, somar },
      { acao: 'ao importar o arquivo', silencioso: true },
    );
    return { ok: true, ...r };
  } catch (e) {
    if (e instanceof ErroApi && e.tipo === 'envelope') {
      const d = (e.dados ?? {}) as { erros?: ErroLinhaContagem[]; totalErros?: number };
      return { ok: false, mensagem: e.message, erros: d.erros ?? [], totalErros: d.totalErros ?? 0 };
    }
    throw e;
  }
}

export const conferirInventario = (id: string) =>
  api.post<InventarioResumo>(`estoque/inventario/${id}/conferir`, {}, { acao: 'ao concluir a contagem' });

export const reabrirInventario = (id: string) =>
  api.post<InventarioResumo>(`estoque/inventario/${id}/reabrir`, {}, { acao: 'ao reabrir a contagem' });

export const efetivarInventario = (id: string, naoContados: TratamentoNaoContados | undefined) =>
  api.post<{ inventario: InventarioResumo; movimentos: number; repetido: boolean }>(
    `estoque/inventario/${id}/efetivar`,
    naoContados ? { naoContados } : {},
    { acao: 'ao efetivar o inventário' },
  );

export const cancelarInventario = (id: string, motivo: string) =>
  api.post<InventarioResumo>(
    `estoque/inventario/${id}/cancelar`,
    { motivo },
    { acao: 'ao cancelar o inventário' },
  );

export const estornarInventario = (id: string, motivo: string) =>
  api.post<{ inventario: InventarioResumo; movimentos: number }>(
    `estoque/inventario/${id}/estornar`,
    { motivo },
    { acao: 'ao estornar o inventário' },
  );
