import {
  type Pagamento,
  type StatusVendaId,
  statusVenda,
  type TipoVendaId,
  tiposVenda,
  type Venda,
  type VendaItem,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarPreparada, consultarUm, type Linha } from '../../db/consultar.ts';
import { novoId } from '../../lib/ids.ts';
import { COLUNAS_ITEM, COLUNAS_PAGAMENTO, COLUNAS_TOTAIS, type ColunaMapeada } from './vendas.tables.ts';

// Reads and writes a sale with its items and payments: one query to load (the sale with its items and payments
// as one JSON value built in SQL, numerics as text so money never passes through a float) and one statement to
// save (a PL/pgSQL function: upsert items and payments, delete the ones gone, update the sale, bump versao).

/** A stored sale: the domain object plus what only the store's records carry. */
export interface VendaRegistro {
  venda: Venda;
  mesa: number | null;
  comanda: number | null;
  periodo: string | null;
  versao: number;
  encerradaEm: string | null;
}

export interface EventoGravar {
  tipo: string;
  operador: unknown;
  terminal: string | null;
  motivo: string;
  supervisor: { _id: string } | null;
  vendaCompleta: boolean;
  produtos: unknown;
  valorDesconto: string;
  dataHora: string;
}

/** json_build_object('chave', coluna::text, ...) for one mapped table (numerics as text). */
function objetoJson(colunas: readonly ColunaMapeada[], alias: string): string {
  const pares = colunas.map((c) => {
    const ref = `${alias}.${c.coluna}`;
    const valor =
      c.tipo === 'dinheiro' || c.tipo === 'quantidade' || c.tipo === 'custo' ? `${ref}::text` : ref;
    return `'${c.chave}', ${valor}`;
  });
  return `json_build_object(${pares.join(', ')})`;
}

const JSON_ITEM = objetoJson(COLUNAS_ITEM, 'i');
const JSON_PAGAMENTO = objetoJson(COLUNAS_PAGAMENTO, 'p');
const COLS_ITEM = COLUNAS_ITEM.map((c) => c.coluna);
const COLS_PAGAMENTO = COLUNAS_PAGAMENTO.map((c) => c.coluna);
const TOTAIS_SELECT = COLUNAS_TOTAIS.map((c) => `v.${c.coluna}::text as ${c.coluna}`).join(', ');
/** Columns of the sale row that linhaParaRegistro reads (numerics come as text, below). */
const COLUNAS_LIDAS = [
  'id',
  'grupo_empresarial_id',
  'empresa_id',
  'numero',
  'sequencial_periodo',
  'sequencial_periodo_principal',
  'periodo_id',
  'terminal_id',
  'tipo_venda',
  'status',
  'status_expedicao',
  'local_pedido',
  'mesa',
  'comanda',
  'cliente',
  'operador',
  'atendente',
  'entregador',
  'supervisor',
  'venda_descricao',
  'cpf_cnpj',
  'taxa_entrega_manual',
  'distancia_entrega_metros',
  'posicao_venda',
  'combos_realizados',
  'desconto_geral',
  'desconto_justificativa',
  'supervisor_desconto',
  'nfce',
  'data',
  'encerrada_em',
  'versao',
]
  .map((c) => `v.${c}`)
  .join(', ');

/**
 * The sale with its items and payments as ONE json value (`venda`): a result of one field instead of ~90
 * (the driver's per-field work was a large share of a sale call's CPU), parsed natively.
 */
const selectVenda = (extra: string) =>
  sql.raw(`select (select row_to_json(x) from (select ${COLUNAS_LIDAS}, ${TOTAIS_SELECT},
  (select coalesce(json_agg(${JSON_ITEM} order by i.numero_item), '[]'::json)
     from venda_item i where i.venda_id = v.id) as itens,
  (select coalesce(json_agg(${JSON_PAGAMENTO} order by p.data, p.id), '[]'::json)
     from venda_pagamento p where p.venda_id = v.id) as pagamentos) x) as venda${extra}
  from venda v`);
const SELECT_VENDA = selectVenda('');
const SELECT_VENDA_VERSAO = selectVenda(
  ', (select x.versao from venda x where x.id = v.id) as versao_snapshot',
);

const iso = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString()
      : new Date(String(v)).toISOString();

function comDescricao<T extends number>(id: T, cat: { porId(id: T): { descricao: string } | undefined }) {
  return { id, descricao: cat.porId(id)?.descricao ?? String(id) };
}

/** Items and payments come from SQL with ISO timestamps; keep every instant in the same ISO shape. */
function normalizarItem(i: VendaItem): VendaItem {
  return { ...i, data: iso(i.data) ?? i.data };
}
function normalizarPagamento(p: Pagamento): Pagamento {
  return { ...p, data: iso(p.data) ?? p.data };
}

