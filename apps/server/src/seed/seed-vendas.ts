import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { arrayTexto, consultar, consultarUm } from '../db/consultar.ts';
import { processarAgregados, reconstruirAgregados } from '../modules/relatorios-vendas/agregados.ts';
import {
  aleatorio,
  type CategoriaModelo,
  criarModelos,
  type ResultadoModelos,
} from './seed-vendas-modelos.ts';

// Sales generator (issue 19 "Proof: a generator"; `npm run seed:vendas -- --vendas 1000000`). A year of ended sales
// of several stores of the demo group, written straight into the sale tables at bulk speed.
// How: a few hundred model sales are made through the POS's own API (seed-vendas-modelos.ts), so their rows are
// exactly what the server writes; then each generated sale is one of them copied to a store, a day and a time
// (set-wise INSERT ... SELECT over generate_series, in batches), with new ids, numbers, cash periods and the
// store's own payment forms and terminal. Totals are never recomputed, so each copy keeps
// Σ items − discounts + service + fee = total = Σ payments − change. Deterministic by --seed (hashes of the
// sale's ordinal in SQL, a seeded generator for the models). The triggers of the sale tables fire as for the
// POS's own writes (the stock outbox, the finance postings of closed periods, and any other outbox).
// The sales report aggregates are the one exception (a bench/seed-only path, see `agregadosPelaFila`): the outbox
// rows the copies' insert trigger writes are deleted in that same transaction (so the server's worker never sees
// them) and after the last batch the group is rebuilt set-wise (relatorio_venda_reconstruir, one GROUP BY per
// aggregate over the raw rows). The incremental path (outbox, exactly once) stays what real sales go through.

export interface OpcoesGerador {
  vendas: number;
  lojas: number;
  dias: number;
  semente: number;
  /** Model sales made through the API (default 150; ~1 s each on a quiet machine). */
  modelos?: number;
  /** Sales per INSERT batch (default 50,000). */
  lote?: number;
  /** Last generated day (default: yesterday, in America/Sao_Paulo). */
  ultimoDia?: string;
  /** Leaves the generated sales out of the stock consumption outbox (benches that measure reports only). */
  semConsumoEstoque?: boolean;
  /**
   * Leaves the sales report outbox (relatorio_venda_pendente, filled by the trigger on `venda`) for the server's
   * worker: no rebuild and no draining here.
   */
  semAgregados?: boolean;
  /**
   * The aggregates through their outbox, drained after each batch with the worker's own function (processarAgregados,
   * ~500 sales/s) instead of the default set-wise rebuild after the last batch (seconds per 100,000 sales).
   */
  agregadosPelaFila?: boolean;
  log?: (mensagem: string) => void;
  /**
   * Called after each batch is committed with the sales it wrote (ids between `de` and `ate` of the plan): the
   * hook for an outbox that does not hear plain inserts.
   */
  aposLote?: (db: Db, lote: { de: number; ate: number }) => Promise<void>;
}

export interface ResultadoGerador {
  vendas: number;
  itens: number;
  pagamentos: number;
  eventos: number;
  lojas: string[];
  primeiroDia: string;
  ultimoDia: string;
  modelos: Record<CategoriaModelo, number>;
  tiposPagamento: number[];
  tiposPagamentoRecusados: ResultadoModelos['recusados'];
  msModelos: number;
  /** Inserting the rows (the triggers' outbox rows included). */
  msCarga: number;
  /** The sales report aggregates: the set-wise rebuild, or draining the outbox after each batch (agregadosPelaFila). */
  msAgregados: number;
  vendasPorSegundo: number;
}

const FUSO = 'America/Sao_Paulo';

/** Peso de cada faixa de 15 minutos do dia (96): almoço 11:30-14:00 e jantar 18:30-22:30, -03:00. */
function pesosDoDia(fimDeSemana: boolean): number[] {
  const pesos: number[] = [];
  for (let s = 0; s < 96; s++) {
    const h = s / 4;
    let w = 0;
    if (h >= 10 && h < 23.75) w = 0.15;
    const almoco = Math.exp(-((h - 12.6) ** 2) / (2 * 0.75 ** 2));
    const jantar = Math.exp(-((h - 20.2) ** 2) / (2 * 1.1 ** 2));
    w += fimDeSemana ? 0.8 * almoco + 1.6 * jantar : 1.0 * almoco + 1.0 * jantar;
    if (h < 10 || h >= 23.75) w = 0;
    pesos.push(w);
  }
  return pesos;
}

