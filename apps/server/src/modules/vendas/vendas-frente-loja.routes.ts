import { ATRIBUICAO, PERMISSAO, TIPO_IMPRESSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { contaSchema, layoutConta } from '../impressao/layouts/layouts.ts';
import { contaDaVenda } from '../impressao/layouts/venda.ts';
import { rotasComprovanteVenda } from './comprovante-venda.routes.ts';
import { rotasCpfCnpjVenda } from './cpf-cnpj-venda.routes.ts';
import type { Contexto, ServicoVendas } from './vendas.service.ts';

// Calls of the POS around a sale that are not sale writes: printing the bill (print module layouts, queued
// for the terminal's cashier sector) and identifying the attendant (garçom) who launches the items.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

/**
 * The attendant's identification is a short-lived signed token of the same kind as a supervisor release,
 * for this pseudo-permission (no real permission is 0): it names the waiter, checked by password when the
 * terminal asks for it, and the sale records that waiter on the items launched with it.
 */
export const PERMISSAO_ATENDENTE = 0;

export const MENSAGENS_ATENDENTE = {
  naoAtendente: 'O usuário informado não é atendente (Garçom)!',
  invalido: 'Identificação do atendente inválida ou expirada, identifique o atendente novamente!',
  senha: 'Campo senha não informado, o mesmo é obrigatório!',
  terminal: 'Terminal não encontrado nesta loja!',
  semEmpresa: 'Usuário sem permissão para acessar essa empresa.',
} as const;

/** The context with the attendant proven by `token` (items and new sales record it instead of the operator). */
export async function comAtendente(
  app: FastifyInstance,
  s: ServicoVendas,
  ctx: Contexto,
  token: string | undefined,
): Promise<Contexto> {
  if (!token) return ctx;
  const l = await app.servicos.tokens.verificarLiberacao(token, {
    grupoEmpresarialId: ctx.grupo,
    permissao: PERMISSAO_ATENDENTE,
  });
  const atendente = l ? await s.pessoa(ctx.grupo, l.supervisorId) : undefined;
  if (!atendente) throw new ErroNegocio(MENSAGENS_ATENDENTE.invalido);
  return { ...ctx, atendente };
}

/** The header of a sale's printed bill or receipt: the store, the terminal, the operator and the time. */
export async function cabecalhoImpressaoVenda(
  db: Db,
  c: Pick<Contexto, 'grupo' | 'operador' | 'agora'>,
  empresaId: string,
  terminal: string,
) {
  const empresa = await consultarUm(
    db,
    sql`select descricao, nome_fantasia, cnpj, endereco from empresa
        where id = ${empresaId} and grupo_empresarial_id = ${c.grupo}`,
  );
  return {
    empresa: String(empresa?.nome_fantasia || empresa?.descricao || 'Loja').slice(0, 100),
    cnpj: (empresa?.cnpj as string | null) ?? null,
    endereco: enderecoTexto(empresa?.endereco),
    terminal: terminal.slice(0, 60),
    operador: c.operador.nome.slice(0, 100),
    data: c.agora,
  };
}

export function enderecoTexto(e: unknown): string | null {
  if (!e || typeof e !== 'object') return null;
  const x = e as Record<string, unknown>;
  const partes = [
    [x.logradouro, x.numero].filter(Boolean).join(', '),
    x.bairro,
    [x.cidade, x.uf].filter(Boolean).join('/'),
  ].filter((p) => typeof p === 'string' && p !== '');
  return partes.length ? partes.join(' - ').slice(0, 200) : null;
}

export async function rotasVendasFrenteLoja(
  app: FastifyInstance,
  s: ServicoVendas,
  ctx: (request: FastifyRequest) => Promise<Contexto>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vendas'];
  const db = app.servicos.banco.db;
  // The customer's receipt (DANFE NFC-e or non-fiscal) of an ended sale, and its reprint.
  await rotasComprovanteVenda(app, s, ctx);
  // CPF na nota: the consumer's document, changed until the sale's note is issued.
  await rotasCpfCnpjVenda(app, s, ctx);

  // The bill (print type 4, layout 'conta') of the sale as the server has it, on the terminal's cashier
  // sector. A second print of the same sale is a reprint: permission 54 (the operator's or a release).
  r.post(
    '/api/venda/:id/imprimirConta',
    {
      schema: {
        tags,
        params: z.object({ id }),
        body: z.object({
          terminal: id,
          pessoas: z.number().int().min(1).max(50).optional(),
          /** BR Code of the balance shown by the POS (its QR is printed on the bill). */
          pix: z
            .object({ qrCode: z.string().min(20).max(1000), chave: z.string().max(100).optional() })
            .optional(),
          liberacao: z.string().max(4096).optional(),
        }),
      },
    },
    async (request) => {
      const c = await ctx(request);
      const b = request.body;
      const impressao = app.servicos.impressao;
      if (!impressao) throw new ErroNegocio('Impressão indisponível neste servidor.');
      const venda = await s.obter(c, request.params.id);
      const terminal = await impressao.terminal(c.grupo, b.terminal);
      if (terminal.empresaId !== venda.empresa) throw new ErroNegocio(MENSAGENS_ATENDENTE.terminal);
      const anteriores = await consultarUm(
        db,
        sql`select count(*)::int as n from impressao
            where grupo_empresarial_id = ${c.grupo} and origem_id = ${venda._id} and tipo_impressao = ${TIPO_IMPRESSAO.conta}`,
      );
      const reimpressao = Number(anteriores?.n ?? 0) > 0;
      if (reimpressao) await s.liberar(c, b.liberacao, PERMISSAO.reimprimirConta, venda.empresa, true);
      const cabecalho = await cabecalhoImpressaoVenda(db, c, venda.empresa, terminal.descricao);
      const entrada = contaSchema.parse(
        contaDaVenda(venda, cabecalho, {
          mesa: venda.mesa,
          comanda: venda.comanda,
          pessoas: b.pessoas ?? null,
          pix: b.pix ? { qrCode: b.pix.qrCode, chave: b.pix.chave ?? null } : null,
        }),
      );
      const impressoes = await impressao.criar(
        { grupoEmpresarialId: c.grupo, usuarioId: c.usuarioId },
        {
          terminalId: terminal.id,
          tipoImpressao: TIPO_IMPRESSAO.conta,
          documento: layoutConta(entrada),
          origemId: venda._id,
        },
        undefined,
        terminal,
      );
      impressao.avisarNovas(impressoes);
      return ok({ impressoes, reimpressao });
    },
  );

  // Attendant (garçom) identification: a user of the group with the 'Garcon' attribution and access to the
  // terminal's store; the password (normal or operational) is required when the terminal says so
  // (configuracoes.senhaAtendente).
  r.post(
    '/api/venda/identificarAtendente',
    {
      schema: {
        tags,
        body: z.object({
          login: z.union([z.string().trim().min(1).max(200), z.number().int()]).transform(String),
          senha: z.string().max(128).optional(),
          terminal: id,
        }),
      },
    },
    async (request) => {
      const c = await ctx(request);
      const b = request.body;
      const t = await consultarUm(
        db,
        sql`select empresa_id, configuracoes from terminal
            where id = ${b.terminal} and grupo_empresarial_id = ${c.grupo} and lixo = false`,
      );
      if (!t) throw new ErroNegocio(MENSAGENS_ATENDENTE.terminal);
      const empresa = t.empresa_id as string;
      if (!c.permissoes.porEmpresa.has(empresa)) throw new ErroNegocio(MENSAGENS_ATENDENTE.semEmpresa);
      const config = (t.configuracoes ?? {}) as { senhaAtendente?: unknown };
      const senhaObrigatoria = config.senhaAtendente === true;
      if (senhaObrigatoria && !b.senha) throw new ErroNegocio(MENSAGENS_ATENDENTE.senha);
      const usuario = b.senha
        ? await app.servicos.auth.verificarCredenciais(
            c.grupo,
            b.login,
            b.senha,
            request.ip,
            'qualquer',
            c.usuarioId,
          )
        : await app.servicos.auth.buscarUsuario(c.grupo, b.login);
      if (!usuario || usuario.ativo === false) throw new ErroNegocio('Usuário não encontrado.');
      const atribuicoes = Array.isArray(usuario.atribuicoes) ? (usuario.atribuicoes as unknown[]) : [];
      if (!atribuicoes.includes(ATRIBUICAO.garcon)) throw new ErroNegocio(MENSAGENS_ATENDENTE.naoAtendente);
      const acesso = await app.servicos.permissoes.doUsuario(c.grupo, usuario.id as string);
      if (!acesso.porEmpresa.has(empresa)) throw new ErroNegocio(MENSAGENS_ATENDENTE.semEmpresa);
      const token = await app.servicos.tokens.emitirLiberacao({
        supervisorId: usuario.id as string,
        grupoEmpresarialId: c.grupo,
        permissao: PERMISSAO_ATENDENTE,
        empresaId: empresa,
        motivo: null,
      });
      return ok({
        atendente: {
          _id: usuario.id as string,
          nome: usuario.nome as string,
          codigoInterno: (usuario.codigo_interno as number | null) ?? null,
        },
        token,
        senhaObrigatoria,
      });
    },
  );
}
