import {
  buscaProdutosDeliverySchema,
  decisaoCancelamentoSchema,
  decisaoPedidoSchema,
  integracaoEntradaSchema,
  mapeamentoItemEntradaSchema,
  SITUACOES_PEDIDO_APP,
} from '@retaguarda/domain/delivery-apps/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela, exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { ServicoVendas } from '../vendas/vendas.service.ts';
import { ServicoDeliveryApps } from './delivery-apps.service.ts';
import { iniciarPolling } from './polling.ts';

// Routes of the delivery-app integrations (README.md of this module). The screens' routes need permission 868
// 'Integrações de Aplicativos' in the store; the app's routes (webhook, menu) are public and answer the
// standard's statuses, not our envelope.

/** 'Integrações de Aplicativos' (appIntegracaoDelivery). */
export const PERMISSAO_INTEGRACOES = 868;

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const params = z.object({ id });

const servicosDelivery = new WeakMap<FastifyInstance['servicos'], ServicoDeliveryApps>();
/** The app's delivery service (tests reach the pollers and the action queue through it). */
export const deliveryDoApp = (app: FastifyInstance) => servicosDelivery.get(app.servicos);

/** Installed at the root: the expedition observer must see every module's emits. */
export async function moduloDeliveryApps(app: FastifyInstance): Promise<void> {
  const vendas = new ServicoVendas(app.servicos, app.servicos.catalogoVenda);
  const s = new ServicoDeliveryApps(app.servicos, vendas);
  servicosDelivery.set(app.servicos, s);
  observarExpedicao(app, s);
  iniciarPolling(app, s);
  app.addHook('onClose', async () => s.ocioso());
  await app.register(async (sub) => rotasApp(sub, s));
  await app.register(async (sub) => rotasTelas(sub, s));
}

/** Our expedition's status changes (KDS module's expedicaoAlterada) go back to the app. */
function observarExpedicao(app: FastifyInstance, s: ServicoDeliveryApps): void {
  const tempoReal = app.servicos.tempoReal;
  if (!tempoReal) return;
  const original = tempoReal.emitirParaGrupo;
  tempoReal.emitirParaGrupo = (grupo, evento, dados) => {
    original(grupo, evento, dados);
    if (evento !== 'expedicaoAlterada') return;
    const d = dados as { vendaId?: unknown; statusExpedicao?: unknown };
    if (typeof d.vendaId !== 'string' || typeof d.statusExpedicao !== 'number') return;
    const acao = ({ 1: 'preparing', 2: 'readyForPickup', 3: 'dispatch', 4: 'delivered' } as const)[
      d.statusExpedicao as 1 | 2 | 3 | 4
    ];
    if (acao) void s.expedicaoAlterada(d.vendaId, acao).catch(() => undefined);
  };
}

/** What the app calls: the webhook (raw body for the signature) and the store's menu. */
async function rotasApp(app: FastifyInstance, s: ServicoDeliveryApps): Promise<void> {
  // The signature is over the bytes sent: the body is kept as text and parsed by the service.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, corpo, pronto) =>
    pronto(null, corpo),
  );
  const cabecalho = (request: FastifyRequest, nome: string) => {
    const v = request.headers[nome];
    return Array.isArray(v) ? v[0] : v;
  };
  app.post('/api/deliveryApps/od/newEvent', { config: { publico: true } }, async (request, reply) => {
    const corpo = typeof request.body === 'string' ? request.body : '';
    const r = await s.webhook(
      cabecalho(request, 'x-app-id'),
      cabecalho(request, 'x-app-merchantid'),
      cabecalho(request, 'x-app-signature'),
      corpo,
    );
    if (r.status === 204) return reply.code(204).send();
    return reply.code(r.status).type('application/problem+json').send({ title: r.titulo, status: r.status });
  });
  app.get<{ Params: { id: string } }>(
    '/api/deliveryApps/od/:id/v1/merchant',
    { config: { publico: true } },
    async (request, reply) => {
      if (!/^[0-9a-f]{24}$/.test(request.params.id))
        return reply.code(404).send({ title: 'Loja não encontrada.', status: 404 });
      try {
        return reply.code(200).send(await s.cardapio(request.params.id));
      } catch {
        return reply.code(404).send({ title: 'Loja não encontrada.', status: 404 });
      }
    },
  );
}

