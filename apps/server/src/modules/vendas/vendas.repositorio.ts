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
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { novoId } from '../../lib/ids.ts';
import {
  COLUNAS_ITEM,
  COLUNAS_PAGAMENTO,
  COLUNAS_TOTAIS,
  type ColunaMapeada,
  type TipoColuna,
} from './vendas.tables.ts';

// Reads and writes a sale with its items and payments: one query to load (items and payments come as JSON
// arrays built in SQL, numerics as text so money never passes through a float) and one statement to save
// (data-modifying CTEs: upsert items and payments, delete the ones gone, update the sale, bump versao).

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

const TIPO_SQL: Record<TipoColuna, string> = {
  texto: 'text',
  inteiro: 'integer',
  dinheiro: 'numeric',
  quantidade: 'numeric',
  custo: 'numeric',
  booleano: 'boolean',
  json: 'jsonb',
  instante: 'timestamptz',
};

const ident = (s: string) => `"${s}"`;

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
const REGISTRO_ITEM = COLUNAS_ITEM.map((c) => `${ident(c.chave)} ${TIPO_SQL[c.tipo]}`).join(', ');
const REGISTRO_PAGAMENTO = COLUNAS_PAGAMENTO.map((c) => `${ident(c.chave)} ${TIPO_SQL[c.tipo]}`).join(', ');
const COLS_ITEM = COLUNAS_ITEM.map((c) => c.coluna);
const COLS_PAGAMENTO = COLUNAS_PAGAMENTO.map((c) => c.coluna);
const TOTAIS_SELECT = COLUNAS_TOTAIS.map((c) => `v.${c.coluna}::text as ${c.coluna}`).join(', ');

const selectVenda = (extra: string) =>
  sql.raw(`select v.*, ${TOTAIS_SELECT},${extra}
  (select coalesce(json_agg(${JSON_ITEM} order by i.numero_item), '[]'::json)
     from venda_item i where i.venda_id = v.id) as itens,
  (select coalesce(json_agg(${JSON_PAGAMENTO} order by p.data, p.id), '[]'::json)
     from venda_pagamento p where p.venda_id = v.id) as pagamentos
  from venda v`);
const SELECT_VENDA = selectVenda('');
const SELECT_VENDA_VERSAO = selectVenda(
  ' (select x.versao from venda x where x.id = v.id) as versao_snapshot,',
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
  const l = await consultarUm(
    db,
    bloquear
      ? sql`${SELECT_VENDA_VERSAO} where v.id = ${id} and v.grupo_empresarial_id = ${grupoEmpresarialId} for update of v`
      : sql`${SELECT_VENDA} where v.id = ${id} and v.grupo_empresarial_id = ${grupoEmpresarialId}`,
  );
  if (!l) return undefined;
  if (bloquear && l.versao !== l.versao_snapshot) return carregarVenda(db, grupoEmpresarialId, id, false);
  return linhaParaRegistro(l);
}

