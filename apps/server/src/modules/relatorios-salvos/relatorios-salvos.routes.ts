import {
  relatorioSalvoAlterarSchema,
  relatorioSalvoCriarSchema,
  relatorioSalvoListarSchema,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { type Quem, ServicoRelatoriosSalvos } from './relatorios-salvos.service.ts';

// relatoriosCriados (issue 19): list, read, save, rename/share and delete the user's saved reports
// (README.md of this module). Bodies are the domain's schemas (packages/domain relatorios-salvos).

const params = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido') });

export async function rotasRelatoriosSalvos(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = new ServicoRelatoriosSalvos(app.servicos.banco.db);
  const tags = ['relatoriosCriados'];
  const quem = async (request: FastifyRequest): Promise<Quem> => {
    const sessao = sessaoDe(request);
    return {
      grupo: sessao.grupoEmpresarialId,
      usuario: sessao.usuarioId,
      permissoes: await app.servicos.permissoes.doUsuario(sessao.grupoEmpresarialId, sessao.usuarioId),
    };
  };

  r.post(
    '/api/relatorioSalvo/lista',
    { schema: { tags, body: relatorioSalvoListarSchema } },
    async (request) => ok(await s.listar(await quem(request), request.body.relatorio)),
  );
  r.get('/api/relatorioSalvo/:id', { schema: { tags, params } }, async (request) =>
    ok(await s.obter(await quem(request), request.params.id)),
  );
  r.post('/api/relatorioSalvo', { schema: { tags, body: relatorioSalvoCriarSchema } }, async (request) =>
    ok(await s.criar(await quem(request), request.body)),
  );
  r.put(
    '/api/relatorioSalvo/:id',
    { schema: { tags, params, body: relatorioSalvoAlterarSchema } },
    async (request) => ok(await s.alterar(await quem(request), request.params.id, request.body)),
  );
  r.delete('/api/relatorioSalvo/:id', { schema: { tags, params } }, async (request) =>
    ok(await s.excluir(await quem(request), request.params.id)),
  );
}