async function rotasTelas(app: FastifyInstance, s: ServicoDeliveryApps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deliveryApps'];
  const grupo = (request: FastifyRequest) => sessaoDe(request).grupoEmpresarialId;
  const lojas = async (request: FastifyRequest) =>
    new Set(await empresasPermitidasTela(app, request, undefined, PERMISSAO_INTEGRACOES));
  const urlBase = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  r.get('/api/deliveryApps/integracoes', { schema: { tags } }, async (request) =>
    ok(await s.listar(grupo(request), await lojas(request), urlBase(request))),
  );

  r.post(
    '/api/deliveryApps/integracoes',
    { schema: { tags, body: integracaoEntradaSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, request.body.empresa);
      return ok({ _id: await s.salvar(grupo(request), undefined, request.body) });
    },
  );

  r.put(
    '/api/deliveryApps/integracoes/:id',
    { schema: { tags, params, body: integracaoEntradaSchema } },
    async (request) => {
      const atual = await s.integracao(request.params.id, grupo(request));
      await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, atual.empresa);
      await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, request.body.empresa);
      return ok({ _id: await s.salvar(grupo(request), request.params.id, request.body) });
    },
  );

  r.post('/api/deliveryApps/integracoes/:id/polling', { schema: { tags, params } }, async (request) => {
    const atual = await s.integracao(request.params.id, grupo(request));
    await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, atual.empresa);
    return ok(await s.pollar(atual.id));
  });

  r.get(
    '/api/deliveryApps/mapeamentos',
    { schema: { tags, querystring: z.object({ integracao: id }) } },
    async (request) => {
      const atual = await s.integracao(request.query.integracao, grupo(request));
      await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, atual.empresa);
      return ok(await s.mapeamentos(grupo(request), atual.id));
    },
  );

  // The mapping screen's product picker under 868 (like the scale's /api/balanca/produtos): the products
  // registration's own search asks for its permission, which the one who maps the app's items may not hold.
  r.get(
    '/api/deliveryApps/produtos',
    { schema: { tags, querystring: buscaProdutosDeliverySchema } },
    async (request) => {
      const atual = await s.integracao(request.query.integracao, grupo(request));
      await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, atual.empresa);
      return ok(await s.produtosDaLoja(grupo(request), atual.empresa, request.query.busca));
    },
  );

  r.post(
    '/api/deliveryApps/mapeamentos',
    { schema: { tags, body: mapeamentoItemEntradaSchema } },
    async (request) => {
      const atual = await s.integracao(request.body.integracao, grupo(request));
      await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, atual.empresa);
      return ok({ _id: await s.salvarMapeamento(grupo(request), request.body) });
    },
  );

  r.get(
    '/api/deliveryApps/pedidos',
    { schema: { tags, querystring: z.object({ situacao: z.enum(SITUACOES_PEDIDO_APP).optional() }) } },
    async (request) =>
      ok(await s.listarPedidos(grupo(request), await lojas(request), request.query.situacao)),
  );

  const doPedido = async (request: FastifyRequest, pedidoId: string) => {
    const p = await s.pedidos.pedido(pedidoId);
    if (!p || p.grupo !== grupo(request)) return undefined;
    await exigirPermissaoTela(app, request, PERMISSAO_INTEGRACOES, p.empresa);
    return p;
  };

  r.post(
    '/api/deliveryApps/pedidos/:id/decisao',
    { schema: { tags, params, body: decisaoPedidoSchema } },
    async (request) => {
      await doPedido(request, request.params.id);
      const b = request.body;
      await s.decidir(
        grupo(request),
        request.params.id,
        b.acao === 'aceitar',
        b.acao === 'recusar' ? b.motivo : undefined,
      );
      return ok({ _id: request.params.id });
    },
  );

  r.post(
    '/api/deliveryApps/pedidos/:id/cancelamento',
    { schema: { tags, params, body: decisaoCancelamentoSchema } },
    async (request) => {
      await doPedido(request, request.params.id);
      const b = request.body;
      await s.decidirCancelamento(
        grupo(request),
        request.params.id,
        b.acao === 'aceitar',
        b.acao === 'negar' ? { codigo: b.codigo, motivo: b.motivo } : undefined,
      );
      return ok({ _id: request.params.id });
    },
  );

  r.post('/api/deliveryApps/pedidos/:id/reprocessar', { schema: { tags, params } }, async (request) => {
    await doPedido(request, request.params.id);
    await s.reprocessar(grupo(request), request.params.id);
    return ok({ _id: request.params.id });
  });
}
