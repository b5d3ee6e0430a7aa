import { diaComercial, dreConsultaSchema, PERMISSAO, resumoFinanceiroSchema } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela } from '../usuarios/permissao-negada.ts';
import { relatorioDre } from './relatorios.ts';
import { resumoFinanceiro } from './resumo.ts';

// Finance reads of issue 18: the DRE by the chart of accounts (POST /api/relatorio/financeiroPlanoDeContas, and
// .../financeiroPlanoDeContasTeste with the same answer read by month columns) and the summary
// (POST /api/financeiroResumo). Each reads only the stores where the user holds the screen's permission.

export async function rotasRelatoriosFinanceiro(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['financeiro', 'relatorios'];

  for (const [rota, permissao] of [
    ['financeiroPlanoDeContas', PERMISSAO.relatorioFinanceiroPlanoDeContasAcessar],
    ['financeiroPlanoDeContasTeste', PERMISSAO.relatorioFinanceiroPlanoDeContasTesteAcessar],
  ] as const) {
    r.post(`/api/relatorio/${rota}`, { schema: { tags, body: dreConsultaSchema } }, async (request) => {
      const s = sessaoDe(request);
      const empresas = await empresasPermitidasTela(app, request, request.body.empresas, permissao);
      return ok(await relatorioDre(db, s.grupoEmpresarialId, empresas, request.body));
    });
  }

  r.post('/api/financeiroResumo', { schema: { tags, body: resumoFinanceiroSchema } }, async (request) => {
    const s = sessaoDe(request);
    const empresas = await empresasPermitidasTela(
      app,
      request,
      request.body.empresas,
      PERMISSAO.financeiroResumoAcessar,
    );
    return ok(
      await resumoFinanceiro(
        db,
        s.grupoEmpresarialId,
        empresas,
        diaComercial(new Date()),
        request.body.dias ?? 30,
      ),
    );
  });
}
