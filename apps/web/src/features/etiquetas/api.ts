import type {
  ImpressorasEtiquetas,
  ImprimirEtiquetas,
  PreviaEtiquetas,
  ProdutoEtiqueta,
  RespostaImpressaoEtiquetas,
  RespostaPreviaEtiquetas,
} from '@retaguarda/domain/etiquetas/index';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The labels screen's calls (apps/server/src/modules/etiquetas): printers of the store, preview, print
// through the print queue, products changed since a day, and the product search of the selection.

export interface ProdutoOpcao {
  _id: string;
  descricao: string;
  codigoInterno?: number | null;
}

export const impressorasEtiquetasQuery = (empresa: string | undefined) =>
  queryOptions({
    queryKey: ['etiquetas', 'impressoras', empresa],
    queryFn: () =>
      api.post<ImpressorasEtiquetas>(
        'etiquetas/impressoras',
        { empresa },
        { acao: 'ao listar as impressoras' },
      ),
    enabled: Boolean(empresa),
    staleTime: 60_000,
  });

/** Active products whose description contains `busca` (the first 30), for the selection list. */
export const produtosEtiquetasQuery = (busca: string) => {
  const consulta = {
    filtro: { ativo: true, ...(busca ? { descricao: { $regex: busca, $options: 'i' } } : {}) },
    sort: { descricao: 1 },
    limit: 30,
  };
  return queryOptions({
    queryKey: chaves.recursoLista('produtoGeral', consulta),
    queryFn: () =>
      api.post<ProdutoOpcao[]>('produtoGeral/getPopulate', consulta, { acao: 'ao buscar os produtos' }),
    staleTime: 30_000,
  });
};

export const previaEtiquetas = (corpo: PreviaEtiquetas) =>
  api.post<RespostaPreviaEtiquetas>('etiquetas/previa', corpo, { acao: 'ao montar as etiquetas' });

export const imprimirEtiquetas = (corpo: ImprimirEtiquetas) =>
  api.post<RespostaImpressaoEtiquetas>('etiquetas/imprimir', corpo, { acao: 'ao imprimir as etiquetas' });

export const produtosAlterados = (empresa: string, desde: string) =>
  api.post<ProdutoEtiqueta[]>(
    'etiquetas/alterados',
    { empresa, desde },
    { acao: 'ao buscar os produtos alterados' },
  );