export function linhaParaRegistro(l: Linha): VendaRegistro {
  const totais: Record<string, string> = {};
  for (const c of COLUNAS_TOTAIS) totais[c.chave] = l[c.coluna] as string;
  const venda = {
    _id: l.id as string,
    produtos: (l.itens as VendaItem[]).map(normalizarItem),
    empresa: l.empresa_id as string,
    grupoEmpresarial: l.grupo_empresarial_id as string,
    cliente: (l.cliente as Venda['cliente']) ?? null,
    pagamentos: (l.pagamentos as Pagamento[]).map(normalizarPagamento),
    numero: l.numero as number,
    expedicao: { status: l.status_expedicao as Venda['expedicao']['status'] },
    status: comDescricao(l.status as StatusVendaId, statusVenda),
    localPedido: l.local_pedido == null ? null : { id: l.local_pedido as number },
    tipoVenda: comDescricao(l.tipo_venda as TipoVendaId, tiposVenda),
    atendente: (l.atendente as Venda['atendente']) ?? null,
    entregador: (l.entregador as Venda['entregador']) ?? null,
    operador: (l.operador as Venda['operador']) ?? null,
    supervisor: (l.supervisor as Venda['supervisor']) ?? null,
    vendaDescricao: l.venda_descricao as string,
    terminal: (l.terminal_id as string | null) ?? null,
    cpfCnpj: (l.cpf_cnpj as string | null) ?? null,
    ...totais,
    taxaEntregaManual: l.taxa_entrega_manual === true,
    distanciaEntregaMetros: (l.distancia_entrega_metros as number | null) ?? null,
    sequencialPeriodo: (l.sequencial_periodo as number | null) ?? null,
    sequencialPeriodoPrincipal: (l.sequencial_periodo_principal as number | null) ?? null,
    combosRealizados: l.combos_realizados as Venda['combosRealizados'],
    posicaoVenda: l.posicao_venda as number,
    nfce: l.nfce as Venda['nfce'],
    descontoJustificativa: (l.desconto_justificativa as string | null) ?? null,
    supervisorDesconto: (l.supervisor_desconto as Venda['supervisorDesconto']) ?? null,
    descontoGeral: (l.desconto_geral as Venda['descontoGeral']) ?? null,
    data: iso(l.data) as string,
  } as Venda;
  return {
    venda,
    mesa: (l.mesa as number | null) ?? null,
    comanda: (l.comanda as number | null) ?? null,
    periodo: (l.periodo_id as string | null) ?? null,
    versao: l.versao as number,
    encerradaEm: iso(l.encerrada_em),
  };
}

/**
 * Loads a sale of the group; `bloquear` takes its row lock until the transaction ends, in the same round
 * trip. Under READ COMMITTED a `select ... for update` that waited for another terminal re-reads the locked
 * row but evaluates the aggregated items and payments with its first snapshot; the sale's versao read again
 * through a subquery (old snapshot) then differs from the locked row's, and the sale is read once more by a
 * new statement so nothing the other terminal wrote is lost.
 */
export async function carregarVenda(
  db: Db,
  grupoEmpresarialId: string,
  id: string,
  bloquear: boolean,
): Promise<VendaRegistro | undefined> {
  const [l] = await consultarPreparada(
    db,
    'venda_carregar',
    bloquear
      ? sql`${SELECT_VENDA_VERSAO} where v.id = ${id} and v.grupo_empresarial_id = ${grupoEmpresarialId} for update of v`
      : sql`${SELECT_VENDA} where v.id = ${id} and v.grupo_empresarial_id = ${grupoEmpresarialId}`,
  );
  if (!l) return undefined;
  const venda = l.venda as Linha;
  if (bloquear && venda.versao !== l.versao_snapshot) return carregarVenda(db, grupoEmpresarialId, id, false);
  return linhaParaRegistro(venda);
}

export async function buscarVendas(db: Db, onde: SQL, limite: number): Promise<VendaRegistro[]> {
  const linhas = await consultar(db, sql`${SELECT_VENDA} where ${onde} order by v.data desc limit ${limite}`);
  return linhas.map((l) => linhaParaRegistro(l.venda as Linha));
}

/** Next value of a numbering counter, inside the caller's transaction (row lock: no gap, no duplicate). */
export async function proximoNumero(db: Db, grupo: string, empresa: string, chave: string): Promise<number> {
  const l = await consultarUm(
    db,
    sql`insert into venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
        values (${grupo}, ${empresa}, ${chave}, 1)
        on conflict (grupo_empresarial_id, empresa_id, chave) do update set valor = venda_numeracao.valor + 1
        returning valor`,
  );
  return Number(l?.valor);
}

