import { lerEscalado } from '@retaguarda/domain';
import type { EtiquetaProduto, ProdutoEtiqueta } from '@retaguarda/domain/etiquetas/index';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar, type Linha } from '../../db/consultar.ts';

// What a label shows of a product in a store: description, the store's price (else the product's), unit,
// GTIN (else the internal code, always as Code 128) and the promotion running today, if any.

const DATA_SP = (coluna: string) => sql.raw(`(${coluna} at time zone 'America/Sao_Paulo')::date`);

/** Price of a promotion (catalogue tipoPromocao): new value, value off or percent off; undefined if not lower. */
export function precoPromocional(preco: string, tipo: string | undefined, valor: string): string | undefined {
  const cheio = lerEscalado(preco, 2, 'arredondar');
  const v = lerEscalado(valor, 5, 'arredondar');
  let centavos: number;
  if (tipo === 'novoValor') centavos = lerEscalado(valor, 2, 'arredondar');
  else if (tipo === 'descontoValor') centavos = cheio - lerEscalado(valor, 2, 'arredondar');
  else if (tipo === 'descontoPercentual') centavos = Math.round((cheio * (10_000_000 - v)) / 10_000_000);
  else return undefined;
  if (centavos < 0 || centavos >= cheio) return undefined;
  return (centavos / 100).toFixed(2);
}

function paraProduto(l: Linha): ProdutoEtiqueta {
  const preco = (l.preco as string | null) ?? '0';
  const gtin = typeof l.gtin === 'string' && l.gtin.trim() ? l.gtin.trim() : undefined;
  const codigo =
    l.codigo_interno === null || l.codigo_interno === undefined ? null : Number(l.codigo_interno);
  const tipo = (l.tipo_promocao as { sigla?: string } | null)?.sigla;
  const promo =
    l.promo_valor === null || l.promo_valor === undefined
      ? undefined
      : precoPromocional(preco, tipo, String(l.promo_valor));
  const etiqueta: EtiquetaProduto = {
    produto: l.id as string,
    descricao: String(l.descricao ?? ''),
    preco,
    unidade: (l.sigla as string | null) ?? 'UN',
    ...(gtin
      ? { codigoBarras: gtin }
      : codigo !== null
        ? { codigoBarras: String(codigo), simbologia: 'code128' as const }
        : {}),
    ...(promo
      ? {
          promocao: {
            preco: promo,
            ...(l.promo_inicio ? { inicio: String(l.promo_inicio) } : {}),
            ...(l.promo_fim ? { fim: String(l.promo_fim) } : {}),
          },
        }
      : {}),
    quantidade: 1,
  };
  return { produto: l.id as string, codigoInterno: codigo, etiqueta };
}

/** The label data of the products (by id) in a store; `hoje` picks the promotion running that day. */
export async function consultarProdutosEtiqueta(
  db: Db,
  g: string,
  empresa: string,
  hoje: string,
  ids: readonly string[],
): Promise<Map<string, ProdutoEtiqueta>> {
  const linhas = await consultar(
    db,
    sql`select p.id, p.codigo_interno, p.descricao, coalesce(pe.preco, p.preco)::text as preco, p.gtin,
               upper(u.sigla) as sigla, pr.tipo_promocao, pr.valor::text as promo_valor,
               ${DATA_SP('pr.data_inicio')}::text as promo_inicio, ${DATA_SP('pr.data_fim')}::text as promo_fim
        from produto_geral p
        left join produto_geral_empresa pe on pe.grupo_empresarial_id = ${g} and pe.empresa_id = ${empresa}
             and pe.produto_geral_id = p.id and pe.lixo = false
        left join unidade_medida u on u.grupo_empresarial_id = ${g} and u.id = p.unidade_id
        left join lateral (
          select pp.tipo_promocao, pp.valor, pp.data_inicio, pp.data_fim from produto_promocao pp
          where pp.grupo_empresarial_id = ${g} and pp.produto_id = p.id and pp.lixo = false
            and pp.habilitado is not false
            and (pp.data_inicio is null or ${DATA_SP('pp.data_inicio')} <= ${hoje}::date)
            and (pp.data_fim is null or ${DATA_SP('pp.data_fim')} >= ${hoje}::date)
          order by pp.updated_at desc, pp.id limit 1
        ) pr on true
        where p.grupo_empresarial_id = ${g} and p.lixo = false and p.id = any(${arrayTexto(ids)})`,
  );
  return new Map(linhas.map((l) => [l.id as string, paraProduto(l)]));
}

/**
 * Products whose label changed from `desde` (a São Paulo day) on: what the label shows of the product or of
 * its store's price row (`etiqueta_alterada_em`, stamped by triggers, drizzle/etiquetas), or a promotion of it
 * edited or starting since; newest first, at most 500. Other edits of a product (tax codes, stock) do not count.
 */
export async function produtosAlteradosDesde(
  db: Db,
  g: string,
  empresa: string,
  desde: string,
  hoje: string,
): Promise<ProdutoEtiqueta[]> {
  const inicio = `${desde}T00:00:00-03:00`;
  const linhas = await consultar(
    db,
    sql`select p.id,
               (p.etiqueta_alterada_em >= ${inicio}::timestamptz
                 or coalesce(pe.etiqueta_alterada_em >= ${inicio}::timestamptz, false)) as preco,
               greatest(p.etiqueta_alterada_em, pe.etiqueta_alterada_em, p.updated_at) as quando
        from produto_geral p
        left join produto_geral_empresa pe on pe.grupo_empresarial_id = ${g} and pe.empresa_id = ${empresa}
             and pe.produto_geral_id = p.id and pe.lixo = false
        where p.grupo_empresarial_id = ${g} and p.lixo = false and p.ativo is not false
          and (p.etiqueta_alterada_em >= ${inicio}::timestamptz or pe.etiqueta_alterada_em >= ${inicio}::timestamptz
               or exists (select 1 from produto_promocao pp
                          where pp.grupo_empresarial_id = ${g} and pp.produto_id = p.id and pp.lixo = false
                            and (pp.updated_at >= ${inicio}::timestamptz or ${DATA_SP('pp.data_inicio')} >= ${desde}::date)))
        order by quando desc, p.descricao limit 500`,
  );
  const produtos = await consultarProdutosEtiqueta(
    db,
    g,
    empresa,
    hoje,
    linhas.map((l) => l.id as string),
  );
  return linhas.flatMap((l) => {
    const p = produtos.get(l.id as string);
    return p ? [{ ...p, motivo: l.preco === true ? ('preco' as const) : ('promocao' as const) }] : [];
  });
}