/** Lower bounds of the buckets of `pesos` in [0, 1) (width_bucket's thresholds). */
function limites(pesos: readonly number[]): number[] {
  const soma = pesos.reduce((a, b) => a + b, 0);
  const r: number[] = [];
  let acc = 0;
  for (const p of pesos) {
    r.push(acc / soma);
    acc += p;
  }
  return r;
}

const arrayNum = (v: readonly number[]) =>
  sql.raw(`array[${v.map((n) => n.toFixed(12)).join(',')}]::float8[]`);

/** Stores of the demo group used by the generator: Loja Centro, Loja Shopping and copies of Loja Centro. */
export async function prepararLojas(db: Db, grupo: string, quantidade: number): Promise<string[]> {
  const demo = await consultar(
    db,
    sql`select id, descricao from empresa where grupo_empresarial_id = ${grupo} and lixo = false
         and descricao in ('Loja Centro', 'Loja Shopping') order by codigo_interno`,
  );
  const centro = String(demo.find((l) => l.descricao === 'Loja Centro')?.id ?? '');
  if (!centro) throw new Error('O grupo de demonstração não tem a Loja Centro: rode `npm run seed` antes.');
  // Copies keep their ids derived from the group and their ordinal, so a second run finds them.
  const novas: string[] = [];
  for (let i = 3; i <= quantidade; i++) {
    const id = String(
      (await consultarUm(db, sql`select substr(md5(${`${grupo}:loja:${i}`}), 1, 24) as id`))?.id,
    );
    novas.push(id);
  }
  const existentes = new Set(
    (await consultar(db, sql`select id from empresa where id in (select unnest(${arrayTexto(novas)}))`)).map(
      (l) => String(l.id),
    ),
  );
  const criar = novas.filter((id) => !existentes.has(id));
  if (criar.length) {
    const lista = arrayTexto(criar);
    const mapa = (coluna: string) => sql.raw(`substr(md5(${coluna} || n.id), 1, 24)`);
    await db.execute(sql`
      insert into empresa (id, grupo_empresarial_id, codigo_interno, descricao, nome_fantasia, cnpj, tipo_empresa,
        endereco, localizacao, configuracoes, configuracoes_estoque, fiscal, nfce, inscricao_estadual, telefone, email)
      select n.id, e.grupo_empresarial_id,
             (select coalesce(max(codigo_interno), 0) from empresa where grupo_empresarial_id = e.grupo_empresarial_id) + n.o,
             'Loja ' || (n.o + 3)::text, e.nome_fantasia || ' ' || (n.o + 3)::text, null, e.tipo_empresa,
             e.endereco, e.localizacao, e.configuracoes, e.configuracoes_estoque, e.fiscal, e.nfce, null, e.telefone, e.email
        from empresa e cross join unnest(${lista}) with ordinality n(id, o)
       where e.id = ${centro}`);
    for (const tabela of ['forma_pagamento', 'caixa', 'operadora']) {
      const cols = await colunas(db, tabela);
      const sel = cols.map((c) =>
        c === 'id' ? mapa('t.id') : c === 'empresa_id' ? sql.raw('n.id') : sql.raw(`t.${c}`),
      );
      await db.execute(sql`insert into ${sql.identifier(tabela)} (${sql.raw(cols.join(', '))})
        select ${sql.join(sel, sql`, `)} from ${sql.identifier(tabela)} t cross join unnest(${lista}) n(id)
         where t.empresa_id = ${centro} and t.lixo = false`);
    }
    const pge = await colunas(db, 'produto_geral_empresa');
    await db.execute(sql`insert into produto_geral_empresa (${sql.raw(pge.join(', '))})
      select ${sql.join(
        pge.map((c) =>
          c === 'id' ? mapa('t.id') : c === 'empresa_id' ? sql.raw('n.id') : sql.raw(`t.${c}`),
        ),
        sql`, `,
      )} from produto_geral_empresa t cross join unnest(${lista}) n(id) where t.empresa_id = ${centro} and t.lixo = false`);
    // The cashier terminal only (no printers in the copies): its register and payment forms are the copy's own.
    await db.execute(sql`
      insert into terminal (id, grupo_empresarial_id, empresa_id, descricao, funcoes, configuracoes, ativo)
      select ${mapa('t.id')}, t.grupo_empresarial_id, n.id, t.descricao, t.funcoes,
             (t.configuracoes - 'setorImpressaoCaixa' - 'setorImpressaoNfce')
               || jsonb_build_object('caixa', substr(md5((t.configuracoes->>'caixa') || n.id), 1, 24),
                    'formasPagamento', (select coalesce(jsonb_agg(substr(md5(f || n.id), 1, 24)), '[]'::jsonb)
                                          from jsonb_array_elements_text(t.configuracoes->'formasPagamento') f)),
             t.ativo
        from terminal t cross join unnest(${lista}) n(id)
       where t.empresa_id = ${centro} and t.lixo = false and t.configuracoes ? 'caixa'`);
    // Whoever works at Loja Centro works at the copies too (same profile), and the registrations that name Loja
    // Centro (combos, happy hours, price tables) name them as well.
    await db.execute(sql`
      update usuario u set acessos = u.acessos || (
        select jsonb_agg(jsonb_build_object('empresa', n.id, 'acessoSistema', a->>'acessoSistema'))
          from jsonb_array_elements(u.acessos) a cross join unnest(${lista}) n(id) where a->>'empresa' = ${centro})
       where u.grupo_empresarial_id = ${grupo}
         and exists (select 1 from jsonb_array_elements(u.acessos) a where a->>'empresa' = ${centro})`);
    for (const tabela of ['produto_combo', 'periodo_por_hora', 'tabela_venda']) {
      await db.execute(sql`update ${sql.identifier(tabela)} set empresa_ids = empresa_ids || ${lista}
        where grupo_empresarial_id = ${grupo} and ${centro} = any(empresa_ids)`);
    }
  }
  return [centro, ...demo.filter((l) => l.id !== centro).map((l) => String(l.id)), ...novas].slice(
    0,
    Math.max(1, quantidade),
  );
}