/** Columns of the sale row written by every save (besides id, group and store), from the sale. */
function linhaVenda(r: VendaRegistro): Record<string, unknown> {
  const v = r.venda;
  const linha: Record<string, unknown> = {
    numero: v.numero,
    sequencial_periodo: v.sequencialPeriodo ?? null,
    sequencial_periodo_principal: v.sequencialPeriodoPrincipal ?? null,
    periodo_id: r.periodo,
    terminal_id: v.terminal ?? null,
    tipo_venda: v.tipoVenda.id,
    status: v.status.id,
    status_expedicao: v.expedicao.status,
    local_pedido: v.localPedido?.id ?? null,
    mesa: r.mesa,
    comanda: r.comanda,
    cliente_id: v.cliente?._id ?? null,
    cliente: v.cliente ?? null,
    operador_id: v.operador?._id ?? null,
    operador: v.operador ?? null,
    atendente: v.atendente ?? null,
    entregador: v.entregador ?? null,
    supervisor: v.supervisor ?? null,
    venda_descricao: v.vendaDescricao,
    cpf_cnpj: v.cpfCnpj ?? null,
    taxa_entrega_manual: v.taxaEntregaManual,
    distancia_entrega_metros: v.distanciaEntregaMetros ?? null,
    posicao_venda: v.posicaoVenda,
    combos_realizados: v.combosRealizados,
    desconto_geral: v.descontoGeral ?? null,
    desconto_justificativa: v.descontoJustificativa ?? null,
    supervisor_desconto: v.supervisorDesconto ?? null,
    nfce: v.nfce,
    data: v.data,
    encerrada_em: r.encerradaEm,
  };
  const totais = v as unknown as Record<string, string>;
  for (const c of COLUNAS_TOTAIS) linha[c.coluna] = totais[c.chave];
  return linha;
}

/** Every column `venda_gravar` writes on the sale row (the keys of linhaVenda). */
export const COLUNAS_VENDA_GRAVADAS: readonly string[] = [
  'numero',
  'sequencial_periodo',
  'sequencial_periodo_principal',
  'periodo_id',
  'terminal_id',
  'tipo_venda',
  'status',
  'status_expedicao',
  'local_pedido',
  'mesa',
  'comanda',
  'cliente_id',
  'cliente',
  'operador_id',
  'operador',
  'atendente',
  'entregador',
  'supervisor',
  'venda_descricao',
  'cpf_cnpj',
  'taxa_entrega_manual',
  'distancia_entrega_metros',
  'posicao_venda',
  'combos_realizados',
  'desconto_geral',
  'desconto_justificativa',
  'supervisor_desconto',
  'nfce',
  'data',
  'encerrada_em',
  ...COLUNAS_TOTAIS.map((c) => c.coluna),
];

const COLS_ITEM_ATUALIZADAS = ['produto_id', ...COLS_ITEM.filter((c) => c !== 'numero_item')];
const COLS_PAGAMENTO_ATUALIZADAS = [
  'forma_pagamento_id',
  'tipo_pagamento',
  ...COLS_PAGAMENTO.filter((c) => c !== 'id'),
];
const atribuir = (cols: readonly string[], de: string) =>
  `(${cols.join(', ')}) = (${cols.map((c) => `${de}.${c}`).join(', ')})`;

/**
 * The PL/pgSQL function that saves a sale, its items and payments (installed by the vendas migration chain;
 * `test/vendas-funcao.test.ts` fails when the committed migration no longer matches this text). Rows come as
 * JSON keyed by column name (`jsonb_populate_record[set]`), so one call with four parameters replaces a
 * statement of hundreds of columns, and the server keeps its plans for the session.
 */
export function sqlFuncaoGravarVenda(): string {
  const cv = COLUNAS_VENDA_GRAVADAS;
  return `CREATE OR REPLACE FUNCTION venda_gravar(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_inserir boolean, p_usuario text)
RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  v_id text := p_venda->>'id';
  v_versao integer;
BEGIN
  IF p_inserir THEN
    INSERT INTO venda (id, grupo_empresarial_id, empresa_id, created_by, ${cv.join(', ')})
      SELECT x.id, x.grupo_empresarial_id, x.empresa_id, p_usuario, ${cv.map((c) => `x.${c}`).join(', ')}
      FROM jsonb_populate_record(NULL::venda, p_venda) x;
    v_versao := 1;
  ELSE
    UPDATE venda v SET ${atribuir(cv, 'x')}, versao = v.versao + 1, updated_at = now()
      FROM jsonb_populate_record(NULL::venda, p_venda) x
      WHERE v.id = v_id RETURNING v.versao INTO v_versao;
  END IF;
  INSERT INTO venda_item SELECT * FROM jsonb_populate_recordset(NULL::venda_item, p_itens)
    ON CONFLICT (venda_id, numero_item) DO UPDATE SET ${atribuir(COLS_ITEM_ATUALIZADAS, 'excluded')};
  DELETE FROM venda_item d WHERE d.venda_id = v_id AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_itens) e WHERE (e->>'numero_item')::integer = d.numero_item);
  INSERT INTO venda_pagamento SELECT * FROM jsonb_populate_recordset(NULL::venda_pagamento, p_pagamentos)
    ON CONFLICT (venda_id, id) DO UPDATE SET ${atribuir(COLS_PAGAMENTO_ATUALIZADAS, 'excluded')};
  DELETE FROM venda_pagamento d WHERE d.venda_id = v_id AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_pagamentos) e WHERE e->>'id' = d.id);
  RETURN v_versao;
END
$fn$;
`;
}

