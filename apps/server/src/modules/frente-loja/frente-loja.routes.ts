import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';

// Read-only calls of the store front (Frente Loja) that no other module offers:
// - getListaProdutoGeralEmpresa (spec 2 section 7): the store's products with price list, barcode and the
//   sale engine's catalogue and settings, exactly what the server recomputes with, so the POS totals
//   match the authority and work offline.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

export async function rotasFrenteLoja(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['frenteLoja'];

  r.post(
    '/api/getListaProdutoGeralEmpresa',
    {
      schema: {
        tags,
        body: z
          .object({
            empresa: ref.optional(),
            grupoEmpresarial: ref.optional(),
            retornoModoVenda: z.boolean().optional(),
          })
          .passthrough(),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const empresa = request.body.empresa ?? empresaDoContexto(request);
      if (!empresa)
        throw new ErroNegocio('Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!');
      const permissoes = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      if (!permissoes.porEmpresa.has(empresa))
        throw new ErroNegocio('Usuário sem permissão para acessar essa empresa.');
      const cat = await app.servicos.catalogoVenda.daLoja(s.grupoEmpresarialId, empresa);
      const extras = await consultar(
        app.servicos.banco.db,
        sql`select id, gtin from produto_geral where grupo_empresarial_id = ${s.grupoEmpresarialId} and lixo = false`,
      );
      const gtins = new Map(extras.map((l) => [l.id as string, (l.gtin as string | null) ?? null]));
      const precos = new Map(cat.catalogo.produtos.map((p) => [p._id, p]));
      const produtos = [...cat.produtos.values()]
        .filter((p) => p.ativo)
        .map((p) => ({
          _id: p._id,
          descricao: p.descricao,
          codigoInterno: p.codigoInterno,
          tipoProduto: p.tipoProduto,
          gtin: gtins.get(p._id) ?? null,
          preco: precos.get(p._id)?.preco ?? '0.00',
          maximoFracao: precos.get(p._id)?.maximoFracao ?? null,
        }));
      return ok({
        empresa,
        produtos,
        catalogo: cat.catalogo,
        configuracao: cat.configuracao,
        formasPagamento: [...cat.formasPagamento.values()],
        terminais: [...cat.terminais.values()],
        gorjeta: cat.gorjeta ?? null,
      });
    },
  );
}
