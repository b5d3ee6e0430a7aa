import multipart from '@fastify/multipart';
import { ufs } from '@retaguarda/domain';
import { olhoNoImposto } from '@retaguarda/domain/recursos/referencia';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { mensagemSegura } from '../../lib/erro-sem-sql.ts';
import { novoId } from '../../lib/ids.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { type PermissoesUsuario, temPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { ErroArquivoIbpt, type LinhaIbpt, lerTabelaIbpt } from './ibpt.ts';
import { produtosPorUltimaFamilia } from './ultima-familia.ts';
import { incrementarVersao, versionamentoDaEmpresa, versionarEscritas } from './versionamento.ts';

// Reference data of the POS that the generic resources do not cover (spec 2 section 7): the IBPT table
// import ('De Olho no Imposto'), the store's version record and the products by the last family level.

const TAMANHO_MAXIMO = 10 * 1024 * 1024;
/** Rows per insert statement: 20,000 rows go in a handful of statements inside one transaction. */
const LOTE = 2_500;
const MENSAGEM_SEM_PERMISSAO = 'Usuário sem permissão para esta operação.';
const MENSAGEM_SEM_EMPRESA = 'Usuário sem permissão para acessar essa empresa.';

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

export interface ResumoImportacao {
  uf: string;
  linhas: number;
  substituidas: number;
  versao: string | null;
  vigenciainicio: string | null;
  vigenciafim: string | null;
  fonte: string | null;
}

/** Replaces the group's table of one state by the file's rows, in one transaction (all or nothing). */
export async function importarOlhoNoImposto(
  db: Db,
  grupoEmpresarialId: string,
  usuarioId: string,
  uf: string,
  tabela: readonly LinhaIbpt[],
): Promise<ResumoImportacao> {
  const primeira = tabela[0];
  // Dates are the calendar day in Brasília (spec: -03:00), stored as that midnight.
  const dia = (d: string | null) => (d ? `${d}T00:00:00-03:00` : null);
  return db.transaction(async (tx) => {
    const removidas = await consultar(
      tx,
      sql`delete from olho_no_imposto where grupo_empresarial_id = ${grupoEmpresarialId} and uf = ${uf} returning id`,
    );
    for (let i = 0; i < tabela.length; i += LOTE) {
      const lote = tabela.slice(i, i + LOTE).map((l) => ({
        ...l,
        id: novoId(),
        vigenciainicio: dia(l.vigenciainicio),
        vigenciafim: dia(l.vigenciafim),
      }));
      await consultar(
        tx,
        sql`insert into olho_no_imposto (id, grupo_empresarial_id, uf, codigo, ex, tipo, descricao, nacionalfederal,
              importadosfederal, estadual, municipal, vigenciainicio, vigenciafim, chave, versao, fonte, created_by, updated_by)
            select x.id, ${grupoEmpresarialId}, ${uf}, x.codigo, nullif(x.ex, ''), x.tipo, x.descricao, x.nacionalfederal,
              x.importadosfederal, x.estadual, x.municipal, x.vigenciainicio, x.vigenciafim, nullif(x.chave, ''),
              nullif(x.versao, ''), nullif(x.fonte, ''), ${usuarioId}, ${usuarioId}
            from jsonb_to_recordset(${JSON.stringify(lote)}::jsonb) as x(id text, codigo text, ex text, tipo int,
              descricao text, nacionalfederal numeric, importadosfederal numeric, estadual numeric, municipal numeric,
              vigenciainicio timestamptz, vigenciafim timestamptz, chave text, versao text, fonte text)`,
      );
    }
    const resumo: ResumoImportacao = {
      uf,
      linhas: tabela.length,
      substituidas: removidas.length,
      versao: primeira?.versao || null,
      vigenciainicio: primeira?.vigenciainicio ?? null,
      vigenciafim: primeira?.vigenciafim ?? null,
      fonte: primeira?.fonte || null,
    };
    await consultar(
      tx,
      sql`insert into auditoria (id, grupo_empresarial_id, tabela, registro_id, acao, usuario_id, depois)
          values (${novoId()}, ${grupoEmpresarialId}, 'olhoNoImposto', ${`importacao-${uf}`}, 'incluir', ${usuarioId},
                  ${JSON.stringify({ importacao: resumo })}::jsonb)`,
    );
    // The POS loads the table: every store reloads it.
    await incrementarVersao(tx, grupoEmpresarialId, undefined, 'olhoNoImposto');
    return resumo;
  });
}