/**
 * venda_gravar_se_versao (migration 0005; 0003 wrote every item and payment): the optimistic save of one
 * call. The sale row is updated only if it still has the versao the caller loaded; then the items and payments
 * that changed are upserted, the ones no longer in `p_numeros_itens` / `p_ids_pagamentos` (JSON arrays) deleted, and the
 * events and the idempotency answer written, in the same statement (its own transaction). NULL means another
 * terminal saved first: reload. Every writer of items and payments bumps versao, so with the versao unchanged
 * the stored rows are the ones the caller loaded and only its differences need writing.
 */
export function sqlFuncaoGravarSeVersao(): string {
  const cv = COLUNAS_VENDA_GRAVADAS;
  return `DROP FUNCTION IF EXISTS venda_gravar_se_versao(jsonb, jsonb, jsonb, integer, jsonb, jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION venda_gravar_se_versao(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_versao integer, p_eventos jsonb, p_idempotencia jsonb, p_numeros_itens jsonb, p_ids_pagamentos jsonb)
RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  v_id text := p_venda->>'id';
  v_versao integer;
BEGIN
  UPDATE venda v SET ${atribuir(cv, 'x')}, versao = v.versao + 1, updated_at = now()
    FROM jsonb_populate_record(NULL::venda, p_venda) x
    WHERE v.id = v_id AND v.versao = p_versao RETURNING v.versao INTO v_versao;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF jsonb_array_length(p_itens) > 0 THEN
    INSERT INTO venda_item SELECT * FROM jsonb_populate_recordset(NULL::venda_item, p_itens)
      ON CONFLICT (venda_id, numero_item) DO UPDATE SET ${atribuir(COLS_ITEM_ATUALIZADAS, 'excluded')};
  END IF;
  DELETE FROM venda_item d WHERE d.venda_id = v_id
    AND d.numero_item <> ALL(ARRAY(SELECT jsonb_array_elements_text(p_numeros_itens)::integer));
  IF jsonb_array_length(p_pagamentos) > 0 THEN
    INSERT INTO venda_pagamento SELECT * FROM jsonb_populate_recordset(NULL::venda_pagamento, p_pagamentos)
      ON CONFLICT (venda_id, id) DO UPDATE SET ${atribuir(COLS_PAGAMENTO_ATUALIZADAS, 'excluded')};
  END IF;
  DELETE FROM venda_pagamento d WHERE d.venda_id = v_id
    AND d.id <> ALL(ARRAY(SELECT jsonb_array_elements_text(p_ids_pagamentos)));
  IF jsonb_array_length(p_eventos) > 0 THEN
    INSERT INTO venda_evento (${COLS_EVENTO.join(', ')})
      SELECT ${COLS_EVENTO.map((c) => `x.${c}`).join(', ')} FROM jsonb_populate_recordset(NULL::venda_evento, p_eventos) x;
  END IF;
  IF p_idempotencia IS NOT NULL THEN
    INSERT INTO idempotencia (chave, grupo_empresarial_id, rota, resposta)
      VALUES (p_idempotencia->>'chave', p_idempotencia->>'grupo', p_idempotencia->>'rota', p_idempotencia->'resposta');
  END IF;
  RETURN v_versao;
END
$fn$;
`;
}

const COLS_EVENTO = [
  'id',
  'grupo_empresarial_id',
  'empresa_id',
  'venda_id',
  'tipo',
  'operador',
  'terminal_id',
  'motivo',
  'supervisor_id',
  'supervisor',
  'venda_completa',
  'produtos',
  'valor_desconto',
  'data_hora',
];

const NUMERICAS = new Set(
  [...COLUNAS_ITEM, ...COLUNAS_PAGAMENTO]
    .filter((c) => c.tipo === 'dinheiro' || c.tipo === 'quantidade' || c.tipo === 'custo')
    .map((c) => c.coluna),
);
/** A decimal without its trailing zeros: the column's scale ("19.215000") and the engine's ("19.2150") agree. */
const semZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);
function comparavel(linha: Record<string, unknown>): string {
  const c: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(linha))
    c[k] = typeof v === 'string' && NUMERICAS.has(k) ? semZeros(v) : v;
  return JSON.stringify(c);
}

/** Rows of `depois` whose values differ from the row with the same key in `antes` (or are new). */
function alteradas(
  depois: Record<string, unknown>[],
  antes: Record<string, unknown>[],
  chave: string,
): Record<string, unknown>[] {
  const anteriores = new Map(antes.map((l) => [l[chave], comparavel(l)]));
  return depois.filter((l) => anteriores.get(l[chave]) !== comparavel(l));
}

