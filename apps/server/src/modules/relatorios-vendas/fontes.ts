import {
  type CondicaoFiltro,
  type DimensaoVenda,
  type FiltroRelatorio,
  horasDoFiltro,
  limitesDoPeriodo,
  MENSAGENS_FILTRO,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import { arrayTexto } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { padraoContem } from '../../lib/like.ts';

// Where a report's rows come from. Two grains, each with two sources of the SAME row shape:
// - sale grain (`relatorio_venda_hora` columns) and product grain (`relatorio_venda_produto_dia` columns);
// - the aggregates (the fast path), or, when the filter asks for something they do not hold (open sales 57/58,
//   customer, fiscal model, products/suppliers on a sale report, sale-level dimensions or hours on a product
//   report), the same contributions computed from the raw rows of the matching sales
//   (relatorio_venda_contribuicao): slower, but always the same definition of every figure.
// Every value of the filter is a bound parameter; columns come from the fixed maps below.

export interface Escopo {
  grupo: string;
  empresas: string[];
  filtro: FiltroRelatorio;
}

export type Grao = 'venda' | 'produto';

interface Campo {
  coluna: SQL;
  tipo: 'texto' | 'numero' | 'data';
}

const CAMPOS_VENDA: Partial<Record<DimensaoVenda, Campo>> = {
  dia: { coluna: sql`f.dia`, tipo: 'data' },
  hora: { coluna: sql`f.hora`, tipo: 'numero' },
  diaSemana: { coluna: sql`extract(dow from f.dia)::int`, tipo: 'numero' },
  empresa: { coluna: sql`f.empresa_id`, tipo: 'texto' },
  terminal: { coluna: sql`f.terminal_id`, tipo: 'texto' },
  operador: { coluna: sql`f.operador_id`, tipo: 'texto' },
  atendente: { coluna: sql`f.atendente_id`, tipo: 'texto' },
  tipoVenda: { coluna: sql`f.tipo_venda`, tipo: 'numero' },
  origem: { coluna: sql`f.origem`, tipo: 'numero' },
};

const CAMPOS_PRODUTO: Partial<Record<DimensaoVenda, Campo>> = {
  dia: { coluna: sql`f.dia`, tipo: 'data' },
  diaSemana: { coluna: sql`extract(dow from f.dia)::int`, tipo: 'numero' },
  empresa: { coluna: sql`f.empresa_id`, tipo: 'texto' },
  produto: { coluna: sql`f.produto_id`, tipo: 'texto' },
  // Group = the product's first category, family = its first family (agrupadores, spec 1 §3).
  grupo: {
    coluna: sql`coalesce((select pg.categorias_ids[1] from produto_geral pg where pg.id = f.produto_id), '')`,
    tipo: 'texto',
  },
  familia: {
    coluna: sql`coalesce((select pg.familias_ids[1] from produto_geral pg where pg.id = f.produto_id), '')`,
    tipo: 'texto',
  },
};

export function campoDe(grao: Grao, d: DimensaoVenda): Campo | undefined {
  return (grao === 'venda' ? CAMPOS_VENDA : CAMPOS_PRODUTO)[d];
}

/** SQL of a dimension's key (as text) over the source `f`. */
export function chaveDimensao(grao: Grao, d: DimensaoVenda): SQL {
  const c = campoDe(grao, d);
  if (!c) throw new ErroNegocio(MENSAGENS_FILTRO.campoNaoPermitido(d));
  return sql`(${c.coluna})::text`;
}

const e = (partes: SQL[]) => sql.join(partes, sql` and `);
const numeros = (v: readonly number[]) => sql`${`{${v.join(',')}}`}::int[]`;

/** A hand-built condition on a dimension, as SQL with bound values (operators and fields from whitelists). */
function condicao(grao: Grao, c: CondicaoFiltro): SQL {
  const campo = campoDe(grao, c.campo as DimensaoVenda);
  if (!campo) throw new ErroNegocio(MENSAGENS_FILTRO.campoNaoPermitido(c.campo));
  const lista = Array.isArray(c.valor) ? c.valor : [c.valor];
  const invalido = () => new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(c.campo));
  if (campo.tipo === 'numero') {
    const ns = lista.map((v) => Number(v));
    if (ns.some((n) => !Number.isFinite(n))) throw invalido();
    const [a = 0, b = 0] = ns;
    const col = campo.coluna;
    switch (c.operador) {
      case 'igual':
        return sql`${col} = ${a}`;
      case 'diferente':
        return sql`${col} <> ${a}`;
      case 'maior':
        return sql`${col} > ${a}`;
      case 'maiorIgual':
        return sql`${col} >= ${a}`;
      case 'menor':
        return sql`${col} < ${a}`;
      case 'menorIgual':
        return sql`${col} <= ${a}`;
      case 'entre':
        return sql`${col} between ${a} and ${b}`;
      case 'em':
        return sql`${col} = any(${numeros(ns.map(Math.trunc))})`;
      case 'naoEm':
        return sql`not (${col} = any(${numeros(ns.map(Math.trunc))}))`;
      case 'contem':
        return sql`${col}::text like ${`%${String(a)}%`}`;
    }
    throw new ErroNegocio(MENSAGENS_FILTRO.operadorNaoPermitido(c.operador));
  }
  const ts = lista.map((v) => String(v));
  const [a = '', b = ''] = ts;
  const col = sql`(${campo.coluna})::text`;
  switch (c.operador) {
    case 'igual':
      return sql`${col} = ${a}`;
    case 'diferente':
      return sql`${col} <> ${a}`;
    case 'maior':
      return sql`${col} > ${a}`;
    case 'maiorIgual':
      return sql`${col} >= ${a}`;
    case 'menor':
      return sql`${col} < ${a}`;
    case 'menorIgual':
      return sql`${col} <= ${a}`;
    case 'entre':
      return sql`${col} between ${a} and ${b}`;
    case 'em':
      return sql`${col} = any(${arrayTexto(ts)}::text[])`;
    case 'naoEm':
      return sql`not (${col} = any(${arrayTexto(ts)}::text[]))`;
    case 'contem':
      return sql`${col} ilike ${padraoContem(a)}`;
  }
  throw new ErroNegocio(MENSAGENS_FILTRO.operadorNaoPermitido(c.operador));
}

