import { PERMISSAO, TIPO_IMPRESSAO, zDecimalTexto } from '@retaguarda/domain';
import { EVENTO_ENTRAR_IMPRESSAO } from '@retaguarda/domain/impressao/eventos';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { comIdempotencia } from '../../lib/idempotencia.ts';
import { ehId } from '../../lib/ids.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { temPermissao } from '../usuarios/permissoes.service.ts';
import { type AgenteImpressao, rotasAgentesImpressao } from './agentes.ts';
import { amostrasDeDocumento } from './amostras.ts';
import { ServicoImpressao, salaImpressao } from './impressao.service.ts';
import { renderizarBytes, resolverModelo } from './layouts/comandos.ts';
import { type DocumentoImpressao, documentoComoTexto } from './layouts/documento.ts';
import { documentoHtml } from './layouts/html.ts';
import { documentoSchema, montarDocumento, TIPO_DO_LAYOUT, vendaImpressaoSchema } from './layouts/layouts.ts';
import { lerEscPos } from './layouts/leitura.ts';
import { imprimirProducao } from './producao.ts';

declare module '../../app.ts' {
  interface Servicos {
    impressao?: ServicoImpressao;
  }
}

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const MENSAGEM_SEM_EMPRESA = 'Usuário sem permissão para acessar essa empresa.';

function documentoDe(entrada: z.infer<typeof documentoSchema>): DocumentoImpressao {
  try {
    return montarDocumento(entrada);
  } catch (erro) {
    if (erro instanceof ErroNegocio) throw erro;
    throw new ErroNegocio('Dados do documento inválidos para impressão.');
  }
}

/**
 * Print jobs (spec 1 section 7 "POST impressao"), their reprint and previews. The print agents' queue (claim,
 * acknowledge, fail) is served only with an agent's own token, under /api/impressao/agente/... (agentes.ts;
 * issue 14 point 5: the user-token routes /api/impressao/reservar, /:id/impresso and /:id/falha are gone).
 * Agents are told of new jobs over Socket.IO (event impressaoNova in room impressao:<terminal>, joined with
 * 'entrarImpressao') and poll /api/impressao/agente/reservar as a fallback.
 */
