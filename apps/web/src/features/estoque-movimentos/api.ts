import type {
  MovimentoKardex,
  PosicaoEstoque,
  ProdutoEstoque,
  SaidaManualDocumento,
  SaidaManualEntrada,
  ValorEstoqueEmpresa,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the stock ledger's screens (apps/server/src/modules/estoque: estoque.routes.ts). Request and answer
// shapes are the domain's (packages/domain/src/estoque/api.ts), shared with the server.

export const chavesEstoque = {
  todas: [...chaves.todas, 'estoque'] as const,
  /** Everything that shows a balance: invalidated after any move written here. */
  saldos: () => [...chavesEstoque.todas, 'saldos'] as const,
  produtos: (empresa: string, busca: string, ids: readonly string[]) =>
    [...chavesEstoque.saldos(), 'produtos', empresa, busca, ids] as const,
  saidas: (empresa: string, dataInicio: string, dataFim: string) =>
    [...chavesEstoque.saldos(), 'saidas', empresa, dataInicio, dataFim] as const,
  kardex: (empresa: string, produto: string, antesDe: string | undefined, limite: number) =>
    [...chavesEstoque.saldos(), 'kardex', empresa, produto, antesDe ?? '', limite] as const,
  posicao: (consulta: ConsultaPosicao) => [...chavesEstoque.saldos(), 'posicao', consulta] as const,
  valorPorEmpresa: (consulta: Omit<ConsultaPosicao, 'pagina' | 'limite'>) =>
    [...chavesEstoque.saldos(), 'valorPorEmpresa', consulta] as const,
};

/** Query string of repeated keys (`empresa=a&empresa=b`), leaving out the empty ones. */
export function consultaUrl(
  valores: Record<string, string | number | readonly string[] | undefined>,
): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(valores)) {
    if (v === undefined || v === '') continue;
    if (Array.isArray(v)) for (const x of v) p.append(k, x);
    else p.append(k, String(v));
  }
  return p.toString();
}

export const buscarProdutosEstoque = (empresa: string, busca: string, ids: readonly string[] = []) =>
  api.get<ProdutoEstoque[]>(
    `estoque/produtos?${consultaUrl({ empresa, busca: ids.length ? undefined : busca, produto: ids, limite: 20 })}`,
    { acao: 'ao buscar os produtos', silencioso: true },
  );

export const produtosEstoqueQuery = (empresa: string, busca: string, ids: readonly string[] = []) =>
  queryOptions({
    queryKey: chavesEstoque.produtos(empresa, busca, ids),
    queryFn: () => buscarProdutosEstoque(empresa, busca, ids),
    staleTime: 0,
  });

/** Posts a manual exit; the screen shows the refusal itself (negative stock, closed period). */
export const lancarSaidaManual = (documento: SaidaManualEntrada) =>
  api.post<{ movimentos: { _id: string; produto: string; saldoApos: string; valor: string }[] }>(
    'estoque/saidaManual',
    documento,
    { acao: 'ao lançar a saída', silencioso: true },
  );

export const saidasManuaisQuery = (empresa: string, dataInicio: string, dataFim: string) =>
  queryOptions({
    queryKey: chavesEstoque.saidas(empresa, dataInicio, dataFim),
    queryFn: () =>
      api.get<SaidaManualDocumento[]>(
        `estoque/saidaManual?${consultaUrl({ empresa, dataInicio, dataFim, limite: 200 })}`,
        { acao: 'ao listar as saídas manuais' },
      ),
    placeholderData: keepPreviousData,
  });

export const estornarMovimento = (movimento: string, motivo: string) =>
  api.post<{ _id: string }>(
    `estoque/movimento/${movimento}/estornar`,
    { motivo },
    { acao: 'ao estornar', silencioso: true },
  );

export interface PaginaKardex {
  itens: MovimentoKardex[];
  proximo: string | null;
}

export const buscarKardex = (empresa: string, produto: string, antesDe: string | undefined, limite: number) =>
  api.get<PaginaKardex>(`estoque/kardex?${consultaUrl({ empresa, produto, antesDe, limite })}`, {
    acao: 'ao buscar a movimentação',
  });

export const kardexQuery = (empresa: string, produto: string, antesDe: string | undefined, limite: number) =>
  queryOptions({
    queryKey: chavesEstoque.kardex(empresa, produto, antesDe, limite),
    queryFn: () => buscarKardex(empresa, produto, antesDe, limite),
    placeholderData: keepPreviousData,
  });

export interface ConsultaPosicao {
  empresa: string[];
  busca: string;
  somenteComSaldo: boolean;
  pagina: number;
  limite: number;
}

export interface PaginaPosicao {
  itens: PosicaoEstoque[];
  total: number;
  valorTotal: string;
}

const urlPosicao = (c: Omit<ConsultaPosicao, 'pagina' | 'limite'> & { pagina?: number; limite?: number }) =>
  consultaUrl({
    empresa: c.empresa,
    busca: c.busca.trim(),
    somenteComSaldo: c.somenteComSaldo ? 'true' : undefined,
    pagina: c.pagina,
    limite: c.limite,
  });

export const buscarPosicao = (c: ConsultaPosicao) =>
  api.get<PaginaPosicao>(`estoque/posicao?${urlPosicao(c)}`, { acao: 'ao buscar o estoque' });

export const posicaoQuery = (c: ConsultaPosicao) =>
  queryOptions({
    queryKey: chavesEstoque.posicao(c),
    queryFn: () => buscarPosicao(c),
    placeholderData: keepPreviousData,
  });

export const valorPorEmpresaQuery = (c: Omit<ConsultaPosicao, 'pagina' | 'limite'>) =>
  queryOptions({
    queryKey: chavesEstoque.valorPorEmpresa(c),
    queryFn: () =>
      api.get<ValorEstoqueEmpresa[]>(`estoque/posicao/empresas?${urlPosicao(c)}`, {
        acao: 'ao somar o estoque por empresa',
      }),
    placeholderData: keepPreviousData,
  });