/**
 * The optimistic save of `r` loaded as `carregado` (versao `carregado.versao`): only the items and payments
 * that changed travel; null when the sale changed since it was loaded.
 */
export async function gravarSeVersao(
  db: Db,
  r: VendaRegistro,
  carregado: VendaRegistro,
  eventos: readonly EventoGravar[],
  idempotencia: { chave: string; grupo: string; rota: string; resposta: unknown } | null,
): Promise<number | null> {
  const { venda, itens, pagamentos } = colunasGravar(r);
  const antes = linhasFilhas(carregado);
  const v = r.venda;
  const evs = eventos.map((e) => ({
    id: novoId(),
    grupo_empresarial_id: v.grupoEmpresarial,
    empresa_id: v.empresa,
    venda_id: v._id,
    tipo: e.tipo,
    operador: e.operador ?? null,
    terminal_id: e.terminal,
    motivo: e.motivo,
    supervisor_id: e.supervisor?._id ?? null,
    supervisor: e.supervisor,
    venda_completa: e.vendaCompleta,
    produtos: e.produtos,
    valor_desconto: e.valorDesconto,
    data_hora: e.dataHora,
  }));
  const [l] = await consultarPreparada(
    db,
    'venda_gravar_se_versao',
    sql`select venda_gravar_se_versao(${JSON.stringify(venda)}::jsonb,
          ${JSON.stringify(alteradas(itens, antes.itens, 'numero_item'))}::jsonb,
          ${JSON.stringify(alteradas(pagamentos, antes.pagamentos, 'id'))}::jsonb, ${carregado.versao},
          ${JSON.stringify(evs)}::jsonb, ${idempotencia ? JSON.stringify(idempotencia) : null}::jsonb,
          ${JSON.stringify(itens.map((i) => i.numero_item))}::jsonb,
          ${JSON.stringify(pagamentos.map((p) => p.id))}::jsonb) as versao`,
  );
  return l?.versao === null || l?.versao === undefined ? null : Number(l.versao);
}

/**
 * A sale read for an optimistic write, with the stored answer of its Idempotency-Key if any and, when `caixa`
 * is given, the open period of that register (a payment or a creation needs it): one round trip.
 */
export async function carregarParaEscrita(
  db: Db,
  grupo: string,
  id: string,
  chave: string | undefined,
  caixa?: { empresa: string; caixa: string },
): Promise<{
  reg: VendaRegistro | undefined;
  anterior: { rota: string; resposta: unknown } | undefined;
  /** The register's open period (null: none), when `caixa` was given. */
  periodoAberto?: string | null;
}> {
  const idem = chave
    ? sql`(select json_build_object('rota', rota, 'resposta', resposta) from idempotencia
            where grupo_empresarial_id = ${grupo} and chave = ${chave}) as idem`
    : sql`null::json as idem`;
  const periodo = caixa
    ? sql`(select pa.id from periodo pa where pa.grupo_empresarial_id = ${grupo} and pa.empresa_id = ${caixa.empresa}
            and pa.caixa_id = ${caixa.caixa} and pa.periodo_aberto limit 1) as periodo_aberto_id`
    : sql`null::text as periodo_aberto_id`;
  const [l] = await consultarPreparada(
    db,
    'venda_carregar_escrita',
    sql`select w.venda, ${idem}, ${periodo} from (select 1) um left join lateral (${SELECT_VENDA} where v.id = ${id}
          and v.grupo_empresarial_id = ${grupo}) w on true`,
  );
  const anterior = (l?.idem as { rota: string; resposta: unknown } | null) ?? undefined;
  const reg = l?.venda ? linhaParaRegistro(l.venda as Linha) : undefined;
  return caixa
    ? { reg, anterior, periodoAberto: (l?.periodo_aberto_id as string | null | undefined) ?? null }
    : { reg, anterior };
}

/** What a creation reads before it computes the sale (carregarParaCriacoes). */
export interface LeituraCriacao {
  grupo: string;
  id: string;
  chave: string | undefined;
  /** The terminal's register: its open period is read (periodoDoTerminal's rule). */
  caixa?: { empresa: string; caixa: string };
}

export interface LidoCriacao {
  /** A sale with the client's _id is stored (a retry): the caller reads it. */
  existe: boolean;
  anterior: { rota: string; resposta: unknown } | undefined;
  /** The register's open period (null: none), when `caixa` was given. */
  periodoAberto?: string | null;
}

/**
 * What creations of one business group read first, for a batch of them in one statement: the stored answer of
 * each Idempotency-Key, whether a sale with each client _id is stored, and each register's open period. Each
 * statement costs PostgreSQL far more in this machine's round trip (wake, read, write: ~0.85 ms of its CPU
 * measured per creation) than in the lookups, so the reads of creations arriving together go together
 * (FilasEmLote, as their writes). Not the sale itself: only a retry needs it, and reads it apart.
 */
