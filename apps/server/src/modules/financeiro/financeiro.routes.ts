import { baixaTitulosSchema, criariaCiclo, MF, novoTituloSchema, PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { erroParaLog } from '../../lib/erro-sem-sql.ts';
import { TrabalhadorFila } from '../../lib/trabalhador-fila.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { registrarGuardaRecurso } from '../recursos/recursos.routes.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { exigirTituloVisivel, rotasAgendaFinanceira } from './agenda.routes.ts';
import { garantirPlanoPadrao } from './cadastros-padrao.ts';
import { LOTE_LANCAMENTO, processarLancamentos } from './lancamento-pdv.ts';
import { rotasMovimentacaoFinanceira } from './movimentacao.routes.ts';
import { rotasRecebiveis } from './recebiveis.routes.ts';
import {
  baixarTitulos,
  cancelarTitulo,
  criarTitulos,
  estornarBaixa,
  SELECT_TITULO,
  tituloJson,
} from './titulos.service.ts';

// Finance routes of the titles (issue 18) and the POS posting worker. See README.md for the calls.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.');

export function operadorFinanceiro(request: FastifyRequest) {
  const s = sessaoDe(request);
  return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
}

/** The store of a title (for its permission check). */
async function empresaDoTitulo(app: FastifyInstance, grupo: string, titulo: string): Promise<string> {
  const l = await consultarUm(
    app.servicos.banco.db,
    sql`select empresa_id from financeiro_titulo where id = ${titulo} and grupo_empresarial_id = ${grupo}`,
  );
  if (!l) throw new ErroNegocio(MF.tituloNaoEncontrado);
  return String(l.empresa_id);
}

export async function moduloFinanceiro(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['financeiro'];

  r.post('/api/financeiroTitulo', { schema: { tags, body: novoTituloSchema } }, async (request) => {
    await exigirPermissaoTela(app, request, PERMISSAO.financeiroAgendaIncluir, request.body.empresa);
    const op = operadorFinanceiro(request);
    return ok(await db.transaction((tx) => criarTitulos(tx, op, request.body)));
  });

  r.get('/api/financeiroTitulo/:id', { schema: { tags, params: z.object({ id }) } }, async (request) => {
    const op = operadorFinanceiro(request);
    const empresa = await empresaDoTitulo(app, op.grupo, request.params.id);
    await exigirPermissaoTela(app, request, PERMISSAO.financeiroAgendaAcessar, empresa);
    await exigirTituloVisivel(app, request, request.params.id);
    const [t] = await consultar(db, sql`${SELECT_TITULO} where t.id = ${request.params.id}`);
    const baixas = await consultar(
      db,
      sql`select b.id, b.data::text as data, b.valor::text as valor, b.juros::text as juros, b.multa::text as multa,
                 b.desconto::text as desconto, b.taxa::text as taxa, b.estornada, b.conta_id, c.descricao as conta
            from financeiro_baixa b left join financeiro_conta c on c.id = b.conta_id
           where b.grupo_empresarial_id = ${op.grupo} and b.titulo_id = ${request.params.id} order by b.created_at`,
    );
    return ok({
      ...tituloJson(t!),
      baixas: baixas.map((b) => ({
        _id: String(b.id),
        data: String(b.data),
        valor: String(b.valor),
        juros: String(b.juros),
        multa: String(b.multa),
        desconto: String(b.desconto),
        taxa: String(b.taxa),
        estornada: Number(b.estornada) === 1,
        conta: { _id: String(b.conta_id), descricao: String(b.conta ?? '') },
      })),
    });
  });

  r.post('/api/financeiroTitulo/baixar', { schema: { tags, body: baixaTitulosSchema } }, async (request) => {
    const op = operadorFinanceiro(request);
    for (const t of request.body.titulos)
      await exigirPermissaoTela(
        app,
        request,
        PERMISSAO.financeiroAgendaAlterar,
        await empresaDoTitulo(app, op.grupo, t.titulo),
      );
    for (const t of request.body.titulos) await exigirTituloVisivel(app, request, t.titulo);
    return ok(await db.transaction((tx) => baixarTitulos(tx, op, request.body)));
  });

  r.post(
    '/api/financeiroTitulo/estornarBaixa',
    { schema: { tags, body: z.object({ baixa: id, data: dia }) } },
    async (request) => {
      const op = operadorFinanceiro(request);
      const b = await consultarUm(
        db,
        sql`select titulo_id from financeiro_baixa where id = ${request.body.baixa} and grupo_empresarial_id = ${op.grupo}`,
      );
      if (!b) throw new ErroNegocio(MF.baixaNaoEncontrada);
      await exigirPermissaoTela(
        app,
        request,
        PERMISSAO.financeiroAgendaAlterar,
        await empresaDoTitulo(app, op.grupo, String(b.titulo_id)),
      );
      await exigirTituloVisivel(app, request, String(b.titulo_id));
      await db.transaction((tx) => estornarBaixa(tx, op, request.body.baixa, request.body.data));
      return ok({ estornada: request.body.baixa });
    },
  );

  r.post(
    '/api/financeiroTitulo/cancelar',
    {
      schema: {
        tags,
        body: z.object({ titulo: id, motivo: z.string().trim().min(1, 'Informe o motivo.').max(300) }),
      },
    },
    async (request) => {
      const op = operadorFinanceiro(request);
      await exigirPermissaoTela(
        app,
        request,
        PERMISSAO.financeiroAgendaExcluir,
        await empresaDoTitulo(app, op.grupo, request.body.titulo),
      );
      await exigirTituloVisivel(app, request, request.body.titulo);
      await db.transaction((tx) => cancelarTitulo(tx, op, request.body.titulo, request.body.motivo));
      return ok({ cancelado: request.body.titulo });
    },
  );

  // The chart of accounts: made with the default the first time the group opens it.
  r.post('/api/financeiroPlanoConta/padrao', { schema: { tags } }, async (request) => {
    const op = operadorFinanceiro(request);
    await db.transaction((tx) => garantirPlanoPadrao(tx, op.grupo));
    return ok({ pronto: true });
  });

  // Generic writes of the chart and accounts keep the tree a tree and never drop what has postings.
  registrarGuardaRecurso('financeiroPlanoConta', async (grupo, acao, alvo, corpo) => {
    const pai = (corpo as { financeiroPlanoContaPai?: unknown } | undefined)?.financeiroPlanoContaPai;
    const paiId =
      typeof pai === 'string' ? pai : pai && typeof pai === 'object' ? (pai as { _id?: string })._id : null;
    if (acao === 'alterar' && alvo && paiId) {
      const linhas = await consultar(
        db,
        sql`select id, financeiro_plano_conta_pai_id as pai from financeiro_plano_conta where grupo_empresarial_id = ${grupo}`,
      );
      const paiDe = new Map(linhas.map((l) => [String(l.id), (l.pai as string | null) ?? null]));
      if (criariaCiclo(alvo, paiId, (x) => paiDe.get(x))) throw new ErroNegocio(MF.planoCiclo);
    }
    if (acao === 'excluir' && alvo) {
      const uso = await consultarUm(
        db,
        sql`select 1 from financeiro_plano_conta where grupo_empresarial_id = ${grupo} and financeiro_plano_conta_pai_id = ${alvo} and lixo = false
            union all select 1 from financeiro_titulo where grupo_empresarial_id = ${grupo} and (plano_conta_id = ${alvo} or plano_conta_taxa_id = ${alvo})
            union all select 1 from financeiro_movimentacao where grupo_empresarial_id = ${grupo} and plano_conta_id = ${alvo}
            limit 1`,
      );
      if (uso) throw new ErroNegocio(MF.planoEmUso);
    }
  });
  registrarGuardaRecurso('financeiroConta', async (grupo, acao, alvo) => {
    if (acao !== 'excluir' || !alvo) return;
    const uso = await consultarUm(
      db,
      sql`select 1 from financeiro_movimentacao where grupo_empresarial_id = ${grupo} and conta_id = ${alvo} limit 1`,
    );
    if (uso) throw new ErroNegocio(MF.contaEmUso);
  });

  await rotasAgendaFinanceira(app);
  await rotasMovimentacaoFinanceira(app);
  await rotasRecebiveis(app);
  iniciarLancamentosPdv(app);
}

/** The POS posting worker of this server (see lancamento-pdv.ts). */
export function iniciarLancamentosPdv(app: FastifyInstance): TrabalhadorFila {
  const intervalo = Number(process.env.FINANCEIRO_LANCAMENTO_INTERVALO_MS ?? 1000);
  const worker = new TrabalhadorFila(
    () => processarLancamentos(app.servicos.banco.db, LOTE_LANCAMENTO),
    Number.isFinite(intervalo) && intervalo > 0 ? intervalo : 1000,
    (erro) =>
      app.log.error({ erro: erroParaLog(erro) }, 'lançamento financeiro do caixa falhou; tenta de novo'),
  );
  app.addHook('onReady', async () => worker.iniciar());
  app.addHook('onClose', async () => worker.parar());
  return worker;
}
