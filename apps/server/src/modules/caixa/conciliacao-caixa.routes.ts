import {
  escreverDinheiro,
  lerDinheiro,
  PERMISSAO,
  statusOperacaoCaixa,
  TIPO_PAGAMENTO,
} from '@retaguarda/domain';
import {
  consultaConciliacaoSchema,
  type DetalheFechamento,
  type FechamentoResumo,
  MENSAGENS_CONCILIACAO,
  type MovimentacaoPostada,
  type MovimentoCaixaDetalhe,
  type PessoaNome,
} from '@retaguarda/domain/caixa/conciliacao';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { arrayTexto, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela, exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import type { ServicoVendas } from '../vendas/vendas.service.ts';
import { MC, type ServicoCaixa, STATUS_CAIXA } from './caixa.service.ts';

// conciliacaoCaixa (issue 18): the finance clerk's view of the cashier closings — the list of a period's closings
// of the stores the user may see, and one closing with its drawer figures, bleed-offs and supplies with who made
// them, and the finance movements its reconciliation posted (origem fechamentoCaixa / diferencaCaixa, written by
// the posting worker of financeiro/lancamento-pdv.ts a moment after POST /api/periodo/conciliar).

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const DIA_MS = 86_400_000;
const LIMITE_LISTA = 500;

const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

function somaDinheiro(lista: unknown): string | null {
  if (!Array.isArray(lista)) return null;
  let soma = 0;
  for (const c of lista as { tipo?: number; valor?: string }[])
    if (Number(c.tipo) === TIPO_PAGAMENTO.dinheiro) soma += lerDinheiro(String(c.valor ?? '0'));
  return escreverDinheiro(soma);
}

const SELECT_FECHAMENTO = sql`select p.id, p.empresa_id, coalesce(nullif(e.nome_fantasia, ''), e.descricao) as empresa_descricao,
    p.caixa_id, c.descricao as caixa_descricao, p.status, p.data_abertura, p.data_fechamento,
    p.operador_abertura_id, p.operador_fechamento_id, p.supervisor_diferenca_id,
    p.valor_abertura::text as valor_abertura, p.diferenca::text as diferenca, p.apurado, p.contagem, p.observacao,
    p.conciliacao_supervisor_id, p.conciliacao_observacao, p.conciliado_em, p.conciliado_por_id,
    (select coalesce(sum(vp.valor), 0)::text from venda_pagamento vp
      where vp.grupo_empresarial_id = p.grupo_empresarial_id and vp.empresa_id = p.empresa_id
        and vp.periodo_id = p.id and not vp.lixo) as total_recebido
  from periodo p
  left join empresa e on e.id = p.empresa_id
  left join caixa c on c.id = p.caixa_id`;

export async function rotasConciliacaoCaixa(
  app: FastifyInstance,
  caixa: ServicoCaixa,
  vendas: ServicoVendas,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['caixa'];

  /** Names of the group's users, one query for a whole list. */
  async function nomes(grupo: string, ids: unknown[]): Promise<Map<string, PessoaNome>> {
    const unicos = [...new Set(ids.filter((x): x is string => typeof x === 'string'))];
    if (!unicos.length) return new Map();
    const linhas = await consultar(
      db,
      sql`select id, nome from usuario where grupo_empresarial_id = ${grupo} and id = any(${arrayTexto(unicos)})`,
    );
    return new Map(linhas.map((l) => [String(l.id), { _id: String(l.id), nome: String(l.nome) }]));
  }

  function resumo(l: Linha, pessoas: Map<string, PessoaNome>): FechamentoResumo {
    const pessoa = (v: unknown) => (typeof v === 'string' ? (pessoas.get(v) ?? { _id: v, nome: v }) : null);
    const status = Number(l.status);
    return {
      _id: String(l.id),
      empresa: { _id: String(l.empresa_id), descricao: String(l.empresa_descricao ?? '') },
      caixa: { _id: String(l.caixa_id), descricao: String(l.caixa_descricao ?? l.caixa_id) },
      status: { id: status, descricao: statusOperacaoCaixa.porId(status as 1)?.descricao ?? String(status) },
      dataAbertura: iso(l.data_abertura) ?? '',
      dataFechamento: iso(l.data_fechamento),
      operadorAbertura: pessoa(l.operador_abertura_id),
      operadorFechamento: pessoa(l.operador_fechamento_id),
      valorAbertura: String(l.valor_abertura),
      totalRecebido: String(l.total_recebido ?? '0.00'),
      dinheiroEsperado: somaDinheiro(l.apurado),
      dinheiroContado: somaDinheiro(l.contagem),
      diferenca: (l.diferenca as string | null) ?? null,
      supervisorDiferenca: pessoa(l.supervisor_diferenca_id),
    };
  }

  r.get(
    '/api/conciliacaoCaixa',
    { schema: { tags, querystring: consultaConciliacaoSchema } },
    async (request) => {
      const q = request.query;
      if (q.dataFinal <= q.dataInicial) throw new ErroNegocio(MENSAGENS_CONCILIACAO.periodoInvalido);
      if (Date.parse(q.dataFinal) - Date.parse(q.dataInicial) > 367 * DIA_MS)
        throw new ErroNegocio(MENSAGENS_CONCILIACAO.periodoLongo);
      const lojas = await empresasPermitidasTela(app, request, q.empresa, PERMISSAO.conciliacaoCaixaAcessar);
      const grupo = sessaoDe(request).grupoEmpresarialId;
      const linhas = await consultar(
        db,
        sql`${SELECT_FECHAMENTO}
            where p.grupo_empresarial_id = ${grupo} and p.empresa_id = any(${arrayTexto(lojas)})
              and not p.periodo_aberto
              and p.data_fechamento >= ${q.dataInicial}::timestamptz and p.data_fechamento < ${q.dataFinal}::timestamptz
              ${q.status === undefined ? sql`` : sql`and p.status = ${q.status}`}
            order by p.data_fechamento desc, p.id limit ${LIMITE_LISTA}`,
      );
      const pessoas = await nomes(
        grupo,
        linhas.flatMap((l) => [l.operador_abertura_id, l.operador_fechamento_id, l.supervisor_diferenca_id]),
      );
      return ok(linhas.map((l) => resumo(l, pessoas)));
    },
  );

  r.get('/api/conciliacaoCaixa/:id', { schema: { tags, params: z.object({ id }) } }, async (request) => {
    const grupo = sessaoDe(request).grupoEmpresarialId;
    const l = await consultarUm(
      db,
      sql`${SELECT_FECHAMENTO} where p.id = ${request.params.id} and p.grupo_empresarial_id = ${grupo}`,
    );
    if (!l) throw new ErroNegocio(MC.periodoNaoEncontrado);
    await exigirPermissaoTela(app, request, PERMISSAO.conciliacaoCaixaAcessar, String(l.empresa_id));
    if (l.data_fechamento == null) throw new ErroNegocio(MC.periodoAberto);
    const rel = await caixa.relatorio(await vendas.contexto(request), String(l.id));
    const movimentos = [...rel.sangrias, ...rel.suprimentos];
    const pessoas = await nomes(grupo, [
      l.operador_abertura_id as string,
      l.operador_fechamento_id as string,
      l.supervisor_diferenca_id as string,
      l.conciliacao_supervisor_id as string,
      l.conciliado_por_id as string,
      ...movimentos.flatMap((m) => [m.operador, m.supervisor]),
    ]);
    const pessoa = (v: string | null) => (v ? (pessoas.get(v) ?? { _id: v, nome: v }) : null);
    const movimento = (m: (typeof movimentos)[number]): MovimentoCaixaDetalhe => ({
      _id: m._id,
      tipo: m.tipo === 'sangria' ? 'sangria' : 'suprimento',
      numero: m.numero,
      valor: m.valor,
      motivo: m.motivo,
      data: m.data,
      operador: pessoa(m.operador),
      supervisor: pessoa(m.supervisor),
    });
    const postadas = await consultar(
      db,
      sql`select m.id, m.origem_tipo, m.data::text as data, m.conta_id, c.descricao as conta_descricao,
                   m.plano_conta_id, pc.codigo as plano_codigo, pc.descricao as plano_descricao, m.descricao,
                   m.valor::text as valor, m.saldo_atual::text as saldo_atual
              from financeiro_movimentacao m
              join financeiro_conta c on c.id = m.conta_id
              left join financeiro_plano_conta pc on pc.id = m.plano_conta_id
             where m.grupo_empresarial_id = ${grupo} and m.origem_tipo in ('fechamentoCaixa', 'diferencaCaixa')
               and m.origem_id = ${String(l.id)}
             order by m.data, m.seq`,
    );
    const detalhe: DetalheFechamento = {
      fechamento: resumo(l, pessoas),
      observacao: (l.observacao as string | null) ?? null,
      conciliacao:
        Number(l.status) === STATUS_CAIXA.fechadoConciliado
          ? {
              supervisor: pessoa((l.conciliacao_supervisor_id as string | null) ?? null),
              observacao: (l.conciliacao_observacao as string | null) ?? null,
              em: iso(l.conciliado_em),
              por: pessoa((l.conciliado_por_id as string | null) ?? null),
            }
          : null,
      figuras: rel.figuras,
      sangrias: rel.sangrias.map(movimento),
      suprimentos: rel.suprimentos.map(movimento),
      vendasEncerradas: rel.vendasEncerradas,
      movimentacoes: postadas.map(
        (m): MovimentacaoPostada => ({
          _id: String(m.id),
          origemTipo: m.origem_tipo === 'diferencaCaixa' ? 'diferencaCaixa' : 'fechamentoCaixa',
          data: String(m.data),
          conta: { _id: String(m.conta_id), descricao: String(m.conta_descricao) },
          planoConta: m.plano_conta_id
            ? {
                _id: String(m.plano_conta_id),
                codigo: String(m.plano_codigo ?? ''),
                descricao: String(m.plano_descricao ?? ''),
              }
            : null,
          descricao: String(m.descricao),
          valor: String(m.valor),
          saldoAtual: String(m.saldo_atual),
        }),
      ),
    };
    return ok(detalhe);
  });
}
