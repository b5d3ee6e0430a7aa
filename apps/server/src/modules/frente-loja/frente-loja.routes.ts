import { classificarBuscaCliente } from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { padraoContem } from '../../lib/like.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { rotasClienteFrenteLoja } from './cliente-frente-loja.routes.ts';
import { lerGradeProdutos } from './grade-produtos.ts';
import { rotasReferenciaFrenteLoja } from './referencia-frente-loja.routes.ts';

// Read-only calls of the store front (Frente Loja) that no other module offers:
// - getListaProdutoGeralEmpresa (spec 2 section 7): the store's products with price list, barcode and the
//   sale engine's catalogue and settings, exactly what the server recomputes with, so the POS totals
//   match the authority and work offline.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

// The answer of a store's catalogue is built and serialised once per catalogue object (the sale catalogue
// service caches it and replaces it on every registration change): 20,000 products are ~8 MB of JSON, and
// a chain's POS terminals ask for it at once after a change (bench/produtos.bench.ts).
const respostasProntas = new WeakMap<object, string>();

export async function rotasFrenteLoja(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['frenteLoja'];
  // The POS reference lists (store, terminals, payment methods...) for whoever may open the POS.
  await app.register(rotasReferenciaFrenteLoja);
  // Quick customer registration of the delivery screen and the call center.
  await app.register(rotasClienteFrenteLoja);

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
    async (request, reply) => {
      const s = sessaoDe(request);
      const empresa = request.body.empresa ?? empresaDoContexto(request);
      if (!empresa)
        throw new ErroNegocio('Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!');
      const permissoes = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      if (!permissoes.porEmpresa.has(empresa))
        throw new ErroNegocio('Usuário sem permissão para acessar essa empresa.');
      const cat = await app.servicos.catalogoVenda.daLoja(s.grupoEmpresarialId, empresa);
      const pronta = respostasProntas.get(cat);
      if (pronta !== undefined) return reply.type('application/json; charset=utf-8').send(pronta);
      const gtins = cat.gtins;
      const precos = new Map(cat.catalogo.produtos.map((p) => [p._id, p]));
      // Suggestions with the products that suggest them (the engine's catalogue only knows the adjustment):
      // the POS offers them when one of those products is launched.
      const sugestoes = (
        await consultar(
          app.servicos.banco.db,
          sql`select id, descricao, produto_id, produtos_origem_ids, tipo, modo, valor::text as valor
              from venda_sugestao_produto
              where grupo_empresarial_id = ${s.grupoEmpresarialId} and lixo = false and habilitado is not false
              order by descricao`,
        )
      )
        .filter((l) => cat.produtos.get(l.produto_id as string)?.ativo === true)
        .map((l) => ({
          _id: l.id as string,
          descricao: (l.descricao as string | null) ?? '',
          produto: l.produto_id as string,
          produtosOrigem: (l.produtos_origem_ids as string[] | null) ?? [],
          tipo: l.tipo as string,
          modo: l.modo as string,
          valor: l.valor as string,
        }));
      // Categories and pictures of the product grid (phones and tablets at the table).
      const grade = await lerGradeProdutos(app.servicos.banco.db, s.grupoEmpresarialId);
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
          categorias: grade.porProduto.get(p._id)?.categorias ?? [],
          imagem: grade.porProduto.get(p._id)?.imagem ?? null,
        }));
      const corpo = JSON.stringify(
        ok({
          empresa,
          produtos,
          catalogo: cat.catalogo,
          configuracao: cat.configuracao,
          formasPagamento: [...cat.formasPagamento.values()],
          terminais: [...cat.terminais.values()],
          gorjeta: cat.gorjeta ?? null,
          sugestoes,
          categorias: grade.categorias,
        }),
      );
      respostasProntas.set(cat, corpo);
      return reply.type('application/json; charset=utf-8').send(corpo);
    },
  );

  // Customer history of the POS (delivery, call-center): the notes of the registration (historico) and the
  // customer's latest sales in the stores the user may see, newest first. The POS shows 'Falha de
  // Comunicação ao tentar Buscar histórico do cliente!' when this call fails.
  r.post(
    '/api/historicoCliente',
    {
      schema: {
        tags,
        body: z.object({ cliente: ref, limit: z.number().int().min(1).max(50).optional() }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const db = app.servicos.banco.db;
      const permissoes = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      const lojas = [...permissoes.porEmpresa.keys()];
      const [pessoa] = await consultar(
        db,
        sql`select id, nome, historico from pessoa
            where id = ${request.body.cliente} and grupo_empresarial_id = ${s.grupoEmpresarialId} and lixo = false`,
      );
      if (!pessoa) throw new ErroNegocio('Cliente não encontrado!');
      const notas = (Array.isArray(pessoa.historico) ? (pessoa.historico as Record<string, unknown>[]) : [])
        .filter((h) => h && h.lixo !== true && typeof h.historico === 'string' && h.historico !== '')
        .map((h) => String(h.historico));
      const vendas = lojas.length
        ? await consultar(
            db,
            sql`select v.id, v.empresa_id, e.descricao as empresa, v.numero, v.sequencial_periodo, v.tipo_venda,
                       v.status, v.data, v.total::text as total,
                       coalesce((select jsonb_agg(jsonb_build_object('descricao', i.produto->>'descricao',
                                   'quantidade', i.quantidade::text) order by i.numero_item)
                                 from venda_item i where i.venda_id = v.id and i.cancelado = false), '[]'::jsonb) as itens
                from venda v left join empresa e on e.id = v.empresa_id
                where v.grupo_empresarial_id = ${s.grupoEmpresarialId} and v.cliente_id = ${request.body.cliente}
                  and v.empresa_id in (${sql.join(
                    lojas.map((l) => sql`${l}`),
                    sql`, `,
                  )})
                order by v.data desc limit ${request.body.limit ?? 10}`,
          )
        : [];
      return ok({
        cliente: { _id: pessoa.id as string, nome: pessoa.nome as string, historico: notas },
        vendas: vendas.map((v) => ({
          _id: v.id as string,
          empresa: { _id: v.empresa_id as string, descricao: (v.empresa as string | null) ?? '' },
          numero: v.numero as number,
          sequencialPeriodo: (v.sequencial_periodo as number | null) ?? null,
          tipoVenda: v.tipo_venda as number,
          status: v.status as number,
          data: v.data instanceof Date ? v.data.toISOString() : String(v.data),
          total: v.total as string,
          itens: v.itens as { descricao: string; quantidade: string }[],
        })),
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
      const contem = padraoContem(d.valor);
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