/** Whether a field of `filtroDinamico` is a measure (filtered on the grouped rows) or a dimension. */
export function ehDimensao(campo: string): boolean {
  return campo in CAMPOS_VENDA || campo in CAMPOS_PRODUTO;
}

/** Whether the aggregates can answer this filter at this grain. */
export function precisaBruto(grao: Grao, f: FiltroRelatorio): boolean {
  const base =
    f.statusVenda.some((s) => s !== 59 && s !== 60 && s !== 61) ||
    f.pessoa.length > 0 ||
    f.tipoModeloNota.length > 0;
  if (grao === 'venda') return base || f.listaProdutos.length > 0 || f.fornecedor.length > 0;
  return (
    base ||
    horasDoFiltro(f).length < 24 ||
    f.tipoVenda.length > 0 ||
    f.localPedido.length > 0 ||
    f.terminal.length > 0 ||
    f.atendentes.length > 0
  );
}

/** The sales matching the filter, on the raw rows (the detail page and the raw source). */
/**
 * The instant of a sale (its end, else its creation) as the index venda_relatorio_instante_idx holds it: a CASE, not
 * coalesce(), because under row-level security only a leakproof qual becomes an index condition and PostgreSQL
 * does not count COALESCE as one (migration 0006).
 */
export function instanteDaVenda(alias = 'v'): SQL {
  const v = sql.raw(alias);
  return sql`(case when ${v}.encerrada_em is null then ${v}.data else ${v}.encerrada_em end)`;
}

