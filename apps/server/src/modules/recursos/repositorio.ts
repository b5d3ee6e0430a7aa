import type { DefinicaoRecurso } from '@retaguarda/domain';
import { nomeIndiceUnico, paraSnakeCase, recursos } from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codigoErroPg, consultar, consultarUm, type Linha, restricaoErroPg } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { ehId, novoId } from '../../lib/ids.ts';
import { type ColunaPublica, colunasDoRecurso } from './colunas.ts';
import { compilarFiltro, expressao, resolverAlvo } from './filtro.ts';
import { mascararSegredos } from './segredos.ts';
import { type ValorColuna, validarEntrada } from './validacao.ts';

/** Who is asking, from the token: tenancy never comes from the body. */
export interface ContextoAcesso {
  grupoEmpresarialId: string;
  usuarioId: string;
  /** Stores whose rows this request may touch (store-scoped resources only). */
  empresasPermitidas: readonly string[];
}

export interface ConsultaPopulate {
  filtro?: unknown;
  select?: unknown;
  populateObj?: unknown;
  sort?: unknown;
  limit?: unknown;
  skip?: unknown;
}

/**
 * Runs inside the transaction of every generic write, after the row and its audit: what must change with
 * the row or not at all (the POS versioning record of the stores, modules/referencia).
 */
export type GanchoGravacao = (
  tx: Db,
  evento: {
    def: DefinicaoRecurso;
    ctx: ContextoAcesso;
    acao: 'incluir' | 'alterar' | 'excluir';
    antes: Linha | null;
    depois: Linha;
  },
) => Promise<void>;

const LIMITE_PADRAO = 100;
const LIMITE_MAXIMO_PADRAO = 1000;

function tabelaSql(def: DefinicaoRecurso): SQL {
  return sql`${sql.identifier(def.tabelaSql)}`;
}

function valorParaJson(coluna: ColunaPublica, valor: unknown): unknown {
  if (valor instanceof Date) return valor.toISOString();
  // PGlite returns timestamptz as text; both drivers answer ISO 8601 in UTC.
  if (coluna.tipo === 'data' && typeof valor === 'string') return new Date(valor).toISOString();
  if (coluna.tipo === 'numero' && typeof valor === 'number' && coluna.definicao?.tipo === 'decimal') {
    return String(valor);
  }
  return valor;
}

export function linhaParaJson(def: DefinicaoRecurso, linha: Linha, campos?: ReadonlySet<string>): Linha {
  const saida: Linha = {};
  for (const coluna of colunasDoRecurso(def).publicas) {
    if (campos && !campos.has(coluna.campo)) continue;
    if (!(coluna.coluna in linha)) continue;
    saida[coluna.campo] = valorParaJson(coluna, linha[coluna.coluna]);
  }
  return saida;
}

