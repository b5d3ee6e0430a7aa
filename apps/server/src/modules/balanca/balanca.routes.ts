import {
  buscaProdutosBalancaSchema,
  CONFIGURACAO_CODIGO_BALANCA_PADRAO,
  type ConfiguracaoCodigoBalanca,
  codigoMedidaCaseira,
  configuracaoCodigoBalancaDe,
  configuracaoCodigoBalancaLojaSchema,
  downloadArquivoBalancaSchema,
  exemploCodigoBalanca,
  FRACOES_MEDIDA_CASEIRA,
  gerarArquivosBalanca,
  type ItemBalanca,
  NOMES_MARCA_BALANCA,
  type RespostaConfiguracaoCodigoBalanca,
  salvarConfiguracaoCodigoBalancaSchema,
} from '@retaguarda/domain';
import { permissoesDoRecurso } from '@retaguarda/domain/catalogos/permissoes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { padraoContem } from '../../lib/like.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
// The server's own ZIP writer (node:zlib, no dependency), written for the fiscal XML export.
import { criarZip } from '../fiscal/zip.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';

// POST /api/downloadArquivoBalanca (spec 1 §7): the item files of one scale brand for one store, in a zip.
// Products: the selection given, else every product sold by kg (unit KG) active in the store. The scale's
// PLU is the product's internal code; the price is the store's, else the product's; the department is the
// product's first category, numbered in description order within the file.

export const MENSAGENS_BALANCA = {
  semProdutos: 'Nenhum produto pesável (unidade KG) ativo nesta loja para enviar à balança.',
  semCodigo: (d: string) => `Produto ${d} sem código interno: a balança usa o código interno como PLU.`,
  inativo: (d: string) => `Produto ${d} não esta ativo para a esta Loja.`,
  naoEncontrado: 'Produto selecionado não encontrado.',
  lojaNaoEncontrada: 'Loja não encontrada.',
} as const;

function respostaConfiguracao(configuracao: ConfiguracaoCodigoBalanca): RespostaConfiguracaoCodigoBalanca {
  return { configuracao, exemplo: exemploCodigoBalanca(configuracao) };
}

export async function rotasBalanca(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;

  // How the store's POS reads the scale's labels (empresa.configuracoes.balanca): read with the screen's
  // permission, written with its "manter"; the POS picks it up with the store's data on its next load.
  r.post(
    '/api/balanca/configuracaoCodigo',
    { schema: { tags: ['balanca'], body: configuracaoCodigoBalancaLojaSchema } },
    async (request) => {
      const { empresa } = request.body;
      await exigirPermissaoTela(app, request, permissoesDoRecurso('balanca').acessar, empresa);
      const g = sessaoDe(request).grupoEmpresarialId;
      const l = await consultarUm(
        db,
        sql`select configuracoes -> 'balanca' as balanca from empresa
            where id = ${empresa} and grupo_empresarial_id = ${g} and lixo = false`,
      );
      if (!l) throw new ErroNegocio(MENSAGENS_BALANCA.lojaNaoEncontrada);
      return ok(
        respostaConfiguracao(configuracaoCodigoBalancaDe(l.balanca) ?? CONFIGURACAO_CODIGO_BALANCA_PADRAO),
      );
    },
  );

  r.post(
    '/api/balanca/salvarConfiguracaoCodigo',
    { schema: { tags: ['balanca'], body: salvarConfiguracaoCodigoBalancaSchema } },
    async (request) => {
      const { empresa, configuracao } = request.body;
      await exigirPermissaoTela(app, request, permissoesDoRecurso('balanca').alterar, empresa);
      const g = sessaoDe(request).grupoEmpresarialId;
      const l = await consultarUm(
        db,
        sql`update empresa
            set configuracoes = coalesce(configuracoes, '{}'::jsonb)
                  || jsonb_build_object('balanca', ${JSON.stringify(configuracao)}::jsonb)
            where id = ${empresa} and grupo_empresarial_id = ${g} and lixo = false
            returning id`,
      );
      if (!l) throw new ErroNegocio(MENSAGENS_BALANCA.lojaNaoEncontrada);
      return ok(respostaConfiguracao(configuracao));
    },
  );

  // The selection's product search, under the scale screen's own permission (the product registration's
  // is not the scale operator's): the store's active products whose description has the words typed.
  r.post(
    '/api/balanca/produtos',
    { schema: { tags: ['balanca'], body: buscaProdutosBalancaSchema } },
    async (request) => {
      const { empresa, busca } = request.body;
      await exigirPermissaoTela(app, request, permissoesDoRecurso('balanca').acessar, empresa);
      const g = sessaoDe(request).grupoEmpresarialId;
      const termo = busca?.trim() ? padraoContem(busca.trim()) : null;
      const linhas = await consultar(
        db,
        sql`select p.id, p.codigo_interno, p.descricao, upper(u.sigla) as sigla
            from produto_geral p
            join produto_geral_empresa pe on pe.grupo_empresarial_id = ${g} and pe.empresa_id = ${empresa}
                 and pe.produto_geral_id = p.id and pe.lixo = false and pe.ativo is not false
            left join unidade_medida u on u.grupo_empresarial_id = ${g} and u.id = p.unidade_id
            where p.grupo_empresarial_id = ${g} and p.lixo = false and p.ativo is not false
              ${termo ? sql`and p.descricao ilike ${termo}` : sql``}
            order by p.descricao
            limit 30`,
      );
      return ok(
        linhas.map((l) => ({
          _id: String(l.id),
          descricao: String(l.descricao),
          codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
          unidade: (l.sigla as string | null) ?? null,
        })),
      );
    },
  );

  r.post(
    '/api/downloadArquivoBalanca',
    { schema: { tags: ['balanca'], body: downloadArquivoBalancaSchema } },
    async (request, reply) => {
      const { empresa, balanca, produtos, codificacao } = request.body;
      await exigirPermissaoTela(app, request, permissoesDoRecurso('balanca').acessar, empresa);
      const g = sessaoDe(request).grupoEmpresarialId;
      const selecao = produtos && produtos.length > 0 ? [...new Set(produtos)] : undefined;
      const linhas = await consultar(
        db,
        sql`select p.id, p.codigo_interno, p.descricao, coalesce(pe.preco, p.preco)::text as preco,
                   upper(u.sigla) as sigla, cat.descricao as categoria,
                   p.tabela_nutricional, p.informacao_extra,
                   (p.ativo is not false and pe.id is not null and pe.ativo is not false) as ativo
            from produto_geral p
            left join produto_geral_empresa pe on pe.grupo_empresarial_id = ${g} and pe.empresa_id = ${empresa}
                 and pe.produto_geral_id = p.id and pe.lixo = false
            left join unidade_medida u on u.grupo_empresarial_id = ${g} and u.id = p.unidade_id
            left join agrupador cat on cat.grupo_empresarial_id = ${g} and cat.id = p.categorias_ids[1]
            where p.grupo_empresarial_id = ${g} and p.lixo = false
              and ${
                selecao
                  ? sql`p.id in (${sql.join(
                      selecao.map((id) => sql`${id}`),
                      sql`, `,
                    )})`
                  : sql`upper(u.sigla) = 'KG'`
              }
            order by p.codigo_interno`,
      );
      if (selecao && linhas.length < selecao.length) throw new ErroNegocio(MENSAGENS_BALANCA.naoEncontrado);
      const itens = paraItens(selecao ? linhas : linhas.filter((l) => l.ativo === true));
      if (itens.length === 0) throw new ErroNegocio(MENSAGENS_BALANCA.semProdutos);
      const gerado = gerarArquivosBalanca(balanca, itens, codificacao);
      if (!gerado.ok) throw new ErroNegocio(gerado.mensagem);
      const zip = criarZip(gerado.valor.map((a) => ({ nome: a.nome, conteudo: Buffer.from(a.conteudo) })));
      const nome = `balanca-${NOMES_MARCA_BALANCA[balanca]
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/-$/, '')
        .toLowerCase()}.zip`;
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${nome}"`)
        .send(zip);
    },
  );
}

