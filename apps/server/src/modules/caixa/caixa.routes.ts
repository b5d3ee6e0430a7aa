import { zDecimal } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { ServicoVendas } from '../vendas/vendas.service.ts';
import { ServicoCaixa } from './caixa.service.ts';
import { rotasConciliacaoCaixa } from './conciliacao-caixa.routes.ts';

// Cash routes: periods (open, current, list, close, reconcile, report) and supply / bleed-off slips; the finance
// clerk's closings list and detail in conciliacao-caixa.routes.ts.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);
/** Money and quantities: one rule for every route (packages/domain validadores/entrada.ts). */
const decimal = zDecimal;

function terminalDe(request: FastifyRequest, corpo?: string): string | undefined {
  if (corpo) return corpo;
  const h = request.headers.terminal;
  const v = Array.isArray(h) ? h[0] : h;
  return v && /^[0-9a-f]{24}$/.test(v) ? v : undefined;
}

export async function rotasCaixa(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vendas = new ServicoVendas(app.servicos, app.servicos.catalogoVenda);
  const s = new ServicoCaixa(app.servicos.banco.db, vendas);
  const ctx = (request: FastifyRequest) => vendas.contexto(request);
  const tags = ['caixa'];

  r.get(
    '/api/periodo/atual',
    { schema: { tags, querystring: z.object({ terminal: id.optional(), empresa: id.optional() }) } },
    async (request) =>
      ok(
        await s.atual(await ctx(request), request.query.empresa, terminalDe(request, request.query.terminal)),
      ),
  );

  r.post(
    '/api/periodo/abrir',
    {
      schema: {
        tags,
        body: z.object({
          empresa: ref.optional(),
          terminal: ref.optional(),
          valorAbertura: decimal.optional(),
        }),
      },
    },
    async (request) =>
      ok(
        await s.abrir(await ctx(request), {
          ...request.body,
          terminal: terminalDe(request, request.body.terminal),
        }),
      ),
  );

  const movimento = z.object({
    empresa: ref.optional(),
    terminal: ref.optional(),
    valor: decimal,
    motivo: z.string().max(200).optional(),
    liberacao: z.string().max(4096).optional(),
  });
  for (const tipo of ['sangria', 'suprimento'] as const) {
    r.post(`/api/caixa/${tipo}`, { schema: { tags, body: movimento } }, async (request) =>
      ok(
        await s.movimentar(await ctx(request), tipo, {
          ...request.body,
          terminal: terminalDe(request, request.body.terminal),
        }),
      ),
    );
  }

  r.post(
    '/api/periodo/fechar',
    {
      schema: {
        tags,
        body: z.object({
          empresa: ref.optional(),
          terminal: ref.optional(),
          periodo: ref.optional(),
          contagem: z
            .array(z.object({ tipo: z.number().int().min(77).max(92), valor: decimal }))
            .max(50)
            .optional(),
          observacao: z.string().max(500).optional(),
          liberacao: z.string().max(4096).optional(),
        }),
      },
    },
    async (request) =>
      ok(
        await s.fechar(await ctx(request), {
          ...request.body,
          terminal: terminalDe(request, request.body.terminal),
        }),
      ),
  );

  r.post(
    '/api/periodo/conciliar',
    {
      schema: {
        tags,
        body: z.object({
          periodo: ref,
          // A supervisor release is a signed token (as in /api/periodo/fechar), longer than 100 characters.
          liberacao: z.string().max(4096).optional(),
          observacao: z.string().trim().max(500).optional(),
        }),
      },
    },
    async (request) => ok(await s.conciliar(await ctx(request), request.body.periodo, request.body)),
  );

  r.post(
    '/api/periodo/getPopulate',
    {
      schema: {
        tags,
        body: z
          .object({
            filtro: z.record(z.string(), z.unknown()).optional(),
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

  r.get('/api/periodo/:id/relatorio', { schema: { tags, params: z.object({ id }) } }, async (request) =>
    ok(await s.relatorio(await ctx(request), request.params.id)),
  );

  await rotasConciliacaoCaixa(app, s, vendas);
}