function escopo(def: DefinicaoRecurso, ctx: ContextoAcesso): SQL {
  const partes = [sql`${sql.identifier('grupo_empresarial_id')} = ${ctx.grupoEmpresarialId}`];
  if (def.escopo === 'empresa') {
    if (ctx.empresasPermitidas.length === 0) return sql`false`;
    partes.push(
      sql`${sql.identifier('empresa_id')} in (${sql.join(
        ctx.empresasPermitidas.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(partes, sql` and `);
}

function lerSelect(def: DefinicaoRecurso, select: unknown): Set<string> | undefined {
  if (select === undefined || select === null || select === '') return undefined;
  let nomes: string[];
  if (typeof select === 'string') nomes = select.split(/[\s,]+/).filter(Boolean);
  else if (Array.isArray(select) && select.every((s) => typeof s === 'string')) nomes = select;
  else if (typeof select === 'object' && !Array.isArray(select)) {
    nomes = Object.entries(select)
      .filter(([, v]) => v === 1 || v === true)
      .map(([k]) => k);
  } else throw new ErroNegocio('Select inválido.');
  const { porCampo } = colunasDoRecurso(def);
  for (const nome of nomes) {
    if (!porCampo.has(nome)) throw new ErroNegocio(`Campo de select não permitido: ${nome}`);
  }
  return new Set(['_id', ...nomes]);
}

function lerOrdem(def: DefinicaoRecurso, sort: unknown): SQL {
  // Ties are broken by id so pages never repeat or skip rows.
  const desempate = sql`${sql.identifier('id')} asc`;
  if (sort === undefined || sort === null || sort === '') {
    return def.lista.ordem ? sql`${ordenar(def, def.lista.ordem)}, ${desempate}` : desempate;
  }
  return sql`${ordenar(def, sort)}, ${desempate}`;
}

function ordenar(def: DefinicaoRecurso, sort: unknown): SQL {
  let pares: [string, number][];
  if (typeof sort === 'string') {
    pares = sort
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((p) => (p.startsWith('-') ? [p.slice(1), -1] : [p, 1]));
  } else if (typeof sort === 'object' && sort !== null && !Array.isArray(sort)) {
    pares = Object.entries(sort).map(([k, v]) => {
      if (v !== 1 && v !== -1 && v !== 'asc' && v !== 'desc')
        throw new ErroNegocio(`Ordenação inválida: ${k}`);
      return [k, v === -1 || v === 'desc' ? -1 : 1];
    });
  } else throw new ErroNegocio('Ordenação inválida.');
  if (pares.length === 0 || pares.length > 10) throw new ErroNegocio('Ordenação inválida.');
  return sql.join(
    pares.map(([campo, direcao]) => {
      const e = expressao(resolverAlvo(def, campo));
      return direcao === -1 ? sql`${e} desc nulls last` : sql`${e} asc nulls last`;
    }),
    sql`, `,
  );
}

function lerLimite(def: DefinicaoRecurso, limit: unknown): number {
  if (limit === undefined || limit === null) return LIMITE_PADRAO;
  const maximo = def.limiteMaximo ?? LIMITE_MAXIMO_PADRAO;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw new ErroNegocio('Limite inválido: informe um número inteiro positivo.');
  }
  if (limit > maximo) throw new ErroNegocio(`Limite máximo de registros por consulta é ${maximo}.`);
  return limit;
}

function lerSkip(skip: unknown): number {
  if (skip === undefined || skip === null) return 0;
  if (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0 || skip > 10_000_000) {
    throw new ErroNegocio('Deslocamento (skip) inválido.');
  }
  return skip;
}

interface Populacao {
  caminho: string;
  select?: unknown;
}

function lerPopulate(populateObj: unknown): Populacao[] {
  if (populateObj === undefined || populateObj === null || populateObj === '') return [];
  const lista = Array.isArray(populateObj) ? populateObj : [populateObj];
  if (lista.length > 20) throw new ErroNegocio('Populate inválido: caminhos demais.');
  return lista.flatMap((p): Populacao[] => {
    if (typeof p === 'string')
      return p
        .split(/\s+/)
        .filter(Boolean)
        .map((caminho) => ({ caminho }));
    if (typeof p === 'object' && p !== null && typeof (p as { path?: unknown }).path === 'string') {
      return [{ caminho: (p as { path: string }).path, select: (p as { select?: unknown }).select }];
    }
    throw new ErroNegocio('Populate inválido.');
  });
}

/** The referenced table of a populate path: a ref/refs field, or a reference declared inside a json block. */
function destinoPopulate(def: DefinicaoRecurso, caminho: string): DefinicaoRecurso {
  const [raiz, ...resto] = caminho.split('.');
  const campo = raiz === undefined ? undefined : def.campos[raiz];
  let tabela: string | undefined;
  if (campo && !campo.privado) {
    if ((campo.tipo === 'ref' || campo.tipo === 'refs') && resto.length === 0) tabela = campo.tabela;
    if (campo.tipo === 'json' && resto.length > 0) tabela = campo.refs?.[resto.join('.')];
  }
  const destino = tabela === undefined ? undefined : recursos.recursoPorTabela(tabela);
  if (!destino) throw new ErroNegocio(`Populate não permitido: ${caminho}`);
  return destino;
}

function lerCaminho(obj: Linha, partes: string[]): unknown {
  let atual: unknown = obj;
  for (const p of partes) {
    if (typeof atual !== 'object' || atual === null) return undefined;
    atual = (atual as Linha)[p];
  }
  return atual;
}

function escreverCaminho(obj: Linha, partes: string[], valor: unknown): void {
  let atual: Linha = obj;
  for (const p of partes.slice(0, -1)) {
    const prox = atual[p];
    if (typeof prox !== 'object' || prox === null) return;
    atual = prox as Linha;
  }
  const ultima = partes.at(-1);
  if (ultima !== undefined) atual[ultima] = valor;
}

export class RepositorioRecursos {
  private readonly ganchos: GanchoGravacao[] = [];

  constructor(private readonly db: Db) {}

  registrarGancho(gancho: GanchoGravacao): void {
    this.ganchos.push(gancho);
  }

  /** The row, its audit and the hooks commit together or not at all. */
  private escrever(executar: (tx: Db) => Promise<Parameters<GanchoGravacao>[1]>): Promise<Linha> {
    return this.db.transaction(async (tx) => {
      const evento = await executar(tx);
      for (const gancho of this.ganchos) await gancho(tx, evento);
      return evento.depois;
    });
  }

  async buscar(def: DefinicaoRecurso, ctx: ContextoAcesso, consulta: ConsultaPopulate): Promise<Linha[]> {
    const filtro = compilarFiltro(def, consulta.filtro);
    const campos = lerSelect(def, consulta.select);
    const ordem = lerOrdem(def, consulta.sort);
    const limite = lerLimite(def, consulta.limit);
    const skip = lerSkip(consulta.skip);
    const populacoes = lerPopulate(consulta.populateObj);
    const destinos = populacoes.map((p) => ({ ...p, destino: destinoPopulate(def, p.caminho) }));

    // Trash stays hidden unless the filter asks about `lixo` (the spec's loaders always pass lixo:false).
    const mencionaLixo = JSON.stringify(consulta.filtro ?? {}).includes('"lixo"');
    const condicoes = [escopo(def, ctx)];
    if (!mencionaLixo) condicoes.push(sql`lixo = false`);
    if (filtro) condicoes.push(sql`(${filtro})`);
    const colunasSql = campos
      ? sql.join(
          colunasDoRecurso(def)
            .publicas.filter(
              (c) => campos.has(c.campo) || destinos.some((d) => d.caminho.split('.')[0] === c.campo),
            )
            .map((c) => sql.identifier(c.coluna)),
          sql`, `,
        )
      : sql`*`;
    const linhas = await consultar(
      this.db,
      sql`select ${colunasSql} from ${tabelaSql(def)} where ${sql.join(condicoes, sql` and `)} order by ${ordem} limit ${limite} offset ${skip}`,
    );
    // Lists and populated references never carry a secret (segredos.ts); obter keeps them for the writes.
    const resultado = linhas.map((l) => mascararSegredos(def, linhaParaJson(def, l, campos)));
    for (const d of destinos) await this.popular(resultado, d.caminho, d.destino, ctx, d.select);
    return resultado;
  }

  /** How many rows a filter matches (the list screens' pagination). */
  async contar(def: DefinicaoRecurso, ctx: ContextoAcesso, filtroEntrada: unknown): Promise<number> {
    const filtro = compilarFiltro(def, filtroEntrada);
    const condicoes = [escopo(def, ctx)];
    if (!JSON.stringify(filtroEntrada ?? {}).includes('"lixo"')) condicoes.push(sql`lixo = false`);
    if (filtro) condicoes.push(sql`(${filtro})`);
    const linha = await consultarUm(
      this.db,
      sql`select count(*)::int as total from ${tabelaSql(def)} where ${sql.join(condicoes, sql` and `)}`,
    );
    return Number(linha?.total ?? 0);
  }

  /** Who changed a row, what and when (newest first). */
  async historico(def: DefinicaoRecurso, ctx: ContextoAcesso, id: string): Promise<Linha[]> {
    if (!(await this.obter(def, ctx, id))) throw new ErroNegocio('Registro não encontrado.');
    const linhas = await consultar(
      this.db,
      sql`select a.id, a.acao, a.antes, a.depois, a.created_at, a.usuario_id, u.nome as usuario_nome
          from auditoria a left join usuario u on u.id = a.usuario_id
          where a.grupo_empresarial_id = ${ctx.grupoEmpresarialId} and a.tabela = ${def.tabela} and a.registro_id = ${id}
          order by a.created_at desc, a.id desc limit 500`,
    );
    return linhas.map((l) => ({
      _id: l.id,
      acao: l.acao,
      dataHora: new Date(l.created_at as string).toISOString(),
      usuario: l.usuario_id ? { _id: l.usuario_id, nome: l.usuario_nome } : null,
      // Rows audited before secrets were masked on the way in are masked on the way out.
      alteracoes: diferencas(mascarada(def, l.antes), mascarada(def, l.depois)),
    }));
  }

  private async popular(
    docs: Linha[],
    caminho: string,
    destino: DefinicaoRecurso,
    ctx: ContextoAcesso,
    select: unknown,
  ): Promise<void> {
    const partes = caminho.split('.');
    const ids = new Set<string>();
    for (const doc of docs) {
      const v = lerCaminho(doc, partes);
      for (const id of Array.isArray(v) ? v : [v]) if (ehId(id)) ids.add(id);
    }
    if (ids.size === 0) return;
    // Referenced rows are read with the same tenancy: another group's row never leaks through a reference.
    const ctxDestino = destino.escopo === 'empresa' ? ctx : { ...ctx, empresasPermitidas: [] };
    const encontrados = await this.buscar(destino, ctxDestino, {
      filtro: { _id: { $in: [...ids] }, lixo: { $in: [true, false] } },
      select,
      limit: Math.min(ids.size, destino.limiteMaximo ?? LIMITE_MAXIMO_PADRAO),
    });
    const porId = new Map(encontrados.map((e) => [e._id as string, e]));
    for (const doc of docs) {
      const v = lerCaminho(doc, partes);
      if (Array.isArray(v))
        escreverCaminho(
          doc,
          partes,
          v.map((id) => (ehId(id) ? (porId.get(id) ?? id) : id)),
        );
      else if (ehId(v)) escreverCaminho(doc, partes, porId.get(v) ?? v);
    }
  }

  async obter(
    def: DefinicaoRecurso,
    ctx: ContextoAcesso,
    id: string,
    executor: Db = this.db,
  ): Promise<Linha | undefined> {
    if (!ehId(id)) return undefined;
    const linha = await consultarUm(
      executor,
      sql`select * from ${tabelaSql(def)} where ${escopo(def, ctx)} and id = ${id}`,
    );
    return linha && linhaParaJson(def, linha);
  }

  async criar(def: DefinicaoRecurso, ctx: ContextoAcesso, corpo: unknown): Promise<Linha> {
    const valores = validarEntrada(def, corpo, false);
    const bruto = corpo as Linha;
    const id = ehId(bruto._id) ? bruto._id : novoId();
    const colunas: Record<string, SQL> = {
      id: sql`${id}`,
      grupo_empresarial_id: sql`${ctx.grupoEmpresarialId}`,
    };
    for (const [coluna, v] of Object.entries(valores)) colunas[coluna] = paraParametro(v);
    if (def.escopo === 'empresa') {
      const empresaId = bruto.empresa;
      if (!ehId(empresaId)) throw new ErroNegocio('Empresa não informada.');
      if (!ctx.empresasPermitidas.includes(empresaId)) {
        throw new ErroNegocio('Usuário sem permissão para acessar essa empresa.');
      }
      colunas.empresa_id = sql`${empresaId}`;
    }
    colunas.created_by = sql`${ctx.usuarioId}`;
    colunas.updated_by = sql`${ctx.usuarioId}`;
    const nomes = Object.keys(colunas);
    return this.escrever(async (tx) => {
      const linha = await this.gravar(
        tx,
        def,
        sql`insert into ${tabelaSql(def)} (${sql.join(
          nomes.map((n) => sql.identifier(n)),
          sql`, `,
        )}) values (${sql.join(
          nomes.map((n) => colunas[n]!),
          sql`, `,
        )}) returning *`,
      );
      const json = linhaParaJson(def, linha);
      await this.auditar(tx, def, ctx, id, 'incluir', null, json, empresaAuditada(json));
      return { def, ctx, acao: 'incluir', antes: null, depois: json };
    });
  }

  async alterar(def: DefinicaoRecurso, ctx: ContextoAcesso, id: string, corpo: unknown): Promise<Linha> {
    if (!(await this.obter(def, ctx, id))) throw new ErroNegocio('Registro não encontrado.');
    const valores = validarEntrada(def, corpo, true);
    const atribuicoes = Object.entries(valores).map(
      ([c, v]) => sql`${sql.identifier(c)} = ${paraParametro(v)}`,
    );
    atribuicoes.push(sql`updated_at = now()`, sql`updated_by = ${ctx.usuarioId}`);
    return this.escrever(async (tx) => {
      const antes = await this.obter(def, ctx, id, tx);
      if (!antes) throw new ErroNegocio('Registro não encontrado.');
      const linha = await this.gravar(
        tx,
        def,
        sql`update ${tabelaSql(def)} set ${sql.join(atribuicoes, sql`, `)} where ${escopo(def, ctx)} and id = ${id} returning *`,
      );
      const depois = linhaParaJson(def, linha);
      await this.auditar(tx, def, ctx, id, 'alterar', antes, depois, empresaAuditada(antes));
      return { def, ctx, acao: 'alterar', antes, depois };
    });
  }

  async excluir(def: DefinicaoRecurso, ctx: ContextoAcesso, id: string): Promise<Linha> {
    return this.escrever(async (tx) => {
      const antes = await this.obter(def, ctx, id, tx);
      if (!antes) throw new ErroNegocio('Registro não encontrado.');
      const linha = await this.gravar(
        tx,
        def,
        sql`update ${tabelaSql(def)} set lixo = true, updated_at = now(), updated_by = ${ctx.usuarioId} where ${escopo(def, ctx)} and id = ${id} returning *`,
      );
      const depois = linhaParaJson(def, linha);
      await this.auditar(tx, def, ctx, id, 'excluir', antes, depois, empresaAuditada(antes));
      return { def, ctx, acao: 'excluir', antes, depois };
    });
  }

  private async gravar(tx: Db, def: DefinicaoRecurso, comando: SQL): Promise<Linha> {
    try {
      const linha = await consultarUm(tx, comando);
      if (!linha) throw new ErroNegocio('Registro não encontrado.');
      return linha;
    } catch (erro) {
      if (codigoErroPg(erro) === '23505') {
        const campo = Object.entries(def.campos).find(
          ([n, c]) =>
            (c.tipo === 'texto' || c.tipo === 'inteiro') &&
            c.unico &&
            restricaoErroPg(erro) === `${def.tabelaSql}_${paraSnakeCase(n)}_uq`,
        );
        const combinacao = def.unicos?.find((u) => restricaoErroPg(erro) === nomeIndiceUnico(def, u.campos));
        throw new ErroNegocio(
          campo
            ? `Já existe um registro com este valor de ${campo[1].rotulo}.`
            : (combinacao?.mensagem ?? 'Já existe um registro com estes dados.'),
        );
      }
      throw erro;
    }
  }

  private async auditar(
    tx: Db,
    def: DefinicaoRecurso,
    ctx: ContextoAcesso,
    registroId: string,
    acao: 'incluir' | 'alterar' | 'excluir',
    antes: Linha | null,
    depois: Linha,
    empresaId: string | undefined,
  ): Promise<void> {
    // The audit trail stores secrets masked (issue 14 point 3): whoever reads it never reads a password.
    const de = antes && mascararSegredos(def, antes);
    const para = mascararSegredos(def, depois);
    await consultar(
      tx,
      sql`insert into auditoria (id, grupo_empresarial_id, empresa_id, tabela, registro_id, acao, usuario_id, antes, depois)
          values (${novoId()}, ${ctx.grupoEmpresarialId}, ${empresaId ?? null}, ${def.tabela}, ${registroId}, ${acao},
                  ${ctx.usuarioId}, ${de === null ? null : JSON.stringify(de)}::jsonb, ${JSON.stringify(para)}::jsonb)`,
    );
  }
}

const mascarada = (def: DefinicaoRecurso, v: unknown): Linha | null =>
  typeof v === 'object' && v !== null ? mascararSegredos(def, v as Linha) : null;

/** The audit row's company: only a single-store record has one (multi-store ones keep a list of ids). */
const empresaAuditada = (linha: Linha): string | undefined =>
  typeof linha.empresa === 'string' ? linha.empresa : undefined;

const CAMPOS_DE_CONTROLE = new Set(['updated_at', 'updatedBy', 'created_at', 'createdBy']);

/** Field-by-field changes between two versions of a row (control fields left out). */
function diferencas(
  antes: Linha | null,
  depois: Linha | null,
): { campo: string; de: unknown; para: unknown }[] {
  const campos = new Set([...Object.keys(antes ?? {}), ...Object.keys(depois ?? {})]);
  const lista: { campo: string; de: unknown; para: unknown }[] = [];
  for (const campo of campos) {
    if (CAMPOS_DE_CONTROLE.has(campo)) continue;
    const de = antes?.[campo] ?? null;
    const para = depois?.[campo] ?? null;
    if (JSON.stringify(de) !== JSON.stringify(para)) lista.push({ campo, de, para });
  }
  return lista;
}

/** jsonb and text[] values need explicit parameters so both drivers store them alike. */
function paraParametro({ campo, valor }: ValorColuna): SQL {
  if (valor === null || valor === undefined) return sql`null`;
  if (campo.tipo === 'refs' && Array.isArray(valor)) {
    return valor.length === 0
      ? sql`'{}'::text[]`
      : sql`array[${sql.join(
          valor.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`;
  }
  if (campo.tipo === 'json' || campo.tipo === 'catalogo') return sql`${JSON.stringify(valor)}::jsonb`;
  if (campo.tipo === 'decimal') return sql`${String(valor)}::numeric`;
  return sql`${valor}`;
}
