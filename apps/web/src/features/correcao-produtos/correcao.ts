import { escreverDinheiro, lerDinheiro, lerEscalado, percentualDe } from '@retaguarda/domain';

// Bulk product corrections (route correcaoProdutos): what changes in each product, computed before anything is
// sent so the user sees a preview. Money in integer cents (domain decimal helpers), never floats.

export type Correcao =
  | { campo: 'preco'; modo: 'valor'; valor: string }
  | { campo: 'preco'; modo: 'percentual'; percentual: string }
  | { campo: 'ativo'; ativo: boolean }
  | { campo: 'ncm'; ncm: string };

export interface ProdutoCorrecao {
  _id: string;
  descricao: string;
  preco?: string | null;
  ativo?: boolean | null;
  ncm?: string | null;
}

export interface LinhaPrevia {
  _id: string;
  descricao: string;
  antes: string;
  depois: string;
  /** Body of the partial update (PUT produtoGeral/{id}); undefined when nothing changes. */
  corpo: Record<string, unknown> | undefined;
}

const texto = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function previa(produtos: readonly ProdutoCorrecao[], c: Correcao): LinhaPrevia[] {
  return produtos.map((p) => {
    let antes: string;
    let depois: string;
    let corpo: Record<string, unknown>;
    switch (c.campo) {
      case 'preco': {
        const atual = lerDinheiro(p.preco ?? '0');
        const novo =
          c.modo === 'valor'
            ? lerDinheiro(c.valor)
            : // The new price is (100 + p)% of the current one, rounded once.
              percentualDe(atual, 100_000 + lerEscalado(c.percentual, 3, 'arredondar'), 3);
        antes = escreverDinheiro(atual);
        depois = escreverDinheiro(Math.max(0, novo));
        corpo = { preco: depois };
        break;
      }
      case 'ativo':
        antes = p.ativo === false ? 'Não' : 'Sim';
        depois = c.ativo ? 'Sim' : 'Não';
        corpo = { ativo: c.ativo };
        break;
      case 'ncm':
        antes = texto(p.ncm);
        depois = c.ncm;
        corpo = { ncm: c.ncm };
        break;
    }
    return { _id: p._id, descricao: p.descricao, antes, depois, corpo: antes === depois ? undefined : corpo };
  });
}