async function colunas(db: Db, tabela: string): Promise<string[]> {
  return (
    await consultar(
      db,
      sql`select column_name from information_schema.columns
           where table_schema = current_schema() and table_name = ${tabela} order by ordinal_position`,
    )
  ).map((l) => String(l.column_name));
}

/** `insert into t (cols) select <override or alias.col> from <de>` for every column of `tabela`. */
async function copiaDe(
  db: Db,
  tabela: string,
  alias: string,
  sobrepor: Record<string, string>,
  de: SQL,
): Promise<number> {
  const cols = await colunas(db, tabela);
  const sel = cols.map((c) => sobrepor[c] ?? `${alias}.${c}`).join(', ');
  const r = await db.execute(sql`insert into ${sql.identifier(tabela)} (${sql.raw(cols.join(', '))})
    select ${sql.raw(sel)} from ${de}`);
  return Number((r as { rowCount?: number }).rowCount ?? 0);
}

export async function gerarVendas(
  app: FastifyInstance,
  db: Db,
  grupo: string,
  opcoes: OpcoesGerador,
): Promise<ResultadoGerador> {
  const log = opcoes.log ?? (() => {});
  const lojas = await prepararLojas(db, grupo, opcoes.lojas);
  log(`lojas: ${lojas.length}`);

  const t0 = performance.now();
  const modelos = await criarModelos(app, db, grupo, {
    semente: opcoes.semente,
    quantidade: opcoes.modelos ?? 150,
    log,
  });
  const msModelos = Math.round(performance.now() - t0);
  const contagemModelos = Object.fromEntries(
    Object.entries(modelos.porCategoria).map(([k, v]) => [k, v.length]),
  ) as Record<CategoriaModelo, number>;
  log(`modelos feitos pela API em ${msModelos} ms: ${JSON.stringify(contagemModelos)}`);
  for (const [k, v] of Object.entries(modelos.porCategoria))
    if (v.length === 0) throw new Error(`nenhum modelo de venda '${k}' foi aceito pela API`);

  const ultimoDia =
    opcoes.ultimoDia ??
    String((await consultarUm(db, sql`select ((now() at time zone ${FUSO})::date - 1)::text as d`))?.d);
  const primeiroDia = String(
    (await consultarUm(db, sql`select (${ultimoDia}::date - ${opcoes.dias - 1}::int)::text as d`))?.d,
  );
  // Day weights: weekday (Mon .8 ... Sat 1.5), a slow growth over the year and a busy December; per store, a size.
  const rnd = aleatorio(opcoes.semente ^ 0x5eed);
  const pesosDias: number[] = [];
  const fds: boolean[] = [];
  const PESO_SEMANA = [1.3, 0.75, 0.8, 0.9, 1.0, 1.35, 1.55]; // Sunday first (getUTCDay)
  for (let d = 0; d < opcoes.dias; d++) {
    const dia = new Date(`${primeiroDia}T12:00:00Z`);
    dia.setUTCDate(dia.getUTCDate() + d);
    const semana = dia.getUTCDay();
    fds.push(semana === 0 || semana >= 5);
    const dezembro = dia.getUTCMonth() === 11 && dia.getUTCDate() >= 10 ? 1.25 : 1;
    pesosDias.push(
      (PESO_SEMANA[semana] ?? 1) * (0.85 + (0.3 * d) / opcoes.dias) * dezembro * (0.9 + rnd() * 0.2),
    );
  }
  const pesosLojas = lojas.map((_, i) => [1.4, 1.2, 1.0, 0.8, 1.1, 0.9, 0.7, 1.0, 0.6, 1.3][i % 10] ?? 1);

  // Where the copies come from and go to: the models' rows, each store's terminal, register and forms.
  const sal = `${opcoes.semente}:${String((await consultarUm(db, sql`select count(*)::text as n from venda`))?.n)}`;
  await db.execute(
    sql.raw(`drop table if exists seed_vendas_modelo, seed_vendas_loja, seed_vendas_forma,
    seed_vendas_plano, seed_vendas_item, seed_vendas_pagamento, seed_vendas_evento`),
  );
  const categorias: CategoriaModelo[] = ['balcao', 'mesa', 'delivery', 'cancelada', 'outros'];
  const ids = categorias.flatMap((c) => modelos.porCategoria[c].map((id, i) => ({ c, id, i })));
  await db.execute(sql`create unlogged table seed_vendas_modelo as
    select x.c as categoria, x.i::int as i, v.*,
           greatest(extract(epoch from greatest(v.updated_at, v.encerrada_em,
             (select max(data) from venda_item where venda_id = v.id),
             (select max(data) from venda_pagamento where venda_id = v.id),
             (select max(data_hora) from venda_evento where venda_id = v.id)) - v.data), 1) as duracao
      from unnest(${arrayTexto(ids.map((x) => x.c))}, ${arrayTexto(ids.map((x) => x.id))},
                  ${sql.raw(`array[${ids.map((x) => x.i).join(',')}]::int[]`)}) x(c, id, i)
      join venda v on v.id = x.id`);
  for (const [t, de] of [
    ['seed_vendas_item', 'venda_item'],
    ['seed_vendas_pagamento', 'venda_pagamento'],
    ['seed_vendas_evento', 'venda_evento'],
  ] as const)
    await db.execute(
      sql.raw(
        `create unlogged table ${t} as select * from ${de} where venda_id in (select id from seed_vendas_modelo)`,
      ),
    );
  await db.execute(sql`create unlogged table seed_vendas_loja as
    select n.o::int as loja, n.id as empresa_id,
           (select t.id from terminal t where t.empresa_id = n.id and t.lixo = false and t.configuracoes ? 'caixa'
             order by t.descricao limit 1) as terminal_id,
           (select t.configuracoes->>'caixa' from terminal t where t.empresa_id = n.id and t.lixo = false
             and t.configuracoes ? 'caixa' order by t.descricao limit 1) as caixa_id,
           coalesce((select max(valor) from venda_numeracao c where c.empresa_id = n.id and c.chave = 'venda'), 0)::int as numero_base
      from unnest(${arrayTexto(lojas)}) with ordinality n(id, o)`);
  // The model's payment form (Loja Centro's) -> the store's form of the same type; acquirers by name.
  await db.execute(sql`create unlogged table seed_vendas_forma as
    select l.empresa_id, m.id as origem, f.id as forma_id
      from forma_pagamento m cross join seed_vendas_loja l
      join lateral (select f.id from forma_pagamento f where f.empresa_id = l.empresa_id and f.lixo = false
                      and f.tipo->>'id' = m.tipo->>'id' order by f.created_at, f.id limit 1) f on true
     where m.empresa_id = ${lojas[0]}`);
  await db.execute(sql`insert into seed_vendas_forma
    select l.empresa_id, m.id, o.id from operadora m cross join seed_vendas_loja l
      join lateral (select o.id from operadora o where o.empresa_id = l.empresa_id and o.lixo = false
                      and o.descricao = m.descricao order by o.id limit 1) o on true
     where m.empresa_id = ${lojas[0]}`);
  await db.execute(sql.raw('create index on seed_vendas_forma (empresa_id, origem)'));
  for (const t of ['seed_vendas_item', 'seed_vendas_pagamento', 'seed_vendas_evento'])
    await db.execute(sql.raw(`create index on ${t} (venda_id)`));
  await db.execute(
    sql.raw(
      'analyze seed_vendas_modelo, seed_vendas_loja, seed_vendas_forma, seed_vendas_item, seed_vendas_pagamento, seed_vendas_evento',
    ),
  );

  // The plan: per sale (ordinal g) a store, a day, a quarter hour and a model, from hashes of g and the seed.
  // Lunch hours take more counter sales, dinner more tables and deliveries; ~2% are cancelled after the end.
  const semana = limites(pesosDoDia(false));
  const fimDeSemana = limites(pesosDoDia(true));
  const s = BigInt(opcoes.semente) * 16n;
  const u = (k: number) =>
    sql.raw(
      `((hashint8extended(g, ${(s + BigInt(k)).toString()}) & 9007199254740991)::float8 / 9007199254740992.0)`,
    );
  const n = (c: CategoriaModelo) => sql.raw(String(modelos.porCategoria[c].length));
  const tC = performance.now();
  await db.execute(sql`create unlogged table seed_vendas_plano as
    with base as (
      select g, width_bucket(${u(1)}, ${arrayNum(limites(pesosDias))}) - 1 as dia,
             width_bucket(${u(2)}, ${arrayNum(limites(pesosLojas))}) as loja, ${u(3)} as u3, ${u(4)} as u4,
             ${u(5)} as u5, ${u(6)} as u6, ${u(7)} as u7
        from generate_series(1, ${opcoes.vendas}::bigint) g
    ), comHora as (
      select b.*, case when (${sql.raw(`array[${fds.join(',')}]::boolean[]`)})[b.dia + 1]
                       then width_bucket(b.u3, ${arrayNum(fimDeSemana)}) else width_bucket(b.u3, ${arrayNum(semana)}) end - 1 as faixa
        from base b
    ), comCategoria as (
      select h.*, case
          when h.u4 < 0.02 then 'cancelada'
          when h.u4 < 0.035 then 'outros'
          when h.faixa < 64 then case when h.u4 < 0.70 then 'balcao' when h.u4 < 0.90 then 'mesa' else 'delivery' end
          else case when h.u4 < 0.40 then 'balcao' when h.u4 < 0.67 then 'mesa' else 'delivery' end
        end as categoria
        from comHora h
    ), comData as (
      select c.g, c.loja, c.dia, c.categoria,
             ((${primeiroDia}::date + c.dia)::timestamp + make_interval(secs => c.faixa * 900 + floor(c.u6 * 900)))
               at time zone ${FUSO} as data,
             make_interval(secs => case c.categoria when 'balcao' then 90 + c.u7 * 420 when 'mesa' then 2100 + c.u7 * 4500
                                    when 'delivery' then 1500 + c.u7 * 1800 when 'outros' then 90 + c.u7 * 420
                                    else 180 + c.u7 * 1000 end) as duracao,
             floor(c.u5 * case c.categoria when 'balcao' then ${n('balcao')} when 'mesa' then ${n('mesa')}
                                             when 'delivery' then ${n('delivery')} when 'outros' then ${n('outros')}
                                             else ${n('cancelada')} end)::int as modelo
        from comCategoria c
    )
    -- Ids like the POS's (4 bytes of seconds + 8 bytes), numbers per store in time order, one cash period per
    -- store and day with its sequence.
    select d.*,
           lpad(to_hex(extract(epoch from d.data)::bigint), 8, '0') || substr(md5(${sal} || ':v:' || d.g), 1, 16) as venda_id,
           (l.numero_base + row_number() over (partition by d.loja order by d.data, d.g))::int as numero,
           (row_number() over (partition by d.loja, d.dia order by d.data, d.g))::int as sequencial,
           substr(md5(${sal} || ':p:' || d.loja || ':' || d.dia), 1, 24) as periodo_id
      from comData d join seed_vendas_loja l on l.loja = d.loja`);
  await db.execute(sql.raw('create unique index on seed_vendas_plano (g)'));
  await db.execute(sql.raw('analyze seed_vendas_plano'));
  log(`plano de ${opcoes.vendas} vendas em ${Math.round(performance.now() - tC)} ms`);

  // Cash periods: opened at 10:00 and closed (counted, no difference) after the last sale of the day.
  await db.execute(sql`insert into periodo (id, grupo_empresarial_id, empresa_id, caixa_id, terminal_id, periodo_aberto,
      status, data_abertura, data_fechamento, operador_abertura_id, operador_fechamento_id, valor_abertura, diferenca)
    select p.periodo_id, ${grupo}, l.empresa_id, l.caixa_id, l.terminal_id, false, 4,
           ((${primeiroDia}::date + p.dia)::timestamp + interval '10 hours') at time zone ${FUSO},
           max(p.data + p.duracao) + interval '20 minutes', m.operador_id, m.operador_id, 100, 0
      from seed_vendas_plano p join seed_vendas_loja l on l.loja = p.loja
      cross join (select operador_id from seed_vendas_modelo limit 1) m
     group by p.periodo_id, p.dia, l.empresa_id, l.caixa_id, l.terminal_id, m.operador_id`);

  // The copies, batch by batch. An instant of the model t becomes data + (t - model's data) × the new duration
  // over the model's (the POS made the models in seconds; a table lasts an hour).
  const fator = '(extract(epoch from p.duracao) / m.duracao)';
  const instante = (col: string) => `p.data + (${col} - m.data) * ${fator}`;
  const de = (filhos: string | null, a: number, b: number) =>
    sql.raw(`seed_vendas_plano p
      join seed_vendas_modelo m on m.categoria = p.categoria and m.i = p.modelo
      join seed_vendas_loja l on l.loja = p.loja
      ${filhos ? `join ${filhos} f on f.venda_id = m.id` : ''}
      where p.g between ${a} and ${b}`);
  const loteTam = opcoes.lote ?? 50_000;
  let itens = 0;
  let pagamentos = 0;
  let eventos = 0;
  const tCarga = performance.now();
  let msInsercao = 0;
  let msAgregados = 0;
  for (let a = 1; a <= opcoes.vendas; a += loteTam) {
    const b = Math.min(opcoes.vendas, a + loteTam - 1);
    const tl = performance.now();
    const troca = (extra: Record<string, string>) => ({
      venda_id: 'p.venda_id',
      empresa_id: 'l.empresa_id',
      ...extra,
    });
    // Children first (an outbox trigger on the sale may read them), the sale rows last.
    itens += await copiaDe(
      db,
      'venda_item',
      'f',
      troca({
        item_id: `case when f.item_id is null then null else substr(md5(p.venda_id || ':' || f.numero_item), 1, 24) end`,
        terminal_id: 'case when f.terminal_id is null then null else l.terminal_id end',
        data: instante('f.data'),
      }),
      sql`${de('seed_vendas_item', a, b)}`,
    );
    pagamentos += await copiaDe(
      db,
      'venda_pagamento',
      'f',
      troca({
        id: `substr(md5(p.venda_id || ':' || f.id), 1, 24)`,
        forma_pagamento_id: `(select x.forma_id from seed_vendas_forma x where x.empresa_id = l.empresa_id and x.origem = f.forma_pagamento_id)`,
        forma_pagamento: `f.forma_pagamento || jsonb_build_object('_id', (select x.forma_id from seed_vendas_forma x where x.empresa_id = l.empresa_id and x.origem = f.forma_pagamento_id))`,
        operadora: `case when f.operadora is null or jsonb_typeof(f.operadora) <> 'object' then f.operadora
          else f.operadora || jsonb_build_object('_id', coalesce((select x.forma_id from seed_vendas_forma x where x.empresa_id = l.empresa_id and x.origem = f.operadora->>'_id'), f.operadora->>'_id')) end`,
        terminal_id: 'case when f.terminal_id is null then null else l.terminal_id end',
        caixa_id: 'case when f.caixa_id is null then null else l.caixa_id end',
        periodo_id: 'case when f.periodo_id is null then null else p.periodo_id end',
        data: instante('f.data'),
      }),
      sql`${de('seed_vendas_pagamento', a, b)}`,
    );
    eventos += await copiaDe(
      db,
      'venda_evento',
      'f',
      troca({
        id: `substr(md5(p.venda_id || ':' || f.id), 1, 24)`,
        terminal_id: 'case when f.terminal_id is null then null else l.terminal_id end',
        data_hora: instante('f.data_hora'),
        created_at: instante('f.data_hora'),
      }),
      sql`${de('seed_vendas_evento', a, b)}`,
    );
    // The sale rows and, unless the outbox is the path, the removal of their report outbox rows in one transaction.
    const emConjunto = !opcoes.semAgregados && !opcoes.agregadosPelaFila;
    await db.transaction(async (tx) => {
      await copiaDe(
        tx,
        'venda',
        'm',
        {
          id: 'p.venda_id',
          empresa_id: 'l.empresa_id',
          numero: 'p.numero',
          sequencial_periodo: 'case when m.sequencial_periodo is null then null else p.sequencial end',
          periodo_id: 'case when m.periodo_id is null then null else p.periodo_id end',
          terminal_id: 'case when m.terminal_id is null then null else l.terminal_id end',
          data: 'p.data',
          encerrada_em: `case when m.encerrada_em is null then null else ${instante('m.encerrada_em')} end`,
          created_at: 'p.data',
          updated_at: instante('m.updated_at'),
        },
        sql`${de(null, a, b)}`,
      );
      if (emConjunto)
        await tx.execute(sql`delete from relatorio_venda_pendente where venda_id in
          (select venda_id from seed_vendas_plano where g between ${a} and ${b})`);
    });
    if (opcoes.semConsumoEstoque)
      await db.execute(sql`delete from estoque_venda_pendente where venda_id in
        (select venda_id from seed_vendas_plano where g between ${a} and ${b})`);
    const msLote = performance.now() - tl;
    msInsercao += msLote;
    // The report aggregates through their own outbox and worker function (exactly once), in big batches.
    const ta = performance.now();
    if (opcoes.agregadosPelaFila && !opcoes.semAgregados) while ((await processarAgregados(db)) > 0) {}
    await opcoes.aposLote?.(db, { de: a, ate: b });
    msAgregados += performance.now() - ta;
    log(
      `${b} vendas: lote ${Math.round((b - a + 1) / (msLote / 1000))} vendas/s, agregados ${Math.round(performance.now() - ta)} ms; ` +
        `${Math.round(b / ((performance.now() - tCarga) / 1000))} vendas/s no total`,
    );
  }
  // The counters move past the generated numbers and sequences, so the POS goes on from there.
  await db.execute(sql`insert into venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
    select ${grupo}, l.empresa_id, 'venda', max(p.numero) from seed_vendas_plano p join seed_vendas_loja l on l.loja = p.loja
     group by l.empresa_id
    on conflict (grupo_empresarial_id, empresa_id, chave) do update set valor = greatest(venda_numeracao.valor, excluded.valor)`);
  await db.execute(sql`insert into venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
    select ${grupo}, l.empresa_id, 'periodo:' || p.periodo_id, max(p.sequencial)
      from seed_vendas_plano p join seed_vendas_loja l on l.loja = p.loja group by l.empresa_id, p.periodo_id
    on conflict (grupo_empresarial_id, empresa_id, chave) do update set valor = greatest(venda_numeracao.valor, excluded.valor)`);
  await db.execute(
    sql.raw(`drop table seed_vendas_plano, seed_vendas_modelo, seed_vendas_loja, seed_vendas_forma,
    seed_vendas_item, seed_vendas_pagamento, seed_vendas_evento`),
  );
  await db.execute(sql.raw('analyze venda, venda_item, venda_pagamento, venda_evento, periodo'));
  if (!opcoes.semAgregados && !opcoes.agregadosPelaFila) {
    const tr = performance.now();
    const n = await reconstruirAgregados(db, grupo);
    msAgregados += performance.now() - tr;
    log(`agregados reconstruídos em conjunto: ${n} vendas em ${Math.round(performance.now() - tr)} ms`);
  }
  const msTotal = performance.now() - tCarga;
  return {
    vendas: opcoes.vendas,
    itens,
    pagamentos,
    eventos,
    lojas,
    primeiroDia,
    ultimoDia,
    modelos: contagemModelos,
    tiposPagamento: modelos.tiposPagamento,
    tiposPagamentoRecusados: modelos.recusados,
    msModelos,
    msCarga: Math.round(msInsercao),
    msAgregados: Math.round(msAgregados),
    vendasPorSegundo: Math.round(opcoes.vendas / (msTotal / 1000)),
  };
}