export async function carregarParaCriacoes(
  db: Db,
  leituras: readonly LeituraCriacao[],
): Promise<LidoCriacao[]> {
  const grupo = leituras[0]?.grupo ?? '';
  const entradas = leituras.map((l) => ({
    id: l.id,
    chave: l.chave ?? null,
    empresa: l.caixa?.empresa ?? null,
    caixa: l.caixa?.caixa ?? null,
  }));
  const linhas = await consultarPreparada(
    db,
    'venda_carregar_criacoes',
    // Typed columns, not e.x->>'chave': under row-level security PostgreSQL keeps a qual with a non-leakproof
    // function (jsonb ->>) out of the index condition, so each lookup read every key and sale of the group
    // (decision 0022's trap). The existence check is a LIMIT 1 subquery, or the planner hashes the whole group.
    sql`select
          (select true from venda v where v.id = e.id and v.grupo_empresarial_id = ${grupo} limit 1) is not null
            as existe,
          (select json_build_object('rota', i.rota, 'resposta', i.resposta) from idempotencia i
            where i.grupo_empresarial_id = ${grupo} and i.chave = e.chave) as idem,
          (select pa.id from periodo pa where pa.grupo_empresarial_id = ${grupo} and pa.empresa_id = e.empresa
            and pa.caixa_id = e.caixa and pa.periodo_aberto limit 1) as periodo_aberto_id
        from rows from (jsonb_to_recordset(${JSON.stringify(entradas)}::jsonb)
               as (id text, chave text, empresa text, caixa text)) with ordinality e(id, chave, empresa, caixa, o)
        order by e.o`,
  );
  return leituras.map((leitura, i) => {
    const l = linhas[i];
    const anterior = (l?.idem as { rota: string; resposta: unknown } | null) ?? undefined;
    const existe = l?.existe === true;
    return leitura.caixa
      ? { existe, anterior, periodoAberto: (l?.periodo_aberto_id as string | null | undefined) ?? null }
      : { existe, anterior };
  });
}

function paraColunas(
  objeto: Record<string, unknown>,
  colunas: readonly ColunaMapeada[],
  fixas: Record<string, unknown>,
): Record<string, unknown> {
  const linha: Record<string, unknown> = { ...fixas };
  for (const c of colunas) linha[c.coluna] = objeto[c.chave] ?? null;
  return linha;
}

function colunasGravar(r: VendaRegistro) {
  const { itens, pagamentos } = linhasFilhas(r);
  const v = r.venda;
  const venda = {
    ...linhaVenda(r),
    id: v._id,
    grupo_empresarial_id: v.grupoEmpresarial,
    empresa_id: v.empresa,
  };
  return { venda, itens, pagamentos };
}

/** Item and payment rows of a sale, keyed by column. */
function linhasFilhas(r: VendaRegistro) {
  const v = r.venda;
  const base = { grupo_empresarial_id: v.grupoEmpresarial, empresa_id: v.empresa, venda_id: v._id };
  const itens = v.produtos.map((i) =>
    paraColunas(i as unknown as Record<string, unknown>, COLUNAS_ITEM, {
      ...base,
      produto_id: i.produto._id,
    }),
  );
  const pagamentos = v.pagamentos.map((p) =>
    paraColunas(p as unknown as Record<string, unknown>, COLUNAS_PAGAMENTO, {
      ...base,
      forma_pagamento_id: p.formaPagamento._id,
      tipo_pagamento: p.formaPagamento.tipo,
    }),
  );
  return { itens, pagamentos };
}

async function chamarGravar(db: Db, r: VendaRegistro, inserir: boolean, usuarioId: string | null) {
  const { venda, itens, pagamentos } = colunasGravar(r);
  const [l] = await consultarPreparada(
    db,
    'venda_gravar',
    sql`select venda_gravar(${JSON.stringify(venda)}::jsonb, ${JSON.stringify(itens)}::jsonb,
          ${JSON.stringify(pagamentos)}::jsonb, ${inserir}, ${usuarioId}) as versao`,
  );
  return Number(l?.versao);
}

/**
 * Inserts a new sale through venda_inserir: the store's sale number (and the period sequence when asked and
 * the sale has a period) are allocated by the counters' row locks at the end of the write, so concurrent
 * sales of a store wait on each other only for the last statements before their commit.
 */