export async function rotasReferencia(app: FastifyInstance): Promise<void> {
  const { permissoes, banco, recursos, catalogoVenda } = app.servicos;
  recursos.registrarGancho(versionarEscritas);
  await app.register(multipart, { limits: { fileSize: TAMANHO_MAXIMO, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  const permissoesDe = (request: FastifyRequest): Promise<PermissoesUsuario> => {
    const s = sessaoDe(request);
    return permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  };

  // POST api/olhoNoImposto/importar (multipart: arquivo = the IBPT CSV, uf): replaces that state's table.
  r.post(
    '/api/olhoNoImposto/importar',
    { schema: { tags: ['referencia'], consumes: ['multipart/form-data'] } },
    async (request) => {
      const s = sessaoDe(request);
      const p = await permissoesDe(request);
      if (!temPermissao(p, olhoNoImposto.permissoes.incluir, empresaDoContexto(request)))
        throw new ErroNegocio(MENSAGEM_SEM_PERMISSAO);
      if (!request.isMultipart())
        throw new ErroNegocio('Envie o arquivo CSV do IBPT (multipart/form-data, campo arquivo).');
      const campos: Record<string, string> = {};
      let arquivo: Buffer | undefined;
      let nomeArquivo = '';
      try {
        for await (const parte of request.parts()) {
          if (parte.type === 'file') {
            arquivo = await parte.toBuffer();
            nomeArquivo = parte.filename;
          } else campos[parte.fieldname] = String(parte.value);
        }
      } catch (erro) {
        const grande = (erro as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
        throw new ErroNegocio(
          grande
            ? 'Arquivo grande demais: o limite é 10 MB.'
            : `Falha ao receber o arquivo: ${mensagemSegura(erro)}`,
        );
      }
      if (!arquivo || arquivo.length === 0) throw new ErroNegocio('Arquivo não informado.');
      // The state comes from the form, or from the IBPT file name (TabelaIBPTaxPR25.2.A.csv).
      const uf = (campos.uf || /IBPTax([A-Z]{2})/i.exec(nomeArquivo)?.[1] || '').toUpperCase();
      if (!uf) throw new ErroNegocio('Informe a UF da tabela.');
      if (!ufs.itens.some((u) => u.sigla === uf)) throw new ErroNegocio(`UF inválida: ${uf}.`);
      let tabela: LinhaIbpt[];
      try {
        tabela = lerTabelaIbpt(arquivo);
      } catch (erro) {
        if (erro instanceof ErroArquivoIbpt)
          throw new ErroNegocio(`Nada foi importado. ${erro.erros.join(' ')}`, { erros: erro.erros });
        throw erro;
      }
      const resumo = await importarOlhoNoImposto(banco.db, s.grupoEmpresarialId, s.usuarioId, uf, tabela);
      app.servicos.tempoReal?.emitirParaGrupo(s.grupoEmpresarialId, 'recursoAlterado', {
        tabela: 'olhoNoImposto',
        _id: null,
        empresa: null,
        acao: 'incluir',
      });
      return ok(resumo);
    },
  );

  // POST api/versionamento/getPopulate { filtro: { empresa } } (spec 2 section 7): the store's version record.
  r.post(
    '/api/versionamento/getPopulate',
    {
      schema: {
        tags: ['referencia'],
        body: z
          .object({ filtro: z.object({ empresa: ref.optional() }).passthrough().optional() })
          .passthrough()
          .optional(),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const empresa = request.body?.filtro?.empresa ?? empresaDoContexto(request);
      if (!empresa)
        throw new ErroNegocio('Falha ao capturar versionamento, configuracoes.empresa esta indefinido!');
      const p = await permissoesDe(request);
      if (!p.porEmpresa.has(empresa)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
      return ok(await versionamentoDaEmpresa(banco.db, s.grupoEmpresarialId, empresa));
    },
  );

  // POST api/getProdutoPorUltimaFamiliaAgrupador { agrupador?, familia?, empresa? } (spec 2 section 7).
  r.post(
    '/api/getProdutoPorUltimaFamiliaAgrupador',
    {
      schema: {
        tags: ['referencia'],
        body: z
          .object({ agrupador: ref.optional(), familia: ref.optional(), empresa: ref.optional() })
          .passthrough()
          .optional(),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const empresa = request.body?.empresa ?? empresaDoContexto(request);
      if (!empresa)
        throw new ErroNegocio('Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!');
      const p = await permissoesDe(request);
      if (!p.porEmpresa.has(empresa)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
      for (const raiz of [request.body?.agrupador, request.body?.familia]) {
        if (!raiz) continue;
        const existe = await consultarUm(
          banco.db,
          sql`select 1 from agrupador where id = ${raiz} and grupo_empresarial_id = ${s.grupoEmpresarialId} and lixo = false`,
        );
        if (!existe) throw new ErroNegocio('Agrupador não encontrado.');
      }
      const cat = await catalogoVenda.daLoja(s.grupoEmpresarialId, empresa);
      return ok(
        await produtosPorUltimaFamilia(banco.db, s.grupoEmpresarialId, cat, {
          raizes: [request.body?.agrupador, request.body?.familia].filter((v): v is string => !!v),
        }),
      );
    },
  );
}
