import { PERMISSAO } from '@retaguarda/domain';
import {
  calendarioConsultaSchema,
  calendarioDiaSchema,
  importarExtratoSchema,
  TAMANHO_MAXIMO_EXTRATO,
} from '@retaguarda/domain/financeiro/calendario-recebimento';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela, exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { consultarCalendario, consultarDiaCalendario } from './calendario.service.ts';
import { divergenciasDoExtrato, importarExtrato, listarExtratos } from './extrato-operadora.service.ts';

// The receivables / payables calendar and the acquirer settlement-file import (issue 18; screen
// calendarioRecebimento = calendarioPagamento, permission 221 per store):
// - POST /api/financeiro/calendario {empresas, mes: 'AAAA-MM', visao: 'receber'|'pagar'} -> per day and acquirer;
// - POST /api/financeiro/calendario/dia {empresas, data, visao, operadora?} -> the day's titles;
// - POST /api/financeiro/extratoOperadora/importar {empresa, operadora, nome, conteudo} -> summary + divergences
//   (it settles titles, so it also needs financeiroAgendaAlterar in the store);
// - POST /api/financeiro/extratoOperadora/lista {empresas} and GET /api/financeiro/extratoOperadora/:id.

function operadorFinanceiro(request: FastifyRequest) {
  const s = sessaoDe(request);
  return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
}

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

export async function rotasRecebiveis(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['financeiro'];
  const lojas = (request: FastifyRequest, pedidas: readonly string[]) =>
    empresasPermitidasTela(app, request, pedidas, PERMISSAO.calendarioRecebimentoAcessar);

  r.post(
    '/api/financeiro/calendario',
    { schema: { tags, body: calendarioConsultaSchema } },
    async (request) => {
      const op = operadorFinanceiro(request);
      const empresas = await lojas(request, request.body.empresas);
      return ok(await consultarCalendario(db, op.grupo, empresas, request.body));
    },
  );

  r.post(
    '/api/financeiro/calendario/dia',
    { schema: { tags, body: calendarioDiaSchema } },
    async (request) => {
      const op = operadorFinanceiro(request);
      const empresas = await lojas(request, request.body.empresas);
      return ok(await consultarDiaCalendario(db, op.grupo, empresas, request.body));
    },
  );

  r.post(
    '/api/financeiro/extratoOperadora/importar',
    // A file of 100,000 lines is about 10 MB of text.
    { bodyLimit: TAMANHO_MAXIMO_EXTRATO + 64 * 1024, schema: { tags, body: importarExtratoSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.calendarioRecebimentoAcessar, request.body.empresa);
      await exigirPermissaoTela(app, request, PERMISSAO.financeiroAgendaAlterar, request.body.empresa);
      const op = operadorFinanceiro(request);
      return ok(await db.transaction((tx) => importarExtrato(tx, op, request.body)));
    },
  );

  r.post(
    '/api/financeiro/extratoOperadora/lista',
    { schema: { tags, body: z.object({ empresas: calendarioConsultaSchema.shape.empresas }) } },
    async (request) => {
      const op = operadorFinanceiro(request);
      return ok(await listarExtratos(db, op.grupo, await lojas(request, request.body.empresas)));
    },
  );

  r.get(
    '/api/financeiro/extratoOperadora/:id',
    { schema: { tags, params: z.object({ id }) } },
    async (request) => {
      const op = operadorFinanceiro(request);
      const d = await divergenciasDoExtrato(db, op.grupo, request.params.id);
      if (!d) throw new ErroNegocio('Extrato não encontrado!');
      await exigirPermissaoTela(app, request, PERMISSAO.calendarioRecebimentoAcessar, d.empresa);
      return ok(d);
    },
  );
}