export async function inserirVenda(
  db: Db,
  r: VendaRegistro,
  usuarioId: string,
  alocarSequencial = false,
): Promise<{ numero: number; sequencialPeriodo: number | null }> {
  const { venda, itens, pagamentos } = colunasGravar(r);
  const l = await consultarUm(
    db,
    sql`select venda_inserir(${JSON.stringify(venda)}::jsonb, ${JSON.stringify(itens)}::jsonb,
          ${JSON.stringify(pagamentos)}::jsonb, ${usuarioId}, ${alocarSequencial}) as n`,
  );
  const n = l?.n as { numero: number; sequencialPeriodo: number | null };
  return { numero: Number(n.numero), sequencialPeriodo: n.sequencialPeriodo ?? null };
}

/**
 * venda_criar (migration 0004 of the vendas chain; checked by test/vendas-funcao.test.ts): one sale's creation,
 * replaced by venda_criar_lote (0008); the function stays in the database, unused.
 */
export function sqlFuncaoCriarVenda(): string {
  return `CREATE OR REPLACE FUNCTION venda_criar(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_usuario text, p_idempotencia jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_n jsonb;
BEGIN
  v_n := venda_inserir(p_venda, p_itens, p_pagamentos, p_usuario, true);
  IF p_idempotencia IS NOT NULL THEN
    INSERT INTO idempotencia (chave, grupo_empresarial_id, rota, resposta)
      VALUES (p_idempotencia->>'chave', p_idempotencia->>'grupo', p_idempotencia->>'rota',
        (p_idempotencia->'resposta') || jsonb_build_object('numero', v_n->'numero', 'sequencialPeriodo', v_n->'sequencialPeriodo'));
  END IF;
  RETURN v_n;
END
$fn$;
`;
}

/** One new sale of a batch (criarVendasEmLote). */
export interface CriacaoVenda {
  reg: VendaRegistro;
  usuarioId: string;
  idempotencia: { chave: string; grupo: string; rota: string; resposta: unknown } | null;
}

/**
 * New sales of ONE store in one statement (venda_criar_lote, migration 0008): numbers in array order. Every
 * sale of a store passes through its counter row, locked to the commit; a batch takes that lock, writes the
 * write-ahead log and commits once for all its sales. If the statement fails (an open table or tab, an id or
 * key another request stored), nothing of the batch stays: the caller retries each sale alone.
 */
export async function criarVendasEmLote(
  db: Db,
  criacoes: readonly CriacaoVenda[],
): Promise<{ numero: number; sequencialPeriodo: number | null }[]> {
  const vendas: Record<string, unknown>[] = [];
  const itens: Record<string, unknown>[] = [];
  const pagamentos: Record<string, unknown>[] = [];
  const chaves: unknown[] = [];
  for (const c of criacoes) {
    const g = colunasGravar(c.reg);
    vendas.push({ ...g.venda, created_by: c.usuarioId });
    itens.push(...g.itens);
    pagamentos.push(...g.pagamentos);
    if (c.idempotencia) chaves.push(c.idempotencia);
  }
  const [l] = await consultarPreparada(
    db,
    'venda_criar_lote',
    sql`select venda_criar_lote(${JSON.stringify(vendas)}::jsonb, ${JSON.stringify(itens)}::jsonb,
          ${JSON.stringify(pagamentos)}::jsonb, ${JSON.stringify(chaves)}::jsonb) as n`,
  );
  const n = l?.n as { numero: number; sequencialPeriodo: number | null }[];
  return n.map((x) => ({ numero: Number(x.numero), sequencialPeriodo: x.sequencialPeriodo ?? null }));
}

/**
 * venda_criar_lote (migration 0008 of the vendas chain; checked by test/vendas-funcao.test.ts). Lines, payments
 * and Idempotency-Key answers go in first (set-wise, no lock); then the store's counter moves by the batch's
 * size and each period's counter by its sales' count, and the sale rows go in with their final numbers: no
 * provisional number, no second version of the sale row. The counter rows stay locked from there to the
 * commit. Store counter first, then periods by key: the order venda_inserir also locks them in.
 */