export function filtroVendaBruta(s: Escopo, alias = 'v'): SQL {
  const f = s.filtro;
  const v = sql.raw(alias);
  const { inicio, fim } = limitesDoPeriodo(f);
  const momento = instanteDaVenda(alias);
  const partes: SQL[] = [
    sql`${v}.grupo_empresarial_id = ${s.grupo}`,
    sql`${v}.empresa_id = any(${arrayTexto(s.empresas)}::text[])`,
    sql`${momento} >= ${inicio.toISOString()}::timestamptz`,
    sql`${momento} < ${fim.toISOString()}::timestamptz`,
    sql`${v}.status = any(${numeros(f.statusVenda)})`,
  ];
  const horas = horasDoFiltro(f);
  if (horas.length < 24)
    partes.push(
      sql`extract(hour from (${momento} at time zone 'UTC') - interval '3 hours')::int = any(${numeros(horas)})`,
    );
  if (f.tipoVenda.length) partes.push(sql`${v}.tipo_venda = any(${numeros(f.tipoVenda)})`);
  if (f.localPedido.length) partes.push(sql`coalesce(${v}.local_pedido, 0) = any(${numeros(f.localPedido)})`);
  if (f.terminal.length) partes.push(sql`${v}.terminal_id = any(${arrayTexto(f.terminal)}::text[])`);
  if (f.atendentes.length)
    partes.push(sql`(${v}.atendente->>'_id') = any(${arrayTexto(f.atendentes)}::text[])`);
  if (f.pessoa.length) partes.push(sql`${v}.cliente_id = any(${arrayTexto(f.pessoa)}::text[])`);
  if (f.tipoModeloNota.length) {
    // Sales issue NFC-e (65) only; '55' matches none.
    const modelos: SQL[] = [];
    if (f.tipoModeloNota.includes('65'))
      modelos.push(sql`jsonb_array_length(coalesce(${v}.nfce, '[]'::jsonb)) > 0`);
    if (f.tipoModeloNota.includes('semNota'))
      modelos.push(sql`jsonb_array_length(coalesce(${v}.nfce, '[]'::jsonb)) = 0`);
    partes.push(modelos.length ? sql`(${sql.join(modelos, sql` or `)})` : sql`false`);
  }
  if (f.listaProdutos.length)
    partes.push(
      sql`exists (select 1 from venda_item i where i.venda_id = ${v}.id and not i.cancelado
                  and i.produto_id = any(${arrayTexto(f.listaProdutos)}::text[]))`,
    );
  if (f.fornecedor.length)
    partes.push(
      sql`exists (select 1 from venda_item i join estoque_produto_fornecedor pf on pf.produto_geral_id = i.produto_id
                  where i.venda_id = ${v}.id and not i.cancelado
                    and pf.fornecedor_id = any(${arrayTexto(f.fornecedor)}::text[]))`,
    );
  return e(partes);
}

/**
 * The source rows `f` of a grain, filtered: the aggregate table or the raw contributions (see the header),
 * restricted by every filter value and the dimension conditions of `filtroDinamico`.
 */
