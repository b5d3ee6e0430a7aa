import {
  bandeirasCartao,
  INTEIRO_MAXIMO,
  MENSAGENS_VALIDACAO,
  modoDescontoGeralSchema,
  modoDescontoItemSchema,
  origensPedido,
  tiposVenda,
  zCatalogo,
  zDecimal,
  zInteiro,
  zInteiroTexto,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { DistanciaEntregaLoja } from '../enderecos/entrega-loja.ts';
import { servicoGeocodificacao } from '../enderecos/geocodificacao.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { type ServicoCatalogo, TABELAS_DO_CATALOGO } from './catalogo.service.ts';
import { type ItemEntrada, ServicoVendas } from './vendas.service.ts';
import { comAtendente, rotasVendasFrenteLoja } from './vendas-frente-loja.routes.ts';

// Sale routes (spec 1 section 7 and DESIGN section 3). Payloads are validated here; every rule lives in
// vendas.service.ts and the pure engine of @retaguarda/domain.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
/** A reference given as its id or as an object with `_id` (the POS often sends the whole object). */
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);
/** Money and quantities: one rule for every route (packages/domain validadores/entrada.ts). */
const decimal = zDecimal;
/** Table and tab numbers: integer columns; the spec's message for any other bad number stays the service's. */
const numeroMesa = (mensagem: string) => z.number().refine((n) => Math.abs(n) <= INTEIRO_MAXIMO, mensagem);
const liberacao = z.string().max(4096).optional();

const item = z.object({
  numeroItem: zInteiro(1).optional(),
  produto: ref,
  quantidade: decimal.optional(),
  obs: z.string().max(500).optional(),
  pizza: z.boolean().optional(),
  produtosFilho: z
    .array(z.object({ produto: ref, quantidadeParte: zInteiro(1).max(8).default(1) }))
    .max(8)
    .optional(),
  sugestao: id.optional(),
  precoVenda: decimal.optional(),
});
const itens = z.array(item).max(500);
const terminal = id.optional();
const pagamento = z.object({
  _id: id,
  formaPagamento: ref,
  valorPago: decimal,
  terminal,
  operadora: ref.optional(),
  observacao: z.string().max(200).optional(),
  posicao: zInteiro(1).optional(),
  cliente: ref.optional(),
  liberacao,
  parcelas: zInteiro(1, 99).optional(),
  nsu: z.string().trim().max(40).optional(),
  autorizacao: z.string().trim().max(40).optional(),
  /** NFC-e tBand code of the card brand (catalogue bandeiraCartao). */
  bandeira: z
    .string()
    .refine((v) => bandeirasCartao.itens.some((i) => i.sigla === v), 'Bandeira do cartão inválida.')
    .optional(),
});
const params = z.object({ id });

// venda/getPopulate's whitelist (the service refuses other fields): each value typed as its column, so a text
// against a number, 2^31 or a 30-digit number is a message, not a database error.
const smallint = zInteiro(-32_768, 32_767);
const valorFiltro = (valor: z.ZodType) =>
  z.union([
    valor,
    z
      .object({
        $in: z.array(valor).max(500),
        $nin: z.array(valor).max(500),
        $eq: valor,
        $ne: valor,
        $gt: valor,
        $gte: valor,
        $lt: valor,
        $lte: valor,
      })
      .partial()
      .strict()
      .refine((o) => Object.keys(o).length > 0, 'Filtro vazio: informe um operador.'),
  ]);
const filtroVendas = z
  .object({
    empresa: valorFiltro(id),
    'status.id': valorFiltro(smallint),
    status: valorFiltro(smallint),
    'tipoVenda.id': valorFiltro(smallint),
    tipoVenda: valorFiltro(smallint),
    numero: valorFiltro(zInteiro()),
    mesa: valorFiltro(zInteiro()),
    comanda: valorFiltro(zInteiro()),
    cliente: valorFiltro(id),
    'cliente._id': valorFiltro(id),
    terminal: valorFiltro(id),
    periodo: valorFiltro(id),
    sequencialPeriodo: valorFiltro(zInteiro()),
    _id: valorFiltro(id),
  })
  .partial()
  .catchall(z.unknown());

