import { agendaConsultaSchema, MF, PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela, exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { temPermissao } from '../usuarios/permissoes.service.ts';
import { consultarAgenda, contasDaEmpresa } from './agenda.service.ts';

// The finance agenda's read (issue 18): POST /api/financeiroAgenda, for the screen financeiroAgenda and the report
// relatorioFinanceiroAgenda. Writes are the title routes of financeiro.routes.ts; the spec's
// getPermissaoAgendaProtegidaPorEmpresa lives with the user routes. The protected agenda: README.md "Agenda".

/**
 * A payable of a store whose agenda is protected for the user (no permission 223 there) is not opened, paid,
 * reversed or cancelled by them either: the title routes call this after their own permission check.
 */
export async function exigirTituloVisivel(app: FastifyInstance, request: FastifyRequest, titulo: string) {
  const s = sessaoDe(request);
  const t = await consultarUm(
    app.servicos.banco.db,
    sql`select empresa_id, tipo from financeiro_titulo where id = ${titulo} and grupo_empresarial_id = ${s.grupoEmpresarialId}`,
  );
  if (t?.tipo !== 'pagar') return;
  const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  if (!temPermissao(p, PERMISSAO.agendaProtegida, String(t.empresa_id)))
    throw new ErroNegocio(MF.agendaProtegida);
}

export async function rotasAgendaFinanceira(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['financeiro'];

  r.post(
    '/api/financeiroAgenda',
    {
      schema: {
        tags,
        body: agendaConsultaSchema.refine((c) => c.de <= c.ate, {
          path: ['ate'],
          message: 'Período inválido: a data final é anterior à inicial.',
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      // The screen and the report read the same agenda: either permission opens it, store by store.
      const empresas = await empresasPermitidasTela(app, request, request.body.empresas, [
        PERMISSAO.financeiroAgendaAcessar,
        PERMISSAO.relatorioFinanceiroAgendaAcessar,
      ]);
      const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      const protegidas = empresas.filter((e) => !temPermissao(p, PERMISSAO.agendaProtegida, e));
      return ok(
        await consultarAgenda(db, { grupo: s.grupoEmpresarialId, empresas, protegidas }, request.body),
      );
    },
  );

  // The accounts a settlement of the store's titles may move, with their balance (the pay dialog's choice).
  r.post(
    '/api/financeiroAgenda/contas',
    { schema: { tags, body: z.object({ empresa: z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido') }) } },
    async (request) => {
      const s = sessaoDe(request);
      await exigirPermissaoTela(app, request, PERMISSAO.financeiroAgendaAcessar, request.body.empresa);
      return ok(await contasDaEmpresa(db, s.grupoEmpresarialId, request.body.empresa));
    },
  );
}
