import type {
  AlterarTransferencia,
  CriarPedidoTransferencia,
  CriarTransferencia,
  GerarPedidosReposicao,
  ListaReposicao,
  LojaDaTransferencia,
  PedidoTransferenciaDetalhe,
  PedidoTransferenciaResumo,
  ProdutoEstoque,
  ReceberTransferencia,
  RelatorioTransferencia,
  ReservarPedidoTransferencia,
  StatusPedidoTransferencia,
  StatusTransferencia,
  TransferenciaDetalhe,
  TransferenciaResumo,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the transfer screens (apps/server/src/modules/estoque/transferencias.routes.ts). Shapes are the
// domain's (packages/domain/src/estoque/transferencias.ts), shared with the server. Every key sits under the
// stock area's root, so a shipment or a receipt refreshes every balance other stock screens show too.

const estoque = [...chaves.todas, 'estoque'] as const;

export const chavesTransferencia = {
  estoque,
  todas: [...estoque, 'transferencias'] as const,
  lojas: () => [...chavesTransferencia.todas, 'lojas'] as const,
  lista: (c: ConsultaLista) => [...chavesTransferencia.todas, 'lista', c] as const,
  detalhe: (id: string) => [...chavesTransferencia.todas, 'detalhe', id] as const,
  produtos: (empresa: string, busca: string, ids: readonly string[]) =>
    [...estoque, 'saldos', 'produtos', empresa, busca, ids] as const,
  pedidos: (c: ConsultaPedidos) => [...chavesTransferencia.todas, 'pedidos', c] as const,
  pedido: (id: string) => [...chavesTransferencia.todas, 'pedido', id] as const,
  reposicao: (c: ConsultaReposicao) => [...chavesTransferencia.todas, 'reposicao', c] as const,
  relatorio: (c: ConsultaRelatorio) => [...chavesTransferencia.todas, 'relatorio', c] as const,
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

const silencioso = (acao: string) => ({ acao, silencioso: true });

export const lojasDoGrupoQuery = () =>
  queryOptions({
    queryKey: chavesTransferencia.lojas(),
    queryFn: () =>
      api.get<LojaDaTransferencia[]>('estoque/transferencia/lojas', { acao: 'ao listar as lojas' }),
    staleTime: 5 * 60_000,
  });

/** Products with their balance and average in `empresa` (the stock screens' lookup). */
export const produtosQuery = (empresa: string, busca: string, ids: readonly string[] = []) =>
  queryOptions({
    queryKey: chavesTransferencia.produtos(empresa, busca, ids),
    queryFn: () =>
      api.get<ProdutoEstoque[]>(
        `estoque/produtos?${consultaUrl({ empresa, busca: ids.length ? undefined : busca, produto: ids, limite: 20 })}`,
        silencioso('ao buscar os produtos'),
      ),
    staleTime: 0,
  });

export interface ConsultaLista {
  empresa: string;
  papel: '' | 'enviadas' | 'recebidas';
  status: StatusTransferencia | '';
}

export const listaTransferenciasQuery = (c: ConsultaLista) =>
  queryOptions({
    queryKey: chavesTransferencia.lista(c),
    queryFn: () =>
      api.get<{ itens: TransferenciaResumo[]; total: number }>(
        `estoque/transferencia?${consultaUrl({ empresa: c.empresa, papel: c.papel, status: c.status, limite: 200 })}`,
        { acao: 'ao listar as transferências' },
      ),
    placeholderData: keepPreviousData,
  });

export const transferenciaQuery = (id: string) =>
  queryOptions({
    queryKey: chavesTransferencia.detalhe(id),
    queryFn: () =>
      api.get<TransferenciaDetalhe>(`estoque/transferencia/${id}`, { acao: 'ao abrir a transferência' }),
  });

export const criarTransferencia = (t: CriarTransferencia) =>
  api.post<TransferenciaDetalhe>('estoque/transferencia', t, silencioso('ao salvar a transferência'));

export const alterarTransferencia = (id: string, t: AlterarTransferencia) =>
  api.put<TransferenciaDetalhe>(`estoque/transferencia/${id}`, t, silencioso('ao alterar a transferência'));

export const enviarTransferencia = (id: string) =>
  api.post<TransferenciaDetalhe>(`estoque/transferencia/${id}/enviar`, {}, silencioso('ao enviar'));

export const receberTransferencia = (id: string, r: ReceberTransferencia) =>
  api.post<TransferenciaDetalhe>(`estoque/transferencia/${id}/receber`, r, silencioso('ao receber'));

export const cancelarTransferencia = (id: string, motivo: string) =>
  api.post<TransferenciaDetalhe>(
    `estoque/transferencia/${id}/cancelar`,
    { motivo },
    silencioso('ao cancelar'),
  );

export interface ConsultaPedidos {
  empresa: string;
  papel: 'solicitados' | 'aAtender';
  status: StatusPedidoTransferencia | '';
}

export const listaPedidosQuery = (c: ConsultaPedidos) =>
  queryOptions({
    queryKey: chavesTransferencia.pedidos(c),
    queryFn: () =>
      api.get<{ itens: PedidoTransferenciaResumo[]; total: number }>(
        `estoque/pedidoTransferencia?${consultaUrl({ empresa: c.empresa, papel: c.papel, status: c.status, limite: 200 })}`,
        { acao: 'ao listar os pedidos de transferência' },
      ),
    placeholderData: keepPreviousData,
  });

export const pedidoQuery = (id: string) =>
  queryOptions({
    queryKey: chavesTransferencia.pedido(id),
    queryFn: () =>
      api.get<PedidoTransferenciaDetalhe>(`estoque/pedidoTransferencia/${id}`, { acao: 'ao abrir o pedido' }),
  });

export const criarPedido = (p: CriarPedidoTransferencia) =>
  api.post<PedidoTransferenciaDetalhe>('estoque/pedidoTransferencia', p, silencioso('ao solicitar'));

export const reservarPedido = (id: string, r: ReservarPedidoTransferencia) =>
  api.post<PedidoTransferenciaDetalhe>(
    `estoque/pedidoTransferencia/${id}/reservar`,
    r,
    silencioso('ao reservar'),
  );

export const finalizarPedido = (id: string, transferencia: string, enviar: boolean) =>
  api.post<{ pedido: PedidoTransferenciaDetalhe; transferencia: TransferenciaDetalhe }>(
    `estoque/pedidoTransferencia/${id}/finalizar`,
    { transferencia, enviar },
    silencioso('ao gerar a transferência'),
  );

export const cancelarPedido = (id: string, motivo: string) =>
  api.post<PedidoTransferenciaDetalhe>(
    `estoque/pedidoTransferencia/${id}/cancelar`,
    { motivo },
    silencioso('ao cancelar o pedido'),
  );

export interface ConsultaReposicao {
  empresaFornecedora: string;
  empresas: string[];
  somenteAbaixoDoMinimo: boolean;
}

export const listaReposicaoQuery = (c: ConsultaReposicao) =>
  queryOptions({
    queryKey: chavesTransferencia.reposicao(c),
    queryFn: () =>
      api.get<ListaReposicao>(
        `estoque/listaReposicao?${consultaUrl({
          empresaFornecedora: c.empresaFornecedora,
          empresa: c.empresas,
          somenteAbaixoDoMinimo: c.somenteAbaixoDoMinimo ? 'true' : undefined,
        })}`,
        { acao: 'ao calcular a lista de reposição' },
      ),
    // A list computed once is kept while the user edits it: a refetch would overwrite the typed quantities.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const gerarPedidosReposicao = (g: GerarPedidosReposicao) =>
  api.post<PedidoTransferenciaResumo[]>('estoque/listaReposicao/gerar', g, silencioso('ao gerar os pedidos'));

export interface ConsultaRelatorio {
  dataInicial: string;
  dataFinal: string;
  empresaOrigem: string[];
  empresaDestino: string[];
  status: '' | 'enviada' | 'recebida' | 'cancelada';
  somenteDivergencias: boolean;
}

export const relatorioQuery = (c: ConsultaRelatorio) =>
  queryOptions({
    queryKey: chavesTransferencia.relatorio(c),
    queryFn: () =>
      api.get<RelatorioTransferencia>(
        `estoque/relatorio/transferencia?${consultaUrl({
          dataInicial: c.dataInicial,
          dataFinal: c.dataFinal,
          empresaOrigem: c.empresaOrigem,
          empresaDestino: c.empresaDestino,
          status: c.status,
          somenteDivergencias: c.somenteDivergencias ? 'true' : undefined,
        })}`,
        { acao: 'ao gerar o relatório' },
      ),
    placeholderData: keepPreviousData,
  });
