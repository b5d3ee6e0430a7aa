import {
  type CondicaoFiltro,
  type FiltroRelatorio,
  filtroRelatorioSchema,
  horasDoFiltro,
  limitesDoPeriodo,
  MENSAGENS_FILTRO,
  POR_PAGINA_RELATORIO,
  relatorioEventosPedidoSchema,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErroNegocio } from '../../lib/envelope.ts';

// The event reports read the shared default report filter (packages/domain/src/relatorios: spec 1 §3, days and an
// hour-grain daily window in -03:00, pt-BR refusals) and compile its `filtroDinamico` over each report's own
// whitelist of fields; every value travels as a bound parameter, never as SQL text.

/**
 * Request of the four reports (the domain's `relatorioEventosPedidoSchema`), with the filter taken as a record here
 * and read by `lerFiltro`, so its refusal is the contract's own pt-BR sentence rather than the schema's dump.
 */
export const pedidoRelatorioEventosSchema = relatorioEventosPedidoSchema.extend({
  filtro: z.record(z.string(), z.unknown()),
});

export const POR_PAGINA = POR_PAGINA_RELATORIO;

/** The filter with its defaults, or the first refusal's pt-BR message (never the schema's path dump). */
export function lerFiltro(bruto: unknown): FiltroRelatorio {
  const r = filtroRelatorioSchema.safeParse(bruto);
  if (r.success) return r.data;
  const i = r.error.issues[0];
  // The contract's own refusals read alone; a generic one (a list too long, an id) names the field.
  const campo = (i?.path ?? []).filter((x) => typeof x !== 'number').join('.');
  const texto = i?.message ?? MENSAGENS_FILTRO.dataInvalida;
  const propria = (Object.values(MENSAGENS_FILTRO) as unknown[]).includes(texto);
  throw new ErroNegocio(
    propria || i?.code === 'custom' || !campo ? texto : `Filtro, campo ${campo}: ${texto}`,
  );
}

/**
 * `instante` inside [dataInicio 00:00, dataFim+1 00:00) of -03:00 and, when the window is narrower than the day,
 * at one of its hours (wall clock -03:00; a window may cross midnight).
 */
export function condicaoPeriodo(instante: SQL, f: FiltroRelatorio): SQL {
  const { inicio, fim } = limitesDoPeriodo(f);
  const base = sql`${instante} >= ${inicio.toISOString()}::timestamptz and ${instante} < ${fim.toISOString()}::timestamptz`;
  const horas = horasDoFiltro(f);
  if (horas.length === 24) return base;
  return sql`${base} and extract(hour from (${instante} at time zone 'UTC') - interval '3 hours')::int in (${emLista(horas)})`;
}

export const emLista = (valores: readonly (string | number)[]): SQL =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

export type TipoCampo = 'texto' | 'numero' | 'booleano';
export interface CampoFiltro {
  expressao: SQL;
  tipo: TipoCampo;
}

const COMPARAR: Record<string, string> = {
  igual: '=',
  diferente: '<>',
  maior: '>',
  maiorIgual: '>=',
  menor: '<',
  menorIgual: '<=',
};
const NUMERO = /^-?\d{1,15}(\.\d{1,6})?$/;

function valor(campo: string, c: CampoFiltro, v: unknown): SQL {
  if (c.tipo === 'numero') {
    const t = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!NUMERO.test(t)) throw new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(campo));
    return sql`${t}::numeric`;
  }
  if (c.tipo === 'booleano') {
    if (typeof v !== 'boolean') throw new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(campo));
    return sql`${v}`;
  }
  if (typeof v !== 'string' && typeof v !== 'number')
    throw new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(campo));
  return sql`${String(v)}`;
}

/**
 * `filtroDinamico` ([{ campo, operador, valor }], operators already checked by the shared schema) as SQL
 * conditions over `campos`; a field outside them is refused. `contem` is a case-insensitive "contains" of the
 * literal text (no pattern reaches the database).
 */
export function compilarFiltroDinamico(
  condicoes: readonly CondicaoFiltro[],
  campos: Readonly<Record<string, CampoFiltro>>,
): SQL[] {
  return condicoes.map(({ campo, operador, valor: v }) => {
    const c = Object.hasOwn(campos, campo) ? campos[campo] : undefined;
    if (!c) throw new ErroNegocio(MENSAGENS_FILTRO.campoNaoPermitido(campo));
    const e = c.expressao;
    const lista = Array.isArray(v) ? v.map((x) => valor(campo, c, x)) : [];
    switch (operador) {
      case 'em':
        return lista.length ? sql`${e} in (${sql.join(lista, sql`, `)})` : sql`false`;
      case 'naoEm':
        return lista.length ? sql`(${e} is null or ${e} not in (${sql.join(lista, sql`, `)}))` : sql`true`;
      case 'entre':
        if (c.tipo === 'booleano' || lista.length !== 2)
          throw new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(campo));
        return sql`${e} between ${lista[0]} and ${lista[1]}`;
      case 'contem':
        if (c.tipo !== 'texto' || typeof v !== 'string')
          throw new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(campo));
        return sql`position(lower(${v}) in lower(coalesce(${e}, ''))) > 0`;
      default: {
        const op = COMPARAR[operador];
        if (!op || Array.isArray(v)) throw new ErroNegocio(MENSAGENS_FILTRO.operadorNaoPermitido(operador));
        if (c.tipo === 'booleano' && op !== '=' && op !== '<>')
          throw new ErroNegocio(MENSAGENS_FILTRO.operadorNaoPermitido(operador));
        return sql`${e} ${sql.raw(op)} ${valor(campo, c, v)}`;
      }
    }
  });
}
