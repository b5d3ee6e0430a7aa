import { PERMISSAO, recursos } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { comIdempotencia } from '../../lib/idempotencia.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { temPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';

// Quick customer registration of the delivery screen and of the call center: the cashier or operator who
// takes the call registers the customer, without the back office's 'Pessoa' registration permission (412),
// which a cashier does not hold. Only a customer (tiposPessoa ['Cliente']) can be created here, and it goes
// through the same validation and audit as the registration screen (the generic repository).

export async function rotasClienteFrenteLoja(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pessoa = recursos.recursoPorTabela('pessoa');
  if (!pessoa) throw new Error('Recurso pessoa não registrado');

  r.post(
    '/api/frenteLoja/cliente',
    { schema: { tags: ['frenteLoja'], body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const s = sessaoDe(request);
      const empresa = empresaDoContexto(request);
      if (!empresa) throw new ErroNegocio('Selecione a empresa antes de cadastrar o cliente.');
      const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      // A call-center operator registers for the stores it serves; otherwise the delivery permission names
      // what is missing.
      if (!temPermissao(p, PERMISSAO.modoCallCenter, empresa))
        await exigirPermissaoTela(app, request, PERMISSAO.lancarDelivery, empresa);
      const corpo = { ...request.body, tiposPessoa: ['Cliente'] };
      const ctx = {
        grupoEmpresarialId: s.grupoEmpresarialId,
        usuarioId: s.usuarioId,
        empresasPermitidas: [],
      };
      return comIdempotencia(app.servicos.banco.db, request, s.grupoEmpresarialId, async () => {
        const linha = await app.servicos.recursos.criar(pessoa, ctx, corpo);
        app.servicos.tempoReal?.emitirParaGrupo(s.grupoEmpresarialId, 'recursoAlterado', {
          tabela: pessoa.tabela,
          _id: linha._id,
          empresa: null,
          acao: 'incluir',
        });
        return ok(linha);
      });
    },
  );
}
