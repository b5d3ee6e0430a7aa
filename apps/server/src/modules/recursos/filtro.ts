import {
  type DefinicaoRecurso,
  FILTRO_MAXIMO_VALORES,
  lerDataEntrada,
  lerNumeroEntrada,
  MENSAGENS_ENTRADA,
  validarTextoSeguro,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import { ErroNegocio } from '../../lib/envelope.ts';
import { padraoContem } from '../../lib/like.ts';
import { type ColunaPublica, colunasDoRecurso } from './colunas.ts';

// Compiles the Mongo-style `filtro` of getPopulate (DESIGN section 3) into parameterised SQL.
// Only whitelisted fields and operators pass; every value travels as a bound parameter.

const OPERADORES = new Set([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$regex',
  '$options',
  '$exists',
]);
const SEGMENTO = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_TERMOS = 500;
const MAX_PROFUNDIDADE = 6;
const MAX_LISTA = 5000;

/** A place a filter can point at: a column, or a path inside a jsonb column. */
export interface Alvo {
  campo: string;
  coluna: ColunaPublica;
  caminho: string[] | null;
}

const ehObjeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function resolverAlvo(def: DefinicaoRecurso, campo: string): Alvo {
  const { porCampo } = colunasDoRecurso(def);
  const direto = porCampo.get(campo);
  if (direto) return { campo, coluna: direto, caminho: null };
  const [raiz, ...resto] = campo.split('.');
  const coluna = raiz === undefined ? undefined : porCampo.get(raiz);
  if (coluna?.tipo === 'json' && resto.length > 0 && resto.every((s) => SEGMENTO.test(s))) {
    const sub = resto.join('.');
    const d = coluna.definicao;
    const permitido =
      d?.tipo === 'catalogo'
        ? ['id', 'descricao', 'sigla'].includes(sub)
        : d?.tipo === 'json' && ((d.caminhosFiltro ?? []).includes(sub) || Object.hasOwn(d.refs ?? {}, sub));
    if (permitido) return { campo, coluna, caminho: resto };
  }
  throw new ErroNegocio(`Campo de filtro não permitido: ${campo}`);
}

export function expressao(alvo: Alvo): SQL {
  const col = sql.identifier(alvo.coluna.coluna);
  if (!alvo.caminho) return sql`${col}`;
  return sql`(${col} #>> ${`{${alvo.caminho.join(',')}}`}::text[])`;
}

function erroValor(campo: string, motivo?: string): never {
  throw new ErroNegocio(`Valor inválido no filtro para o campo ${campo}.${motivo ? ` ${motivo}` : ''}`);
}

function texto(alvo: Alvo, valor: unknown): string {
  if (typeof valor !== 'string' || valor.length > 1000) erroValor(alvo.campo);
  const seguro = validarTextoSeguro(valor);
  if (seguro !== true) erroValor(alvo.campo, seguro);
  return valor;
}

// Converts a filter value to a typed SQL parameter for the target, refusing what the column cannot hold
// (so a bad value is a clear message, never a database error).
function parametro(alvo: Alvo, valor: unknown): SQL {
  const tipo = alvo.caminho ? 'json' : alvo.coluna.tipo;
  switch (tipo) {
    case 'texto':
    case 'id':
    case 'ids':
      return sql`${texto(alvo, valor)}::text`;
    case 'numero': {
      // Decimal notation within the columns' limits, as the writes (no '0x1F', 30 digits or 2^31).
      const lido = lerNumeroEntrada(valor);
      // Not a number at all: the plain message; a number out of notation or limits says which.
      if ('erro' in lido)
        erroValor(alvo.campo, lido.erro === MENSAGENS_ENTRADA.numero ? undefined : lido.erro);
      return sql`${lido.texto}::numeric`;
    }
    case 'booleano':
      if (typeof valor !== 'boolean') erroValor(alvo.campo);
      return sql`${valor}::boolean`;
    case 'data': {
      const data = lerDataEntrada(valor);
      if (data === undefined) erroValor(alvo.campo, MENSAGENS_ENTRADA.data);
      return sql`${data}::timestamptz`;
    }
    case 'json':
      if (typeof valor === 'string') return sql`${texto(alvo, valor)}::text`;
      if (typeof valor !== 'number' && typeof valor !== 'boolean') erroValor(alvo.campo);
      if (typeof valor === 'number' && !Number.isFinite(valor)) erroValor(alvo.campo);
      return sql`${String(valor)}::text`;
  }
}

// jsonb values compare as text, but numeric order needs a guarded cast (never fails on non-numbers).
function ladoEsquerdo(alvo: Alvo, valor: unknown, ordem: boolean): SQL {
  const e = expressao(alvo);
  if (alvo.caminho && ordem && typeof valor === 'number') {
    return sql`(case when ${e} ~ '^-?[0-9]+(\\.[0-9]+)?$' then ${e}::numeric end)`;
  }
  return e;
}

function valorParaJson(alvo: Alvo, valor: unknown): SQL {
  if (alvo.caminho && typeof valor === 'number') {
    const lido = lerNumeroEntrada(valor);
    if ('erro' in lido) erroValor(alvo.campo, lido.erro);
    return sql`${lido.texto}::numeric`;
  }
  return parametro(alvo, valor);
}

function comparacao(alvo: Alvo, op: string, valor: unknown, opcoes: unknown): SQL {
  const e = expressao(alvo);
  const ehLista = alvo.coluna.tipo === 'ids' && !alvo.caminho;
  if (valor === null && (op === '$eq' || op === '$ne')) {
    return op === '$eq' ? sql`${e} is null` : sql`${e} is not null`;
  }
  switch (op) {
    case '$eq':
      return ehLista ? sql`${parametro(alvo, valor)} = any(${e})` : sql`${e} = ${parametro(alvo, valor)}`;
    case '$ne':
      return ehLista
        ? sql`not (${parametro(alvo, valor)} = any(coalesce(${e}, '{}')))`
        : sql`${e} is distinct from ${parametro(alvo, valor)}`;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (ehLista) erroValor(alvo.campo);
      const simbolo = { $gt: sql`>`, $gte: sql`>=`, $lt: sql`<`, $lte: sql`<=` }[op];
      return sql`${ladoEsquerdo(alvo, valor, true)} ${simbolo} ${valorParaJson(alvo, valor)}`;
    }
    case '$in':
    case '$nin': {
      if (!Array.isArray(valor) || valor.length > MAX_LISTA) erroValor(alvo.campo);
      if (valor.length === 0) return op === '$in' ? sql`false` : sql`true`;
      const itens = sql.join(
        valor.map((v) => parametro(alvo, v)),
        sql`, `,
      );
      if (ehLista)
        return op === '$in'
          ? sql`${e} && array[${itens}]`
          : sql`not (coalesce(${e}, '{}') && array[${itens}])`;
      return op === '$in' ? sql`${e} in (${itens})` : sql`(${e} is null or ${e} not in (${itens}))`;
    }
    case '$regex': {
      if (typeof valor !== 'string' || valor.length > 200) erroValor(alvo.campo);
      if (opcoes !== undefined && (typeof opcoes !== 'string' || !/^[imsx]*$/.test(opcoes)))
        erroValor(alvo.campo);
      const padrao = padraoContem(valor);
      const texto = ehLista ? sql`array_to_string(${e}, ' ')` : sql`${e}::text`;
      return typeof opcoes === 'string' && opcoes.includes('i')
        ? sql`${texto} ilike ${padrao}`
        : sql`${texto} like ${padrao}`;
    }
    case '$exists':
      if (typeof valor !== 'boolean') erroValor(alvo.campo);
      return valor ? sql`${e} is not null` : sql`${e} is null`;
    default:
      throw new ErroNegocio(`Operador de filtro não permitido: ${op}`);
  }
}

