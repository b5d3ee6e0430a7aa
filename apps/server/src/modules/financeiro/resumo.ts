import {
  centavosDre,
  type ResumoFinanceiro,
  somarDias,
  type TotalTitulos,
  textoCentavos,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';

// The finance summary (issue 18, financeiroResumo): what an owner looks at first — each account's balance, what is
// due today and overdue, what the card acquirers will pay in the next 30 days, and the cash flow realised (account
// movements) against the forecast (open titles by due date). Open = valor − valor_pago of titles aberto / pago
// parcial; a card receivable's forecast is net of its fee's share of what is still open.

const ABERTOS = sql`status in (1, 2)`;
const aberto = sql`(t.valor - t.valor_pago)`;
/** The fee's share of what is still open (a partly settled receivable already paid part of its fee). */
const taxaAberta = sql`(case when t.valor > 0 then round(t.taxa * (t.valor - t.valor_pago) / t.valor, 2) else 0 end)`;

export async function resumoFinanceiro(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  hoje: string,
  dias: number,
): Promise<ResumoFinanceiro> {
  const e = textos(empresas);
  const de = somarDias(hoje, -dias);
  const ate = somarDias(hoje, dias);
  const [contas, vencendo, operadoras, realizado, previsto] = await Promise.all([
    consultar(
      db,
      sql`select c.id, c.descricao, c.tipo, c.empresa_id, coalesce(emp.nome_fantasia, emp.descricao) as loja,
                 coalesce(s.saldo, 0)::text as saldo
            from financeiro_conta c
            join empresa emp on emp.id = c.empresa_id and emp.grupo_empresarial_id = c.grupo_empresarial_id
            left join financeiro_conta_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.conta_id = c.id
           where c.grupo_empresarial_id = ${grupo} and c.lixo = false and coalesce(c.ativo, true)
             and (c.empresa_id = any(${e}) or (c.conta_compartilhada and c.empresas_ids && ${e}))
           order by loja, c.descricao`,
    ),
    consultar(
      db,
      sql`select t.tipo, t.vencimento = ${hoje}::date as hoje, count(*)::int as n, sum(${aberto})::text as valor
            from financeiro_titulo t
           where t.grupo_empresarial_id = ${grupo} and t.empresa_id = any(${e}) and t.${ABERTOS}
             and t.vencimento <= ${hoje}::date
           group by 1, 2`,
    ),
    consultar(
      db,
      sql`select t.operadora_id, o.descricao, count(*)::int as n, sum(${aberto})::text as bruto,
                 sum(${taxaAberta})::text as taxa
            from financeiro_titulo t
            left join operadora o on o.id = t.operadora_id and o.grupo_empresarial_id = t.grupo_empresarial_id
           where t.grupo_empresarial_id = ${grupo} and t.empresa_id = any(${e}) and t.${ABERTOS}
             and t.tipo = 'receber' and t.operadora_id is not null
             and t.vencimento between ${hoje}::date and ${somarDias(hoje, 30)}::date
           group by 1, 2 order by sum(${aberto}) desc`,
    ),
    consultar(
      db,
      sql`select m.data::text as dia,
                 coalesce(sum(m.valor) filter (where m.valor > 0), 0)::text as entradas,
                 coalesce(sum(-m.valor) filter (where m.valor < 0), 0)::text as saidas
            from financeiro_movimentacao m
           where m.grupo_empresarial_id = ${grupo} and m.empresa_id = any(${e})
             and m.data between ${de}::date and ${hoje}::date and m.origem_tipo <> 'transferencia'
           group by 1`,
    ),
    consultar(
      db,
      sql`select t.vencimento::text as dia,
                 coalesce(sum(${aberto} - ${taxaAberta}) filter (where t.tipo = 'receber'), 0)::text as entradas,
                 coalesce(sum(${aberto}) filter (where t.tipo = 'pagar'), 0)::text as saidas
            from financeiro_titulo t
           where t.grupo_empresarial_id = ${grupo} and t.empresa_id = any(${e}) and t.${ABERTOS}
             and t.vencimento between ${hoje}::date and ${ate}::date
           group by 1`,
    ),
  ]);

  const total = (tipo: string, noDia: boolean): TotalTitulos => {
    const l = vencendo.find((v) => v.tipo === tipo && (v.hoje === true || v.hoje === 't') === noDia);
    return { quantidade: Number(l?.n ?? 0), valor: dinheiro(l?.valor) };
  };
  const real = new Map(realizado.map((l) => [String(l.dia), l]));
  const prev = new Map(previsto.map((l) => [String(l.dia), l]));
  const fluxo: ResumoFinanceiro['fluxo'] = [];
  for (let d = de; d <= ate; d = somarDias(d, 1)) {
    const r = real.get(d);
    const p = prev.get(d);
    fluxo.push({
      dia: d,
      entradas: dinheiro(r?.entradas),
      saidas: dinheiro(r?.saidas),
      previstoEntradas: dinheiro(p?.entradas),
      previstoSaidas: dinheiro(p?.saidas),
    });
  }
  let saldoTotal = 0n;
  for (const c of contas) saldoTotal += centavos(c.saldo);

  return {
    hoje,
    contas: contas.map((c) => ({
      _id: String(c.id),
      descricao: String(c.descricao ?? ''),
      tipo: (c.tipo as string | null) ?? null,
      empresa: { _id: String(c.empresa_id), descricao: String(c.loja ?? '') },
      saldo: dinheiro(c.saldo),
    })),
    saldoTotal: escrever(saldoTotal),
    pagar: { hoje: total('pagar', true), vencidos: total('pagar', false) },
    receber: { hoje: total('receber', true), vencidos: total('receber', false) },
    recebiveisOperadora: operadoras.map((o) => {
      const bruto = centavos(o.bruto);
      const taxa = centavos(o.taxa);
      return {
        operadora: {
          _id: (o.operadora_id as string | null) ?? null,
          descricao: String(o.descricao ?? 'Operadora'),
        },
        quantidade: Number(o.n),
        bruto: escrever(bruto),
        taxa: escrever(taxa),
        liquido: escrever(bruto - taxa),
      };
    }),
    fluxo,
  };
}

const centavos = (v: unknown) => centavosDre(String(v ?? '0'));
const escrever = textoCentavos;
const dinheiro = (v: unknown) => escrever(centavos(v));
