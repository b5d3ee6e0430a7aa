import {
  cancelarProducaoSchema,
  criarProducaoSchema,
  estornarProducaoSchema,
  finalizarProducaoSchema,
  listaProducaoConsultaSchema,
  PERMISSAO,
  produtosProducaoConsultaSchema,
  receitaProducaoConsultaSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { empresaDaProducao, ServicoProducao } from './producao.ts';

// Production order routes (estoqueProducaoProdutos 1236-1239). Who does what:
// - Acessar (1236): list orders, read one, the products with a recipe and the recipe an order would use;
// - Incluir (1237): request an order;
// - Alterar (1238): finish it (consumption + output);
// - Excluir (1239): cancel a request, reverse a finished order.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const params = z.object({ id });

export async function rotasProducao(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco, permissoes } = app.servicos;
  const producao = new ServicoProducao(banco.db);
  const tags = ['estoque'];
  const P = {
    acessar: PERMISSAO.estoqueProducaoProdutosAcessar,
    incluir: PERMISSAO.estoqueProducaoProdutosIncluir,
    alterar: PERMISSAO.estoqueProducaoProdutosAlterar,
    excluir: PERMISSAO.estoqueProducaoProdutosExcluir,
  };
  const operador = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };

  /** Checks `permissao` in the order's store; answers the session's operator. */
  async function naProducao(request: FastifyRequest, producaoId: string, permissao: number) {
    const op = operador(request);
    const empresa = await empresaDaProducao(banco.db, op.grupo, producaoId);
    await exigirPermissaoTela(app, request, permissao, empresa);
    return op;
  }

  /** The store asked for (else the `empresa` header, else all) where the user may see production orders. */
  async function lojasPermitidas(request: FastifyRequest, pedida: string | undefined) {
    const s = sessaoDe(request);
    const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const permitidas = new Set(empresasComPermissao(p, P.acessar));
    const contexto = empresaDoContexto(request);
    const lista = (pedida ? [pedida] : contexto ? [contexto] : [...permitidas]).filter((e) =>
      permitidas.has(e),
    );
    if (!lista.length) {
      const alvo = pedida ?? contexto;
      if (alvo) await exigirPermissaoTela(app, request, P.acessar, alvo);
      throw new ErroNegocio('Usuário sem permissão para esta operação.');
    }
    return lista;
  }

  r.get(
    '/api/estoque/producao',
    { schema: { tags, querystring: listaProducaoConsultaSchema } },
    async (request) => {
      const q = request.query;
      const lojas = await lojasPermitidas(request, q.empresa);
      return ok(
        await producao.listar(sessaoDe(request).grupoEmpresarialId, lojas, {
          status: q.status,
          busca: q.busca,
          pagina: q.pagina,
          limite: q.limite,
        }),
      );
    },
  );

  r.get(
    '/api/estoque/producao/produtos',
    { schema: { tags, querystring: produtosProducaoConsultaSchema } },
    async (request) => {
      await lojasPermitidas(request, undefined);
      return ok(
        await producao.produtosComReceita(
          sessaoDe(request).grupoEmpresarialId,
          request.query.busca,
          request.query.limite,
        ),
      );
    },
  );

  r.get(
    '/api/estoque/producao/receita',
    { schema: { tags, querystring: receitaProducaoConsultaSchema } },
    async (request) => {
      const q = request.query;
      await exigirPermissaoTela(app, request, P.acessar, q.empresa);
      return ok(
        await producao.receita(sessaoDe(request).grupoEmpresarialId, q.empresa, q.produto, q.indexReceita),
      );
    },
  );

  r.post('/api/estoque/producao', { schema: { tags, body: criarProducaoSchema } }, async (request) => {
    await exigirPermissaoTela(app, request, P.incluir, request.body.empresa);
    return ok(await producao.criar(operador(request), request.body));
  });

  r.get('/api/estoque/producao/:id', { schema: { tags, params } }, async (request) => {
    const op = await naProducao(request, request.params.id, P.acessar);
    return ok(await producao.obter(op.grupo, request.params.id));
  });

  r.post(
    '/api/estoque/producao/:id/finalizar',
    { schema: { tags, params, body: finalizarProducaoSchema } },
    async (request) => {
      const op = await naProducao(request, request.params.id, P.alterar);
      return ok(
        await producao.finalizar(
          op,
          request.params.id,
          request.body.quantidadeProduzida,
          app.servicos.tempo.agora(),
        ),
      );
    },
  );

  r.post(
    '/api/estoque/producao/:id/cancelar',
    { schema: { tags, params, body: cancelarProducaoSchema } },
    async (request) => {
      const op = await naProducao(request, request.params.id, P.excluir);
      return ok(await producao.cancelar(op, request.params.id, request.body.motivo));
    },
  );

  r.post(
    '/api/estoque/producao/:id/estornar',
    { schema: { tags, params, body: estornarProducaoSchema } },
    async (request) => {
      const op = await naProducao(request, request.params.id, P.excluir);
      return ok(
        await producao.estornar(op, request.params.id, request.body.motivo, app.servicos.tempo.agora()),
      );
    },
  );
}