/** Rows to the scale's items; a selected product inactive in the store or without a code is refused. */
function paraItens(linhas: readonly Linha[]): ItemBalanca[] {
  const categorias = [...new Set(linhas.map((l) => (l.categoria as string | null) ?? 'GERAL'))].sort();
  return linhas.map((l) => {
    const descricao = String(l.descricao);
    if (l.ativo !== true) throw new ErroNegocio(MENSAGENS_BALANCA.inativo(descricao));
    if (l.codigo_interno === null || l.codigo_interno === undefined) {
      throw new ErroNegocio(MENSAGENS_BALANCA.semCodigo(descricao));
    }
    const categoria = (l.categoria as string | null) ?? 'GERAL';
    return {
      codigo: Number(l.codigo_interno),
      descricao,
      tipoVenda: l.sigla === 'KG' ? 'peso' : 'unidade',
      preco: (l.preco as string | null) ?? '0',
      validadeDias: 0,
      departamento: categorias.indexOf(categoria) + 1,
      departamentoDescricao: categoria,
      ...extrasEtiqueta(l),
    };
  });
}

/** The product's nutrition table and extra text (validated when saved by the product registration). */
function extrasEtiqueta(l: Linha): Pick<ItemBalanca, 'nutricao' | 'informacaoExtra'> {
  const extras: Pick<ItemBalanca, 'nutricao' | 'informacaoExtra'> = {};
  const texto = typeof l.informacao_extra === 'string' ? l.informacao_extra.trim() : '';
  if (texto) extras.informacaoExtra = texto;
  const t = l.tabela_nutricional as Record<string, unknown> | null | undefined;
  if (t && typeof t === 'object' && Number(t.porcao) > 0) {
    const n = (k: string) => Number(t[k] ?? 0) || 0;
    const unidade = t.unidadePorcao === 'ml' || t.unidadePorcao === 'un' ? t.unidadePorcao : 'g';
    const fracao = FRACOES_MEDIDA_CASEIRA.find((f) => f === t.medidaCaseiraFracao) ?? '';
    extras.nutricao = {
      porcao: n('porcao'),
      unidadePorcao: unidade,
      medidaCaseiraInteira: n('medidaCaseiraInteira'),
      medidaCaseiraFracao: fracao,
      medidaCaseira: codigoMedidaCaseira(t.medidaCaseira),
      energiaKcal: n('energiaKcal'),
      carboidratosG: n('carboidratosG'),
      proteinasG: n('proteinasG'),
      gordurasTotaisG: n('gordurasTotaisG'),
      gordurasSaturadasG: n('gordurasSaturadasG'),
      gordurasTransG: n('gordurasTransG'),
      fibraG: n('fibraG'),
      sodioMg: n('sodioMg'),
    };
  }
  return extras;
}
