import {
  aplicarMovimento,
  diaBrasileiro,
  diaDoEstoque,
  type EstadoEstoque,
  escreverCentavos,
  escreverEstoque,
  lerEscalado,
  lerEstoque,
  type TipoMovimentoEstoque,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { reavaliarProducoes } from './custo-producao.ts';

// The stock ledger's one write path (issue 17). Every module that changes stock (sales, counts, transfers,
// NF-e entries, production, manual exits) calls `registrarMovimentos` inside its own transaction, so the move,
// the balance cache and whatever caused them commit together.
//
// How a batch is written:
// 1. closed periods: a move dated on or before the store's closed date is refused;
// 2. the balance rows of the (store, product) pairs are locked in one order (no deadlock between writers);
// 3. a move dated after the pair's newest move (the usual case) folds from the cached balance; a back-dated
//    one reads the position before it and the pair's later moves, and the fold recomputes their running
//    balance, average and (for exits) cost — that product's later moves only;
// 4. negative balances are refused where the store does not allow them (never for sales: they happened);
// 5. new moves, recomputed moves and balances are written in one statement each;
// 6. a recomputed consumption of a production order values the order's output again (custo-producao.ts).

export interface NovoMovimento {
  empresa: string;
  produto: string;
  /** When the move counts (ISO instant); default: now. */
  data?: string;
  tipo: TipoMovimentoEstoque;
  /** Signed quantity in stock units at 6 decimals. */
  quantidade: bigint;
  /** Unit cost at 6 decimals when the move brings its own (purchase, transfer in, production output). */
  custoUnitario?: bigint | null;
  origemTipo: string;
  origemId?: string | null;
  estornoDe?: string | null;
  motivo?: string | null;
  documento?: string | null;
  usuario?: string | null;
}

export interface MovimentoGravado {
  _id: string;
  empresa: string;
  produto: string;
  data: string;
  tipo: TipoMovimentoEstoque;
  quantidade: string;
  custoUnitario: string;
  valor: string;
  saldoApos: string;
  custoMedioApos: string;
}

export interface OpcoesRegistro {
  /** Sales always pass: the sale happened, its consumption is a fact even when the count was wrong. */
  permitirNegativo?: boolean;
  agora?: Date;
}

interface MovimentoNaFila {
  id: string;
  data: string;
  seq: number;
  quantidade: bigint;
  custoInformado: bigint | null;
  /** New moves are inserted; existing ones are updated only when their figures changed. */
  novo?: NovoMovimento;
  antes?: { custoUnitario: string; valor: string; saldoApos: string; custoMedioApos: string };
  saldoAnteriorNegativo?: boolean;
}

interface Resultado {
  id: string;
  custoUnitario: string;
  valor: string;
  saldoApos: string;
  custoMedioApos: string;
}

const chave = (empresa: string, produto: string) => `${empresa}\u0000${produto}`;

function instanteIso(valor: unknown): string {
  return valor instanceof Date ? valor.toISOString() : new Date(String(valor)).toISOString();
}

/** Closed date ('YYYY-MM-DD') of each store that has one. */
export async function datasFechadas(
  db: Db,
  grupo: string,
  empresas: readonly string[],
): Promise<Map<string, string>> {
  const linhas = await consultar(
    db,
    sql`select distinct on (empresa_id) empresa_id, fechado_ate::text as fechado_ate from estoque_periodo
         where grupo_empresarial_id = ${grupo} and empresa_id = any(${textos(empresas)})
         order by empresa_id, seq desc`,
  );
  const mapa = new Map<string, string>();
  for (const l of linhas) if (l.fechado_ate) mapa.set(String(l.empresa_id), String(l.fechado_ate));
  return mapa;
}

async function nomes(db: Db, grupo: string, empresa: string, produto: string) {
  const [l] = await consultar(
    db,
    sql`select (select coalesce(nome_fantasia, descricao) from empresa where id = ${empresa} and grupo_empresarial_id = ${grupo}) as loja,
               (select descricao from produto_geral where id = ${produto} and grupo_empresarial_id = ${grupo}) as produto`,
  );
  return { loja: String(l?.loja ?? empresa), produto: String(l?.produto ?? produto) };
}

async function lojasQuePermitemNegativo(
  db: Db,
  grupo: string,
  empresas: readonly string[],
): Promise<Set<string>> {
  const linhas = await consultar(
    db,
    sql`select id from empresa where grupo_empresarial_id = ${grupo} and id = any(${textos(empresas)})
          and coalesce((configuracoes_estoque ->> 'permitirEstoqueNegativo')::boolean, false)`,
  );
  return new Set(linhas.map((l) => String(l.id)));
}

/** Formats a 6-decimal quantity for a message: no trailing zeros, comma as decimal separator. */
export function quantidadeLegivel(q: bigint): string {
  const t = escreverEstoque(q).replace(/\.?0+$/, '');
  return t.replace('.', ',');
}

/**
 * Writes moves and their balances. Must run inside the caller's transaction (`db` is the transaction).
 * Refusals throw ErroNegocio before anything is written.
 */
export async function registrarMovimentos(
  db: Db,
  grupo: string,
  movimentos: readonly NovoMovimento[],
  opcoes: OpcoesRegistro = {},
): Promise<MovimentoGravado[]> {
  if (!movimentos.length) return [];
  const agora = (opcoes.agora ?? new Date()).toISOString();
  const lista = movimentos.map((m, indice) => ({ m, indice, data: m.data ? instanteIso(m.data) : agora }));
  for (const { m } of lista) {
    if (m.quantidade === 0n)
      throw new ErroNegocio('Quantidade inválida! Informe uma quantidade diferente de zero.');
    if (m.custoUnitario !== undefined && m.custoUnitario !== null && m.custoUnitario < 0n) {
      throw new ErroNegocio('Custo inválido! O custo unitário não pode ser negativo.');
    }
  }

  // 1. Closed periods. Writers share a lock per store that closing a period takes alone, so a move cannot
  // slip into a period being closed.
  const empresas = [...new Set(lista.map((x) => x.m.empresa))].sort();
  await consultar(
    db,
    sql`select pg_advisory_xact_lock_shared(hashtextextended('estoque:' || e, 0)) from unnest(${textos(empresas)}) as x(e) order by e`,
  );
  const fechadas = await datasFechadas(db, grupo, empresas);
  for (const x of lista) {
    const fechadoAte = fechadas.get(x.m.empresa);
    if (!fechadoAte) continue;
    const dia = diaDoEstoque(new Date(x.data));
    if (dia <= fechadoAte) {
      const n = await nomes(db, grupo, x.m.empresa, x.m.produto);
      throw new ErroNegocio(
        `O estoque da loja ${n.loja} está fechado até ${diaBrasileiro(fechadoAte)}: o movimento de ${diaBrasileiro(dia)} não pode ser lançado. Reabra o período para lançar.`,
      );
    }
  }

  // 2. Lock the balances, in one order.
  const pares = [...new Map(lista.map((x) => [chave(x.m.empresa, x.m.produto), x.m])).values()].sort(
    (a, b) => (a.empresa === b.empresa ? (a.produto < b.produto ? -1 : 1) : a.empresa < b.empresa ? -1 : 1),
  );
  const pe = textos(pares.map((p) => p.empresa));
  const pp = textos(pares.map((p) => p.produto));
  await consultar(
    db,
    sql`insert into estoque_saldo (grupo_empresarial_id, empresa_id, produto_id)
        select ${grupo}, e, p from unnest(${pe}, ${pp}) as x(e, p) order by e, p
        on conflict do nothing`,
  );
  const saldos = await consultar(
    db,
    sql`select s.empresa_id, s.produto_id, s.quantidade::text as quantidade, s.custo_medio::text as custo_medio,
               s.ultimo_custo::text as ultimo_custo, s.ultima_data, s.ultimo_seq
          from estoque_saldo s join unnest(${pe}, ${pp}) as x(e, p) on s.empresa_id = x.e and s.produto_id = x.p
         where s.grupo_empresarial_id = ${grupo}
         order by s.empresa_id, s.produto_id
         for update of s`,
  );
  const saldoDe = new Map(saldos.map((s) => [chave(String(s.empresa_id), String(s.produto_id)), s]));

  // Sequence numbers in the order the moves are folded (date, then the caller's order).
  lista.sort((a, b) => (a.data === b.data ? a.indice - b.indice : a.data < b.data ? -1 : 1));
  const seqs = await consultar(
    db,
    sql`select nextval(pg_get_serial_sequence('estoque_movimento', 'seq'))::bigint as seq
          from generate_series(1, ${lista.length})`,
  );
  const numeros = seqs.map((s) => Number(s.seq)).sort((a, b) => a - b);

  // 3. Fold each pair from the position before its earliest new move.
  const filas = new Map<string, MovimentoNaFila[]>();
  for (const [i, x] of lista.entries()) {
    const k = chave(x.m.empresa, x.m.produto);
    const fila = filas.get(k) ?? [];
    filas.set(k, fila);
    fila.push({
      id: novoId(),
      data: x.data,
      seq: numeros[i]!,
      quantidade: x.m.quantidade,
      custoInformado: x.m.custoUnitario ?? null,
      novo: x.m,
    });
  }
  const inicio = new Map<string, EstadoEstoque>();
  const retroativos: { e: string; p: string; d: string }[] = [];
  for (const [k, fila] of filas) {
    const s = saldoDe.get(k)!;
    const primeira = fila[0]!.data;
    const ultima = s.ultima_data ? instanteIso(s.ultima_data) : null;
    if (ultima === null || primeira >= ultima) {
      inicio.set(k, {
        saldo: lerEstoque(String(s.quantidade)),
        custoMedio: lerEstoque(String(s.custo_medio)),
      });
    } else {
      retroativos.push({ e: String(s.empresa_id), p: String(s.produto_id), d: primeira });
    }
  }
  if (retroativos.length) await carregarRetroativos(db, grupo, retroativos, filas, inicio);

  const permitemNegativo = opcoes.permitirNegativo
    ? null
    : await lojasQuePermitemNegativo(db, grupo, empresas);
  const lojaRecusaNegativo = (k: string) =>
    permitemNegativo !== null && !permitemNegativo.has(String(saldoDe.get(k)!.empresa_id));
  const resultados = new Map<string, Resultado>();
  const alterados: Resultado[] = [];
  const finais = new Map<
    string,
    { estado: EstadoEstoque; ultimoCusto: bigint | null; data: string; seq: number }
  >();
  for (const [k, fila] of filas) {
    let estado = inicio.get(k)!;
    let ultimoCusto: bigint | null = null;
    for (const mov of fila) {
      const v = aplicarMovimento(estado, { quantidade: mov.quantidade, custoInformado: mov.custoInformado });
      if (mov.custoInformado !== null && mov.quantidade > 0n) ultimoCusto = mov.custoInformado;
      const r: Resultado = {
        id: mov.id,
        custoUnitario: escreverEstoque(v.custoUnitario),
        valor: escreverCentavos(v.valorCentavos),
        saldoApos: escreverEstoque(v.saldo),
        custoMedioApos: escreverEstoque(v.custoMedio),
      };
      const novo = mov.novo;
      // A new exit may not leave the balance negative; a back-dated one may not push a later point below zero.
      if (
        lojaRecusaNegativo(k) &&
        v.saldo < 0n &&
        (novo ? mov.quantidade < 0n : !mov.saldoAnteriorNegativo)
      ) {
        const s = saldoDe.get(k)!;
        const n = await nomes(db, grupo, String(s.empresa_id), String(s.produto_id));
        const pedido = novo
          ? -mov.quantidade
          : fila.filter((f) => f.novo && f.quantidade < 0n).reduce((t, f) => t - f.quantidade, 0n);
        throw new ErroNegocio(
          `Estoque insuficiente: ${n.produto} na loja ${n.loja} tem saldo ${quantidadeLegivel(estado.saldo)} e a quantidade pedida é ${quantidadeLegivel(pedido)}.`,
          {
            produto: String(s.produto_id),
            empresa: String(s.empresa_id),
            saldo: escreverEstoque(estado.saldo),
          },
        );
      }
      if (novo) resultados.set(mov.id, r);
      else if (
        mov.antes &&
        (mov.antes.custoUnitario !== r.custoUnitario ||
          mov.antes.valor !== r.valor ||
          mov.antes.saldoApos !== r.saldoApos ||
          mov.antes.custoMedioApos !== r.custoMedioApos)
      ) {
        alterados.push(r);
      }
      estado = v;
    }
    const ultimo = fila.at(-1)!;
    finais.set(k, { estado, ultimoCusto, data: ultimo.data, seq: ultimo.seq });
  }

  // 5. Write.
  const novos = [...filas.values()].flat().filter((f) => f.novo);
  const col = <T>(fn: (f: MovimentoNaFila & { novo: NovoMovimento }, r: Resultado) => T) =>
    novos.map((f) => fn(f as MovimentoNaFila & { novo: NovoMovimento }, resultados.get(f.id)!));
  await consultar(
    db,
    sql`insert into estoque_movimento (id, grupo_empresarial_id, empresa_id, produto_id, data, seq, tipo, quantidade,
          custo_informado, custo_unitario, valor, saldo_apos, custo_medio_apos, origem_tipo, origem_id, estorno_de,
          motivo, documento, usuario_id)
        select id, ${grupo}, empresa, produto, data::timestamptz, seq::bigint, tipo::smallint, quantidade::numeric,
               custo_informado::boolean, custo::numeric, valor::numeric, saldo::numeric, medio::numeric, origem_tipo,
               origem_id, estorno_de, motivo, documento, usuario
          from unnest(${textos(col((f) => f.id))}, ${textos(col((f) => f.novo.empresa))},
                      ${textos(col((f) => f.novo.produto))}, ${textos(col((f) => f.data))},
                      ${textos(col((f) => String(f.seq)))}, ${textos(col((f) => String(f.novo.tipo)))},
                      ${textos(col((f) => escreverEstoque(f.quantidade)))},
                      ${textos(col((f) => String(f.custoInformado !== null)))},
                      ${textos(col((_f, r) => r.custoUnitario))}, ${textos(col((_f, r) => r.valor))},
                      ${textos(col((_f, r) => r.saldoApos))}, ${textos(col((_f, r) => r.custoMedioApos))},
                      ${textos(col((f) => f.novo.origemTipo))}, ${textos(col((f) => f.novo.origemId ?? null))},
                      ${textos(col((f) => f.novo.estornoDe ?? null))}, ${textos(col((f) => f.novo.motivo ?? null))},
                      ${textos(col((f) => f.novo.documento ?? null))}, ${textos(col((f) => f.novo.usuario ?? null))})
            as x(id, empresa, produto, data, seq, tipo, quantidade, custo_informado, custo, valor, saldo, medio,
                 origem_tipo, origem_id, estorno_de, motivo, documento, usuario)`,
  );
  if (alterados.length) {
    // Derived figures of later moves only (running balance, average, cost of exits): what happened stays.
    await consultar(
      db,
      sql`update estoque_movimento m set custo_unitario = x.custo::numeric, valor = x.valor::numeric,
                 saldo_apos = x.saldo::numeric, custo_medio_apos = x.medio::numeric
            from unnest(${textos(alterados.map((a) => a.id))}, ${textos(alterados.map((a) => a.custoUnitario))},
                        ${textos(alterados.map((a) => a.valor))}, ${textos(alterados.map((a) => a.saldoApos))},
                        ${textos(alterados.map((a) => a.custoMedioApos))}) as x(id, custo, valor, saldo, medio)
           where m.id = x.id and m.grupo_empresarial_id = ${grupo}`,
    );
  }
  const fk = [...finais.entries()];
  await consultar(
    db,
    sql`update estoque_saldo s set quantidade = x.quantidade::numeric, custo_medio = x.medio::numeric,
               ultimo_custo = coalesce(x.ultimo_custo::numeric, s.ultimo_custo),
               ultima_data = greatest(s.ultima_data, x.data::timestamptz),
               ultimo_seq = case when s.ultima_data is null or x.data::timestamptz >= s.ultima_data
                                 then x.seq::bigint else s.ultimo_seq end,
               updated_at = now()
          from unnest(${textos(fk.map(([k]) => k.split('\u0000')[0]!))}, ${textos(fk.map(([k]) => k.split('\u0000')[1]!))},
                      ${textos(fk.map(([, f]) => escreverEstoque(f.estado.saldo)))},
                      ${textos(fk.map(([, f]) => escreverEstoque(f.estado.custoMedio)))},
                      ${textos(fk.map(([, f]) => (f.ultimoCusto === null ? null : escreverEstoque(f.ultimoCusto))))},
                      ${textos(fk.map(([, f]) => f.data))}, ${textos(fk.map(([, f]) => String(f.seq)))})
            as x(empresa, produto, quantidade, medio, ultimo_custo, data, seq)
         where s.grupo_empresarial_id = ${grupo} and s.empresa_id = x.empresa and s.produto_id = x.produto`,
  );

  // 6. A recomputed consumption of a production values its output again, and what follows (custo-producao.ts).
  if (alterados.length)
    await reavaliarProducoes(
      db,
      grupo,
      alterados.map((a) => a.id),
    );

  return novos.map((f) => {
    const r = resultados.get(f.id)!;
    const m = f.novo!;
    return {
      _id: f.id,
      empresa: m.empresa,
      produto: m.produto,
      data: f.data,
      tipo: m.tipo,
      quantidade: escreverEstoque(f.quantidade),
      custoUnitario: r.custoUnitario,
      valor: r.valor,
      saldoApos: r.saldoApos,
      custoMedioApos: r.custoMedioApos,
    };
  });
}

/**
 * Back-dated pairs: the position just before the earliest new move, and the pair's moves after it merged
 * with the new ones in (data, seq) order.
 */
async function carregarRetroativos(
  db: Db,
  grupo: string,
  pares: readonly { e: string; p: string; d: string }[],
  filas: Map<string, MovimentoNaFila[]>,
  inicio: Map<string, EstadoEstoque>,
): Promise<void> {
  const e = textos(pares.map((x) => x.e));
  const p = textos(pares.map((x) => x.p));
  const d = textos(pares.map((x) => x.d));
  const anteriores = await consultar(
    db,
    sql`select x.e, x.p, m.saldo_apos::text as saldo, m.custo_medio_apos::text as medio
          from unnest(${e}, ${p}, ${d}) as x(e, p, d)
          left join lateral (
            select saldo_apos, custo_medio_apos from estoque_movimento
             where grupo_empresarial_id = ${grupo} and empresa_id = x.e and produto_id = x.p
               and data <= x.d::timestamptz
             order by data desc, seq desc limit 1) m on true`,
  );
  for (const a of anteriores) {
    inicio.set(chave(String(a.e), String(a.p)), {
      saldo: a.saldo === null ? 0n : lerEstoque(String(a.saldo)),
      custoMedio: a.medio === null ? 0n : lerEstoque(String(a.medio)),
    });
  }
  const posteriores: Linha[] = await consultar(
    db,
    sql`select m.id, m.empresa_id, m.produto_id, m.data, m.seq, m.quantidade::text as quantidade,
               m.custo_informado, m.custo_unitario::text as custo_unitario, m.valor::text as valor,
               m.saldo_apos::text as saldo_apos, m.custo_medio_apos::text as custo_medio_apos
          from unnest(${e}, ${p}, ${d}) as x(e, p, d)
          join estoque_movimento m on m.grupo_empresarial_id = ${grupo} and m.empresa_id = x.e
                                  and m.produto_id = x.p and m.data > x.d::timestamptz
         order by m.data, m.seq`,
  );
  for (const l of posteriores) {
    const k = chave(String(l.empresa_id), String(l.produto_id));
    const quantidade = lerEstoque(String(l.quantidade));
    const fixo = Boolean(l.custo_informado);
    filas.get(k)!.push({
      id: String(l.id),
      data: instanteIso(l.data),
      seq: Number(l.seq),
      quantidade,
      custoInformado: fixo ? lerEstoque(String(l.custo_unitario)) : null,
      antes: {
        custoUnitario: escreverEstoque(lerEstoque(String(l.custo_unitario))),
        valor: escreverCentavos(BigInt(lerEscalado(String(l.valor), 2, 'arredondar'))),
        saldoApos: escreverEstoque(lerEstoque(String(l.saldo_apos))),
        custoMedioApos: escreverEstoque(lerEstoque(String(l.custo_medio_apos))),
      },
      saldoAnteriorNegativo: lerEstoque(String(l.saldo_apos)) < 0n,
    });
  }
  for (const x of pares) {
    const fila = filas.get(chave(x.e, x.p))!;
    fila.sort((a, b) => (a.data === b.data ? a.seq - b.seq : a.data < b.data ? -1 : 1));
  }
}
