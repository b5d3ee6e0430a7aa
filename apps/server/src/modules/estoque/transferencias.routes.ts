import {
  alterarPedidoTransferenciaSchema,
  alterarTransferenciaSchema,
  cancelarPedidoTransferenciaSchema,
  cancelarTransferenciaSchema,
  criarPedidoTransferenciaSchema,
  criarTransferenciaSchema,
  enviarTransferenciaSchema,
  finalizarPedidoTransferenciaSchema,
  gerarPedidosReposicaoSchema,
  listaPedidoTransferenciaConsultaSchema,
  listaReposicaoConsultaSchema,
  listaTransferenciaConsultaSchema,
  PERMISSAO,
  receberTransferenciaSchema,
  relatorioTransferenciaConsultaSchema,
  reservarPedidoTransferenciaSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao, temPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { ServicoTransferencias } from './transferencias.ts';
import { ServicoPedidosTransferencia } from './transferencias-pedidos.ts';

// Stock transfer routes (issue 17). Who does what (permissions 1212-1215, 1230-1235, relatorioEstoqueTransferencia):
// - estoqueTransferencia: Acessar in the origin or the destination to read; Incluir in the origin to create a
//   draft, Alterar in the origin to change it and to ship it, Alterar in the DESTINATION to receive it (the store
//   that got the goods says what arrived), Excluir in the origin to cancel;
// - estoquePedidoTransferencia (and solicitacaoPedidoTransferencia, the same screen): Incluir/Alterar in the
//   asking store to ask and change, Alterar in the supplying store to reserve and to finish (plus
//   estoqueTransferenciaIncluir there, and Alterar when it ships at once), Excluir in either store to cancel;
// - estoqueGerarListaReposicao: Acessar in the supplying store to see the list (the client stores' balances
//   included: it plans for them), Manter there to turn it into requests.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const params = z.object({ id });
const lista = (v: string | string[] | undefined) =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

export async function rotasTransferenciasEstoque(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco, permissoes } = app.servicos;
  const transferencias = new ServicoTransferencias(banco.db);
  const pedidos = new ServicoPedidosTransferencia(banco.db, transferencias);
  const tags = ['estoque'];
  const agora = () => app.servicos.tempo.agora();
  const operador = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };
  const doUsuario = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  };

  /** Stores asked for (else the `empresa` header, else all) where the user holds one of `aceitas`. */
  async function lojasPermitidas(request: FastifyRequest, pedidas: string[] | undefined, aceitas: number[]) {
    const p = await doUsuario(request);
    const permitidas = new Set(aceitas.flatMap((a) => empresasComPermissao(p, a)));
    const contexto = empresaDoContexto(request);
    const escolhidas = (pedidas ?? (contexto ? [contexto] : [...permitidas])).filter((e) =>
      permitidas.has(e),
    );
    if (!escolhidas.length) {
      const alvo = pedidas?.[0] ?? contexto;
      if (alvo) await exigirPermissaoTela(app, request, aceitas[0]!, alvo);
      throw new ErroNegocio('Usuário sem permissão para esta operação.');
    }
    return escolhidas;
  }

  /** The user holds `permissao` in one of `lojas` (refused naming the permission in the first one). */
  async function emUmaDas(request: FastifyRequest, lojas: readonly string[], permissao: number) {
    const p = await doUsuario(request);
    if (lojas.some((l) => temPermissao(p, permissao, l))) return;
    await exigirPermissaoTela(app, request, permissao, lojas[0]!);
  }

  // ---- Transfers

  r.get(
    '/api/estoque/transferencia',
    { schema: { tags, querystring: listaTransferenciaConsultaSchema } },
    async (request) => {
      const q = request.query;
      const lojas = await lojasPermitidas(request, q.empresa ? [q.empresa] : undefined, [
        PERMISSAO.estoqueTransferenciaAcessar,
      ]);
      return ok(
        await transferencias.listar(sessaoDe(request).grupoEmpresarialId, lojas, {
          papel: q.papel,
          status: q.status,
          pagina: q.pagina,
          limite: q.limite,
        }),
      );
    },
  );

  r.get('/api/estoque/transferencia/lojas', { schema: { tags } }, async (request) => {
    const p = await doUsuario(request);
    const algum = [
      PERMISSAO.estoqueTransferenciaAcessar,
      PERMISSAO.estoquePedidoTransferenciaAcessar,
      PERMISSAO.estoqueGerarListaReposicaoAcessar,
      PERMISSAO.relatorioEstoqueTransferenciaAcessar,
    ].some((x) => temPermissao(p, x));
    if (!algum) throw new ErroNegocio('Usuário sem permissão para esta operação.');
    return ok(await transferencias.lojasDoGrupo(sessaoDe(request).grupoEmpresarialId));
  });

  r.post(
    '/api/estoque/transferencia',
    { schema: { tags, body: criarTransferenciaSchema } },
    async (request) => {
      const e = request.body;
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaIncluir, e.empresaOrigem);
      if (e.enviar)
        await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaAlterar, e.empresaOrigem);
      return ok(await transferencias.criar(operador(request), e, agora()));
    },
  );

  r.get('/api/estoque/transferencia/:id', { schema: { tags, params } }, async (request) => {
    const op = operador(request);
    const t = await transferencias.lojasDaTransferencia(op.grupo, request.params.id);
    await emUmaDas(request, [t.origem, t.destino], PERMISSAO.estoqueTransferenciaAcessar);
    return ok(await transferencias.obter(op.grupo, request.params.id));
  });

  r.put(
    '/api/estoque/transferencia/:id',
    { schema: { tags, params, body: alterarTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const t = await transferencias.lojasDaTransferencia(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaAlterar, t.origem);
      return ok(await transferencias.alterar(op, request.params.id, request.body));
    },
  );

  r.post(
    '/api/estoque/transferencia/:id/enviar',
    { schema: { tags, params, body: enviarTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const t = await transferencias.lojasDaTransferencia(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaAlterar, t.origem);
      return ok(await transferencias.enviar(op, request.params.id, request.body.data, agora()));
    },
  );

  r.post(
    '/api/estoque/transferencia/:id/receber',
    { schema: { tags, params, body: receberTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const t = await transferencias.lojasDaTransferencia(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaAlterar, t.destino);
      return ok(await transferencias.receber(op, request.params.id, request.body, agora()));
    },
  );

  r.post(
    '/api/estoque/transferencia/:id/cancelar',
    { schema: { tags, params, body: cancelarTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const t = await transferencias.lojasDaTransferencia(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaExcluir, t.origem);
      return ok(await transferencias.cancelar(op, request.params.id, request.body.motivo, agora()));
    },
  );

  r.get(
    '/api/estoque/relatorio/transferencia',
    { schema: { tags, querystring: relatorioTransferenciaConsultaSchema } },
    async (request) => {
      const q = request.query;
      if (q.dataFinal <= q.dataInicial) throw new ErroNegocio('A data final deve ser depois da inicial.');
      if (Date.parse(q.dataFinal) - Date.parse(q.dataInicial) > 367 * 86_400_000) {
        throw new ErroNegocio('Período longo demais: escolha até 366 dias.');
      }
      const lojas = await lojasPermitidas(request, undefined, [
        PERMISSAO.relatorioEstoqueTransferenciaAcessar,
      ]);
      return ok(
        await transferencias.relatorio(sessaoDe(request).grupoEmpresarialId, lojas, {
          dataInicial: q.dataInicial,
          dataFinal: q.dataFinal,
          empresaOrigem: lista(q.empresaOrigem),
          empresaDestino: lista(q.empresaDestino),
          produto: q.produto,
          status: q.status,
          somenteDivergencias: q.somenteDivergencias === 'true',
        }),
      );
    },
  );

  // ---- Replenishment orders

  r.get(
    '/api/estoque/pedidoTransferencia',
    { schema: { tags, querystring: listaPedidoTransferenciaConsultaSchema } },
    async (request) => {
      const q = request.query;
      const lojas = await lojasPermitidas(request, q.empresa ? [q.empresa] : undefined, [
        PERMISSAO.estoquePedidoTransferenciaAcessar,
      ]);
      return ok(
        await pedidos.listar(sessaoDe(request).grupoEmpresarialId, lojas, {
          papel: q.papel,
          status: q.status,
          pagina: q.pagina,
          limite: q.limite,
        }),
      );
    },
  );

  r.post(
    '/api/estoque/pedidoTransferencia',
    { schema: { tags, body: criarPedidoTransferenciaSchema } },
    async (request) => {
      await exigirPermissaoTela(
        app,
        request,
        PERMISSAO.estoquePedidoTransferenciaIncluir,
        request.body.empresaSolicitante,
      );
      return ok(await pedidos.criar(operador(request), request.body));
    },
  );

  r.get('/api/estoque/pedidoTransferencia/:id', { schema: { tags, params } }, async (request) => {
    const op = operador(request);
    const p = await pedidos.lojasDoPedido(op.grupo, request.params.id);
    await emUmaDas(request, [p.solicitante, p.fornecedora], PERMISSAO.estoquePedidoTransferenciaAcessar);
    return ok(await pedidos.obter(op.grupo, request.params.id));
  });

  r.put(
    '/api/estoque/pedidoTransferencia/:id',
    { schema: { tags, params, body: alterarPedidoTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const p = await pedidos.lojasDoPedido(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoTransferenciaAlterar, p.solicitante);
      return ok(await pedidos.alterar(op, request.params.id, request.body));
    },
  );

  r.post(
    '/api/estoque/pedidoTransferencia/:id/reservar',
    { schema: { tags, params, body: reservarPedidoTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const p = await pedidos.lojasDoPedido(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoTransferenciaAlterar, p.fornecedora);
      return ok(await pedidos.reservar(op, request.params.id, request.body, agora()));
    },
  );

  r.post(
    '/api/estoque/pedidoTransferencia/:id/finalizar',
    { schema: { tags, params, body: finalizarPedidoTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const p = await pedidos.lojasDoPedido(op.grupo, request.params.id);
      await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoTransferenciaAlterar, p.fornecedora);
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaIncluir, p.fornecedora);
      if (request.body.enviar) {
        await exigirPermissaoTela(app, request, PERMISSAO.estoqueTransferenciaAlterar, p.fornecedora);
      }
      return ok(await pedidos.finalizar(op, request.params.id, request.body, agora()));
    },
  );

  r.post(
    '/api/estoque/pedidoTransferencia/:id/cancelar',
    { schema: { tags, params, body: cancelarPedidoTransferenciaSchema } },
    async (request) => {
      const op = operador(request);
      const p = await pedidos.lojasDoPedido(op.grupo, request.params.id);
      await emUmaDas(request, [p.solicitante, p.fornecedora], PERMISSAO.estoquePedidoTransferenciaExcluir);
      return ok(await pedidos.cancelar(op, request.params.id, request.body.motivo, agora()));
    },
  );

  // ---- Replenishment list

  r.get(
    '/api/estoque/listaReposicao',
    { schema: { tags, querystring: listaReposicaoConsultaSchema } },
    async (request) => {
      const q = request.query;
      await exigirPermissaoTela(
        app,
        request,
        PERMISSAO.estoqueGerarListaReposicaoAcessar,
        q.empresaFornecedora,
      );
      return ok(
        await pedidos.listaReposicao(
          sessaoDe(request).grupoEmpresarialId,
          q.empresaFornecedora,
          lista(q.empresa),
          q.somenteAbaixoDoMinimo === 'true',
        ),
      );
    },
  );

  r.post(
    '/api/estoque/listaReposicao/gerar',
    { schema: { tags, body: gerarPedidosReposicaoSchema } },
    async (request) => {
      const e = request.body;
      await exigirPermissaoTela(
        app,
        request,
        PERMISSAO.estoqueGerarListaReposicaoManter,
        e.empresaFornecedora,
      );
      return ok(await pedidos.gerarPedidosReposicao(operador(request), e));
    },
  );
}
