import { configuracaoCodigoBalancaDe, PERMISSAO } from '@retaguarda/domain';
import {
  empresaFrenteLojaSchema,
  formaPagamentoFrenteLojaSchema,
  olhoNoImpostoFrenteLojaSchema,
  opcaoFrenteLojaSchema,
  pedidoReferenciaFrenteLojaSchema,
  terminalFrenteLojaSchema,
  versaoFrenteLojaSchema,
} from '@retaguarda/domain/frente-loja/referencia';
import { comprovanteDaLoja } from '@retaguarda/domain/impressao/comprovante';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { versionamentoDaEmpresa } from '../referencia/versionamento.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';

// Reference lists of the store front (spec 2 section 7 "Local reference data loading"), served to whoever
// may open the POS of that store (permission acessarFrenteLoja there), not through the generic registration
// routes, which need the registration permissions a cashier or a waiter does not have. Each answer passes
// its schema of packages/domain/src/frente-loja/referencia.ts: only what the screen reads leaves the server
// (never the fiscal certificate, the CSC, map keys).

const idDe = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { _id?: unknown })._id === 'string'
      ? (v as { _id: string })._id
      : null;

const lista = <T extends z.ZodType>(schema: T) => z.array(schema);

export async function rotasReferenciaFrenteLoja(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const tags = ['frenteLoja'];
  const schema = { tags, body: pedidoReferenciaFrenteLojaSchema };

  /** The store of the body, after the POS gate; the group always comes from the token. */
  async function loja(request: FastifyRequest & { body: { empresa: string } }) {
    const s = sessaoDe(request);
    await exigirPermissaoTela(app, request, PERMISSAO.acessarFrenteLoja, request.body.empresa);
    return { grupo: s.grupoEmpresarialId, empresa: request.body.empresa };
  }

  r.post('/api/frenteLoja/empresa', { schema }, async (request) => {
    const { grupo, empresa } = await loja(request);
    const l = await consultarUm(
      db,
      sql`select id, codigo_interno, descricao, nome_fantasia, cnpj, endereco, localizacao, configuracoes
          from empresa where id = ${empresa} and grupo_empresarial_id = ${grupo} and lixo = false`,
    );
    if (!l)
      throw new ErroNegocio(
        'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
      );
    const c = (l.configuracoes as Linha | null) ?? {};
    return ok(
      empresaFrenteLojaSchema.parse({
        _id: l.id,
        codigoInterno: l.codigo_interno,
        descricao: l.descricao,
        nomeFantasia: l.nome_fantasia,
        cnpj: l.cnpj,
        endereco: l.endereco ?? null,
        localizacao: l.localizacao ?? undefined,
        configuracoes: {
          callCenter: c.callCenter === true,
          chavePix: c.chavePix,
          comprovanteVenda: comprovanteDaLoja(c),
          balanca: configuracaoCodigoBalancaDe(c.balanca),
        },
      }),
    );
  });

  // The configuration form lists them to bind the device; the loader finds the bound one among them.
  r.post('/api/frenteLoja/terminais', { schema }, async (request) => {
    const { grupo, empresa } = await loja(request);
    const linhas = await consultar(
      db,
      sql`select id, descricao, funcoes, configuracoes from terminal
          where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and lixo = false
            and ativo is not false
          order by descricao`,
    );
    return ok(
      lista(terminalFrenteLojaSchema).parse(
        linhas.map((l) => {
          const c = (l.configuracoes as Linha | null) ?? {};
          return {
            _id: l.id,
            descricao: l.descricao ?? '',
            funcoes: Array.isArray(l.funcoes) ? l.funcoes.filter((f) => typeof f === 'string') : [],
            configuracoes: {
              caixa: idDe(c.caixa),
              exigirAtendente: c.exigirAtendente === true,
              senhaAtendente: c.senhaAtendente === true,
              formasPagamento: Array.isArray(c.formasPagamento)
                ? c.formasPagamento.map(idDe).filter((x): x is string => x !== null)
                : [],
              produtoRepetidoNovaLinha: c.produtoRepetidoNovaLinha === true,
            },
          };
        }),
      ),
    );
  });

  r.post('/api/frenteLoja/formasPagamento', { schema }, async (request) => {
    const { grupo, empresa } = await loja(request);
    const linhas = await consultar(
      db,
      sql`select id, descricao, ativo from forma_pagamento
          where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and lixo = false order by descricao`,
    );
    return ok(
      lista(formaPagamentoFrenteLojaSchema).parse(
        linhas.map((l) => ({ _id: l.id, descricao: l.descricao ?? '', ativo: l.ativo !== false })),
      ),
    );
  });

  const opcoes = (caminho: string, tabela: string) =>
    r.post(caminho, { schema }, async (request) => {
      const { grupo, empresa } = await loja(request);
      const linhas = await consultar(
        db,
        sql`select id, descricao from ${sql.identifier(tabela)}
            where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and lixo = false order by descricao`,
      );
      return ok(
        lista(opcaoFrenteLojaSchema).parse(linhas.map((l) => ({ _id: l.id, descricao: l.descricao ?? '' }))),
      );
    });
  opcoes('/api/frenteLoja/operadoras', 'operadora');
  opcoes('/api/frenteLoja/setoresImpressao', 'setor_impressao');

  // IBPT rates of the store's own state (the POS prints the approximate taxes, law 12.741/2012).
  r.post('/api/frenteLoja/olhoNoImposto', { schema }, async (request) => {
    const { grupo, empresa } = await loja(request);
    const e = await consultarUm(db, sql`select endereco->>'uf' as uf from empresa where id = ${empresa}`);
    const uf = typeof e?.uf === 'string' && e.uf !== '' ? e.uf : null;
    if (!uf) return ok([]);
    const linhas = await consultar(
      db,
      sql`select id, uf, codigo, ex, tipo, nacionalfederal::text as nacionalfederal,
                 importadosfederal::text as importadosfederal, estadual::text as estadual,
                 municipal::text as municipal
          from olho_no_imposto where grupo_empresarial_id = ${grupo} and uf = ${uf} and lixo = false
          order by codigo limit 20000`,
    );
    return ok(
      lista(olhoNoImpostoFrenteLojaSchema).parse(
        linhas.map((l) => ({
          _id: l.id,
          uf: l.uf,
          codigo: l.codigo,
          ex: l.ex ?? null,
          tipo: Number(l.tipo),
          nacionalfederal: l.nacionalfederal ?? '0',
          importadosfederal: l.importadosfederal ?? null,
          estadual: l.estadual ?? null,
          municipal: l.municipal ?? null,
        })),
      ),
    );
  });

  // The store's version: a newer one than the POS loaded means reload the lists (spec 2 section 7).
  r.post('/api/frenteLoja/versionamento', { schema }, async (request) => {
    const { grupo, empresa } = await loja(request);
    const v = await versionamentoDaEmpresa(db, grupo, empresa);
    return ok(lista(versaoFrenteLojaSchema).parse(v.map((x) => ({ empresa: x.empresa, versao: x.versao }))));
  });
}
