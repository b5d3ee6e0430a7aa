import {
  DIAS_SEMANA,
  DIMENSOES_PRODUTO,
  type DimensaoVenda,
  ROTULOS_ORIGEM,
  ROTULOS_TIPO_VENDA,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar } from '../../db/consultar.ts';
import { chaveDimensao, type Escopo, fonte, type Grao, somas } from './fontes.ts';
import { lerSoma, type Soma } from './medidas.ts';

// Grouped reads over a source (fontes.ts) and the labels of the keys they answer.

export interface Grupo {
  chaves: string[];
  soma: Soma;
}

/** The grain a set of dimensions is read at: product dimensions need the per-line aggregate. */
export function graoDe(dimensoes: readonly DimensaoVenda[]): Grao {
  return dimensoes.some((d) => (DIMENSOES_PRODUTO as readonly string[]).includes(d)) ? 'produto' : 'venda';
}

/** Sums of the filter grouped by `dimensoes` (none = one row of totals). */
export async function agrupar(
  db: Db,
  s: Escopo,
  dimensoes: readonly DimensaoVenda[],
  grao = graoDe(dimensoes),
) {
  const chaves = dimensoes.map((d, i) => sql`${chaveDimensao(grao, d)} as ${sql.raw(`k${i}`)}`);
  const select = chaves.length ? sql`${sql.join(chaves, sql`, `)}, ${somas(grao)}` : somas(grao);
  const agrupamento = chaves.length
    ? sql` group by ${sql.join(
        dimensoes.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )} order by ${sql.join(
        dimensoes.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  const linhas = await consultar(db, sql`select ${select} from ${fonte(grao, s)} f${agrupamento}`);
  return linhas.map<Grupo>((l) => ({
    chaves: dimensoes.map((_, i) => String(l[`k${i}`] ?? '')),
    soma: lerSoma(l),
  }));
}

const dois = (n: number) => String(n).padStart(2, '0');
const NAO_INFORMADO = 'Não informado';

async function porId(db: Db, consulta: (ids: SQL) => SQL, ids: string[]): Promise<Map<string, string>> {
  const validos = ids.filter((i) => i !== '');
  if (!validos.length) return new Map();
  const linhas = await consultar(db, consulta(sql`${arrayTexto(validos)}::text[]`));
  return new Map(linhas.map((l) => [String(l.id), String(l.descricao ?? l.id)]));
}

/** Labels of the keys met for one dimension. */
export async function rotulos(
  db: Db,
  grupo: string,
  d: DimensaoVenda,
  chaves: string[],
): Promise<Record<string, string>> {
  const unicas = [...new Set(chaves)];
  let mapa = new Map<string, string>();
  switch (d) {
    case 'dia':
      mapa = new Map(unicas.map((k) => [k, k.split('-').reverse().join('/')]));
      break;
    case 'hora':
      mapa = new Map(unicas.map((k) => [k, `${dois(Number(k))}:00`]));
      break;
    case 'diaSemana':
      mapa = new Map(unicas.map((k) => [k, DIAS_SEMANA[Number(k)] ?? k]));
      break;
    case 'tipoVenda':
      mapa = new Map(unicas.map((k) => [k, ROTULOS_TIPO_VENDA[Number(k)] ?? k]));
      break;
    case 'origem':
      mapa = new Map(unicas.map((k) => [k, ROTULOS_ORIGEM[Number(k)] ?? NAO_INFORMADO]));
      break;
    case 'empresa':
      mapa = await porId(
        db,
        (ids) => sql`select id, coalesce(nome_fantasia, descricao) as descricao from empresa
                      where grupo_empresarial_id = ${grupo} and id = any(${ids})`,
        unicas,
      );
      break;
    case 'terminal':
      mapa = await porId(
        db,
        (ids) =>
          sql`select id, descricao from terminal where grupo_empresarial_id = ${grupo} and id = any(${ids})`,
        unicas,
      );
      break;
    case 'operador':
    case 'atendente':
      mapa = await porId(
        db,
        (
          ids,
        ) => sql`select id, nome as descricao from usuario where grupo_empresarial_id = ${grupo} and id = any(${ids})
                     union all
                     select id, nome from pessoa where grupo_empresarial_id = ${grupo} and id = any(${ids})
                       and id not in (select id from usuario where id = any(${ids}))`,
        unicas,
      );
      break;
    case 'produto':
      mapa = await porId(
        db,
        (ids) =>
          sql`select id, descricao from produto_geral where grupo_empresarial_id = ${grupo} and id = any(${ids})`,
        unicas,
      );
      break;
    case 'grupo':
    case 'familia':
      mapa = await porId(
        db,
        (ids) =>
          sql`select id, descricao from agrupador where grupo_empresarial_id = ${grupo} and id = any(${ids})`,
        unicas,
      );
      break;
  }
  return Object.fromEntries(unicas.map((k) => [k, mapa.get(k) ?? (k === '' ? NAO_INFORMADO : k)]));
}
