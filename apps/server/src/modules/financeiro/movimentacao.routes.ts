import {
  ajusteContaSchema,
  estornoMovimentacaoSchema,
  extratoConsultaSchema,
  PERMISSAO,
  saldosContasSchema,
  transferenciaContasSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela, exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { temPermissao } from '../usuarios/permissoes.service.ts';
import {
  ajustar,
  type ContaFinanceira,
  estornar,
  extratoConta,
  lerConta,
  lerMovimentacao,
  pernasDoEstorno,
  saldosContas,
  transferir,
} from './movimentacao.service.ts';

// Account statement, transfers, adjustments and their reversal (issue 18, screen financeiroMovimentacao), and
// the balances of the accounts (financeiroConta). Permissions are per store: an account is open to a user who
// holds the permission in one of the stores it serves (its own, or any listed by a shared account).

const periodoValido = <T extends { de: string; ate: string }>(c: T) => c.de <= c.ate;

export async function rotasMovimentacaoFinanceira(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['financeiro'];

  const operador = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };

  /** Refused unless `permissao` holds in one store the account serves; the refusal names it. */
  async function exigirNaConta(request: FastifyRequest, permissao: number, conta: ContaFinanceira) {
    const s = sessaoDe(request);
    const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    if (conta.empresas.some((e) => temPermissao(p, permissao, e))) return;
    const alvo = conta.empresas.find((e) => p.porEmpresa.has(e)) ?? conta.empresa;
    await exigirPermissaoTela(app, request, permissao, alvo);
  }

  r.post(
    '/api/financeiroMovimentacao/extrato',
    {
      schema: {
        tags,
        body: extratoConsultaSchema.refine(periodoValido, {
          path: ['ate'],
          message: 'Período inválido: a data final é anterior à inicial.',
        }),
      },
    },
    async (request) => {
      const op = operador(request);
      const conta = await lerConta(db, op.grupo, request.body.conta);
      await exigirNaConta(request, PERMISSAO.financeiroMovimentacaoAcessar, conta);
      return ok(await extratoConta(db, op.grupo, conta, request.body.de, request.body.ate));
    },
  );

  r.post(
    '/api/financeiroMovimentacao/transferencia',
    { schema: { tags, body: transferenciaContasSchema } },
    async (request) => {
      const op = operador(request);
      const b = request.body;
      const [origem, destino] = await Promise.all([
        lerConta(db, op.grupo, b.contaOrigem),
        lerConta(db, op.grupo, b.contaDestino),
      ]);
      await exigirNaConta(request, PERMISSAO.financeiroMovimentacaoIncluir, origem);
      await exigirNaConta(request, PERMISSAO.financeiroMovimentacaoIncluir, destino);
      return ok(
        await db.transaction((tx) =>
          transferir(tx, op, {
            _id: b._id,
            origem,
            destino,
            valor: b.valor,
            data: b.data,
            descricao: b.descricao,
          }),
        ),
      );
    },
  );

  r.post(
    '/api/financeiroMovimentacao/ajuste',
    { schema: { tags, body: ajusteContaSchema } },
    async (request) => {
      const op = operador(request);
      const b = request.body;
      const conta = await lerConta(db, op.grupo, b.conta);
      await exigirNaConta(request, PERMISSAO.financeiroMovimentacaoIncluir, conta);
      return ok(
        await db.transaction((tx) =>
          ajustar(tx, op, {
            _id: b._id,
            conta,
            valor: b.valor,
            data: b.data,
            planoConta: b.planoConta,
            descricao: b.descricao,
          }),
        ),
      );
    },
  );

  r.post(
    '/api/financeiroMovimentacao/estornar',
    { schema: { tags, body: estornoMovimentacaoSchema } },
    async (request) => {
      const op = operador(request);
      const m = await lerMovimentacao(db, op.grupo, request.body.movimentacao);
      const pernas = await pernasDoEstorno(db, op.grupo, m);
      for (const conta of new Set(pernas.map((p) => p.conta)))
        await exigirNaConta(
          request,
          PERMISSAO.financeiroMovimentacaoExcluir,
          await lerConta(db, op.grupo, conta),
        );
      const estornos = await db.transaction((tx) => estornar(tx, op, pernas, request.body.data));
      return ok({ estornos });
    },
  );

  r.post('/api/financeiroConta/saldos', { schema: { tags, body: saldosContasSchema } }, async (request) => {
    const op = operador(request);
    const empresas = await empresasPermitidasTela(app, request, request.body.empresas, [
      PERMISSAO.financeiroContaAcessar,
      PERMISSAO.financeiroMovimentacaoAcessar,
    ]);
    return ok(await saldosContas(db, op.grupo, empresas));
  });
}