export async function rotasImpressao(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissoes, banco, tempo } = app.servicos;
  const servico = new ServicoImpressao(banco.db, tempo, () => app.servicos.tempoReal);
  app.servicos.impressao = servico;

  const permissoesDe = (request: FastifyRequest) => {
    const s = sessaoDe(request);
    return permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
  };
  async function exigirEmpresa(request: FastifyRequest, empresaId: string): Promise<void> {
    if (!(await permissoesDe(request)).porEmpresa.has(empresaId)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
  }
  // Agents join the rooms of their terminals; the claim itself stays an HTTP call (atomic in the database).
  app.servicos.tempoReal?.io.on('connection', (socket) => {
    const sessao = socket.data.sessao as { usuarioId: string; grupoEmpresarialId: string } | undefined;
    // A print agent's own token (agentes.ts) joins only terminals of its store.
    const agente = socket.data.outro as AgenteImpressao | undefined;
    socket.on(EVENTO_ENTRAR_IMPRESSAO, async (dados: unknown, responder?: (r: unknown) => void) => {
      try {
        const terminais = (dados as { terminais?: unknown } | null)?.terminais;
        if (
          !Array.isArray(terminais) ||
          terminais.length === 0 ||
          terminais.length > 50 ||
          !terminais.every(ehId)
        ) {
          throw new ErroNegocio('Terminais inválidos.');
        }
        if (agente) {
          for (const t of terminais) {
            const terminal = await servico.terminal(agente.grupoEmpresarialId, t);
            if (terminal.empresaId !== agente.empresaId) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
          }
        } else if (sessao) {
          const p = await permissoes.doUsuario(sessao.grupoEmpresarialId, sessao.usuarioId);
          for (const t of terminais) {
            const terminal = await servico.terminal(sessao.grupoEmpresarialId, t);
            if (!p.porEmpresa.has(terminal.empresaId)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
          }
        } else throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
        for (const t of terminais) await socket.join(salaImpressao(t));
        responder?.({ valido: true, data: { terminais } });
      } catch (erro) {
        const message = erro instanceof ErroNegocio ? erro.message : 'Erro Não Catalogado.';
        responder?.({ valido: false, data: { message } });
      }
    });
  });

  r.post(
    '/api/impressao',
    {
      schema: {
        tags: ['impressao'],
        body: z.object({
          terminal: id,
          // The spec's payload may carry the populated sector and catalogue entries: take their ids.
          // empresa, grupoEmpresarial and tipoStatus are not read (token, terminal, always 1).
          setorImpressao: z.union([id, z.object({ _id: id }).transform((s) => s._id)]).nullish(),
          tipoImpressao: z
            .union([z.number().int(), z.object({ id: z.number().int() }).transform((t) => t.id)])
            .pipe(z.number().int().min(1).max(11))
            .optional(),
          descricao: z.string().max(200).nullish(),
          /** Ready printer bytes in base64 ... */
          conteudo: z.base64().max(3_000_000).optional(),
          /** ... or a layout and its data, rendered for the sector's printer model. */
          documento: documentoSchema.optional(),
          producaoItens: z.unknown().optional(),
          origemId: z.string().max(64).nullish(),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const b = request.body;
      const terminal = await servico.terminal(s.grupoEmpresarialId, b.terminal);
      await exigirEmpresa(request, terminal.empresaId);
      const tipoImpressao = b.tipoImpressao ?? (b.documento ? TIPO_DO_LAYOUT[b.documento.layout] : undefined);
      if (tipoImpressao === undefined) throw new ErroNegocio('Tipo de impressão não informado.');
      const criadas = await comIdempotencia(banco.db, request, s.grupoEmpresarialId, async () => {
        const lista = await servico.criar(
          { grupoEmpresarialId: s.grupoEmpresarialId, usuarioId: s.usuarioId },
          {
            terminalId: b.terminal,
            setorImpressaoId: b.setorImpressao ?? null,
            tipoImpressao,
            descricao: b.descricao ?? null,
            ...(b.conteudo !== undefined ? { conteudo: Buffer.from(b.conteudo, 'base64') } : {}),
            ...(b.documento ? { documento: documentoDe(b.documento) } : {}),
            producaoItens: b.producaoItens,
            origemId: b.origemId ?? null,
          },
          undefined,
          terminal,
        );
        servico.avisarNovas(lista);
        return lista;
      });
      return ok(criadas);
    },
  );

  r.post(
    '/api/impressao/producao',
    {
      schema: {
        tags: ['impressao'],
        body: z.object({
          terminal: id,
          vendaId: id,
          venda: vendaImpressaoSchema,
          itens: z
            .array(
              z.object({
                chave: z.string().min(1).max(64),
                produto: id,
                descricao: z.string().max(150),
                quantidade: zDecimalTexto({ minimo: 0 }),
                obs: z.string().max(300).nullish(),
                partes: z.array(z.string().max(150)).max(16).nullish(),
                cancelado: z.boolean().nullish(),
                atendente: z.string().max(100).nullish(),
              }),
            )
            .max(500),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const b = request.body;
      const terminal = await servico.terminal(s.grupoEmpresarialId, b.terminal);
      await exigirEmpresa(request, terminal.empresaId);
      const resultado = await comIdempotencia(banco.db, request, s.grupoEmpresarialId, () =>
        imprimirProducao(
          servico,
          { grupoEmpresarialId: s.grupoEmpresarialId, usuarioId: s.usuarioId },
          {
            terminalId: b.terminal,
            vendaId: b.vendaId,
            venda: b.venda,
            itens: b.itens.map((i) => ({ ...i, produtoId: i.produto })),
          },
        ),
      );
      return ok(resultado);
    },
  );

  r.post(
    '/api/impressao/lista',
    {
      schema: {
        tags: ['impressao'],
        body: z.object({
          empresa: id.optional(),
          terminais: z.array(id).max(50).optional(),
          status: z.array(z.number().int().min(1).max(4)).max(4).optional(),
          origemId: z.string().max(64).optional(),
          limit: z.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const p = await permissoesDe(request);
      const b = request.body;
      if (b.empresa && !p.porEmpresa.has(b.empresa)) throw new ErroNegocio(MENSAGEM_SEM_EMPRESA);
      const empresas = b.empresa ? [b.empresa] : [...p.porEmpresa.keys()];
      return ok(
        await servico.listar(s.grupoEmpresarialId, {
          empresas,
          ...(b.terminais ? { terminais: b.terminais } : {}),
          ...(b.status ? { status: b.status } : {}),
          ...(b.origemId ? { origemId: b.origemId } : {}),
          limite: b.limit,
        }),
      );
    },
  );

  r.post(
    '/api/impressao/:id/reimprimir',
    { schema: { tags: ['impressao'], params: z.object({ id }) } },
    async (request) => {
      const s = sessaoDe(request);
      const atual = await servico.buscar(s.grupoEmpresarialId, request.params.id);
      await exigirEmpresa(request, atual.empresa);
      // Reprinting a bill or an NFC-e receipt is a permission of its own (spec 1 section 6).
      const exigida =
        atual.tipoImpressao.id === TIPO_IMPRESSAO.conta
          ? PERMISSAO.reimprimirConta
          : atual.tipoImpressao.id === TIPO_IMPRESSAO.nfce
            ? PERMISSAO.reimprimirNfce
            : undefined;
      if (exigida !== undefined && !temPermissao(await permissoesDe(request), exigida, atual.empresa)) {
        throw new ErroNegocio('Usuário sem permissão para acessar esta funcionalidade.');
      }
      return ok(
        await servico.reimprimir(
          { grupoEmpresarialId: s.grupoEmpresarialId, usuarioId: s.usuarioId },
          request.params.id,
        ),
      );
    },
  );

  r.get(
    '/api/impressao/:id',
    { schema: { tags: ['impressao'], params: z.object({ id }) } },
    async (request) => {
      const s = sessaoDe(request);
      const atual = await servico.buscar(s.grupoEmpresarialId, request.params.id);
      await exigirEmpresa(request, atual.empresa);
      return ok(atual);
    },
  );

  // HTML preview of a stored job: from its layout lines, or read back from its ESC/POS bytes.
  r.get(
    '/api/impressao/:id/preview.html',
    { schema: { tags: ['impressao'], params: z.object({ id }) } },
    async (request, reply) => {
      const s = sessaoDe(request);
      const atual = await servico.buscar(s.grupoEmpresarialId, request.params.id);
      await exigirEmpresa(request, atual.empresa);
      const doc =
        (atual.linhas as DocumentoImpressao | null) ??
        lerEscPos(Buffer.from(atual.conteudo, 'base64'), atual.descricao || atual.tipoImpressao.descricao);
      return reply.type('text/html; charset=utf-8').send(documentoHtml(doc));
    },
  );

  // Back-office preview with sample or typed data: HTML, plain text and the bytes for a printer model.
  r.post(
    '/api/impressao/preview',
    {
      schema: {
        tags: ['impressao'],
        body: z.object({ documento: documentoSchema, modelo: z.number().int().min(0).max(8).default(1) }),
      },
    },
    async (request) => {
      const doc = documentoDe(request.body.documento);
      const modelo = resolverModelo(request.body.modelo);
      const somenteTexto = modelo.linguagem === 'TEXTO';
      if (somenteTexto && doc.colunas === 64) {
        throw new ErroNegocio(`A impressora ${modelo.descricao} não tem fonte condensada: use 48 colunas.`);
      }
      const texto = documentoComoTexto(doc);
      // A text-only printer has no bold, double size or QR code: the paper is the plain text.
      const papel: DocumentoImpressao = somenteTexto
        ? { ...doc, linhas: texto.split('\n').map((t) => ({ tipo: 'texto', texto: t })) }
        : doc;
      const bytes = renderizarBytes(doc, modelo);
      return ok({
        tipoImpressao: TIPO_DO_LAYOUT[request.body.documento.layout],
        titulo: doc.titulo,
        colunas: doc.colunas,
        linguagem: modelo.linguagem,
        html: documentoHtml(papel),
        texto,
        conteudo: Buffer.from(bytes).toString('base64'),
        tamanho: bytes.length,
      });
    },
  );

  r.get('/api/impressao/amostras', { schema: { tags: ['impressao'] } }, async () =>
    ok(amostrasDeDocumento()),
  );

  // The print agents' own tokens (issue 14 point 5): issue, list, revoke, and the agent's three routes.
  rotasAgentesImpressao(app, servico);
}
