import {
  escreverCentavos,
  escreverEstoque,
  type LinhaFluxoEstoque,
  lerEscalado,
  lerEstoque,
  PERMISSAO,
  type PeriodoRelatorioEstoque,
  periodoRelatorioEstoqueSchema,
  type RelatorioFluxoEstoque,
  type RelatorioVendaInsumos,
  valorDoMovimento,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';
import { ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela } from '../usuarios/permissao-negada.ts';
import { ORIGEM } from './estoque.service.ts';

// Stock reports read from the ledger (issue 17): the stock flow of a period (relatorioEstoqueFluxo) and the
// ingredients the sales of a period consumed with their cost (relatorioVendaInsumos, the food cost).

/** At most this many rows in one answer (the screen filters and exports). */
export const LIMITE_LINHAS_RELATORIO = 20_000;

const centavos = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const qtd = (v: unknown) => (v === null || v === undefined ? 0n : lerEstoque(String(v)));

export async function fluxoDeEstoque(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  p: PeriodoRelatorioEstoque,
): Promise<RelatorioFluxoEstoque> {
  const inicio = new Date(p.dataInicio).toISOString();
  const fim = new Date(p.dataFim).toISOString();
  const busca = p.busca?.trim() ? `%${p.busca.trim().toLowerCase()}%` : null;
  const linhas = await consultar(
    db,
    sql`with pares as (
          select s.empresa_id, s.produto_id, pr.descricao, un.sigla as unidade,
                 coalesce(e.nome_fantasia, e.descricao) as loja
            from estoque_saldo s
            join produto_geral pr on pr.id = s.produto_id and pr.grupo_empresarial_id = s.grupo_empresarial_id
            join empresa e on e.id = s.empresa_id and e.grupo_empresarial_id = s.grupo_empresarial_id
            left join unidade_medida un on un.id = pr.unidade_id and un.grupo_empresarial_id = pr.grupo_empresarial_id
           where s.grupo_empresarial_id = ${grupo} and s.empresa_id = any(${textos(empresas)})
             ${busca ? sql`and lower(pr.descricao) like ${busca}` : sql``}),
        mov as (
          select empresa_id, produto_id,
                 coalesce(sum(quantidade) filter (where quantidade > 0), 0)::text as entradas,
                 coalesce(sum(valor) filter (where quantidade > 0), 0)::text as valor_entradas,
                 coalesce(sum(-quantidade) filter (where quantidade < 0), 0)::text as saidas,
                 coalesce(sum(-valor) filter (where quantidade < 0), 0)::text as valor_saidas
            from estoque_movimento
           where grupo_empresarial_id = ${grupo} and empresa_id = any(${textos(empresas)})
             and data >= ${inicio}::timestamptz and data < ${fim}::timestamptz
           group by empresa_id, produto_id)
        select p.empresa_id, p.loja, p.produto_id, p.descricao, p.unidade,
               ini.saldo_apos::text as saldo_ini, ini.custo_medio_apos::text as medio_ini,
               fin.saldo_apos::text as saldo_fim, fin.custo_medio_apos::text as medio_fim,
               mov.entradas, mov.valor_entradas, mov.saidas, mov.valor_saidas
          from pares p
          left join mov on mov.empresa_id = p.empresa_id and mov.produto_id = p.produto_id
          left join lateral (
            select saldo_apos, custo_medio_apos from estoque_movimento m
             where m.grupo_empresarial_id = ${grupo} and m.empresa_id = p.empresa_id and m.produto_id = p.produto_id
               and m.data < ${inicio}::timestamptz
             order by m.data desc, m.seq desc limit 1) ini on true
          left join lateral (
            select saldo_apos, custo_medio_apos from estoque_movimento m
             where m.grupo_empresarial_id = ${grupo} and m.empresa_id = p.empresa_id and m.produto_id = p.produto_id
               and m.data < ${fim}::timestamptz
             order by m.data desc, m.seq desc limit 1) fin on true
         where fin.saldo_apos is not null or mov.produto_id is not null
         order by p.descricao, p.loja
         limit ${LIMITE_LINHAS_RELATORIO}`,
  );
  const totais = { valorInicial: 0n, valorEntradas: 0n, valorSaidas: 0n, valorFinal: 0n };
  const saida = linhas.map((l): LinhaFluxoEstoque => {
    const valorInicial = valorDoMovimento(qtd(l.saldo_ini), qtd(l.medio_ini));
    const valorFinal = valorDoMovimento(qtd(l.saldo_fim), qtd(l.medio_fim));
    const valorEntradas = centavos(l.valor_entradas);
    const valorSaidas = centavos(l.valor_saidas);
    totais.valorInicial += valorInicial;
    totais.valorEntradas += valorEntradas;
    totais.valorSaidas += valorSaidas;
    totais.valorFinal += valorFinal;
    return {
      empresa: { _id: String(l.empresa_id), descricao: String(l.loja ?? '') },
      produto: {
        _id: String(l.produto_id),
        descricao: String(l.descricao ?? ''),
        unidade: l.unidade ? String(l.unidade) : null,
      },
      saldoInicial: escreverEstoque(qtd(l.saldo_ini)),
      valorInicial: escreverCentavos(valorInicial),
      entradas: escreverEstoque(qtd(l.entradas)),
      valorEntradas: escreverCentavos(valorEntradas),
      saidas: escreverEstoque(qtd(l.saidas)),
      valorSaidas: escreverCentavos(valorSaidas),
      saldoFinal: escreverEstoque(qtd(l.saldo_fim)),
      valorFinal: escreverCentavos(valorFinal),
    };
  });
  return {
    linhas: saida,
    totais: {
      valorInicial: escreverCentavos(totais.valorInicial),
      valorEntradas: escreverCentavos(totais.valorEntradas),
      valorSaidas: escreverCentavos(totais.valorSaidas),
      valorFinal: escreverCentavos(totais.valorFinal),
    },
  };
}

const percentual = (parte: bigint, todo: bigint): string | null =>
  todo === 0n ? null : escreverCentavos((parte * 10_000n + todo / 2n) / todo);

export async function insumosDasVendas(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  p: PeriodoRelatorioEstoque,
): Promise<RelatorioVendaInsumos> {
  const inicio = new Date(p.dataInicio).toISOString();
  const fim = new Date(p.dataFim).toISOString();
  const busca = p.busca?.trim() ? `%${p.busca.trim().toLowerCase()}%` : null;
  // Consumption and its reversals (a sale cancelled after the end gives back at the cost it took).
  const linhas = await consultar(
    db,
    sql`select m.produto_id, pr.descricao, un.sigla as unidade,
               sum(-m.quantidade)::text as quantidade, sum(-m.valor)::text as custo
          from estoque_movimento m
          join produto_geral pr on pr.id = m.produto_id and pr.grupo_empresarial_id = m.grupo_empresarial_id
          left join unidade_medida un on un.id = pr.unidade_id and un.grupo_empresarial_id = pr.grupo_empresarial_id
         where m.grupo_empresarial_id = ${grupo} and m.empresa_id = any(${textos(empresas)})
           and m.origem_tipo = ${ORIGEM.venda}
           and m.data >= ${inicio}::timestamptz and m.data < ${fim}::timestamptz
           ${busca ? sql`and lower(pr.descricao) like ${busca}` : sql``}
         group by m.produto_id, pr.descricao, un.sigla
        having sum(m.quantidade) <> 0
         order by sum(-m.valor) desc, pr.descricao
         limit ${LIMITE_LINHAS_RELATORIO}`,
  );
  const dias = await consultar(
    db,
    sql`with v as (
          select (encerrada_em at time zone 'America/Sao_Paulo')::date as dia, sum(total) as faturamento, count(*) as n
            from venda
           where grupo_empresarial_id = ${grupo} and empresa_id = any(${textos(empresas)}) and status = 59
             and encerrada_em >= ${inicio}::timestamptz and encerrada_em < ${fim}::timestamptz
           group by 1),
        c as (
          select (data at time zone 'America/Sao_Paulo')::date as dia, sum(-valor) as custo
            from estoque_movimento
           where grupo_empresarial_id = ${grupo} and empresa_id = any(${textos(empresas)})
             and origem_tipo = ${ORIGEM.venda}
             and data >= ${inicio}::timestamptz and data < ${fim}::timestamptz
           group by 1)
        select coalesce(v.dia, c.dia)::text as dia, coalesce(v.faturamento, 0)::text as faturamento,
               coalesce(v.n, 0)::int as vendas, coalesce(c.custo, 0)::text as custo
          from v full join c on c.dia = v.dia
         order by 1`,
  );
  let faturamento = 0n;
  let custoInsumos = 0n;
  let vendas = 0;
  const porDia = dias.map((d) => {
    faturamento += centavos(d.faturamento);
    custoInsumos += centavos(d.custo);
    vendas += Number(d.vendas);
    return {
      dia: String(d.dia),
      faturamento: escreverCentavos(centavos(d.faturamento)),
      custoInsumos: escreverCentavos(centavos(d.custo)),
    };
  });
  const totalLinhas = linhas.reduce((a, l) => a + centavos(l.custo), 0n);
  return {
    linhas: linhas.map((l) => ({
      produto: {
        _id: String(l.produto_id),
        descricao: String(l.descricao ?? ''),
        unidade: l.unidade ? String(l.unidade) : null,
      },
      quantidade: escreverEstoque(qtd(l.quantidade)),
      custo: escreverCentavos(centavos(l.custo)),
      participacao: percentual(centavos(l.custo), totalLinhas) ?? '0.00',
    })),
    faturamento: escreverCentavos(faturamento),
    vendas,
    custoInsumos: escreverCentavos(custoInsumos),
    cmvPercentual: percentual(custoInsumos, faturamento),
    porDia,
  };
}

export async function rotasRelatoriosEstoque(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco } = app.servicos;
  const tags = ['estoque'];

  /** Stores asked for (body, else the `empresa` header, else all) where the user holds `permissao`. */
  const lojas = (request: FastifyRequest, pedidas: string[] | undefined, permissao: number) =>
    empresasPermitidasTela(app, request, pedidas, permissao);

  r.post(
    '/api/relatorio/estoqueFluxo',
    { schema: { tags, body: periodoRelatorioEstoqueSchema } },
    async (request) => {
      const lista = await lojas(request, request.body.empresas, PERMISSAO.relatorioEstoqueFluxoAcessar);
      return ok(await fluxoDeEstoque(banco.db, sessaoDe(request).grupoEmpresarialId, lista, request.body));
    },
  );

  r.post(
    '/api/relatorio/vendaInsumos',
    { schema: { tags, body: periodoRelatorioEstoqueSchema } },
    async (request) => {
      const lista = await lojas(request, request.body.empresas, PERMISSAO.relatorioVendaInsumosAcessar);
      return ok(await insumosDasVendas(banco.db, sessaoDe(request).grupoEmpresarialId, lista, request.body));
    },
  );
}
