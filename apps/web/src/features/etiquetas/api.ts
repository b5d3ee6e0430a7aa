import type {
  FormatoEtiqueta,
  ImprimirEtiquetas,
  LayoutEtiqueta,
  LinguagemEtiqueta,
  PreviaEtiquetas,
  ProdutoEtiqueta,
} from '@retaguarda/domain/etiquetas/index';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// The labels screen's calls (apps/server/src/modules/etiquetas): printers of the store, preview, print
// through the print queue, products changed since a day, and the product search of the selection.

export interface SetorEtiquetas {
  _id: string;
  descricao: string;
  impressora: string;
  modelo: number;
  linguagem: LinguagemEtiqueta;
  nomeLinguagem: string;
  formatoEtiqueta: number | null;
}

export interface ImpressorasEtiquetas {
  terminais: { _id: string; descricao: string }[];
  setores: SetorEtiquetas[];
}

export interface RespostaPrevia {
  dia: string;
  formato: FormatoEtiqueta;
  produtos: ProdutoEtiqueta[];
  layouts: LayoutEtiqueta[];
  avisos: string[];
  total: number;
  comandos?: { linguagem: LinguagemEtiqueta; texto: string };
}

export interface RespostaImpressao {
  impressoes: string[];
  total: number;
  linguagem: LinguagemEtiqueta;
  bytes: number;
  avisos: string[];
}

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
  api.post<RespostaPrevia>('etiquetas/previa', corpo, { acao: 'ao montar as etiquetas' });

export const imprimirEtiquetas = (corpo: ImprimirEtiquetas) =>
  api.post<RespostaImpressao>('etiquetas/imprimir', corpo, { acao: 'ao imprimir as etiquetas' });

export const produtosAlterados = (empresa: string, desde: string) =>
  api.post<ProdutoEtiqueta[]>(
    'etiquetas/alterados',
    { empresa, desde },
    { acao: 'ao buscar os produtos alterados' },
  );
