import {
  type AgendaConsulta,
  type ContaAgenda,
  diaComercial,
  escreverDinheiro,
  lerDinheiro,
  type RespostaAgenda,
  type SomaDiaTipo,
  STATUS_TITULO,
  type TipoTitulo,
  type TituloAgenda,
  totaisAgenda,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar } from '../../db/consultar.ts';
import { padraoContem } from '../../lib/like.ts';
import { SELECT_TITULO, tituloJson } from './titulos.service.ts';

// The finance agenda (issue 18): payables and receivables of the chosen stores due in a period (and the
// overdue ones before it, when asked), with totals per day and per type. Payables of a store whose agenda is
// protected for the user (no permission 223 there) are left out of rows and totals alike; see README.md "Agenda".

/** Rows sent at most; the totals always count every matching title. */
export const LIMITE_AGENDA = 2000;

export interface EscopoAgenda {
  grupo: string;
  /** Stores the user may read. */
  empresas: string[];
  /** Of those, the ones whose payables stay hidden. */
  protegidas: string[];
}

function filtro(e: EscopoAgenda, c: AgendaConsulta): SQL {
  const partes: SQL[] = [
    sql`t.grupo_empresarial_id = ${e.grupo}`,
    sql`t.empresa_id = any(${arrayTexto(e.empresas)})`,
  ];
  if (e.protegidas.length)
    partes.push(sql`not (t.tipo = 'pagar' and t.empresa_id = any(${arrayTexto(e.protegidas)}))`);
  if (c.tipo) partes.push(sql`t.tipo = ${c.tipo}`);
  const noPeriodo = sql`(t.vencimento between ${c.de}::date and ${c.ate}::date)`;
  partes.push(
    c.incluirVencidos
      ? sql`(${noPeriodo} or (t.vencimento < ${c.de}::date and t.status in (${STATUS_TITULO.aberto}, ${STATUS_TITULO.pagoParcial})))`
      : noPeriodo,
  );
  if (c.status?.length)
    partes.push(
      sql`t.status in (${sql.join(
        c.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (c.operadora) partes.push(sql`t.operadora_id = ${c.operadora}`);
  if (c.busca) {
    const termo = padraoContem(c.busca);
    partes.push(
      sql`(t.descricao ilike ${termo} or coalesce(t.documento, '') ilike ${termo}
           or coalesce(pe.nome, '') ilike ${termo} or coalesce(pc.descricao, '') ilike ${termo})`,
    );
  }
  return sql.join(partes, sql` and `);
}

export async function consultarAgenda(
  db: Db,
  e: EscopoAgenda,
  c: AgendaConsulta,
  agora = new Date(),
): Promise<RespostaAgenda> {
  const hoje = diaComercial(agora);
  const onde = filtro(e, c);
  const [linhas, somas, lojas] = await Promise.all([
    consultar(
      db,
      sql`${SELECT_TITULO} where ${onde} order by t.vencimento, t.tipo desc, t.descricao, t.parcela, t.id
          limit ${LIMITE_AGENDA + 1}`,
    ),
    consultar(
      db,
      sql`select t.vencimento::text as dia, t.tipo,
                 coalesce(sum(case when t.status in (${STATUS_TITULO.aberto}, ${STATUS_TITULO.pagoParcial})
                   then t.valor - t.valor_pago else 0 end), 0)::text as aberto,
                 coalesce(sum(case when t.status <> ${STATUS_TITULO.cancelado} then t.valor_pago else 0 end), 0)::text as pago
            from financeiro_titulo t
            left join pessoa pe on pe.id = t.pessoa_id
            left join financeiro_plano_conta pc on pc.id = t.plano_conta_id
           where ${onde}
           group by t.vencimento, t.tipo`,
    ),
    consultar(
      db,
      sql`select id, coalesce(nome_fantasia, descricao) as nome from empresa where id = any(${arrayTexto(e.empresas)})`,
    ),
  ]);
  const nomes = new Map(lojas.map((l) => [String(l.id), String(l.nome ?? '')]));
  const titulos: TituloAgenda[] = linhas.slice(0, LIMITE_AGENDA).map((l) => {
    const t = tituloJson(l);
    const emAberto = t.status.id === STATUS_TITULO.aberto || t.status.id === STATUS_TITULO.pagoParcial;
    return { ...t, empresaDescricao: nomes.get(t.empresa) ?? '', vencido: emAberto && t.vencimento < hoje };
  });
  return {
    titulos,
    truncado: linhas.length > LIMITE_AGENDA,
    totais: totaisAgenda(
      somas.map(
        (s): SomaDiaTipo => ({
          dia: String(s.dia),
          tipo: String(s.tipo) as TipoTitulo,
          aberto: String(s.aberto),
          pago: String(s.pago),
        }),
      ),
      hoje,
    ),
    protegidas: e.protegidas,
  };
}

/** The active accounts that serve `empresa` (its own and shared ones listing it) with their balance, to pay from. */
export async function contasDaEmpresa(db: Db, grupo: string, empresa: string): Promise<ContaAgenda[]> {
  const l = await consultar(
    db,
    sql`select c.id, c.descricao, c.tipo, coalesce(s.saldo, 0)::text as saldo
          from financeiro_conta c
          left join financeiro_conta_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.conta_id = c.id
         where c.grupo_empresarial_id = ${grupo} and c.lixo = false and c.ativo is not false
           and (c.empresa_id = ${empresa} or (c.conta_compartilhada and ${empresa} = any(c.empresas_ids)))
         order by c.descricao, c.id`,
  );
  return l.map((c) => ({
    _id: String(c.id),
    descricao: String(c.descricao ?? ''),
    tipo: String(c.tipo ?? ''),
    saldo: escreverDinheiro(lerDinheiro(String(c.saldo))),
  }));
}
