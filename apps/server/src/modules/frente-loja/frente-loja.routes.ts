import { classificarBuscaCliente } from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
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

  // Customer search of the POS with the classification of spec 1 section 5 (11 digits CPF, 14 CNPJ, 8 phone
  // contains, 9 phone without the first digit, other digits rg, e-mail shaped e-mail, else name), over the
  // main and the other phones, which the generic filter of pessoa does not reach.
  r.post(
    '/api/buscarClienteFrenteLoja',
    { schema: { tags, body: z.object({ texto: z.string().trim().min(1).max(100) }) } },
    async (request) => {
      const s = sessaoDe(request);
      const d = classificarBuscaCliente(request.body.texto);
      const contem = `%${d.valor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      let condicao: SQL;
      if (d.campo === 'cpf' || d.campo === 'cnpj')
        condicao = sql`regexp_replace(coalesce(cpf_cnpj, ''), '\D', '', 'g') = ${d.valor}`;
      else if (d.campo === 'telefone')
        condicao = sql`(coalesce(telefone->>'numero', '') like ${contem} or exists (
          select 1 from jsonb_array_elements(case when jsonb_typeof(outros_telefones) = 'array' then outros_telefones else '[]'::jsonb end) t
          where coalesce(t->>'numero', '') like ${contem}))`;
      else if (d.campo === 'rg') condicao = sql`coalesce(rg, '') like ${contem}`;
      else if (d.campo === 'email') condicao = sql`coalesce(email, '') ilike ${contem}`;
      else condicao = sql`nome ilike ${contem}`;
      const linhas = await consultar(
        app.servicos.banco.db,
        sql`select id, nome, cpf_cnpj, telefone, endereco from pessoa
            where grupo_empresarial_id = ${s.grupoEmpresarialId} and lixo = false and ${condicao}
            order by nome limit 20`,
      );
      return ok(
        linhas.map((l) => ({
          _id: l.id as string,
          nome: l.nome as string,
          cpfCnpj: (l.cpf_cnpj as string | null) ?? null,
          telefone: l.telefone ?? null,
          endereco: l.endereco ?? null,
        })),
      );
    },
  );
}
