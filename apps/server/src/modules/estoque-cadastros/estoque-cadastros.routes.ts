import { custoReceitaConsultaSchema, custosIngredientesConsultaSchema, PERMISSAO } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { cadastroNaFranqueadora, temPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { custoDaFichaTecnica, custosParaEdicaoDeReceita } from './custos-receita.service.ts';
import { regrasDosCadastrosDeEstoque } from './regras-cadastros.ts';

// Stock registrations (issue 17): the rules of their generic writes and the recipe cost routes. README.md.

export async function rotasEstoqueCadastros(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { banco, permissoes, recursos } = app.servicos;
  recursos.registrarGancho(regrasDosCadastrosDeEstoque);
  const tags = ['estoque'];

  /** Who asks and in which store, once they may see recipes (in the header's store, or in any). */
  async function leitorDeReceitas(request: FastifyRequest) {
    const s = sessaoDe(request);
    const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const empresa = empresaDoContexto(request);
    const numero = PERMISSAO.estoqueFichaTecnicaAcessar;
    if (!temPermissao(p, numero, empresa)) {
      throw new ErroNegocio(
        cadastroNaFranqueadora(p, numero, empresa) ?? 'Usuário sem permissão para esta operação.',
      );
    }
    return { grupo: s.grupoEmpresarialId, empresa: empresa ?? null };
  }

  // Spec 1 §7: a product's recipe priced line by line, with its price and margin.
  r.post(
    '/api/getProdutoIngredientesReceitaCusto',
    { schema: { tags, body: custoReceitaConsultaSchema } },
    async (request) => {
      const { grupo, empresa } = await leitorDeReceitas(request);
      const { produto, indexReceita } = request.body;
      return ok(await custoDaFichaTecnica(banco.db, grupo, empresa, produto, indexReceita));
    },
  );

  // The ficha técnica screen prices the lines being typed with these costs (same custoDosIngredientes).
  r.post(
    '/api/getCustoIngredientesReceita',
    { schema: { tags, body: custosIngredientesConsultaSchema } },
    async (request) => {
      const { grupo, empresa } = await leitorDeReceitas(request);
      const { produto, ingredientes } = request.body;
      return ok(await custosParaEdicaoDeReceita(banco.db, grupo, empresa, produto, ingredientes));
    },
  );
}
