import {
  cancelarPedidoCompraSchema,
  PERMISSAO,
  pedidoCompraAlteracaoSchema,
  pedidoCompraEntradaSchema,
  pedidosCompraConsultaSchema,
  relatorioComprasConsultaSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { ServicoCompras } from './compras.ts';
import type { Operador } from './estoque.service.ts';

// Purchase orders (estoquePedidoCompra, 1216-1219) and the purchases report (relatorioEstoqueCompras). See
// README.md "Purchases". Registered by estoque.routes.ts.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

export async function rotasCompras(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco, permissoes } = app.servicos;
  const compras = new ServicoCompras(banco.db);
  const tags = ['estoque'];
  const params = z.object({ id });

  /** The order's store, where the user must hold `permissao` (another group's order is not found). */
  const noPedido = async (request: FastifyRequest, pedido: string, permissao: number): Promise<Operador> => {
    const s = sessaoDe(request);
    const empresa = await compras.empresaDo(s.grupoEmpresarialId, pedido);
    await exigirPermissaoTela(app, request, permissao, empresa);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };

  r.post(
    '/api/estoque/pedidoCompra',
    { schema: { tags, body: pedidoCompraEntradaSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoCompraIncluir, request.body.empresa);
      const s = sessaoDe(request);
      return ok(await compras.criar({ grupo: s.grupoEmpresarialId, usuario: s.usuarioId }, request.body));
    },
  );

  r.get(
    '/api/estoque/pedidoCompra',
    { schema: { tags, querystring: pedidosCompraConsultaSchema } },
    async (request) => {
      const q = request.query;
      await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoCompraAcessar, q.empresa);
      return ok(
        await compras.listar(sessaoDe(request).grupoEmpresarialId, q.empresa, {
          status: q.status === undefined ? undefined : Array.isArray(q.status) ? q.status : [q.status],
          fornecedor: q.fornecedor,
          dataInicio: q.dataInicio,
          dataFim: q.dataFim,
          limite: q.limite,
        }),
      );
    },
  );

  r.get('/api/estoque/pedidoCompra/:id', { schema: { tags, params } }, async (request) => {
    const op = await noPedido(request, request.params.id, PERMISSAO.estoquePedidoCompraAcessar);
    return ok(await compras.obter(op.grupo, request.params.id));
  });

  r.put(
    '/api/estoque/pedidoCompra/:id',
    { schema: { tags, params, body: pedidoCompraAlteracaoSchema } },
    async (request) => {
      const op = await noPedido(request, request.params.id, PERMISSAO.estoquePedidoCompraAlterar);
      return ok(await compras.alterar(op, request.params.id, request.body));
    },
  );

  r.post('/api/estoque/pedidoCompra/:id/enviar', { schema: { tags, params } }, async (request) => {
    const op = await noPedido(request, request.params.id, PERMISSAO.estoquePedidoCompraAlterar);
    return ok(await compras.enviar(op, request.params.id));
  });

  r.post(
    '/api/estoque/pedidoCompra/:id/cancelar',
    { schema: { tags, params, body: cancelarPedidoCompraSchema } },
    async (request) => {
      const op = await noPedido(request, request.params.id, PERMISSAO.estoquePedidoCompraExcluir);
      return ok(await compras.cancelar(op, request.params.id, request.body.motivo));
    },
  );

  r.get(
    '/api/estoque/relatorioCompras',
    { schema: { tags, querystring: relatorioComprasConsultaSchema } },
    async (request) => {
      const q = request.query;
      const s = sessaoDe(request);
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      const permitidas = new Set(empresasComPermissao(p, PERMISSAO.relatorioEstoqueComprasAcessar));
      const contexto = empresaDoContexto(request);
      const pedidas =
        q.empresa === undefined
          ? contexto
            ? [contexto]
            : [...permitidas]
          : Array.isArray(q.empresa)
            ? q.empresa
            : [q.empresa];
      const lojas = pedidas.filter((e) => permitidas.has(e));
      if (!lojas.length) {
        // Name the permission when the user asked for one store they may not see.
        const alvo = pedidas[0];
        if (alvo) await exigirPermissaoTela(app, request, PERMISSAO.relatorioEstoqueComprasAcessar, alvo);
        throw new ErroNegocio('Usuário sem permissão para esta operação.');
      }
      return ok(await compras.relatorio(s.grupoEmpresarialId, lojas, q));
    },
  );
}