function condicaoCampo(def: DefinicaoRecurso, campo: string, valor: unknown): SQL {
  let alvo = resolverAlvo(def, campo);
  // `{ tipo: 77 }` on a catalogue field means its id, as the spec's `status.id` filters do.
  if (alvo.coluna.definicao?.tipo === 'catalogo' && !alvo.caminho) alvo = { ...alvo, caminho: ['id'] };
  // A whole json block (e.g. `atribuicoes`) matches like a Mongo array: `{ atribuicoes: 'Motoboy' }` contains it.
  if (alvo.coluna.tipo === 'json' && !alvo.caminho) return condicaoBlocoJson(alvo, valor);
  if (!ehObjeto(valor)) return comparacao(alvo, '$eq', valor, undefined);
  const chaves = Object.keys(valor);
  if (chaves.length === 0) erroValor(campo);
  const partes: SQL[] = [];
  for (const op of chaves) {
    if (!OPERADORES.has(op)) throw new ErroNegocio(`Operador de filtro não permitido: ${op}`);
    if (op === '$options') {
      if (!('$regex' in valor)) erroValor(campo);
      continue;
    }
    partes.push(comparacao(alvo, op, valor[op], valor.$options));
  }
  return sql.join(partes, sql` and `);
}

function condicaoBlocoJson(alvo: Alvo, valor: unknown): SQL {
  const e = expressao(alvo);
  const contem = (v: unknown) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') erroValor(alvo.campo);
    if (typeof v === 'string') texto(alvo, v);
    return sql`(${e} @> ${JSON.stringify([v])}::jsonb or ${e} = ${JSON.stringify(v)}::jsonb)`;
  };
  if (!ehObjeto(valor)) return valor === null ? sql`${e} is null` : contem(valor);
  const [op, ...resto] = Object.keys(valor);
  if (resto.length > 0) erroValor(alvo.campo);
  if (op === '$exists') return comparacao(alvo, '$exists', valor.$exists, undefined);
  if (op === '$eq') return contem(valor.$eq);
  if (op === '$ne') return sql`not coalesce(${contem(valor.$ne)}, false)`;
  if (op === '$in' && Array.isArray(valor.$in) && valor.$in.length > 0 && valor.$in.length <= 100) {
    return sql`(${sql.join(valor.$in.map(contem), sql` or `)})`;
  }
  throw new ErroNegocio(`Operador de filtro não permitido para o campo ${alvo.campo}: ${op}`);
}

