import {
  aplicarMovimento,
  custoUnitarioProduzido,
  type EstadoEstoque,
  escreverCentavos,
  escreverEstoque,
  lerEscalado,
  lerEstoque,
  TIPO_MOVIMENTO_ESTOQUE,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';

// A production's output follows its ingredients' recomputed cost (issue 17, decision 0017).
// Problem: a back-dated entry of flour changes the flour's average, and the ledger recomputes the cost of the
// flour's later exits — among them the consumption of a production order — but the dough that production put in
// stock kept the value of the flour as it was, so the dough's average (and the CMV of every pizza) stayed wrong.
// Rule: after a batch has recomputed moves, every finished production whose consumption changed gets its output
// valued again by the production rule (unit cost = Σ consumption value / quantity that came out,
// `custoUnitarioProduzido`); the output's product is refolded from that entry on (its later averages and exits),
// and a reversed production's reversal moves take the new costs of the moves they undo. Whatever that refold
// changes may be the consumption of a later production: those are queued too. Productions are taken in the
// order of their output (date, seq): a repricing only touches moves after the output it changed, so each one is
// valued once with final inputs. A production reached again (a recipe cycle through back-dated data) is not
// taken twice, and the cascade stops after LIMITE productions (a refusal: the transaction rolls back, nothing is
// written).

export const ORIGEM_PRODUCAO = 'producao';
const LIMITE = 500;

const escala2 = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const instante = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** Productions whose consumption is among `movimentos` (ids of recomputed moves). */
async function producoesDe(db: Db, grupo: string, movimentos: readonly string[]) {
  if (!movimentos.length) return [];
  const linhas = await consultar(
    db,
    sql`select distinct c.origem_id, e.id as entrada, e.data, e.seq
          from estoque_movimento c
          join estoque_movimento e on e.grupo_empresarial_id = c.grupo_empresarial_id
                                  and e.origem_tipo = ${ORIGEM_PRODUCAO} and e.origem_id = c.origem_id
                                  and e.tipo = ${TIPO_MOVIMENTO_ESTOQUE.producaoEntrada} and e.estorno_de is null
         where c.grupo_empresarial_id = ${grupo} and c.id = any(${textos(movimentos)})
           and c.origem_tipo = ${ORIGEM_PRODUCAO} and c.tipo = ${TIPO_MOVIMENTO_ESTOQUE.producaoConsumo}
           and c.estorno_de is null`,
  );
  return linhas.map((l) => ({ id: String(l.origem_id), data: instante(l.data), seq: Number(l.seq) }));
}

/**
 * Refolds one (store, product) from the earliest move of `custos` on, those moves taking the given unit cost
 * (moves that bring their own cost). Quantities never change, so no balance check. Returns the ids of the
 * moves whose figures changed.
 */
async function refazerPar(
  db: Db,
  grupo: string,
  empresa: string,
  produto: string,
  custos: ReadonlyMap<string, bigint>,
): Promise<string[]> {
  await consultar(
    db,
    sql`select 1 from estoque_saldo where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa}
          and produto_id = ${produto} for update`,
  );
  // The earliest repriced move, compared in the database (its instant keeps PostgreSQL's precision).
  const primeiro = sql`(select data, seq from estoque_movimento where grupo_empresarial_id = ${grupo}
                          and id = any(${textos([...custos.keys()])}) order by data, seq limit 1)`;
  const [antes] = await consultar(
    db,
    sql`select saldo_apos::text as saldo, custo_medio_apos::text as medio from estoque_movimento
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and produto_id = ${produto}
           and (data, seq) < ${primeiro}
         order by data desc, seq desc limit 1`,
  );
  const movs = await consultar(
    db,
    sql`select id, quantidade::text as quantidade, custo_informado, custo_unitario::text as custo,
               valor::text as valor, saldo_apos::text as saldo, custo_medio_apos::text as medio
          from estoque_movimento
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and produto_id = ${produto}
           and (data, seq) >= ${primeiro}
         order by data, seq`,
  );
  let estado: EstadoEstoque = {
    saldo: antes ? lerEstoque(String(antes.saldo)) : 0n,
    custoMedio: antes ? lerEstoque(String(antes.medio)) : 0n,
  };
  let ultimoCusto: bigint | null = null;
  const alterados: { id: string; custo: string; valor: string; saldo: string; medio: string }[] = [];
  for (const m of movs) {
    const id = String(m.id);
    const quantidade = lerEstoque(String(m.quantidade));
    const custoInformado = custos.get(id) ?? (m.custo_informado ? lerEstoque(String(m.custo)) : null);
    const v = aplicarMovimento(estado, { quantidade, custoInformado });
    if (custoInformado !== null && quantidade > 0n) ultimoCusto = custoInformado;
    const novo = {
      id,
      custo: escreverEstoque(v.custoUnitario),
      valor: escreverCentavos(v.valorCentavos),
      saldo: escreverEstoque(v.saldo),
      medio: escreverEstoque(v.custoMedio),
    };
    if (
      novo.custo !== escreverEstoque(lerEstoque(String(m.custo))) ||
      novo.valor !== escreverCentavos(escala2(m.valor)) ||
      novo.saldo !== escreverEstoque(lerEstoque(String(m.saldo))) ||
      novo.medio !== escreverEstoque(lerEstoque(String(m.medio)))
    ) {
      alterados.push(novo);
    }
    estado = v;
  }
  if (!alterados.length) return [];
  await consultar(
    db,
    sql`update estoque_movimento m set custo_unitario = x.custo::numeric, valor = x.valor::numeric,
               saldo_apos = x.saldo::numeric, custo_medio_apos = x.medio::numeric
          from unnest(${textos(alterados.map((a) => a.id))}, ${textos(alterados.map((a) => a.custo))},
                      ${textos(alterados.map((a) => a.valor))}, ${textos(alterados.map((a) => a.saldo))},
                      ${textos(alterados.map((a) => a.medio))}) as x(id, custo, valor, saldo, medio)
         where m.id = x.id and m.grupo_empresarial_id = ${grupo}`,
  );
  await consultar(
    db,
    sql`update estoque_saldo set quantidade = ${escreverEstoque(estado.saldo)}::numeric,
               custo_medio = ${escreverEstoque(estado.custoMedio)}::numeric,
               ultimo_custo = coalesce(${ultimoCusto === null ? null : escreverEstoque(ultimoCusto)}::numeric, ultimo_custo),
               updated_at = now()
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and produto_id = ${produto}`,
  );
  return alterados.map((a) => a.id);
}

/**
 * Values again the output of every finished production whose consumption is among `recalculados` (moves the
 * ledger has just recomputed), and what follows from it. Runs inside the ledger's transaction.
 */
export async function reavaliarProducoes(
  db: Db,
  grupo: string,
  recalculados: readonly string[],
): Promise<void> {
  const fila = new Map<string, { data: string; seq: number }>();
  const feitas = new Set<string>();
  const enfileirar = async (ids: readonly string[]) => {
    for (const p of await producoesDe(db, grupo, ids)) if (!feitas.has(p.id)) fila.set(p.id, p);
  };
  await enfileirar(recalculados);
  while (fila.size) {
    if (feitas.size >= LIMITE) {
      throw new ErroNegocio(
        `O movimento muda o custo de mais de ${LIMITE} ordens de produção posteriores: lance-o com uma data mais recente.`,
      );
    }
    // The earliest output first: its inputs can only have been changed by productions before it.
    const [id] = [...fila.entries()].sort(([, a], [, b]) =>
      a.data === b.data ? a.seq - b.seq : a.data < b.data ? -1 : 1,
    )[0]!;
    fila.delete(id);
    feitas.add(id);
    const movs = await consultar(
      db,
      sql`select id, empresa_id, produto_id, tipo, quantidade::text as quantidade, custo_unitario::text as custo,
                 valor::text as valor, estorno_de
            from estoque_movimento
           where grupo_empresarial_id = ${grupo} and origem_tipo = ${ORIGEM_PRODUCAO} and origem_id = ${id}
           order by seq`,
    );
    const originais = movs.filter((m) => m.estorno_de === null);
    const entrada = originais.find((m) => Number(m.tipo) === TIPO_MOVIMENTO_ESTOQUE.producaoEntrada);
    if (!entrada) continue;
    const consumo = originais.filter((m) => Number(m.tipo) === TIPO_MOVIMENTO_ESTOQUE.producaoConsumo);
    const valor = consumo.reduce((t, m) => t - escala2(m.valor), 0n);
    const quantidade = lerEstoque(String(entrada.quantidade));
    const custo = custoUnitarioProduzido(valor, quantidade);
    // New unit costs per (store, product): the output, and the reversal moves of a reversed order (each at the
    // cost of the move it undoes).
    const porPar = new Map<string, { empresa: string; produto: string; custos: Map<string, bigint> }>();
    const definir = (m: (typeof movs)[number], c: bigint) => {
      if (lerEstoque(String(m.custo)) === c) return;
      const k = `${String(m.empresa_id)}\u0000${String(m.produto_id)}`;
      const par = porPar.get(k) ?? {
        empresa: String(m.empresa_id),
        produto: String(m.produto_id),
        custos: new Map<string, bigint>(),
      };
      porPar.set(k, par);
      par.custos.set(String(m.id), c);
    };
    definir(entrada, custo);
    for (const r of movs.filter((m) => m.estorno_de !== null)) {
      const o = originais.find((m) => m.id === r.estorno_de);
      if (o) definir(r, o.id === entrada.id ? custo : lerEstoque(String(o.custo)));
    }
    await consultar(
      db,
      sql`update estoque_producao set custo_total = ${escreverCentavos(valor)}::numeric,
                 custo_unitario = ${escreverEstoque(custo)}::numeric, updated_at = now()
           where grupo_empresarial_id = ${grupo} and id = ${id}
             and (custo_total is distinct from ${escreverCentavos(valor)}::numeric
                  or custo_unitario is distinct from ${escreverEstoque(custo)}::numeric)`,
    );
    const pares = [...porPar.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [, par] of pares) {
      await enfileirar(await refazerPar(db, grupo, par.empresa, par.produto, par.custos));
    }
  }
}
