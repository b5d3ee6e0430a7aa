import {
  type CategoriaGrade,
  imagemDaGrade,
  type ProdutoGrade,
} from '@retaguarda/domain/frente-loja/grade-produtos';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar } from '../../db/consultar.ts';

// What the POS product grid (phones and tablets, issue 13) needs beyond the sale catalogue: each product's
// categories and picture, and the group's categories. Read only when the store's list is built again (it is
// cached per catalogue object, which a change of products or agrupadores replaces).

export interface GradeProdutos {
  categorias: CategoriaGrade[];
  porProduto: ReadonlyMap<string, ProdutoGrade>;
}

export async function lerGradeProdutos(db: Db, grupoEmpresarialId: string): Promise<GradeProdutos> {
  const [categorias, produtos] = await Promise.all([
    consultar(
      db,
      sql`select id, descricao from agrupador
          where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false and tipo = 'categoria'
          order by descricao`,
    ),
    consultar(
      db,
      sql`select id, categorias_ids, imagens from produto_geral
          where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false
            and (cardinality(categorias_ids) > 0 or imagens is not null)`,
    ),
  ]);
  return {
    categorias: categorias.map((c) => ({
      _id: c.id as string,
      descricao: (c.descricao as string | null) ?? '',
    })),
    porProduto: new Map(
      produtos.map((p) => [
        p.id as string,
        { categorias: (p.categorias_ids as string[] | null) ?? [], imagem: imagemDaGrade(p.imagens) },
      ]),
    ),
  };
}