/** Values of a filter (each one a bound parameter at most twice), counted before anything is compiled. */
function contarValores(valor: unknown): number {
  let total = 0;
  const pilha: unknown[] = [valor];
  while (pilha.length > 0 && total <= FILTRO_MAXIMO_VALORES) {
    const atual = pilha.pop();
    if (typeof atual !== 'object' || atual === null) total++;
    else for (const v of Object.values(atual)) pilha.push(v);
  }
  return total;
}

export function compilarFiltro(def: DefinicaoRecurso, filtro: unknown): SQL | null {
  // PostgreSQL binds at most 65,535 parameters: a filter past the budget is refused, not sent.
  if (contarValores(filtro) > FILTRO_MAXIMO_VALORES) throw new ErroNegocio(MENSAGENS_ENTRADA.filtroValores);
  let termos = 0;
  const compilar = (f: unknown, profundidade: number): SQL | null => {
    if (f === undefined || f === null) return null;
    if (!ehObjeto(f)) throw new ErroNegocio('Filtro inválido: informe um objeto.');
    if (profundidade > MAX_PROFUNDIDADE) throw new ErroNegocio('Filtro inválido: aninhamento excessivo.');
    const partes: SQL[] = [];
    for (const [chave, valor] of Object.entries(f)) {
      if (++termos > MAX_TERMOS) throw new ErroNegocio('Filtro inválido: termos demais.');
      if (chave === '$and' || chave === '$or') {
        if (!Array.isArray(valor) || valor.length === 0)
          throw new ErroNegocio(`Filtro inválido em ${chave}.`);
        const sub = valor.map((v) => compilar(v, profundidade + 1) ?? sql`true`);
        partes.push(sql`(${sql.join(sub, chave === '$and' ? sql` and ` : sql` or `)})`);
        continue;
      }
      if (chave.startsWith('$')) throw new ErroNegocio(`Operador de filtro não permitido: ${chave}`);
      partes.push(condicaoCampo(def, chave, valor));
    }
    return partes.length ? sql.join(partes, sql` and `) : null;
  };
  return compilar(filtro, 0);
}
