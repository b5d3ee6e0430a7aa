import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar } from '../../db/consultar.ts';
import type { CatalogoLoja } from '../vendas/catalogo.service.ts';

// getProdutoPorUltimaFamiliaAgrupador (spec 2 section 7): the store's products grouped by the LAST family
// level of the grouper tree (categories and families linked by agrupadorPai). A product listed in a family
// and in one of its sub-families belongs to the deepest one; `raizes` keeps only families below (or equal
// to) every given grouper. Families come in the order groupers are listed (created_at ascending).

export interface FamiliaComProdutos {
  familia: {
    _id: string;
    descricao: string;
    maximoFracao: number | null;
    agrupadorPai: string | null;
    /** Descriptions from the tree's root down to this family. */
    caminho: string[];
  };
  produtos: {
    _id: string;
    descricao: string;
    codigoInterno: number | null;
    tipoProduto: string;
    gtin: string | null;
    preco: string;
  }[];
}

interface No {
  id: string;
  descricao: string;
  tipo: string;
  pai: string | null;
  maximoFracao: number | null;
  ordem: number;
}

/** Ancestors of a grouper, nearest first (a cycle in bad data stops the walk). */
function ancestrais(nos: ReadonlyMap<string, No>, id: string): string[] {
  const saida: string[] = [];
  const vistos = new Set([id]);
  let atual = nos.get(id)?.pai ?? null;
  while (atual && !vistos.has(atual) && nos.has(atual)) {
    saida.push(atual);
    vistos.add(atual);
    atual = nos.get(atual)?.pai ?? null;
  }
  return saida;
}

export async function produtosPorUltimaFamilia(
  db: Db,
  grupoEmpresarialId: string,
  cat: CatalogoLoja,
  opcoes: { raizes: readonly string[] },
): Promise<FamiliaComProdutos[]> {
  const [agrupadores, produtos] = await Promise.all([
    consultar(
      db,
      sql`select id, descricao, tipo, agrupador_pai_id, maximo_fracao from agrupador
          where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false order by created_at, id`,
    ),
    consultar(
      db,
      sql`select id, familias_ids, gtin from produto_geral
          where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false and cardinality(familias_ids) > 0`,
    ),
  ]);
  const nos = new Map<string, No>(
    agrupadores.map((a, ordem) => [
      a.id as string,
      {
        id: a.id as string,
        descricao: a.descricao as string,
        tipo: a.tipo as string,
        pai: (a.agrupador_pai_id as string | null) ?? null,
        maximoFracao: (a.maximo_fracao as number | null) ?? null,
        ordem,
      },
    ]),
  );
  const profundidade = (id: string) => ancestrais(nos, id).length;
  const abaixoDasRaizes = (id: string) => {
    const linha = [id, ...ancestrais(nos, id)];
    return opcoes.raizes.every((r) => linha.includes(r));
  };
  // The store's own price when it has one (produtoGeralEmpresa), else the product's general price.
  const precos = new Map(
    cat.catalogo.produtos.map((p) => [
      p._id,
      p.empresas.find((e) => e.empresa === cat.empresaId && e.tipoPreco === 'precoLocal')?.precoLocal ??
        p.preco,
    ]),
  );

  const porFamilia = new Map<string, FamiliaComProdutos['produtos']>();
  for (const linha of produtos) {
    const produto = cat.produtos.get(linha.id as string);
    if (!produto?.ativo) continue;
    const familias = ((linha.familias_ids as string[] | null) ?? []).filter(
      (f) => nos.get(f)?.tipo === 'familia',
    );
    if (familias.length === 0) continue;
    // The deepest family; on a tie the first one listed on the product.
    const ultima = familias.reduce((melhor, f) => (profundidade(f) > profundidade(melhor) ? f : melhor));
    if (!abaixoDasRaizes(ultima)) continue;
    const lista = porFamilia.get(ultima) ?? [];
    lista.push({
      _id: produto._id,
      descricao: produto.descricao,
      codigoInterno: produto.codigoInterno,
      tipoProduto: produto.tipoProduto,
      gtin: (linha.gtin as string | null) ?? null,
      preco: precos.get(produto._id) ?? '0.00',
    });
    porFamilia.set(ultima, lista);
  }
  return [...porFamilia.entries()]
    .map(([id, lista]) => ({ no: nos.get(id)!, lista }))
    .sort((a, b) => a.no.ordem - b.no.ordem)
    .map(({ no, lista }) => ({
      familia: {
        _id: no.id,
        descricao: no.descricao,
        maximoFracao: no.maximoFracao,
        agrupadorPai: no.pai,
        caminho: [
          ...ancestrais(nos, no.id)
            .reverse()
            .map((a) => nos.get(a)!.descricao),
          no.descricao,
        ],
      },
      produtos: lista.sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR')),
    }));
}
