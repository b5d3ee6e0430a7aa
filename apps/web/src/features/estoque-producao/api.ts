import type {
  CriarProducao,
  ListaProducao,
  ProducaoDetalhe,
  ProdutoComReceita,
  ReceitaParaProducao,
  StatusProducao,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';
import { queryClient } from '../../lib/api/query-client.ts';

// Calls of the production orders (apps/server/src/modules/estoque/producao.routes.ts). Shapes are the domain's
// (packages/domain/src/estoque/producao.ts), shared with the server.

/** Every key of the stock area starts here: a finish or a reversal invalidates it all (balances, kardex). */
const estoque = [...chaves.todas, 'estoque'] as const;

export interface ConsultaProducao {
  empresa: string;
  status: StatusProducao | '';
  busca: string;
  pagina: number;
  limite: number;
}

export const chavesProducao = {
  estoque,
  todas: [...estoque, 'producao'] as const,
  lista: (c: ConsultaProducao) => [...chavesProducao.todas, 'lista', c] as const,
  detalhe: (id: string) => [...chavesProducao.todas, 'detalhe', id] as const,
  produtos: (busca: string) => [...chavesProducao.todas, 'produtos', busca] as const,
  receita: (empresa: string, produto: string, indexReceita: number | null) =>
    [...estoque, 'saldos', 'producao-receita', empresa, produto, indexReceita ?? 'padrao'] as const,
};

const consulta = (valores: Record<string, string | number | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(valores))
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
};

export const listaProducaoQuery = (c: ConsultaProducao) =>
  queryOptions({
    queryKey: chavesProducao.lista(c),
    queryFn: () =>
      api.get<ListaProducao>(`estoque/producao?${consulta({ ...c })}`, {
        acao: 'ao listar as ordens de produção',
      }),
    placeholderData: keepPreviousData,
  });

export const producaoQuery = (id: string) =>
  queryOptions({
    queryKey: chavesProducao.detalhe(id),
    queryFn: () =>
      api.get<ProducaoDetalhe>(`estoque/producao/${id}`, { acao: 'ao abrir a ordem de produção' }),
  });

export const produtosComReceitaQuery = (busca: string) =>
  queryOptions({
    queryKey: chavesProducao.produtos(busca),
    queryFn: () =>
      api.get<ProdutoComReceita[]>(`estoque/producao/produtos?${consulta({ busca, limite: 30 })}`, {
        acao: 'ao buscar os produtos com ficha técnica',
      }),
    placeholderData: keepPreviousData,
  });

export const receitaProducaoQuery = (empresa: string, produto: string, indexReceita: number | null) =>
  queryOptions({
    queryKey: chavesProducao.receita(empresa, produto, indexReceita),
    queryFn: () =>
      api.get<ReceitaParaProducao>(
        `estoque/producao/receita?${consulta({ empresa, produto, indexReceita })}`,
        {
          acao: 'ao ler a ficha técnica',
        },
      ),
    staleTime: 0,
  });

/** After any write: the lists, the order and every balance of the stock area. */
const recarregar = () => queryClient.invalidateQueries({ queryKey: estoque });

export async function solicitarProducao(e: CriarProducao): Promise<ProducaoDetalhe> {
  const r = await api.post<ProducaoDetalhe>('estoque/producao', e, { acao: 'ao solicitar a produção' });
  await recarregar();
  return r;
}

/** The dialog shows a refusal itself (negative stock names the ingredient). */
export async function finalizarProducao(id: string, quantidadeProduzida: string | undefined) {
  const r = await api.post<ProducaoDetalhe>(
    `estoque/producao/${id}/finalizar`,
    quantidadeProduzida ? { quantidadeProduzida } : {},
    { silencioso: true },
  );
  await recarregar();
  return r;
}

export async function cancelarProducao(id: string, motivo: string) {
  const r = await api.post<ProducaoDetalhe>(
    `estoque/producao/${id}/cancelar`,
    { motivo },
    { silencioso: true },
  );
  await recarregar();
  return r;
}

export async function estornarProducao(id: string, motivo: string) {
  const r = await api.post<ProducaoDetalhe>(
    `estoque/producao/${id}/estornar`,
    { motivo },
    { silencioso: true },
  );
  await recarregar();
  return r;
}