export function fonte(grao: Grao, s: Escopo): SQL {
  const f = s.filtro;
  const bruto = precisaBruto(grao, f);
  const tabela = grao === 'venda' ? sql`relatorio_venda_hora` : sql`relatorio_venda_produto_dia`;
  const origem = bruto
    ? grao === 'venda'
      ? sql`(select (jsonb_populate_record(null::relatorio_venda_hora, c.contribuicao->'h')).*
               from relatorio_venda_contribuicao(array(select v.id from venda v where ${filtroVendaBruta(s)})) c)`
      : sql`(select r.* from relatorio_venda_contribuicao(array(select v.id from venda v where ${filtroVendaBruta(s)})) c
               cross join lateral jsonb_populate_recordset(null::relatorio_venda_produto_dia, c.contribuicao->'p') r)`
    : tabela;
  const partes: SQL[] = [
    sql`f.grupo_empresarial_id = ${s.grupo}`,
    sql`f.empresa_id = any(${arrayTexto(s.empresas)}::text[])`,
    sql`f.dia between ${f.dataInicio}::date and ${f.dataFim}::date`,
    sql`f.status = any(${numeros(f.statusVenda)})`,
  ];
  if (grao === 'venda') {
    const horas = horasDoFiltro(f);
    if (horas.length < 24) partes.push(sql`f.hora = any(${numeros(horas)})`);
    if (f.tipoVenda.length) partes.push(sql`f.tipo_venda = any(${numeros(f.tipoVenda)})`);
    if (f.localPedido.length) partes.push(sql`f.origem = any(${numeros(f.localPedido)})`);
    if (f.terminal.length) partes.push(sql`f.terminal_id = any(${arrayTexto(f.terminal)}::text[])`);
    if (f.atendentes.length) partes.push(sql`f.atendente_id = any(${arrayTexto(f.atendentes)}::text[])`);
  } else {
    if (f.listaProdutos.length) partes.push(sql`f.produto_id = any(${arrayTexto(f.listaProdutos)}::text[])`);
    if (f.fornecedor.length)
      partes.push(
        sql`f.produto_id in (select pf.produto_geral_id from estoque_produto_fornecedor pf
                              where pf.fornecedor_id = any(${arrayTexto(f.fornecedor)}::text[]))`,
      );
  }
  for (const c of f.filtroDinamico) if (ehDimensao(c.campo)) partes.push(condicao(grao, c));
  return sql`(select f.* from ${origem} f where ${e(partes)})`;
}

/** Sums of the source `f` as the raw measures read by `medidas.ts`. */
export function somas(grao: Grao): SQL {
  return grao === 'venda'
    ? sql`coalesce(sum(f.vendas), 0)::int as vendas, coalesce(sum(f.itens), 0)::text as itens,
          coalesce(sum(f.bruto), 0)::text as bruto, coalesce(sum(f.descontos), 0)::text as descontos,
          coalesce(sum(f.desconto_combo), 0)::text as desconto_combo,
          coalesce(sum(f.desconto_happy_hour), 0)::text as desconto_happy_hour,
          coalesce(sum(f.desconto_sugestao), 0)::text as desconto_sugestao,
          coalesce(sum(f.desconto_personalizado), 0)::text as desconto_personalizado,
          coalesce(sum(f.desconto_geral), 0)::text as desconto_geral,
          coalesce(sum(f.acrescimos), 0)::text as acrescimos, coalesce(sum(f.taxa_servico), 0)::text as taxa_servico,
          coalesce(sum(f.taxa_entrega), 0)::text as taxa_entrega, coalesce(sum(f.total), 0)::text as liquido,
          coalesce(sum(f.custo), 0)::text as custo`
    : sql`coalesce(sum(f.vendas), 0)::int as vendas, coalesce(sum(f.quantidade), 0)::text as itens,
          coalesce(sum(f.bruto), 0)::text as bruto, coalesce(sum(f.descontos), 0)::text as descontos,
          coalesce(sum(f.desconto_combo), 0)::text as desconto_combo,
          coalesce(sum(f.desconto_happy_hour), 0)::text as desconto_happy_hour,
          coalesce(sum(f.desconto_sugestao), 0)::text as desconto_sugestao,
          coalesce(sum(f.desconto_personalizado), 0)::text as desconto_personalizado,
          coalesce(sum(f.desconto_geral), 0)::text as desconto_geral,
          coalesce(sum(f.acrescimos), 0)::text as acrescimos, '0' as taxa_servico, '0' as taxa_entrega,
          coalesce(sum(f.liquido), 0)::text as liquido, coalesce(sum(f.custo), 0)::text as custo`;
}