export async function buscarVendas(db: Db, onde: SQL, limite: number): Promise<VendaRegistro[]> {
  const linhas = await consultar(db, sql`${SELECT_VENDA} where ${onde} order by v.data desc limit ${limite}`);
  return linhas.map(linhaParaRegistro);
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

function colunasVenda(r: VendaRegistro): [string, unknown, string?][] {
  const v = r.venda;
  const json = (x: unknown) => (x === null || x === undefined ? null : JSON.stringify(x));
  const lista: [string, unknown, string?][] = [
    ['numero', v.numero],
    ['sequencial_periodo', v.sequencialPeriodo ?? null],
    ['sequencial_periodo_principal', v.sequencialPeriodoPrincipal ?? null],
    ['periodo_id', r.periodo],
    ['terminal_id', v.terminal ?? null],
    ['tipo_venda', v.tipoVenda.id],
    ['status', v.status.id],
    ['status_expedicao', v.expedicao.status],
    ['local_pedido', v.localPedido?.id ?? null],
    ['mesa', r.mesa],
    ['comanda', r.comanda],
    ['cliente_id', v.cliente?._id ?? null],
    ['cliente', json(v.cliente), 'jsonb'],
    ['operador_id', v.operador?._id ?? null],
    ['operador', json(v.operador), 'jsonb'],
    ['atendente', json(v.atendente), 'jsonb'],
    ['entregador', json(v.entregador), 'jsonb'],
    ['supervisor', json(v.supervisor), 'jsonb'],
    ['venda_descricao', v.vendaDescricao],
    ['cpf_cnpj', v.cpfCnpj ?? null],
    ['taxa_entrega_manual', v.taxaEntregaManual],
    ['distancia_entrega_metros', v.distanciaEntregaMetros ?? null],
    ['posicao_venda', v.posicaoVenda],
    ['combos_realizados', JSON.stringify(v.combosRealizados), 'jsonb'],
    ['desconto_geral', json(v.descontoGeral), 'jsonb'],
    ['desconto_justificativa', v.descontoJustificativa ?? null],
    ['supervisor_desconto', json(v.supervisorDesconto), 'jsonb'],
    ['nfce', JSON.stringify(v.nfce), 'jsonb'],
    ['data', v.data, 'timestamptz'],
    ['encerrada_em', r.encerradaEm, 'timestamptz'],
  ];
  const totais = v as unknown as Record<string, string>;
  for (const c of COLUNAS_TOTAIS) lista.push([c.coluna, totais[c.chave], 'numeric']);
  return lista;
}

const valorSql = ([, valor, tipo]: [string, unknown, string?]) =>
  tipo ? sql`${valor}::${sql.raw(tipo)}` : sql`${valor}`;

export async function inserirVenda(db: Db, r: VendaRegistro, usuarioId: string): Promise<number> {
  const cols = colunasVenda(r);
  await consultar(
    db,
    sql`insert into venda (id, grupo_empresarial_id, empresa_id, created_by, ${sql.raw(cols.map((c) => c[0]).join(', '))})
        values (${r.venda._id}, ${r.venda.grupoEmpresarial}, ${r.venda.empresa}, ${usuarioId}, ${sql.join(
          cols.map(valorSql),
          sql`, `,
        )})`,
  );
  return gravarFilhos(db, r, 1);
}

/** Saves items, payments and the sale row in one statement; returns the new versao. */
export async function gravarVenda(db: Db, r: VendaRegistro): Promise<number> {
  return gravarFilhos(db, r, null);
}

async function gravarFilhos(db: Db, r: VendaRegistro, versaoInicial: number | null): Promise<number> {
  const v = r.venda;
  const itens = JSON.stringify(v.produtos);
  const pagamentos = JSON.stringify(v.pagamentos);
  const set = (cols: string[]) => cols.map((c) => `${c} = excluded.${c}`).join(', ');
  const colsItem = sql.raw(COLS_ITEM.join(', '));
  const selItem = sql.raw(COLUNAS_ITEM.map((c) => `x.${ident(c.chave)}`).join(', '));
  const colsPag = sql.raw(COLS_PAGAMENTO.join(', '));
  const selPag = sql.raw(COLUNAS_PAGAMENTO.map((c) => `x.${ident(c.chave)}`).join(', '));
  const cols = colunasVenda(r);
  const atualizar =
    versaoInicial === null
      ? sql`update venda set ${sql.join(
          cols.map((c) => sql`${sql.raw(c[0])} = ${valorSql(c)}`),
          sql`, `,
        )}, versao = versao + 1, updated_at = now() where id = ${v._id} returning versao`
      : sql`select ${versaoInicial}::int as versao`;
  const l = await consultarUm(
    db,
    sql`with
      itens as (
        insert into venda_item (grupo_empresarial_id, empresa_id, venda_id, produto_id, ${colsItem})
        select ${v.grupoEmpresarial}, ${v.empresa}, ${v._id}, x.produto->>'_id', ${selItem}
        from jsonb_to_recordset(${itens}::jsonb) as x(${sql.raw(REGISTRO_ITEM)})
        on conflict (venda_id, numero_item) do update set produto_id = excluded.produto_id, ${sql.raw(set(COLS_ITEM))}
      ),
      itens_fora as (
        delete from venda_item d where d.venda_id = ${v._id} and not exists (
          select 1 from jsonb_to_recordset(${itens}::jsonb) as y("numeroItem" integer) where y."numeroItem" = d.numero_item)
      ),
      pagamentos as (
        insert into venda_pagamento (grupo_empresarial_id, empresa_id, venda_id, forma_pagamento_id, tipo_pagamento, ${colsPag})
        select ${v.grupoEmpresarial}, ${v.empresa}, ${v._id}, x."formaPagamento"->>'_id',
               (x."formaPagamento"->>'tipo')::smallint, ${selPag}
        from jsonb_to_recordset(${pagamentos}::jsonb) as x(${sql.raw(REGISTRO_PAGAMENTO)})
        on conflict (venda_id, id) do update set forma_pagamento_id = excluded.forma_pagamento_id,
          tipo_pagamento = excluded.tipo_pagamento, ${sql.raw(set(COLS_PAGAMENTO.filter((c) => c !== 'id')))}
      ),
      pagamentos_fora as (
        delete from venda_pagamento d where d.venda_id = ${v._id} and not exists (
          select 1 from jsonb_to_recordset(${pagamentos}::jsonb) as y("_id" text) where y."_id" = d.id)
      )
      ${atualizar}`,
  );
  return Number(l?.versao);
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