export function sqlFuncaoCriarVendasEmLote(): string {
  const cv = COLUNAS_VENDA_GRAVADAS.filter((c) => c !== 'numero' && c !== 'sequencial_periodo');
  return `CREATE OR REPLACE FUNCTION venda_criar_lote(p_vendas jsonb, p_itens jsonb, p_pagamentos jsonb, p_idempotencias jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_grupo text := p_vendas->0->>'grupo_empresarial_id';
  v_empresa text := p_vendas->0->>'empresa_id';
  v_total integer := jsonb_array_length(p_vendas);
  v_ultimo bigint;
  v_numeros jsonb;
BEGIN
  INSERT INTO venda_item SELECT * FROM jsonb_populate_recordset(NULL::venda_item, p_itens);
  INSERT INTO venda_pagamento SELECT * FROM jsonb_populate_recordset(NULL::venda_pagamento, p_pagamentos);
  INSERT INTO idempotencia (chave, grupo_empresarial_id, rota, resposta)
    SELECT k->>'chave', k->>'grupo', k->>'rota', k->'resposta' FROM jsonb_array_elements(p_idempotencias) k;
  INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor) VALUES (v_grupo, v_empresa, 'venda', v_total)
    ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + excluded.valor
    RETURNING valor INTO v_ultimo;
  WITH v AS (
    SELECT e.o, x.* FROM jsonb_array_elements(p_vendas) WITH ORDINALITY e(j, o)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::venda, e.j) x
  ), contagem AS (
    SELECT periodo_id, count(*)::integer AS n FROM v WHERE periodo_id IS NOT NULL GROUP BY periodo_id
  ), contadores AS (
    INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
      SELECT v_grupo, v_empresa, 'periodo:' || periodo_id, n FROM contagem ORDER BY 'periodo:' || periodo_id
      ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + excluded.valor
      RETURNING chave, valor
  ), numerada AS (
    SELECT v.*, v_ultimo - v_total + v.o AS numero_final,
      CASE WHEN v.periodo_id IS NULL THEN NULL
        ELSE c.valor - k.n + row_number() OVER (PARTITION BY v.periodo_id ORDER BY v.o) END AS sequencial_final
    FROM v LEFT JOIN contagem k ON k.periodo_id = v.periodo_id
      LEFT JOIN contadores c ON c.chave = 'periodo:' || v.periodo_id
  ), inserida AS (
    INSERT INTO venda (id, grupo_empresarial_id, empresa_id, created_by, numero, sequencial_periodo, ${cv.join(', ')})
      SELECT x.id, x.grupo_empresarial_id, x.empresa_id, x.created_by, x.numero_final, x.sequencial_final, ${cv.map((c) => `x.${c}`).join(', ')}
      FROM numerada x
  )
  SELECT jsonb_agg(jsonb_build_object('numero', numero_final, 'sequencialPeriodo', sequencial_final) ORDER BY o)
    INTO v_numeros FROM numerada;
  RETURN v_numeros;
END
$fn$;
`;
}

/**
 * venda_inserir (migration 0007 of the vendas chain; 0002 numbered first; checked by test/vendas-funcao.test.ts).
 * The rows go in first under a provisional negative number (unique, from a sequence nobody waits on), and the
 * store's counter row is locked only from the numbering at the end to the commit: every creation of a store
 * passes through that row, so the shorter it is held the more sales a store records per second (the bench).
 * Numbers stay without gaps: a failed insert rolls back before it numbers.
 */
export function sqlFuncaoInserirVenda(): string {
  return `CREATE OR REPLACE FUNCTION venda_inserir(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_usuario text, p_sequencial boolean)
RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_id text := p_venda->>'id';
  v_grupo text := p_venda->>'grupo_empresarial_id';
  v_empresa text := p_venda->>'empresa_id';
  v_periodo text := p_venda->>'periodo_id';
  v_numero bigint;
  v_sequencial bigint;
BEGIN
  PERFORM venda_gravar(
    p_venda || jsonb_build_object('numero', -nextval('venda_numero_provisorio'), 'sequencial_periodo', NULL),
    p_itens, p_pagamentos, true, p_usuario);
  INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor) VALUES (v_grupo, v_empresa, 'venda', 1)
    ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + 1
    RETURNING valor INTO v_numero;
  IF p_sequencial AND v_periodo IS NOT NULL THEN
    INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
      VALUES (v_grupo, v_empresa, 'periodo:' || v_periodo, 1)
      ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + 1
      RETURNING valor INTO v_sequencial;
  END IF;
  UPDATE venda SET numero = v_numero, sequencial_periodo = v_sequencial WHERE id = v_id;
  RETURN jsonb_build_object('numero', v_numero, 'sequencialPeriodo', v_sequencial);
END
$fn$;
`;
}

/** Saves items, payments and the sale row in one call; returns the new versao. */
export async function gravarVenda(db: Db, r: VendaRegistro): Promise<number> {
  return chamarGravar(db, r, false, null);
}

export async function gravarEventos(
  db: Db,
  grupo: string,
  empresa: string,
  vendaId: string,
  eventos: readonly EventoGravar[],
): Promise<void> {
  for (const e of eventos) {
    await consultar(
      db,
      sql`insert into venda_evento (id, grupo_empresarial_id, empresa_id, venda_id, tipo, operador, terminal_id, motivo,
            supervisor_id, supervisor, venda_completa, produtos, valor_desconto, data_hora)
          values (${novoId()}, ${grupo}, ${empresa}, ${vendaId}, ${e.tipo}, ${JSON.stringify(e.operador ?? null)}::jsonb,
            ${e.terminal}, ${e.motivo}, ${e.supervisor?._id ?? null}, ${JSON.stringify(e.supervisor)}::jsonb,
            ${e.vendaCompleta}, ${JSON.stringify(e.produtos)}::jsonb, ${e.valorDesconto}::numeric, ${e.dataHora}::timestamptz)`,
    );
  }
}
