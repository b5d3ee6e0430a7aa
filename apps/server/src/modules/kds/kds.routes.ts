import { PERMISSAO, type StatusExpedicaoId, zDecimalEntrada, zInteiro } from '@retaguarda/domain';
import { ACOES_KDS } from '@retaguarda/domain/kds/kds';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import {
  EVENTO_VENDA_ALTERADA,
  ServicoVendas,
  semCozinha,
  type VendaAlteradaEvento,
} from '../vendas/vendas.service.ts';
import { ServicoExpedicao } from './expedicao.service.ts';
import { ServicoKds } from './kds.service.ts';

// KDS stations, expedition, motoboy dispatch, doorman registration and delivery changes. The back-office
// registrations (kdsEstacao, kdsSetor, ...) are generic resources of packages/domain/src/recursos/kds.ts.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const liberacao = z.string().max(4096).optional();
const params = z.object({ id });
const TABELAS_KDS = new Set([
  'kdsEstacao',
  'kdsSetor',
  'kdsSetorCadastroGrupo',
  'kdsMontagem',
  'kdsExpedicao',
  'kdsTeclado',
]);

const servicosKds = new WeakMap<FastifyInstance['servicos'], ServicoKds>();
/** The app's KDS service (tests and the bench wait on `ocioso()`). */
export const kdsDoApp = (app: FastifyInstance): ServicoKds | undefined => servicosKds.get(app.servicos);

function empresaObrigatoria(request: FastifyRequest, corpo?: string): string {
  const empresa = corpo ?? empresaDoContexto(request);
  if (!empresa) throw new ErroNegocio('Empresa não informada!');
  return empresa;
}

/**
 * Confirmed items reach the kitchen after every committed write of a sale. The sale module announces its
 * writes with vendaAlterada on the store's room (after commit); the KDS listens to that announcement instead
 * of each sale route calling it, so every path that changes a sale (confirm, delete item, transfer, delete
 * sale, offline sync) is covered.
 */
function observarVendas(app: FastifyInstance, kds: ServicoKds): void {
  const tempoReal = app.servicos.tempoReal;
  if (!tempoReal) return;
  const original = tempoReal.emitirParaEmpresa;
  tempoReal.emitirParaEmpresa = (empresaId, evento, dados) => {
    original(empresaId, evento, dados);
    // A write of a sale that never had a confirmed line has nothing for the kitchen (no queries).
    if (evento === EVENTO_VENDA_ALTERADA && !semCozinha(dados))
      void kds.sincronizarVenda((dados as VendaAlteradaEvento).vendaId);
  };
}

/**
 * Installs the module at the root (not inside `register`): the sale observer and the cache hook must see
 * every route of the app.
 */
export async function moduloKds(app: FastifyInstance): Promise<void> {
  const vendas = new ServicoVendas(app.servicos, app.servicos.catalogoVenda);
  const kds = new ServicoKds(app.servicos, vendas);
  const expedicao = new ServicoExpedicao(app.servicos, vendas, kds);
  servicosKds.set(app.servicos, kds);
  observarVendas(app, kds);
  // Syncs and production tickets started by the last writes finish before the database closes.
  app.addHook('onClose', async () => kds.encerrar());
  // Station routing is cached per store: a write of a KDS registration forgets it at once.
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET') return;
    const tabela = (request.params as { tabela?: unknown } | undefined)?.tabela;
    if (typeof tabela === 'string' && TABELAS_KDS.has(tabela)) kds.invalidarConfig();
    if (tabela === 'produtoGeral') kds.invalidarProdutos();
  });
  await app.register(async (sub) => rotas(sub, vendas, kds, expedicao));
}

