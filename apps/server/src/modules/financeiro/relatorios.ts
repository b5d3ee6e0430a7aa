import {
  type DreConsulta,
  montarDre,
  type NaturezaPlano,
  type PlanoDre,
  periodoAnteriorDre,
  type RelatorioDre,
  type SomaDre,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';

// The DRE by the chart of accounts (issue 18): what the period's money did, summed in SQL per (plano, loja, mês,
// período) and rolled up the tree by the domain (packages/domain/src/financeiro/dre.ts). Two bases:
// - competência: titles not cancelled by competência (valor under the title's plano, receber +, pagar −; the card
//   fee `taxa` as an expense under plano_conta_taxa_id) + movements without a title (cash closing, PIX,
//   differences, adjustments) by data under their plano;
// - caixa: settlements not reversed, by data (principal under the title's plano; juros + multa under juros
//   recebidos / pagos; desconto under descontos concedidos / obtidos; taxa under the fee's plano) + the same
//   movements without a title.
// Transfers between the group's own accounts are not a result and are left out in both (their reversals too, which
// keep origem_tipo); any other reversal is a movement of the opposite value and nets out by itself. The sums per
// day are kept by triggers as the rows are written (0003_dre_dia.sql): a year over a million movements reads a few
// thousand rows.

const REGIME = { competencia: 1, caixa: 2 } as const;

async function lerPlano(db: Db, grupo: string): Promise<PlanoDre[]> {
  const linhas = await consultar(
    db,
    sql`select id, codigo, descricao, natureza, financeiro_plano_conta_pai_id as pai
          from financeiro_plano_conta where grupo_empresarial_id = ${grupo} and lixo = false`,
  );
  return linhas.map((l) => ({
    _id: String(l.id),
    codigo: String(l.codigo ?? ''),
    descricao: String(l.descricao ?? ''),
    natureza: (l.natureza === 'Receita' ? 'Receita' : 'Despesa') as NaturezaPlano,
    pai: (l.pai as string | null) ?? null,
  }));
}

/**
 * The sums of one basis between `de` and `ate` (both included), `anterior` for days before `inicioAtual`, read from
 * the daily sums the ledger's triggers keep (financeiro_dre_dia, migration drizzle/financeiro/0003_dre_dia.sql).
 */
async function somasDre(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  regime: DreConsulta['regime'],
  de: string,
  inicioAtual: string,
  ate: string,
): Promise<SomaDre[]> {
  const linhas = await consultar(
    db,
    sql`select plano_conta_id as plano, empresa_id as empresa, to_char(dia, 'YYYY-MM') as mes,
               dia < ${inicioAtual}::date as anterior, sum(valor)::text as valor
          from financeiro_dre_dia
         where grupo_empresarial_id = ${grupo} and regime in (0, ${REGIME[regime]})
           and dia between ${de}::date and ${ate}::date and empresa_id = any(${textos(empresas)})
         group by 1, 2, 3, 4
        having sum(valor) <> 0`,
  );
  return linhas.map((l) => ({
    plano: l.plano ? String(l.plano) : null,
    empresa: String(l.empresa),
    mes: String(l.mes),
    anterior: l.anterior === true || l.anterior === 't',
    valor: String(l.valor),
  }));
}

/** relatorioFinanceiroPlanoDeContas (and ...Teste, which shows the same answer's month columns). */
export async function relatorioDre(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  c: DreConsulta,
): Promise<RelatorioDre> {
  const [plano, lojas] = await Promise.all([
    lerPlano(db, grupo),
    consultar(
      db,
      sql`select id, coalesce(nome_fantasia, descricao) as descricao from empresa
           where grupo_empresarial_id = ${grupo} and id = any(${textos(empresas)})`,
    ),
  ]);
  const comparar = c.comparar === true;
  const de = comparar ? periodoAnteriorDre(c.dataInicio, c.dataFim).inicio : c.dataInicio;
  const somas = await somasDre(db, grupo, empresas, c.regime, de, c.dataInicio, c.dataFim);
  const nomes = new Map(lojas.map((l) => [String(l.id), String(l.descricao ?? '')]));
  const ordenadas = [...empresas].sort((a, b) => (nomes.get(a) ?? a).localeCompare(nomes.get(b) ?? b));
  return montarDre({
    regime: c.regime,
    inicio: c.dataInicio,
    fim: c.dataFim,
    comparar,
    empresas: ordenadas.map((id) => ({ _id: id, descricao: nomes.get(id) ?? id })),
    plano,
    somas,
  });
}
