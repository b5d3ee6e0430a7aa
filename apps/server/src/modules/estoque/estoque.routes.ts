import {
  entradaEstoqueSchema,
  estornoMovimentoSchema,
  fecharPeriodoSchema,
  kardexConsultaSchema,
  PERMISSAO,
  posicaoConsultaSchema,
  produtosEstoqueConsultaSchema,
  reabrirPeriodoSchema,
  saidaManualConsultaSchema,
  saidaManualEntradaSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela, exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { rotasCompras } from './compras.routes.ts';
import { ServicoConsultasEstoque } from './consultas.service.ts';
import { iniciarConsumoPorVenda } from './consumo-venda.ts';
import { ServicoEstoque } from './estoque.service.ts';
import { rotasInventario } from './inventario.routes.ts';
import { fecharPeriodo, historicoPeriodos, reabrirPeriodo } from './periodos.ts';

// Stock ledger routes (issue 17). See README.md for the calls, their permissions and messages.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

/** Who may look up a store's products with their balance: whoever works one of its stock screens. */
const PERMISSOES_LEITURA_ESTOQUE = [
  PERMISSAO.estoqueSaidaManualAcessar,
  PERMISSAO.estoqueCadastroAcessar,
  PERMISSAO.estoqueInventarioAcessar,
  PERMISSAO.estoqueTransferenciaAcessar,
  PERMISSAO.estoquePedidoCompraAcessar,
  PERMISSAO.estoqueProducaoProdutosAcessar,
  PERMISSAO.estoquePedidoTransferenciaAcessar,
  PERMISSAO.estoqueGerarListaReposicaoAcessar,
  PERMISSAO.relatorioMovimentacaoProdutosAcessar,
  PERMISSAO.relatorioEstoqueProdutoAcessar,
];

export async function moduloEstoque(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco, permissoes } = app.servicos;
  const estoque = new ServicoEstoque(banco.db);
  const consultas = new ServicoConsultasEstoque(banco.db);
  const tags = ['estoque'];
  const operador = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };

  /** Stores asked for (query, else the `empresa` header, else all) where the user holds one of `aceitas`. */
  const lojasPermitidas = (request: FastifyRequest, pedidas: string[] | undefined, aceitas: number[]) =>
    empresasPermitidasTela(app, request, pedidas, aceitas);

  r.post(
    '/api/estoque/saidaManual',
    { schema: { tags, body: saidaManualEntradaSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueSaidaManualIncluir, request.body.empresa);
      return ok(await estoque.saidaManual(operador(request), request.body));
    },
  );

  r.post('/api/estoque/entrada', { schema: { tags, body: entradaEstoqueSchema } }, async (request) => {
    await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoCompraIncluir, request.body.empresa);
    return ok(await estoque.entrada(operador(request), request.body));
  });

  r.post(
    '/api/estoque/movimento/:id/estornar',
    { schema: { tags, params: z.object({ id }), body: estornoMovimentoSchema } },
    async (request) => {
      const s = sessaoDe(request);
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      const lojas = new Set(empresasComPermissao(p, PERMISSAO.estoqueSaidaManualExcluir));
      if (!lojas.size) {
        const contexto = empresaDoContexto(request);
        if (contexto) await exigirPermissaoTela(app, request, PERMISSAO.estoqueSaidaManualExcluir, contexto);
        throw new ErroNegocio('Usuário sem permissão para esta operação.');
      }
      return ok(
        await estoque.estornar(operador(request), request.params.id, request.body.motivo.trim(), lojas),
      );
    },
  );

  r.get('/api/estoque/kardex', { schema: { tags, querystring: kardexConsultaSchema } }, async (request) => {
    const q = request.query;
    await lojasPermitidas(
      request,
      [q.empresa],
      [PERMISSAO.relatorioMovimentacaoProdutosAcessar, PERMISSAO.estoqueCadastroAcessar],
    );
    return ok(
      await estoque.kardex(sessaoDe(request).grupoEmpresarialId, q.empresa, q.produto, q.limite, q.antesDe),
    );
  });

  r.get('/api/estoque/posicao', { schema: { tags, querystring: posicaoConsultaSchema } }, async (request) => {
    const q = request.query;
    const pedidas = q.empresa === undefined ? undefined : Array.isArray(q.empresa) ? q.empresa : [q.empresa];
    const lojas = await lojasPermitidas(request, pedidas, [
      PERMISSAO.relatorioEstoqueProdutoAcessar,
      PERMISSAO.estoqueCadastroAcessar,
    ]);
    return ok(
      await estoque.posicao(sessaoDe(request).grupoEmpresarialId, lojas, {
        busca: q.busca,
        somenteComSaldo: q.somenteComSaldo === 'true',
        pagina: q.pagina,
        limite: q.limite,
      }),
    );
  });

  // Reads of the stock screens (consultas.service.ts).
  r.get(
    '/api/estoque/saidaManual',
    { schema: { tags, querystring: saidaManualConsultaSchema } },
    async (request) => {
      const q = request.query;
      await lojasPermitidas(
        request,
        [q.empresa],
        [PERMISSAO.estoqueSaidaManualAcessar, PERMISSAO.relatorioEstoqueSaidaManualAcessar],
      );
      return ok(await consultas.saidasManuais(sessaoDe(request).grupoEmpresarialId, q.empresa, q));
    },
  );

  r.get(
    '/api/estoque/produtos',
    { schema: { tags, querystring: produtosEstoqueConsultaSchema } },
    async (request) => {
      const q = request.query;
      await lojasPermitidas(request, [q.empresa], PERMISSOES_LEITURA_ESTOQUE);
      return ok(
        await consultas.produtos(sessaoDe(request).grupoEmpresarialId, q.empresa, {
          busca: q.busca,
          produtos: q.produto === undefined ? undefined : Array.isArray(q.produto) ? q.produto : [q.produto],
          limite: q.limite,
        }),
      );
    },
  );

  r.get(
    '/api/estoque/posicao/empresas',
    { schema: { tags, querystring: posicaoConsultaSchema } },
    async (request) => {
      const q = request.query;
      const pedidas =
        q.empresa === undefined ? undefined : Array.isArray(q.empresa) ? q.empresa : [q.empresa];
      const lojas = await lojasPermitidas(request, pedidas, [
        PERMISSAO.relatorioEstoqueProdutoAcessar,
        PERMISSAO.estoqueCadastroAcessar,
      ]);
      return ok(
        await consultas.valorPorEmpresa(sessaoDe(request).grupoEmpresarialId, lojas, {
          busca: q.busca,
          somenteComSaldo: q.somenteComSaldo === 'true',
        }),
      );
    },
  );

  r.get(
    '/api/estoque/periodo',
    { schema: { tags, querystring: z.object({ empresa: id }) } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueInventarioAcessar, request.query.empresa);
      return ok(
        await historicoPeriodos(banco.db, sessaoDe(request).grupoEmpresarialId, request.query.empresa),
      );
    },
  );

  r.post('/api/estoque/periodo/fechar', { schema: { tags, body: fecharPeriodoSchema } }, async (request) => {
    await exigirPermissaoTela(app, request, PERMISSAO.estoqueInventarioAlterar, request.body.empresa);
    const op = operador(request);
    return ok(
      await fecharPeriodo(banco.db, op.grupo, {
        empresa: request.body.empresa,
        ate: request.body.ate,
        usuario: op.usuario,
        agora: app.servicos.tempo.agora(),
      }),
    );
  });

  r.post(
    '/api/estoque/periodo/reabrir',
    { schema: { tags, body: reabrirPeriodoSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueInventarioExcluir, request.body.empresa);
      const op = operador(request);
      return ok(
        await reabrirPeriodo(banco.db, op.grupo, {
          empresa: request.body.empresa,
          ate: request.body.ate,
          motivo: request.body.motivo,
          usuario: op.usuario,
        }),
      );
    },
  );

  await rotasInventario(app);
  await rotasCompras(app);
  iniciarConsumoPorVenda(app);
}
