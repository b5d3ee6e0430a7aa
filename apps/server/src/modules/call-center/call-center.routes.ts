import { tiposVenda, zCatalogo, zDecimal } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { servicoGeocodificacao } from '../enderecos/geocodificacao.ts';
import { type ItemEntrada, ServicoVendas } from '../vendas/vendas.service.ts';
import { ServicoCallCenter } from './call-center.service.ts';
import { MODOS_PAGAMENTO } from './pagamento.ts';

// Call-center routes (README.md of this module). Payloads are validated here; the rules are in the service.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);
const tipoVenda = zCatalogo(tiposVenda, 'Tipo de venda inválido.');
/** Money and quantities: one rule for every route (packages/domain validadores/entrada.ts). */
const decimal = zDecimal;
const item = z.object({
  produto: ref,
  quantidade: decimal.optional(),
  obs: z.string().max(500).optional(),
  pizza: z.boolean().optional(),
  produtosFilho: z
    .array(z.object({ produto: ref, quantidadeParte: z.number().int().min(1).max(8).default(1) }))
    .max(8)
    .optional(),
  sugestao: id.optional(),
  precoVenda: decimal.optional(),
});

const pagamento = z.object({
  modo: z.enum(MODOS_PAGAMENTO),
  formaPagamento: ref,
  trocoPara: decimal.optional(),
  observacao: z.string().max(200).optional(),
});

export async function rotasCallCenter(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vendas = new ServicoVendas(app.servicos, app.servicos.catalogoVenda);
  const s = new ServicoCallCenter(app.servicos, vendas, servicoGeocodificacao(app));
  const tags = ['callCenter'];

  r.get('/api/callCenter/lojas', { schema: { tags } }, async (request) =>
    ok(await s.lojas(await vendas.contexto(request))),
  );

  r.post(
    '/api/callCenter/rotear',
    {
      schema: {
        tags,
        body: z.object({
          tipoVenda,
          cliente: ref.optional(),
          empresa: ref.optional(),
          liberacao: z.string().max(4096).optional(),
          produtos: z.array(ref).max(500).optional(),
        }),
      },
    },
    async (request) => {
      const { clienteEndereco: _, ...roteamento } = await s.rotear(
        await vendas.contexto(request),
        request.body,
      );
      return ok(roteamento);
    },
  );

  r.post(
    '/api/callCenter/pedido',
    {
      schema: {
        tags,
        body: z.object({
          _id: id.optional(),
          tipoVenda,
          cliente: ref.optional(),
          empresa: ref.optional(),
          liberacao: z.string().max(4096).optional(),
          vendaDescricao: z.string().max(100).optional(),
          /** CPF na nota: refused when wrong, before anything is created ('CPF Inválido'...). */
          cpfCnpj: z.string().max(30).optional(),
          produtos: z.array(item).max(500),
          pagamento: pagamento.optional(),
        }),
      },
    },
    async (request) =>
      ok(
        await s.criarPedido(await vendas.contexto(request), {
          ...request.body,
          produtos: request.body.produtos as ItemEntrada[],
        }),
      ),
  );

  r.get(
    '/api/callCenter/pedidos',
    {
      schema: {
        tags,
        querystring: z.object({
          dia: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data Inválida')
            .optional(),
        }),
      },
    },
    async (request) => ok(await s.pedidos(await vendas.contexto(request), request.query.dia)),
  );

  r.get('/api/callCenter/pedido/:id', { schema: { tags, params: z.object({ id }) } }, async (request) =>
    ok(await s.pedido(await vendas.contexto(request), request.params.id)),
  );
}