async function rotas(
  app: FastifyInstance,
  vendas: ServicoVendas,
  kds: ServicoKds,
  expedicao: ServicoExpedicao,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => vendas.contexto(request);
  const tags = ['kds'];
  // The screen's first read checks its permission and, refused, names it and who grants it (the board
  // would otherwise look empty); the services check it again on every action.
  const tela = async (request: FastifyRequest, permissao: number) => {
    const empresa = empresaObrigatoria(request);
    await exigirPermissaoTela(app, request, permissao, empresa);
    return empresa;
  };

  // ---- KDS stations ----

  r.get('/api/kds/estacoes', { schema: { tags } }, async (request) =>
    ok(await kds.estacoes(await ctx(request), await tela(request, PERMISSAO.acessarKds))),
  );

  // The waiter's lines: what the kitchen did with each item of the sale (issue 13 point 3).
  r.get('/api/kds/venda/:id/cozinha', { schema: { tags, params } }, async (request) =>
    ok(await kds.situacaoCozinha(await ctx(request), request.params.id)),
  );

  r.get('/api/kds/estacao/:id/pedidos', { schema: { tags, params } }, async (request) =>
    ok(await kds.pedidos(await ctx(request), request.params.id)),
  );

  r.post(
    '/api/kds/estacao/:id/acao',
    {
      schema: {
        tags,
        params,
        body: z.object({
          vendaId: id,
          acao: z.enum(ACOES_KDS),
          itens: z.array(id).max(500).optional(),
        }),
      },
    },
    async (request) =>
      ok(
        await kds.agir(
          await ctx(request),
          request.params.id,
          request.body.vendaId,
          request.body.acao,
          request.body.itens,
        ),
      ),
  );

  // ---- expedition ----

  r.get('/api/expedicao', { schema: { tags } }, async (request) =>
    ok(await expedicao.listar(await ctx(request), await tela(request, PERMISSAO.acessarExpedicao))),
  );

  r.put(
    '/api/expedicao/:id/status',
    {
      schema: {
        tags,
        params,
        body: z.object({ status: z.number().int().min(0).max(7), liberacao }),
      },
    },
    async (request) =>
      ok(
        await expedicao.alterarStatus(
          await ctx(request),
          request.params.id,
          request.body.status as StatusExpedicaoId,
          request.body.liberacao,
        ),
      ),
  );

  // ---- motoboy dispatch ----

  r.get('/api/saidaMotoboy', { schema: { tags } }, async (request) =>
    ok(await expedicao.painel(await ctx(request), await tela(request, PERMISSAO.acessarSaidaMotoboy))),
  );

  r.post(
    '/api/saidaMotoboy/atribuir',
    { schema: { tags, body: z.object({ vendaId: id, motoboy: id }) } },
    async (request) =>
      ok(await expedicao.atribuir(await ctx(request), request.body.vendaId, request.body.motoboy)),
  );

  r.post(
    '/api/saidaMotoboy/desatribuir',
    { schema: { tags, body: z.object({ vendaId: id }) } },
    async (request) => ok(await expedicao.desatribuir(await ctx(request), request.body.vendaId)),
  );

  r.post(
    '/api/saidaMotoboy/saida',
    { schema: { tags, body: z.object({ motoboy: id, empresa: id.optional() }) } },
    async (request) =>
      ok(
        await expedicao.saida(
          await ctx(request),
          empresaObrigatoria(request, request.body.empresa),
          request.body.motoboy,
        ),
      ),
  );

  r.post(
    '/api/saidaMotoboy/retorno',
    {
      schema: {
        tags,
        body: z.object({ motoboy: id, empresa: id.optional(), recusados: z.array(id).max(100).optional() }),
      },
    },
    async (request) =>
      ok(
        await expedicao.retorno(
          await ctx(request),
          empresaObrigatoria(request, request.body.empresa),
          request.body.motoboy,
          request.body.recusados ?? [],
        ),
      ),
  );

  r.post(
    '/api/saidaMotoboy/acerto',
    { schema: { tags, body: z.object({ motoboy: id, empresa: id.optional() }) } },
    async (request) =>
      ok(
        await expedicao.acertar(
          await ctx(request),
          empresaObrigatoria(request, request.body.empresa),
          request.body.motoboy,
        ),
      ),
  );

  // ---- delivery fee, time and company ----

  r.put(
    '/api/entrega/:id/taxa',
    {
      schema: {
        tags,
        params,
        body: z.object({
          // R$ (a text or a JSON number), 2 places, never negative (issue 14 point 8).
          taxaEntrega: zDecimalEntrada({ casas: 2, minimo: 0 }),
          liberacao,
        }),
      },
    },
    async (request) =>
      ok(
        await expedicao.alterarTaxa(
          await ctx(request),
          request.params.id,
          request.body.taxaEntrega,
          request.body.liberacao,
        ),
      ),
  );

  r.put(
    '/api/entrega/:id/tempo',
    { schema: { tags, params, body: z.object({ minutos: zInteiro(1, 600), liberacao }) } },
    async (request) =>
      ok(
        await expedicao.alterarTempo(
          await ctx(request),
          request.params.id,
          request.body.minutos,
          request.body.liberacao,
        ),
      ),
  );

  r.put(
    '/api/entrega/:id/empresa',
    { schema: { tags, params, body: z.object({ empresa: id, liberacao }) } },
    async (request) =>
      ok(
        await expedicao.alterarEmpresa(
          await ctx(request),
          request.params.id,
          request.body.empresa,
          request.body.liberacao,
        ),
      ),
  );

  // ---- doorman registration ----

  r.get('/api/portaria', { schema: { tags } }, async (request) =>
    ok(await expedicao.portariaListar(await ctx(request), await tela(request, PERMISSAO.cadastroPortaria))),
  );

  r.post(
    '/api/portaria',
    {
      schema: {
        tags,
        body: z.object({
          nome: z.string().max(100),
          documento: z.string().max(20).optional(),
          telefone: z.string().max(20).optional(),
          comanda: z.number().int().min(1).max(99999).optional(),
          pessoas: z.number().int().min(1).max(500).optional(),
          observacao: z.string().max(500).optional(),
          empresa: id.optional(),
        }),
      },
    },
    async (request) =>
      ok(
        await expedicao.portariaRegistrar(
          await ctx(request),
          empresaObrigatoria(request, request.body.empresa),
          request.body,
        ),
      ),
  );

  r.put('/api/portaria/:id/saida', { schema: { tags, params } }, async (request) =>
    ok(await expedicao.portariaSaida(await ctx(request), request.params.id)),
  );
}
