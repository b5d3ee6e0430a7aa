import {
  type CustoReceitaResposta,
  type CustosIngredientesResposta,
  custoDaReceita,
  margemSobrePreco,
  type ProdutoCustoReceita,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { linhasDaReceita } from './regras-cadastros.ts';

// What a recipe costs (spec 1 §7 getProdutoIngredientesReceitaCusto) and the unit costs the ficha técnica screen
// prices its lines with. Both price through custoDosIngredientes and compute with the domain's custoDaReceita,
// the function the screen runs too.

/**
 * Unit cost (6 decimals) of each ingredient for recipes, in the store asked for (null: the group's view).
 * THE one place that says which cost a recipe uses: in a store, the cost its configuracoesEstoque.tipoCusto
 * chooses from the stock ledger (custoMedio by default, ultimoCusto, or custoReposicao = the registered cost);
 * for the group, the average over the stores weighted by their positive balances. A product the ledger has no
 * cost for yet falls back to its registered `custo`; products without any cost are absent.
 */
export async function custoDosIngredientes(
  db: Db,
  grupo: string,
  empresa: string | null,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const doLivro = empresa
    ? sql`(select case coalesce(e.configuracoes_estoque ->> 'tipoCusto', 'custoMedio')
                    when 'custoReposicao' then null
                    when 'ultimoCusto' then coalesce(s.ultimo_custo, nullif(s.custo_medio, 0))
                    else nullif(s.custo_medio, 0) end
             from estoque_saldo s join empresa e on e.id = s.empresa_id and e.grupo_empresarial_id = s.grupo_empresarial_id
            where s.grupo_empresarial_id = p.grupo_empresarial_id and s.empresa_id = ${empresa} and s.produto_id = p.id)`
    : sql`(select round(sum(s.quantidade * s.custo_medio) / nullif(sum(s.quantidade), 0), 6)
             from estoque_saldo s
            where s.grupo_empresarial_id = p.grupo_empresarial_id and s.produto_id = p.id and s.quantidade > 0)`;
  const linhas = await consultar(
    db,
    sql`select p.id, coalesce(${doLivro}, p.custo)::text as custo from produto_geral p
        where p.grupo_empresarial_id = ${grupo} and p.id = any(${arrayTexto(ids)})`,
  );
  return new Map(linhas.filter((l) => l.custo !== null).map((l) => [String(l.id), String(l.custo)]));
}

/** Description, stock unit and price of some products, with the recipe cost of each. */
async function produtos(
  db: Db,
  grupo: string,
  empresa: string | null,
  ids: readonly string[],
): Promise<Map<string, ProdutoCustoReceita>> {
  if (ids.length === 0) return new Map();
  const [linhas, custos] = await Promise.all([
    consultar(
      db,
      sql`select p.id, p.descricao, p.preco::text as preco, u.sigla as unidade
          from produto_geral p
          left join unidade_medida u on u.id = p.unidade_id and u.grupo_empresarial_id = p.grupo_empresarial_id
          where p.grupo_empresarial_id = ${grupo} and p.id = any(${arrayTexto(ids)})`,
    ),
    custoDosIngredientes(db, grupo, empresa, ids),
  ]);
  return new Map(
    linhas.map((l): [string, ProdutoCustoReceita] => [
      String(l.id),
      {
        _id: String(l.id),
        descricao: String(l.descricao ?? ''),
        unidade: (l.unidade as string | null) ?? null,
        preco: (l.preco as string | null) ?? null,
        custo: custos.get(String(l.id)) ?? null,
      },
    ]),
  );
}

/** The recipe of a product (its padrão one, or number `indexReceita`) priced line by line. */
export async function custoDaFichaTecnica(
  db: Db,
  grupo: string,
  empresa: string | null,
  produtoId: string,
  indexReceita: number | undefined,
): Promise<CustoReceitaResposta> {
  const receita: Linha | undefined = await consultarUm(
    db,
    sql`select id, index_receita, descricao, padrao, rendimento::text as rendimento,
               rendimento_kg::text as rendimento_kg, itens
        from estoque_ficha_tecnica
        where grupo_empresarial_id = ${grupo} and produto_geral_id = ${produtoId} and lixo = false
          and ${indexReceita === undefined ? sql`padrao = true` : sql`index_receita = ${indexReceita}`}
        limit 1`,
  );
  const linhas = receita ? linhasDaReceita(receita.itens) : [];
  const mapa = await produtos(db, grupo, empresa, [produtoId, ...linhas.map((l) => l.produto)]);
  const produto = mapa.get(produtoId);
  if (!produto) throw new ErroNegocio('Produto não encontrado.');
  if (!receita) {
    throw new ErroNegocio(
      indexReceita === undefined
        ? `O produto ${produto.descricao} não tem ficha técnica.`
        : `O produto ${produto.descricao} não tem a ficha técnica nº ${indexReceita}.`,
    );
  }
  const custos = new Map<string, string>();
  for (const [id, p] of mapa) if (p.custo !== null) custos.set(id, p.custo);
  const custo = custoDaReceita({ rendimento: receita.rendimento as string | null, itens: linhas }, custos);
  return {
    produto,
    receita: {
      _id: String(receita.id),
      indexReceita: (receita.index_receita as number | null) ?? null,
      descricao: (receita.descricao as string | null) ?? null,
      padrao: receita.padrao === true,
      rendimento: custo.rendimento,
      rendimentoKg: (receita.rendimento_kg as string | null) ?? null,
    },
    itens: custo.linhas.map((l) => ({
      ...l,
      descricao: mapa.get(l.produto)?.descricao ?? '',
      unidade: mapa.get(l.produto)?.unidade ?? null,
    })),
    custoTotal: custo.custoTotal,
    custoPorUnidade: custo.custoPorUnidade,
    preco: produto.preco,
    margem: margemSobrePreco(custo.custoPorUnidade, produto.preco),
  };
}

/** The unit costs (and names, units) of the ingredients a recipe being edited uses, and its product's price. */
export async function custosParaEdicaoDeReceita(
  db: Db,
  grupo: string,
  empresa: string | null,
  produtoId: string | undefined,
  ingredientes: readonly string[],
): Promise<CustosIngredientesResposta> {
  const ids = [...new Set([...(produtoId ? [produtoId] : []), ...ingredientes])];
  const mapa = await produtos(db, grupo, empresa, ids);
  return {
    produto: produtoId ? (mapa.get(produtoId) ?? null) : null,
    ingredientes: [...new Set(ingredientes)].flatMap((id) => mapa.get(id) ?? []),
  };
}