function terminalDe(request: FastifyRequest, corpo?: string): string | undefined {
  if (corpo) return corpo;
  const h = request.headers.terminal;
  const v = Array.isArray(h) ? h[0] : h;
  return v && /^[0-9a-f]{24}$/.test(v) ? v : undefined;
}

/** Catalogue cache invalidation for writes of the generic resources (registered at the root, see app.ts). */
export function invalidarCatalogoEmEscritas(app: FastifyInstance, catalogo: ServicoCatalogo): void {
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET') return;
    const tabela = (request.params as { tabela?: unknown } | undefined)?.tabela;
    if (typeof tabela === 'string' && TABELAS_DO_CATALOGO.has(tabela)) catalogo.invalidar();
  });
}

export async function rotasVendas(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalogo = app.servicos.catalogoVenda;
  const s = new ServicoVendas(app.servicos, catalogo);
  const ctx = (request: FastifyRequest) => s.contexto(request);
  const tags = ['vendas'];
  const entrega = new DistanciaEntregaLoja(app.servicos.banco.db, servicoGeocodificacao(app));

  r.post(
    '/api/venda',
    {
      schema: {
        tags,
        body: z.object({
          _id: id.optional(),
          empresa: ref.optional(),
          tipoVenda: zCatalogo(tiposVenda, 'Tipo de venda inválido.'),
          terminal,
          mesa: numeroMesa(MENSAGENS_VALIDACAO.mesaInvalida).optional(),
          comanda: numeroMesa('Numero da comanda inválido').optional(),
          cliente: ref.optional(),
          vendaDescricao: z.string().max(100).optional(),
          cpfCnpj: z.string().max(18).optional(),
          localPedido: zCatalogo(origensPedido, 'Local do pedido inválido.').optional(),
          posicaoVenda: z.number().int().min(0).max(99).optional(),
          distanciaEntregaMetros: z.number().nonnegative().optional(),
          produtos: itens.optional(),
          /** A sale sent whole in one write (counter, offline queue): its payments, and end it. */
          pagamentos: z.array(pagamento).max(20).optional(),
          encerrar: z.boolean().optional(),
          /** Token of identificarAtendente: the waiter recorded on the sale and its items. */
          atendente: liberacao,
        }),
      },
    },
    async (request) => {
      const { atendente, ...b } = request.body;
      const c = await ctx(request);
      // Delivery: the server measures the distance the fee goes by (enderecos/entrega-loja.ts); the POS's
      // value stands only where no maps service is configured.
      const medida = await entrega.medir(c.grupo, b.empresa ?? c.empresaCabecalho, b.tipoVenda, b.cliente);
      return ok(
        await s.criar(await comAtendente(app, s, c, atendente), {
          ...b,
          distanciaEntregaMetros: medida === undefined ? b.distanciaEntregaMetros : (medida ?? undefined),
          terminal: terminalDe(request, b.terminal),
          produtos: b.produtos as ItemEntrada[] | undefined,
        }),
      );
    },
  );

  r.post(
    '/api/venda/getPopulate',
    {
      schema: {
        tags,
        body: z
          .object({
            filtro: filtroVendas.optional(),
            populateObj: z.unknown().optional(),
            select: z.unknown().optional(),
            sort: z.unknown().optional(),
            limit: z.number().int().optional(),
          })
          .optional(),
      },
    },
    async (request) =>
      ok(await s.buscar(await ctx(request), request.body?.filtro ?? {}, request.body?.limit)),
  );

  r.get('/api/venda/mapaMesas', { schema: { tags } }, async (request) =>
    ok(await s.mapaMesas(await ctx(request), empresaDoContexto(request))),
  );

  r.get(
    '/api/getSequencialVenda',
    { schema: { tags, querystring: z.object({ empresa: id.optional() }) } },
    async (request) =>
      ok(await s.sequencial(await ctx(request), request.query.empresa ?? empresaDoContexto(request))),
  );

  r.get('/api/venda/:id', { schema: { tags, params } }, async (request) =>
    ok(await s.obter(await ctx(request), request.params.id)),
  );

  r.put(
    '/api/venda/:id',
    { schema: { tags, params, body: z.object({ produtos: itens, terminal }) } },
    async (request) =>
      ok(
        await s.substituir(
          await ctx(request),
          request.params.id,
          request.body.produtos as ItemEntrada[],
          terminalDe(request, request.body.terminal) ?? null,
        ),
      ),
  );

  r.post(
    '/api/venda/:id/itens',
    {
      schema: { tags, params, body: z.object({ produtos: itens.min(1), terminal, atendente: liberacao }) },
    },
    async (request) =>
      ok(
        await s.adicionarItens(
          await comAtendente(app, s, await ctx(request), request.body.atendente),
          request.params.id,
          request.body.produtos as ItemEntrada[],
          terminalDe(request, request.body.terminal) ?? null,
        ),
      ),
  );

  r.put(
    '/api/venda/:id/itens/:numeroItem',
    {
      schema: {
        tags,
        params: z.object({ id, numeroItem: zInteiroTexto(1) }),
        body: z.object({ quantidade: decimal, obs: z.string().max(500).optional() }),
      },
    },
    async (request) =>
      ok(
        await s.alterarQuantidade(
          await ctx(request),
          request.params.id,
          request.params.numeroItem,
          request.body.quantidade,
          request.body.obs,
        ),
      ),
  );

  r.post(
    '/api/venda/:id/descontoItem',
    {
      schema: {
        tags,
        params,
        body: z.object({
          numeroItem: zInteiro(1),
          modo: modoDescontoItemSchema,
          valor: decimal,
          justificativa: z.string().max(200).optional(),
          liberacao,
          terminal,
        }),
      },
    },
    async (request) => ok(await s.descontoItem(await ctx(request), request.params.id, request.body)),
  );

  r.post(
    '/api/venda/:id/descontoGeral',
    {
      schema: {
        tags,
        params,
        body: z.object({
          modo: modoDescontoGeralSchema,
          valor: decimal,
          justificativa: z.string().max(200).optional(),
          liberacao,
          terminal,
        }),
      },
    },
    async (request) => ok(await s.descontoGeral(await ctx(request), request.params.id, request.body)),
  );

  r.post(
    '/api/venda/:id/pagamentos',
    {
      schema: {
        tags,
        params,
        body: pagamento,
      },
    },
    async (request) =>
      ok(
        await s.pagar(await ctx(request), request.params.id, {
          ...request.body,
          terminal: terminalDe(request, request.body.terminal),
        }),
      ),
  );

  r.put(
    '/api/vendaCancelarPagamento/:vendaId',
    {
      schema: {
        tags,
        params: z.object({ vendaId: id }),
        body: z.object({ pagamento: ref, liberacao, terminal }),
      },
    },
    async (request) =>
      ok(
        await s.cancelarPagamento(await ctx(request), request.params.vendaId, {
          ...request.body,
          terminal: terminalDe(request, request.body.terminal),
        }),
      ),
  );

  r.put(
    '/api/vendaAtualizaTotal/:vendaId',
    { schema: { tags, params: z.object({ vendaId: id }) } },
    async (request) => ok(await s.alterar(await ctx(request), request.params.vendaId, (reg) => ({ reg }))),
  );

  r.post(
    '/api/vendaEventos',
    {
      schema: {
        tags,
        body: z.object({
          vendaId: id,
          tipo: z.enum(['Desconto', 'Cancelamento']),
          motivo: z.string().max(200).optional(),
          produtos: z.array(z.unknown()).max(500).optional(),
          valorDesconto: decimal.optional(),
          vendaCompleta: z.boolean().optional(),
          terminal,
          liberacao,
        }),
      },
    },
    async (request) => ok(await s.registrarEvento(await ctx(request), request.body)),
  );

  const vendaEvento = z
    .object({
      motivo: z.string().max(200).optional(),
      terminal: id.nullish().transform((v) => v ?? undefined),
      numeroItem: zInteiro(1).optional(),
      produtos: z
        .array(z.object({ numeroItem: zInteiro(1) }))
        .max(500)
        .optional(),
    })
    .optional();

  r.put(
    '/api/deletarVendaCompleta/:id',
    { schema: { tags, params, body: z.object({ vendaEvento, liberacao }) } },
    async (request) =>
      ok(
        await s.deletarVenda(await ctx(request), request.params.id, {
          motivo: request.body.vendaEvento?.motivo,
          terminal: request.body.vendaEvento?.terminal,
          liberacao: request.body.liberacao,
        }),
      ),
  );

  r.put(
    '/api/vendaDeletarProduto/:id',
    { schema: { tags, params, body: z.object({ vendaEvento, liberacao }) } },
    async (request) => {
      const e = request.body.vendaEvento ?? { terminal: undefined };
      const numeros = [
        ...(e.numeroItem ? [e.numeroItem] : []),
        ...(e.produtos ?? []).map((p) => p.numeroItem),
      ];
      return ok(
        await s.deletarProdutos(await ctx(request), request.params.id, {
          numeros,
          motivo: e.motivo,
          terminal: e.terminal,
          liberacao: request.body.liberacao,
        }),
      );
    },
  );

  r.post(
    '/api/getSaldoConvenio',
    {
      schema: {
        tags,
        body: z.object({ grupoEmpresarial: ref.optional(), empresa: ref.optional(), cliente: ref }),
      },
    },
    async (request) =>
      ok(
        await s.saldoConvenio(
          await ctx(request),
          request.body.cliente,
          request.body.empresa ?? empresaDoContexto(request),
        ),
      ),
  );

  r.post(
    '/api/vendaTransferencia',
    {
      schema: {
        tags,
        body: z.object({
          vendaOrigem: ref,
          mesaDestino: numeroMesa(MENSAGENS_VALIDACAO.mesaInvalida),
          itens: z
            .array(z.union([zInteiro(1), z.object({ numeroItem: zInteiro(1) })]))
            .max(500)
            .transform((l) => l.map((x) => (typeof x === 'number' ? x : x.numeroItem)))
            .optional(),
          /** The whole table onto an occupied one: the operator said yes to merging the bills. */
          juntar: z.boolean().optional(),
          liberacao,
          terminal,
        }),
      },
    },
    async (request) => ok(await s.transferir(await ctx(request), request.body)),
  );

  r.post('/api/venda/:id/confirmarItens', { schema: { tags, params } }, async (request) =>
    ok(await s.confirmarItens(await ctx(request), request.params.id)),
  );

  r.post('/api/venda/:id/encerrar', { schema: { tags, params } }, async (request) =>
    ok(await s.encerrar(await ctx(request), request.params.id)),
  );

  r.post(
    '/api/venda/:id/reabrir',
    { schema: { tags, params, body: z.object({ liberacao }) } },
    async (request) => ok(await s.reabrir(await ctx(request), request.params.id, request.body.liberacao)),
  );

  r.post(
    '/api/venda/:id/fecharConta',
    {
      schema: {
        tags,
        params,
        body: z.object({
          comServico: z.boolean().default(true),
          percentualServico: decimal.default('10'),
          liberacao,
        }),
      },
    },
    async (request) =>
      ok(
        await s.fecharConta(await ctx(request), request.params.id, {
          comServico: request.body.comServico,
          percentual: request.body.percentualServico,
          liberacao: request.body.liberacao,
        }),
      ),
  );

  r.post(
    '/api/venda/:id/posicoes',
    {
      schema: {
        tags,
        params,
        body: z.object({
          numeroItem: zInteiro(1).optional(),
          posicoes: z.array(zInteiro(1).max(99)).max(99).optional(),
          posicaoVenda: z.number().int().min(0).max(99).optional(),
        }),
      },
    },
    async (request) => ok(await s.posicoes(await ctx(request), request.params.id, request.body)),
  );

  await rotasVendasFrenteLoja(app, s, ctx);
}
