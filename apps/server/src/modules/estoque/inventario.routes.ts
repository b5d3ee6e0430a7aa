import {
  cancelarInventarioSchema,
  contagemInventarioSchema,
  criarInventarioSchema,
  efetivarInventarioSchema,
  estornarInventarioSchema,
  importarContagemSchema,
  listaInventarioConsultaSchema,
  PERMISSAO,
  relatorioInventarioConsultaSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { empresaDoInventario, ServicoInventario } from './inventario.ts';

// Stock count routes (estoqueInventario 1204-1207, relatorioEstoqueInventario). Who does what:
// - Acessar (1204): list counts, read the count sheet (never the system quantity of a blind count);
// - Incluir (1205): create a count, type and import quantities;
// - Alterar (1206): the review with the differences and values, checking (conferir), reopening, posting;
// - Excluir (1207): cancelling a count that was not posted, and reversing (estornar) a posted one.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const params = z.object({ id });

export async function rotasInventario(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco, permissoes } = app.servicos;
  const inventarios = new ServicoInventario(banco.db);
  const tags = ['estoque'];
  const operador = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };

  /** Checks `permissao` in the count's store; answers the session's operator. */
  async function noInventario(request: FastifyRequest, inventario: string, permissao: number) {
    const op = operador(request);
    const empresa = await empresaDoInventario(banco.db, op.grupo, inventario);
    await exigirPermissaoTela(app, request, permissao, empresa);
    return op;
  }

  /** Stores asked for (else the `empresa` header, else all) where the user holds `permissao`. */
  async function lojasPermitidas(request: FastifyRequest, pedidas: string[] | undefined, permissao: number) {
    const s = sessaoDe(request);
    const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const permitidas = new Set(empresasComPermissao(p, permissao));
    const contexto = empresaDoContexto(request);
    const lista = (pedidas ?? (contexto ? [contexto] : [...permitidas])).filter((e) => permitidas.has(e));
    if (!lista.length) {
      const alvo = pedidas?.[0] ?? contexto;
      if (alvo) await exigirPermissaoTela(app, request, permissao, alvo);
      throw new ErroNegocio('Usuário sem permissão para esta operação.');
    }
    return lista;
  }

  r.get(
    '/api/estoque/inventario',
    { schema: { tags, querystring: listaInventarioConsultaSchema } },
    async (request) => {
      const q = request.query;
      const lojas = await lojasPermitidas(
        request,
        q.empresa ? [q.empresa] : undefined,
        PERMISSAO.estoqueInventarioAcessar,
      );
      return ok(
        await inventarios.listar(sessaoDe(request).grupoEmpresarialId, lojas, {
          status: q.status,
          pagina: q.pagina,
          limite: q.limite,
        }),
      );
    },
  );

  r.get(
    '/api/estoque/inventario/opcoes',
    { schema: { tags, querystring: z.object({ empresa: id }) } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueInventarioAcessar, request.query.empresa);
      return ok(await inventarios.opcoesFiltro(sessaoDe(request).grupoEmpresarialId, request.query.empresa));
    },
  );

  r.post('/api/estoque/inventario', { schema: { tags, body: criarInventarioSchema } }, async (request) => {
    await exigirPermissaoTela(app, request, PERMISSAO.estoqueInventarioIncluir, request.body.empresa);
    return ok(await inventarios.criar(operador(request), request.body, app.servicos.tempo.agora()));
  });

  r.get('/api/estoque/inventario/:id', { schema: { tags, params } }, async (request) => {
    const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioAcessar);
    return ok(await inventarios.itens(op.grupo, request.params.id));
  });

  r.put(
    '/api/estoque/inventario/:id/contagem',
    { schema: { tags, params, body: contagemInventarioSchema } },
    async (request) => {
      const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioIncluir);
      return ok(await inventarios.contar(op, request.params.id, request.body.itens, request.body.somar));
    },
  );

  r.post(
    '/api/estoque/inventario/:id/importar',
    { schema: { tags, params, body: importarContagemSchema }, bodyLimit: 3 * 1024 * 1024 },
    async (request) => {
      const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioIncluir);
      return ok(await inventarios.importar(op, request.params.id, request.body.conteudo, request.body.somar));
    },
  );

  r.get(
    '/api/estoque/inventario/:id/revisao',
    {
      schema: {
        tags,
        params,
        querystring: z.object({ naoContados: z.enum(['ignorar', 'zerar']).default('ignorar') }),
      },
    },
    async (request) => {
      const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioAlterar);
      return ok(await inventarios.revisao(op.grupo, request.params.id, request.query.naoContados));
    },
  );

  r.post('/api/estoque/inventario/:id/conferir', { schema: { tags, params } }, async (request) => {
    const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioAlterar);
    return ok(await inventarios.conferir(op, request.params.id));
  });

  r.post('/api/estoque/inventario/:id/reabrir', { schema: { tags, params } }, async (request) => {
    const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioAlterar);
    return ok(await inventarios.reabrirContagem(op, request.params.id));
  });

  r.post(
    '/api/estoque/inventario/:id/efetivar',
    { schema: { tags, params, body: efetivarInventarioSchema } },
    async (request) => {
      const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioAlterar);
      return ok(
        await inventarios.efetivar(
          op,
          request.params.id,
          request.body.naoContados,
          app.servicos.tempo.agora(),
        ),
      );
    },
  );

  r.post(
    '/api/estoque/inventario/:id/cancelar',
    { schema: { tags, params, body: cancelarInventarioSchema } },
    async (request) => {
      const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioExcluir);
      return ok(await inventarios.cancelar(op, request.params.id, request.body.motivo));
    },
  );

  r.post(
    '/api/estoque/inventario/:id/estornar',
    { schema: { tags, params, body: estornarInventarioSchema } },
    async (request) => {
      const op = await noInventario(request, request.params.id, PERMISSAO.estoqueInventarioExcluir);
      return ok(
        await inventarios.estornar(op, request.params.id, request.body.motivo, app.servicos.tempo.agora()),
      );
    },
  );

  r.get(
    '/api/estoque/relatorio/inventario',
    { schema: { tags, querystring: relatorioInventarioConsultaSchema } },
    async (request) => {
      const q = request.query;
      const pedidas =
        q.empresa === undefined ? undefined : Array.isArray(q.empresa) ? q.empresa : [q.empresa];
      const lojas = await lojasPermitidas(request, pedidas, PERMISSAO.relatorioEstoqueInventarioAcessar);
      if (q.dataFinal <= q.dataInicial) throw new ErroNegocio('A data final deve ser depois da inicial.');
      return ok(
        await inventarios.relatorio(sessaoDe(request).grupoEmpresarialId, lojas, q.dataInicial, q.dataFinal),
      );
    },
  );
}
