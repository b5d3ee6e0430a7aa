import {
  DESCRICAO_STATUS_TITULO,
  diasDoMes,
  escreverDinheiro,
  lerDinheiro,
  STATUS_TITULO,
  type StatusTitulo,
} from '@retaguarda/domain';
import {
  type CalendarioConsulta,
  type CalendarioDiaConsulta,
  type DiaCalendario,
  LIMITE_TITULOS_DIA,
  type RespostaCalendario,
  type RespostaDiaCalendario,
  type ValoresCalendario,
} from '@retaguarda/domain/financeiro/calendario-recebimento';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';

// The receivables / payables calendar (issue 18, calendarioRecebimento and calendarioPagamento): per day of a
// month, what each acquirer will pay (card receivables, gross − fee = net) or what the group must pay, and how
// much of it was already settled. The month reads the per-day sums the titles' triggers keep; the net realised of
// a card receivable is its settled principal less the fee in proportion, as the settlement posted it
// (taxaProporcional), summed in SQL to the cent per title. A day's titles are read from the titles' index.

interface Acumulado {
  quantidade: number;
  bruto: number;
  taxa: number;
  realizado: number;
}

const vazio = (): Acumulado => ({ quantidade: 0, bruto: 0, taxa: 0, realizado: 0 });

function valores(a: Acumulado): ValoresCalendario {
  return {
    quantidade: a.quantidade,
    bruto: escreverDinheiro(a.bruto),
    taxa: escreverDinheiro(a.taxa),
    liquido: escreverDinheiro(a.bruto - a.taxa),
    realizado: escreverDinheiro(a.realizado),
    aberto: escreverDinheiro(a.bruto - a.taxa - a.realizado),
  };
}

function somar(a: Acumulado, b: Acumulado): void {
  a.quantidade += b.quantidade;
  a.bruto += b.bruto;
  a.taxa += b.taxa;
  a.realizado += b.realizado;
}

/** Receivables: card titles (they carry an acquirer); payables: every payable. Cancelled titles never count. */
function filtroVisao(visao: CalendarioConsulta['visao']) {
  return visao === 'receber' ? sql`t.tipo = 'receber' and t.operadora_id is not null` : sql`t.tipo = 'pagar'`;
}

export async function consultarCalendario(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  c: CalendarioConsulta,
): Promise<RespostaCalendario> {
  const [ano, mes] = c.mes.split('-').map(Number) as [number, number];
  const de = `${c.mes}-01`;
  const ate = `${c.mes}-${String(diasDoMes(ano, mes)).padStart(2, '0')}`;
  // The daily sums the titles' triggers keep (financeiro_calendario_dia, migration drizzle/financeiro/0006): a
  // month of 10 stores is ~300 rows whatever the number of titles. A day whose titles all went away reads as absent.
  const linhas = await consultar(
    db,
    sql`select s.vencimento::text as dia, s.operadora_id, op.descricao as operadora, s.quantidade,
               s.bruto::text as bruto, s.taxa::text as taxa, s.realizado::text as realizado
          from (select c.vencimento, nullif(c.operadora_id, '') as operadora_id, sum(c.quantidade)::int as quantidade,
                       sum(c.bruto) as bruto, sum(c.taxa) as taxa, sum(c.realizado) as realizado
                  from financeiro_calendario_dia c
                 where c.grupo_empresarial_id = ${grupo} and c.empresa_id = any(${textos(empresas)})
                   and ${c.visao === 'receber' ? sql`c.tipo = 'receber' and c.operadora_id <> ''` : sql`c.tipo = 'pagar'`}
                   and c.vencimento between ${de}::date and ${ate}::date
                 group by c.vencimento, c.operadora_id
                having sum(c.quantidade) <> 0) s
          left join operadora op on op.id = s.operadora_id
         order by s.vencimento, op.descricao nulls first`,
  );
  const dias = new Map<string, { total: Acumulado; ops: DiaCalendario['porOperadora'] }>();
  const total = vazio();
  for (const l of linhas) {
    const dia = String(l.dia);
    let d = dias.get(dia);
    if (!d) {
      d = { total: vazio(), ops: [] };
      dias.set(dia, d);
    }
    const a: Acumulado = {
      quantidade: Number(l.quantidade),
      bruto: lerDinheiro(String(l.bruto)),
      taxa: lerDinheiro(String(l.taxa)),
      realizado: lerDinheiro(String(l.realizado)),
    };
    somar(d.total, a);
    somar(total, a);
    d.ops.push({
      operadora: {
        _id: (l.operadora_id as string | null) ?? null,
        descricao: l.operadora_id ? String(l.operadora ?? '') : c.visao === 'pagar' ? 'Contas a pagar' : '',
      },
      ...valores(a),
    });
  }
  return {
    mes: c.mes,
    visao: c.visao,
    dias: [...dias].map(([data, d]) => ({ data, total: valores(d.total), porOperadora: d.ops })),
    total: valores(total),
  };
}

/** The titles of one day of the calendar (up to LIMITE_TITULOS_DIA, by store, acquirer and value). */
export async function consultarDiaCalendario(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  c: CalendarioDiaConsulta,
): Promise<RespostaDiaCalendario> {
  const filtro = sql`t.grupo_empresarial_id = ${grupo} and t.empresa_id = any(${textos(empresas)})
    and ${filtroVisao(c.visao)} and t.vencimento = ${c.data}::date and t.status <> ${STATUS_TITULO.cancelado}
    ${c.operadora ? sql`and t.operadora_id = ${c.operadora}` : sql``}`;
  const linhas = await consultar(
    db,
    sql`select t.id, t.empresa_id, t.descricao, t.operadora_id, op.descricao as operadora, pe.nome as pessoa,
               t.vencimento::text as vencimento, t.data_venda::text as data_venda, t.parcela, t.parcelas, t.nsu,
               t.autorizacao, t.valor::text as valor, t.taxa::text as taxa, t.valor_pago::text as valor_pago, t.status,
               count(*) over () as total
          from financeiro_titulo t
          left join operadora op on op.id = t.operadora_id
          left join pessoa pe on pe.id = t.pessoa_id
         where ${filtro}
         order by t.empresa_id, op.descricao nulls first, t.valor desc, t.id
         limit ${LIMITE_TITULOS_DIA}`,
  );
  return {
    data: c.data,
    total: Number(linhas[0]?.total ?? 0),
    titulos: linhas.map((l) => {
      const status = Number(l.status) as StatusTitulo;
      const valor = lerDinheiro(String(l.valor));
      const taxa = lerDinheiro(String(l.taxa));
      return {
        _id: String(l.id),
        empresa: String(l.empresa_id),
        descricao: String(l.descricao),
        operadora: l.operadora_id
          ? { _id: String(l.operadora_id), descricao: String(l.operadora ?? '') }
          : null,
        pessoa: (l.pessoa as string | null) ?? null,
        vencimento: String(l.vencimento),
        dataVenda: (l.data_venda as string | null) ?? null,
        parcela: Number(l.parcela),
        parcelas: Number(l.parcelas),
        nsu: (l.nsu as string | null) ?? null,
        autorizacao: (l.autorizacao as string | null) ?? null,
        valor: escreverDinheiro(valor),
        taxa: escreverDinheiro(taxa),
        liquido: escreverDinheiro(valor - taxa),
        valorPago: escreverDinheiro(lerDinheiro(String(l.valor_pago))),
        status: { id: status, descricao: DESCRICAO_STATUS_TITULO[status] },
      };
    }),
  };
}
