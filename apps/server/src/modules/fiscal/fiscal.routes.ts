// HTTP API of the fiscal module (spec 2 section 7 fiscal calls + the setup, list, export and inbound screens).
// See README.md beside this file for payloads and answers.
import multipart from '@fastify/multipart';
import {
  PERMISSAO,
  type Venda,
  zDataTexto,
  zDecimalTexto,
  zInteiro,
  zInteiroTexto,
  zTexto,
} from '@retaguarda/domain';
import { danfeComoTexto, danfeHtml, danfeParaEscPos, montarDanfeNfce } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { mensagemSegura } from '../../lib/erro-sem-sql.ts';
import { comIdempotencia } from '../../lib/idempotencia.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import {
  cadastroNaFranqueadora,
  empresasComPermissao,
  temPermissao,
} from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { carregarVenda } from '../vendas/vendas.repositorio.ts';
import { aoEncerrarVenda, gravarNfceDaVenda } from '../vendas/vendas.service.ts';
import { MENSAGENS_CSC } from './conferencia.ts';
import {
  avisoPendente,
  EmissaoNfce,
  MENSAGEM_EM_EMISSAO,
  MENSAGEM_JA_EMITIDA,
  notaDoRegistro,
  OrcamentoSefaz,
  protocoloDoRegistro,
  type ResultadoEmissao,
  registroNfce,
  resumoNfceDaVenda,
} from './emissao.ts';
import { importarXmlNfe, listarNotasEntrada, obterNotaEntrada, vincularItens } from './entrada.ts';
import { rotasEntradaEstoque } from './entrada-estoque.ts';
import { cancelarNota, inutilizarNumeros } from './eventos.ts';
import { FilaContingencia } from './fila-contingencia.ts';
import { MODELO_BNF, MODELO_NFCE, type ModeloNumeracao, ServicoFiscal } from './fiscal.service.ts';
import {
  diferencasDaVendaEnviada,
  mensagemVendaDivergente,
  recebimentoPorPosicao,
} from './venda-para-nfce.ts';
import { type ArquivoZip, criarZip } from './zip.ts';

export const MENSAGENS_ROTAS = {
  semEmpresa: 'Empresa não informada.',
  empresaSemAcesso: 'Usuário sem permissão para acessar essa empresa.',
  semPermissao: 'Usuário sem permissão para esta operação.',
  vendaNaoEncontrada: 'Venda não encontrada!',
  semVenda: 'Informe a venda (id) ou dadosNfe.',
  semArquivo: 'Arquivo não enviado.',
  semSenha: 'Senha do certificado não informada.',
  nenhumaNota: 'Nenhuma nota encontrada no período informado.',
  justificativaContingencia: 'A justificativa da contingência deve ter entre 15 e 256 caracteres.',
} as const;

/** Reads a stored sale by id (the sale module's repository). */
export type LeitorVenda = (grupoEmpresarialId: string, vendaId: string) => Promise<Venda | null>;

export interface ModuloFiscal {
  servico: ServicoFiscal;
  emissao: EmissaoNfce;
  fila: FilaContingencia;
  leitorVenda: LeitorVenda;
  /** Writes the sale's notes into `venda.nfce` (serialised per sale, reads the rows when it runs). */
  sincronizarVenda: (vendaId: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    fiscal: ModuloFiscal;
  }
}

/**
 * Issues the NFC-e of an ended sale, always built from the STORED sale (read by id through the sale module's
 * repository): a client's copy (`conferir`, enviaNFCE `dadosNfe`) is only compared with it, and refused when
 * its total, items or consumer document differ.
 */
export async function emitirNfceDaVenda(
  app: FastifyInstance,
  vendaId: string,
  ctx: {
    grupoEmpresarialId: string;
    usuarioId: string | null;
    posicao?: number | null;
    conferir?: unknown;
    /** The one SEFAZ budget of this sale end (default a fresh SEFAZ_TIMEOUT_MS). */
    orcamento?: OrcamentoSefaz;
    /** Epoch ms until which to wait for another server issuing this sale (default one budget from now). */
    esperarAte?: number;
  },
): Promise<ResultadoEmissao> {
  const v = await app.fiscal.leitorVenda(ctx.grupoEmpresarialId, vendaId);
  if (!v) throw new ErroNegocio(MENSAGENS_ROTAS.vendaNaoEncontrada);
  if (ctx.conferir !== undefined) {
    const diferencas = diferencasDaVendaEnviada(ctx.conferir, v);
    if (diferencas.length > 0) throw new ErroNegocio(mensagemVendaDivergente(diferencas));
  }
  try {
    return await app.fiscal.emissao.emitirVenda(
      { grupoEmpresarialId: ctx.grupoEmpresarialId, empresaId: v.empresa, usuarioId: ctx.usuarioId },
      v,
      {
        posicao: ctx.posicao ?? null,
        vendaId: v._id,
        ...(ctx.orcamento === undefined ? {} : { orcamento: ctx.orcamento }),
        ...(ctx.esperarAte === undefined ? {} : { esperarAte: ctx.esperarAte }),
      },
    );
  } finally {
    await app.fiscal.sincronizarVenda(v._id);
  }
}

/**
 * Makes sure every note an ended sale needs exists (one per seat when the table was received by seat): issues
 * the missing ones and settles one left in doubt by a server that stopped, all within ONE SEFAZ budget
 * (`orcamento`). Never throws: refusals and failures come back as warnings.
 */
export async function garantirNfceDaVenda(
  app: FastifyInstance,
  venda: Pick<Venda, '_id' | 'tipoVenda' | 'pagamentos'>,
  grupo: string,
  usuarioId: string | null,
  opcoes: { orcamento: OrcamentoSefaz; esperarAte?: number },
): Promise<string[]> {
  const avisos: string[] = [];
  const posicoes = recebimentoPorPosicao(venda as Venda)
    ? [...new Set(venda.pagamentos.filter((p) => !p.lixo && p.posicao != null).map((p) => Number(p.posicao)))]
    : [null];
  for (const posicao of posicoes) {
    try {
      await emitirNfceDaVenda(app, venda._id, { grupoEmpresarialId: grupo, usuarioId, posicao, ...opcoes });
    } catch (erro) {
      // Ending again (same Idempotency-Key) finds the note already issued: nothing to say.
      if (erro instanceof ErroNegocio && erro.message === MENSAGEM_JA_EMITIDA) continue;
      // Another server is issuing it: said as it is (the note in doubt, if any, gets its own warning).
      if (erro instanceof ErroNegocio && erro.message === MENSAGEM_EM_EMISSAO) {
        avisos.push(MENSAGEM_EM_EMISSAO);
        continue;
      }
      if (!(erro instanceof ErroNegocio)) app.log.error({ err: erro, venda: venda._id }, 'NFC-e da venda');
      avisos.push(`NFC-e não emitida: ${mensagemSegura(erro)}`);
    }
  }
  return avisos;
}

/**
 * Sale ended (vendas hook; also a retry of the end or of the sale's creation): a store with `emitirNfce` gets
 * its NFC-e now, within one SEFAZ budget for the whole sale end. The answer reports the notes as stored in
 * the nfce table (their real state, `nfce`) and `avisoNfce` when one is refused or still in doubt.
 */
async function emitirAoEncerrar(
  app: FastifyInstance,
  venda: Venda,
  grupo: string,
  usuarioId: string,
): Promise<Record<string, unknown> | undefined> {
  const avisos: string[] = [];
  try {
    if (!(await app.fiscal.servico.emitirNfceAoEncerrar(grupo, venda.empresa))) return undefined;
    const orcamento = new OrcamentoSefaz(await app.fiscal.servico.orcamentoSefazMs());
    avisos.push(...(await garantirNfceDaVenda(app, venda, grupo, usuarioId, { orcamento })));
    const linhas = await consultar(
      app.servicos.banco.db,
      sql`select * from nfce where grupo_empresarial_id = ${grupo} and venda_id = ${venda._id}
          order by created_at, numero`,
    );
    // A note in doubt (sent, answer not stored) with no valid note beside it: say so, the worker settles it.
    const validas = new Set(
      linhas
        .filter((l) => !l.cancelado && (l.status_nota === 'processado' || l.status_nota === 'contingencia'))
        .map((l) => Number(l.posicao ?? 0)),
    );
    for (const l of linhas) {
      if (l.aguardando_retorno === true && !validas.has(Number(l.posicao ?? 0)))
        avisos.push(avisoPendente(Number(l.numero)));
    }
    return {
      nfce: linhas.map(resumoNfceDaVenda),
      ...(avisos.length > 0 ? { avisoNfce: [...new Set(avisos)].join(' ') } : {}),
    };
  } catch (erro) {
    app.log.error({ err: erro, venda: venda._id }, 'NFC-e da venda');
    avisos.push(`NFC-e não emitida: ${mensagemSegura(erro)}`);
  }
  return { avisoNfce: avisos.join(' ') };
}

/** Answer of enviaNFCE (spec 2 section 7): valido, json {retorno, qrCode, protNFe}, jsonMsg; plus `data`. */
export function respostaEnviaNfce(r: ResultadoEmissao) {
  const n = r.nfce;
  return {
    valido: r.valido,
    data: { ...n, ...(r.valido ? {} : { message: r.mensagem }) },
    json: {
      retorno: {
        cStat: n.cStat,
        xMotivo: n.xMotivo,
        chave: n.chave,
        numero: n.numero,
        serie: n.serie,
        tpEmis: n.tpEmis,
        statusNota: n.statusNota,
        aviso: n.aviso,
      },
      qrCode: n.qrCode,
      protNFe: r.protNFe,
    },
    jsonMsg: r.mensagem,
  };
}

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
// Issue 14 point 8: every number and date of these routes is checked here, naming the field, before the
// database is asked (a day that does not exist, a 30-digit limit, a hex series...).
const dataTexto = zDataTexto;
/** IBS/CBS rates (%), as the SEFAZ layout keeps them: 4 places, 0 to 100. */
const aliquota = zDecimalTexto({ casas: 4, minimo: 0, maximo: 100 });

export async function moduloFiscal(app: FastifyInstance): Promise<void> {
  const servico = new ServicoFiscal(app.servicos.banco.db, app.servicos.config, app.servicos.tempo, app.log);
  // A missing or malformed fiscal setting (CHAVE_CERTIFICADOS in production...) stops the start here.
  servico.validarConfiguracao();
  const emissao = new EmissaoNfce(servico);
  const fila = new FilaContingencia(
    servico,
    emissao,
    Number(process.env.FISCAL_FILA_INTERVALO_MS ?? 15_000),
    Number(process.env.FISCAL_FILA_ATRASO_S ?? 30),
    // The worker's way to settle a sale's notes: the same path as the sale end, without waiting for a
    // sale another server is issuing (it comes back next pass).
    async (grupo, vendaId) => {
      const venda = await leitorVenda(grupo, vendaId);
      if (!venda) return ['Venda não encontrada!'];
      const orcamento = new OrcamentoSefaz(await servico.orcamentoSefazMs());
      return garantirNfceDaVenda(app, venda, grupo, null, { orcamento, esperarAte: 0 });
    },
  );
  // The sale module's repository reads the stored sale (items and payments) for the venda-id path.
  const leitorVenda: LeitorVenda = async (grupo, vendaId) =>
    (await carregarVenda(app.servicos.banco.db, grupo, vendaId, false))?.venda ?? null;
  // venda.nfce follows every stored change of a note (issued, authorised in background, cancelled). One chain
  // per sale, and each run reads the rows when it starts, so the last write is the latest state.
  const filasVenda = new Map<string, Promise<void>>();
  const sincronizarVenda = (vendaId: string): Promise<void> => {
    const anterior = filasVenda.get(vendaId) ?? Promise.resolve();
    const proxima = anterior.then(async () => {
      const linhas = await consultar(
        app.servicos.banco.db,
        sql`select * from nfce where venda_id = ${vendaId} order by created_at, numero`,
      );
      const grupo = linhas[0]?.grupo_empresarial_id as string | undefined;
      if (grupo) await gravarNfceDaVenda(app.servicos, grupo, vendaId, linhas.map(resumoNfceDaVenda));
    });
    const fim = proxima.catch((erro: unknown) => app.log.error({ err: erro, venda: vendaId }, 'venda.nfce'));
    filasVenda.set(vendaId, fim);
    void fim.then(() => {
      if (filasVenda.get(vendaId) === fim) filasVenda.delete(vendaId);
    });
    return fim;
  };
  servico.notificar = (empresaId, dados) => {
    app.servicos.tempoReal?.emitirParaEmpresa(empresaId, 'nfceAlterada', dados);
    if (typeof dados.venda === 'string') void sincronizarVenda(dados.venda);
  };
  app.decorate('fiscal', { servico, emissao, fila, leitorVenda, sincronizarVenda } satisfies ModuloFiscal);
  aoEncerrarVenda(app.servicos, ({ venda, grupo, usuarioId }) =>
    emitirAoEncerrar(app, venda, grupo, usuarioId),
  );
  app.addHook('onReady', async () => fila.iniciar());
  app.addHook('onClose', async () => {
    await fila.parar();
    await servico.fechar();
  });
  await app.register(rotasFiscal);
  await app.register(rotasEntradaEstoque);
}
// Not encapsulated: `app.fiscal` is visible to the whole app (and to tests); the routes below are.
(moduloFiscal as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

async function rotasFiscal(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissoes, banco } = app.servicos;
  const db = banco.db;
  const { servico, emissao } = app.fiscal;

  /** The store of the request (param/body, else header `empresa`) where the user holds one of `lista`. */
  async function exigir(
    request: FastifyRequest,
    empresa: string | undefined,
    lista: readonly number[],
    opcoes: { qualquerEmpresa?: boolean } = {},
  ) {
    const s = sessaoDe(request);
    const empresaId = empresa ?? empresaDoContexto(request);
    if (!empresaId) throw new ErroNegocio(MENSAGENS_ROTAS.semEmpresa);
    const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    if (!p.porEmpresa.has(empresaId)) throw new ErroNegocio(MENSAGENS_ROTAS.empresaSemAcesso);
    // Special permissions (certificate, numbering) are granted in the franchise manager's company.
    const tem = lista.some((n) => temPermissao(p, n, opcoes.qualquerEmpresa ? undefined : empresaId));
    if (!tem) {
      // Numbering kept by the franchise manager: the refusal says who sets it (not a bare 'sem permissão').
      const notas = lista.map((n) => cadastroNaFranqueadora(p, n, empresaId));
      const nota = notas.every(Boolean) ? notas[0] : null;
      throw new ErroNegocio(nota ?? MENSAGENS_ROTAS.semPermissao);
    }
    return { s, empresaId, p };
  }

  const LER_NFCE = [PERMISSAO.emissaoNotaFiscalAcessar, PERMISSAO.emitirNfce, PERMISSAO.reimprimirNfce];

  // ------------------------------------------------------------------ setup
  r.get(
    '/api/fiscal/configuracao/:empresa',
    { schema: { tags: ['fiscal'], params: z.object({ empresa: id }) } },
    async (request) => {
      const { s, empresaId } = await exigir(request, request.params.empresa, [
        PERMISSAO.emissaoNotaFiscalAcessar,
        PERMISSAO.emissaoNotaFiscalManter,
      ]);
      return ok(await servico.configuracao(s.grupoEmpresarialId, empresaId));
    },
  );

  const nulo = <T extends z.ZodType>(t: T) => t.nullable().optional();
  r.put(
    '/api/fiscal/configuracao/:empresa',
    {
      schema: {
        tags: ['fiscal'],
        params: z.object({ empresa: id }),
        body: z.object({
          CRT: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
          ambiente: z.union([z.literal(1), z.literal(2)]).optional(),
          serie: z.number().int().min(0).max(899).optional(),
          tipoEmissao: z.union([z.literal(1), z.literal(9)]).optional(),
          formatoDANFE: z.number().int().min(0).max(5).optional(),
          consumidorFinal: z.union([z.literal(1), z.literal(2)]).optional(),
          uf: z.string().length(2).optional(),
          razaoSocial: nulo(z.string().min(2).max(60)),
          ie: nulo(z.string().regex(/^([0-9]{2,14}|ISENTO)$/, 'IE inválida')),
          im: nulo(z.string().max(15)),
          cnae: nulo(z.string().regex(/^\d{7}$/, 'CNAE inválido')),
          codigoMunicipio: nulo(z.string().regex(/^\d{7}$/, 'Código IBGE do município inválido')),
          telefone: nulo(z.string().max(14)),
          // pt-BR reason and fix (issue 15 point 8): the CSC comes from the SEFAZ portal, id and code as shown there.
          cscId: nulo(z.string().regex(/^\d{1,6}$/, MENSAGENS_CSC.id)),
          cscToken: nulo(z.string().regex(/^[0-9A-Za-z-]{16,36}$/, MENSAGENS_CSC.token)),
          responsavelTecnico: nulo(
            z.object({
              CNPJ: z.string().min(14).max(18),
              xContato: z.string().min(2).max(60),
              email: z.email().max(60),
              fone: z.string().min(6).max(14),
            }),
          ),
          ibsCbs: nulo(
            z.object({
              habilitado: z.boolean(),
              CST: z
                .string()
                .regex(/^\d{3}$/)
                .optional(),
              cClassTrib: z
                .string()
                .regex(/^\d{6}$/)
                .optional(),
              pIBSUF: aliquota.optional(),
              pIBSMun: aliquota.optional(),
              pCBS: aliquota.optional(),
            }),
          ),
          versaoQrCode: nulo(z.union([z.literal(2), z.literal(3)])),
          // numeric(18, 2): R$, never negative.
          limiteSemIdentificacao: nulo(zDecimalTexto({ casas: 2, minimo: 0 })),
          emitirNfce: z.boolean().optional(),
          pagamentoIntegrado: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const { s, empresaId } = await exigir(request, request.params.empresa, [
        PERMISSAO.emissaoNotaFiscalManter,
      ]);
      const b = request.body;
      if (b.uf !== undefined && !/^[A-Z]{2}$/.test(b.uf.toUpperCase())) throw new ErroNegocio('UF inválida.');
      await servico.atualizarConfiguracao(s.grupoEmpresarialId, empresaId, s.usuarioId, {
        ...b,
        ...(b.uf ? { uf: b.uf.toUpperCase() } : {}),
      } as Parameters<ServicoFiscal['atualizarConfiguracao']>[3]);
      return ok(await servico.configuracao(s.grupoEmpresarialId, empresaId));
    },
  );

  r.get(
    '/api/fiscal/certificado/:empresa',
    { schema: { tags: ['fiscal'], params: z.object({ empresa: id }) } },
    async (request) => {
      await exigir(
        request,
        request.params.empresa,
        [PERMISSAO.emissaoNotaFiscalAcessar, PERMISSAO.atualizarCertificado],
        { qualquerEmpresa: true },
      );
      return ok(await servico.resumoCertificado(request.params.empresa));
    },
  );

  // A1 upload: multipart (file field + field `senha`) or JSON { pfxBase64, senha }.
  r.post(
    '/api/fiscal/certificado/:empresa',
    { schema: { tags: ['fiscal'], params: z.object({ empresa: id }) } },
    async (request) => {
      const { s, empresaId } = await exigir(
        request,
        request.params.empresa,
        [PERMISSAO.atualizarCertificado],
        {
          qualquerEmpresa: true,
        },
      );
      let pfx: Buffer | undefined;
      let senha: string | undefined;
      if (request.isMultipart()) {
        for await (const parte of request.parts()) {
          if (parte.type === 'file') pfx = await parte.toBuffer();
          else if (parte.fieldname === 'senha') senha = String(parte.value);
        }
      } else {
        const b = z
          .object({ pfxBase64: z.string().max(3_000_000), senha: z.string().max(200) })
          .safeParse(request.body);
        if (b.success) {
          pfx = Buffer.from(b.data.pfxBase64, 'base64');
          senha = b.data.senha;
        }
      }
      if (!pfx || pfx.length === 0) throw new ErroNegocio(MENSAGENS_ROTAS.semArquivo);
      if (senha === undefined) throw new ErroNegocio(MENSAGENS_ROTAS.semSenha);
      return ok(await servico.salvarCertificado(s.grupoEmpresarialId, empresaId, s.usuarioId, pfx, senha));
    },
  );

  r.post(
    '/api/fiscal/contingencia/:empresa',
    {
      schema: {
        tags: ['fiscal'],
        params: z.object({ empresa: id }),
        body: z.object({ habilitado: z.boolean(), xJust: z.string().max(256).optional() }),
      },
    },
    async (request) => {
      const { s, empresaId } = await exigir(request, request.params.empresa, [
        PERMISSAO.habilitarContingenciaNfce,
      ]);
      const xJust = request.body.xJust?.trim() ?? '';
      if (request.body.habilitado && (xJust.length < 15 || xJust.length > 256)) {
        throw new ErroNegocio(MENSAGENS_ROTAS.justificativaContingencia);
      }
      return ok(
        await servico.definirContingencia(
          s.grupoEmpresarialId,
          empresaId,
          request.body.habilitado,
          xJust || null,
        ),
      );
    },
  );

  // ------------------------------------------------------------------ numbering (spec 2 section 7)
  const NUMERACAO = [
    PERMISSAO.emitirNfce,
    PERMISSAO.emissaoNotaFiscalAcessar,
    PERMISSAO.empresaNumeroNotaAcessar,
  ];
  // Decimal digits only: z.coerce read '0x1', '1e2' and '' as series 1, 100 and 0.
  const serieQuery = z.object({ serie: zInteiroTexto(0, 999).optional() });

  async function consultarSequencial(
    request: FastifyRequest,
    empresa: string,
    modelo: ModeloNumeracao,
    serie?: number,
  ) {
    const { s, empresaId } = await exigir(request, empresa, NUMERACAO, { qualquerEmpresa: true });
    const e = await servico.empresaFiscal(s.grupoEmpresarialId, empresaId);
    const sr = serie ?? (modelo === MODELO_NFCE ? e.serie : 0);
    const ultimo = await servico.ultimoNumero(empresaId, modelo, sr);
    return ok({ empresa: empresaId, modelo, serie: sr, ultimoNumero: ultimo, proximoNumero: ultimo + 1 });
  }

  async function gerarSequencial(
    request: FastifyRequest,
    empresa: string,
    modelo: ModeloNumeracao,
    serie?: number,
  ) {
    const { s, empresaId } = await exigir(
      request,
      empresa,
      [PERMISSAO.emitirNfce, PERMISSAO.empresaNumeroNotaAcessar],
      {
        qualquerEmpresa: true,
      },
    );
    const e = await servico.empresaFiscal(s.grupoEmpresarialId, empresaId);
    const sr = serie ?? (modelo === MODELO_NFCE ? e.serie : 0);
    // A terminal retrying with its Idempotency-Key gets the same number back (no gap from a lost answer).
    return comIdempotencia(db, request, s.grupoEmpresarialId, async () => {
      const numero = await servico.proximoNumero(s.grupoEmpresarialId, empresaId, modelo, sr);
      return ok({ empresa: empresaId, modelo, serie: sr, numero });
    });
  }

  const pEmpresa = z.object({ id });
  r.get(
    '/api/getSequencialNota/:id',
    { schema: { tags: ['fiscal'], params: pEmpresa, querystring: serieQuery } },
    (q) => consultarSequencial(q, q.params.id, MODELO_NFCE, q.query.serie),
  );
  r.put(
    '/api/gerarNovoSequencialNota/:id',
    { schema: { tags: ['fiscal'], params: pEmpresa, querystring: serieQuery } },
    (q) => gerarSequencial(q, q.params.id, MODELO_NFCE, q.query.serie),
  );
  r.get(
    '/api/getSequencialBnf/:id',
    { schema: { tags: ['fiscal'], params: pEmpresa, querystring: serieQuery } },
    (q) => consultarSequencial(q, q.params.id, MODELO_BNF, q.query.serie),
  );
  r.get(
    '/api/gerarNovoSequencialBnf/:id',
    { schema: { tags: ['fiscal'], params: pEmpresa, querystring: serieQuery } },
    (q) => gerarSequencial(q, q.params.id, MODELO_BNF, q.query.serie),
  );
  r.put(
    '/api/fiscal/numeracao/:empresa',
    {
      schema: {
        tags: ['fiscal'],
        params: z.object({ empresa: id }),
        body: z.object({
          modelo: z.enum([MODELO_NFCE, MODELO_BNF]).default(MODELO_NFCE),
          serie: z.number().int().min(0).max(999),
          ultimoNumero: z.number().int().min(0).max(999_999_999),
        }),
      },
    },
    async (request) => {
      const { s, empresaId } = await exigir(
        request,
        request.params.empresa,
        [PERMISSAO.empresaNumeroNotaAcessar],
        {
          qualquerEmpresa: true,
        },
      );
      const { modelo, serie, ultimoNumero } = request.body;
      await servico.definirUltimoNumero(s.grupoEmpresarialId, empresaId, modelo, serie, ultimoNumero);
      return ok({ empresa: empresaId, modelo, serie, ultimoNumero, proximoNumero: ultimoNumero + 1 });
    },
  );

  // ------------------------------------------------------------------ issuing
  r.post(
    '/api/enviaNFCE',
    {
      schema: {
        tags: ['fiscal'],
        body: z.object({
          empresa: id.optional(),
          venda: id.optional(),
          dadosNfe: z.unknown().optional(),
          posicao: zInteiro(1).optional(),
        }),
      },
    },
    async (request) => {
      const b = request.body;
      // The note is always built from the stored sale: dadosNfe only names it (its _id) and is compared with it.
      const enviada =
        b.dadosNfe === undefined ? undefined : z.object({ _id: id }).loose().safeParse(b.dadosNfe);
      if (enviada && !enviada.success) throw new ErroNegocio('Dados inválidos. dadosNfe._id: Id inválido');
      const vendaId = b.venda ?? enviada?.data?._id;
      if (!vendaId) throw new ErroNegocio(MENSAGENS_ROTAS.semVenda);
      const s0 = sessaoDe(request);
      const venda = await app.fiscal.leitorVenda(s0.grupoEmpresarialId, vendaId);
      if (!venda) throw new ErroNegocio(MENSAGENS_ROTAS.vendaNaoEncontrada);
      const { s, empresaId } = await exigir(request, b.empresa ?? venda.empresa, [PERMISSAO.emitirNfce]);
      if (venda.empresa !== empresaId) throw new ErroNegocio('A venda não pertence à empresa informada.');
      return comIdempotencia(db, request, s.grupoEmpresarialId, async () =>
        respostaEnviaNfce(
          await emitirNfceDaVenda(app, vendaId, {
            grupoEmpresarialId: s.grupoEmpresarialId,
            usuarioId: s.usuarioId,
            posicao: b.posicao ?? null,
            ...(b.dadosNfe === undefined ? {} : { conferir: b.dadosNfe }),
          }),
        ),
      );
    },
  );

  async function linhaNfce(
    request: FastifyRequest,
    nfceId: string,
    lista: readonly number[],
  ): Promise<Linha> {
    const s = sessaoDe(request);
    const l = await consultarUm(
      db,
      sql`select * from nfce where id = ${nfceId} and grupo_empresarial_id = ${s.grupoEmpresarialId}`,
    );
    if (!l) throw new ErroNegocio('NFC-e não encontrada!');
    await exigir(request, l.empresa_id as string, lista);
    return l;
  }

  r.post(
    '/api/nfce/:id/reenviar',
    { schema: { tags: ['fiscal'], params: z.object({ id }) } },
    async (request) => {
      await linhaNfce(request, request.params.id, [PERMISSAO.emitirNfce, PERMISSAO.emissaoNotaFiscalManter]);
      return respostaEnviaNfce(
        await emissao.reenviar(sessaoDe(request).grupoEmpresarialId, request.params.id),
      );
    },
  );

  // ------------------------------------------------------------------ events
  r.post(
    '/api/cancelar',
    {
      schema: {
        tags: ['fiscal'],
        body: z.object({
          tipo: z.union([zTexto(20), zInteiro(0)]).optional(),
          chave: z.string().regex(/^\d{44}$/, 'Chave de acesso inválida'),
          protocolo: z.string().max(20).optional(),
          motivo: z.string().max(255).default(''),
          dadoNfe: z.unknown().optional(),
          empresa: id.optional(),
          /** Supervisor release token (liberacaoSupervisor with permission 29) when the user lacks it. */
          liberacao: z.string().max(4096).optional(),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const b = request.body;
      const alvo = await consultarUm(
        db,
        sql`select empresa_id from nfce where grupo_empresarial_id = ${s.grupoEmpresarialId} and chave = ${b.chave}`,
      );
      if (!alvo) throw new ErroNegocio('NFC-e não encontrada!');
      const empresaId = alvo.empresa_id as string;
      if (b.empresa && b.empresa !== empresaId) throw new ErroNegocio('NFC-e não encontrada!');
      const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
      if (!p.porEmpresa.has(empresaId)) throw new ErroNegocio(MENSAGENS_ROTAS.empresaSemAcesso);
      let supervisorId: string | null = null;
      if (!temPermissao(p, PERMISSAO.cancelarNfce, empresaId)) {
        const cab = request.headers.liberacao;
        const token = b.liberacao ?? (Array.isArray(cab) ? cab[0] : cab);
        if (!token) throw new ErroNegocio('Cancelamento de NFC-e exige liberação de supervisor.');
        // Single use, bound to this store, this user and (when the release named one) this NFC-e.
        const liberacao = await app.servicos.liberacoes.consumir(token, {
          grupoEmpresarialId: s.grupoEmpresarialId,
          permissao: PERMISSAO.cancelarNfce,
          empresaId,
          operadorId: s.usuarioId,
          alvo: b.chave,
        });
        supervisorId = liberacao.supervisorId;
      }
      const r2 = await cancelarNota(servico, {
        grupoEmpresarialId: s.grupoEmpresarialId,
        empresaId,
        chave: b.chave,
        protocolo: b.protocolo,
        motivo: b.motivo,
        usuarioId: s.usuarioId,
        supervisorId,
      });
      return ok({ ...r2.nfce, retorno: r2.cancelamento });
    },
  );

  r.post(
    '/api/fiscal/inutilizar',
    {
      schema: {
        tags: ['fiscal'],
        body: z.object({
          empresa: id.optional(),
          serie: z.number().int().min(0).max(999).optional(),
          numeroInicial: z.number().int().min(1).max(999_999_999),
          numeroFinal: z.number().int().min(1).max(999_999_999),
          ano: z.number().int().min(1000).max(9999).optional(),
          justificativa: z.string().max(255),
        }),
      },
    },
    async (request) => {
      const { s, empresaId } = await exigir(request, request.body.empresa, [
        PERMISSAO.emissaoNotaFiscalManter,
      ]);
      return ok(
        await inutilizarNumeros(servico, {
          ...request.body,
          grupoEmpresarialId: s.grupoEmpresarialId,
          empresaId,
          usuarioId: s.usuarioId,
        }),
      );
    },
  );

  // ------------------------------------------------------------------ lists, downloads, DANFE
  const filtroNfce = z.object({
    empresa: z.union([id, z.array(id).max(200)]).optional(),
    dataInicial: dataTexto.optional(),
    dataFinal: dataTexto.optional(),
    statusNota: z
      .union([z.enum(['processado', 'erro', 'contingencia']), z.array(z.string()).max(3)])
      .optional(),
    serie: zInteiro(0, 999).optional(),
    cancelado: z.boolean().optional(),
    chave: z.string().max(44).optional(),
    numero: zInteiro(1, 999_999_999).optional(),
    venda: id.optional(),
  });
  type FiltroNfce = z.infer<typeof filtroNfce>;

  async function empresasPermitidas(request: FastifyRequest, filtro: FiltroNfce, lista: readonly number[]) {
    const s = sessaoDe(request);
    const p = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const permitidas = new Set(lista.flatMap((n) => empresasComPermissao(p, n)));
    const pedidas = filtro.empresa
      ? Array.isArray(filtro.empresa)
        ? filtro.empresa
        : [filtro.empresa]
      : empresaDoContexto(request)
        ? [empresaDoContexto(request) as string]
        : [...permitidas];
    return pedidas.filter((e) => permitidas.has(e));
  }

  function condicoes(grupo: string, empresas: string[], f: FiltroNfce) {
    const status =
      f.statusNota === undefined ? [] : Array.isArray(f.statusNota) ? f.statusNota : [f.statusNota];
    return sql`grupo_empresarial_id = ${grupo}
      and empresa_id in (${sql.join(
        empresas.map((e) => sql`${e}`),
        sql`, `,
      )})
      ${f.dataInicial ? sql`and dh_emi >= ${f.dataInicial}::timestamptz` : sql``}
      ${f.dataFinal ? sql`and dh_emi < ${f.dataFinal}::timestamptz` : sql``}
      ${
        status.length
          ? sql`and status_nota in (${sql.join(
              status.map((x) => sql`${x}`),
              sql`, `,
            )})`
          : sql``
      }
      ${f.serie === undefined ? sql`` : sql`and serie = ${f.serie}`}
      ${f.cancelado === undefined ? sql`` : sql`and cancelado = ${f.cancelado}`}
      ${f.chave ? sql`and chave = ${f.chave}` : sql``}
      ${f.numero === undefined ? sql`` : sql`and numero = ${f.numero}`}
      ${f.venda ? sql`and venda_id = ${f.venda}` : sql``}`;
  }

  r.post(
    '/api/nfce/getPopulate',
    {
      schema: {
        tags: ['fiscal'],
        body: z.object({
          filtro: filtroNfce.default({}),
          limit: z.number().int().min(1).max(1000).default(200),
          skip: zInteiro(0).default(0),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const { filtro, limit, skip } = request.body;
      const empresas = await empresasPermitidas(request, filtro, LER_NFCE);
      if (empresas.length === 0) throw new ErroNegocio(MENSAGENS_ROTAS.semPermissao);
      const linhas = await consultar(
        db,
        sql`select * from nfce where ${condicoes(s.grupoEmpresarialId, empresas, filtro)}
            order by dh_emi desc, numero desc limit ${limit} offset ${skip}`,
      );
      return ok(linhas.map((l) => registroNfce(l)));
    },
  );

  r.get('/api/nfce/:id', { schema: { tags: ['fiscal'], params: z.object({ id }) } }, async (request) =>
    ok(registroNfce(await linhaNfce(request, request.params.id, LER_NFCE), true)),
  );

  const anexo = (reply: FastifyReply, tipo: string, nome: string, corpo: Buffer | string) =>
    reply
      .header('Content-Type', tipo)
      .header('Content-Disposition', `attachment; filename="${nome}"`)
      .send(corpo);

  r.get(
    '/api/nfce/:id/xml',
    { schema: { tags: ['fiscal'], params: z.object({ id }) } },
    async (request, reply) => {
      const l = await linhaNfce(request, request.params.id, [...LER_NFCE, PERMISSAO.baixarNotasAcessar]);
      const proc = l.xml_proc as string | null;
      return anexo(
        reply,
        'application/xml; charset=utf-8',
        `${l.chave as string}-${proc ? 'procNFe' : 'nfe'}.xml`,
        `<?xml version="1.0" encoding="UTF-8"?>${proc ?? (l.xml as string)}`,
      );
    },
  );

  function linhasDanfe(l: Linha, colunas: 48 | 64 = 48) {
    const protocolo = protocoloDoRegistro(l);
    return montarDanfeNfce({ nota: notaDoRegistro(l), colunas, ...(protocolo ? { protocolo } : {}) });
  }

  r.get(
    '/api/nfce/:id/danfe.html',
    { schema: { tags: ['fiscal'], params: z.object({ id }) } },
    async (request, reply) => {
      const l = await linhaNfce(request, request.params.id, LER_NFCE);
      return reply.header('Content-Type', 'text/html; charset=utf-8').send(danfeHtml(linhasDanfe(l)));
    },
  );

  // 48 or 64 exactly (z.coerce took '0x30' and '4.8e1' for 48).
  const colunasQuery = z.object({
    colunas: z
      .union([z.literal('48'), z.literal('64'), z.literal(48), z.literal(64)], {
        error: 'Valor inválido: informe 48 ou 64.',
      })
      .transform((c): 48 | 64 => (Number(c) === 64 ? 64 : 48))
      .optional(),
  });
  r.get(
    '/api/nfce/:id/danfe.escpos',
    { schema: { tags: ['fiscal'], params: z.object({ id }), querystring: colunasQuery } },
    async (request, reply) => {
      const l = await linhaNfce(request, request.params.id, LER_NFCE);
      const colunas = request.query.colunas ?? 48;
      const bytes = danfeParaEscPos(linhasDanfe(l, colunas), { colunas });
      return anexo(reply, 'application/octet-stream', `danfe-${l.chave as string}.bin`, Buffer.from(bytes));
    },
  );

  // For the print agent over JSON: the receipt as text and as base64 ESC/POS bytes.
  r.get(
    '/api/nfce/:id/danfe',
    { schema: { tags: ['fiscal'], params: z.object({ id }), querystring: colunasQuery } },
    async (request) => {
      const l = await linhaNfce(request, request.params.id, LER_NFCE);
      const c = request.query.colunas ?? 48;
      const linhas = linhasDanfe(l, c);
      return ok({
        texto: danfeComoTexto(linhas, c),
        escposBase64: Buffer.from(danfeParaEscPos(linhas, { colunas: c })).toString('base64'),
      });
    },
  );

  // Accountant export: zip of the period's XMLs (authorised notes, cancellation events, inutilizações).
  const corpoExportacao = z.object({
    empresa: z.union([id, z.array(id).max(200)]).optional(),
    dataInicial: dataTexto,
    dataFinal: dataTexto,
  });
  async function montarZip(
    request: FastifyRequest,
    b: z.infer<typeof corpoExportacao>,
    lista: number[],
    resumo: boolean,
  ) {
    const s = sessaoDe(request);
    const empresas = await empresasPermitidas(request, { empresa: b.empresa }, lista);
    if (empresas.length === 0) throw new ErroNegocio(MENSAGENS_ROTAS.semPermissao);
    const f = { dataInicial: b.dataInicial, dataFinal: b.dataFinal };
    const notas = await consultar(
      db,
      sql`select * from nfce where ${condicoes(s.grupoEmpresarialId, empresas, f)} and xml_proc is not null order by dh_emi`,
    );
    const inut = await consultar(
      db,
      sql`select * from fiscal_evento where grupo_empresarial_id = ${s.grupoEmpresarialId} and tipo = 'inutilizacao'
            and sucesso and empresa_id in (${sql.join(
              empresas.map((e) => sql`${e}`),
              sql`, `,
            )})
            and created_at >= ${b.dataInicial}::timestamptz and created_at < ${b.dataFinal}::timestamptz`,
    );
    if (notas.length === 0 && inut.length === 0) throw new ErroNegocio(MENSAGENS_ROTAS.nenhumaNota);
    const arquivos: ArquivoZip[] = [];
    const cab = '<?xml version="1.0" encoding="UTF-8"?>';
    for (const n of notas) {
      arquivos.push({
        nome: `NFCe/${n.chave as string}-procNFe.xml`,
        conteudo: cab + (n.xml_proc as string),
      });
      const c = n.cancelamento as { xml?: string } | null;
      if (c?.xml)
        arquivos.push({ nome: `Eventos/${n.chave as string}-procEventoNFe.xml`, conteudo: cab + c.xml });
    }
    for (const i of inut)
      arquivos.push({
        nome: `Inutilizacao/${i.id as string}-procInutNFe.xml`,
        conteudo: cab + (i.xml as string),
      });
    if (resumo) {
      const linhas = ['chave;numero;serie;dhEmi;valor;statusNota;cancelado;protocolo'];
      for (const n of notas) {
        linhas.push(
          [
            n.chave,
            n.numero,
            n.serie,
            new Date(n.dh_emi as string).toISOString(),
            n.valor,
            n.status_nota,
            n.cancelado,
            n.protocolo_recebimento,
          ].join(';'),
        );
      }
      arquivos.push({ nome: 'resumo.csv', conteudo: `${linhas.join('\r\n')}\r\n` });
    }
    return criarZip(arquivos);
  }

  r.post(
    '/api/baixarNotas',
    { schema: { tags: ['fiscal'], body: corpoExportacao } },
    async (request, reply) => {
      const zip = await montarZip(request, request.body, [PERMISSAO.baixarNotasAcessar], false);
      return anexo(reply, 'application/zip', `notas-${request.body.dataInicial.slice(0, 10)}.zip`, zip);
    },
  );
  r.post(
    '/api/exportarDados',
    { schema: { tags: ['fiscal'], body: corpoExportacao } },
    async (request, reply) => {
      const zip = await montarZip(request, request.body, [PERMISSAO.exportarDadosAcessar], true);
      return anexo(reply, 'application/zip', `exportacao-${request.body.dataInicial.slice(0, 10)}.zip`, zip);
    },
  );

  // ------------------------------------------------------------------ inbound NF-e
  r.post('/api/uploadXmlNfe', { schema: { tags: ['fiscal'] } }, async (request) => {
    let xml: string | undefined;
    let empresa: string | undefined;
    if (request.isMultipart()) {
      for await (const parte of request.parts()) {
        if (parte.type === 'file') xml = (await parte.toBuffer()).toString('utf8');
        else if (parte.fieldname === 'empresa') empresa = String(parte.value);
      }
    } else {
      const b = z.object({ xml: z.string().max(5_000_000), empresa: id.optional() }).safeParse(request.body);
      if (b.success) {
        xml = b.data.xml;
        empresa = b.data.empresa;
      }
    }
    const { s, empresaId } = await exigir(request, empresa, [PERMISSAO.entradaNotaFiscalManter]);
    if (!xml) throw new ErroNegocio(MENSAGENS_ROTAS.semArquivo);
    return ok(
      await importarXmlNfe(db, s.grupoEmpresarialId, empresaId, s.usuarioId, xml.replace(/^\uFEFF/, '')),
    );
  });

  r.post(
    '/api/notaEntrada/getPopulate',
    {
      schema: {
        tags: ['fiscal'],
        body: z.object({
          filtro: z
            .object({
              empresa: z.union([id, z.array(id)]).optional(),
              dataInicial: dataTexto.optional(),
              dataFinal: dataTexto.optional(),
              chave: z.string().max(44).optional(),
            })
            .default({}),
          limit: z.number().int().min(1).max(1000).default(200),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const f = request.body.filtro;
      const empresas = await empresasPermitidas(request, { empresa: f.empresa }, [
        PERMISSAO.entradaNotaFiscalAcessar,
      ]);
      return ok(
        await listarNotasEntrada(db, s.grupoEmpresarialId, empresas, { ...f, limit: request.body.limit }),
      );
    },
  );

  r.get(
    '/api/notaEntrada/:id',
    { schema: { tags: ['fiscal'], params: z.object({ id }) } },
    async (request) => {
      const s = sessaoDe(request);
      const n = await obterNotaEntrada(db, s.grupoEmpresarialId, request.params.id, true);
      await exigir(request, n.empresa, [PERMISSAO.entradaNotaFiscalAcessar]);
      return ok(n);
    },
  );

  r.put(
    '/api/notaEntrada/:id/itens',
    {
      schema: {
        tags: ['fiscal'],
        params: z.object({ id }),
        body: z.object({
          itens: z
            .array(
              z.object({
                _id: id,
                produtoGeral: id.nullable(),
                // numeric(18, 6), above zero.
                fatorConversao: zDecimalTexto({ casas: 6, positivo: true }).nullish(),
              }),
            )
            .min(1)
            .max(990),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const n = await obterNotaEntrada(db, s.grupoEmpresarialId, request.params.id);
      await exigir(request, n.empresa, [PERMISSAO.entradaNotaFiscalManter]);
      return ok(await vincularItens(db, s.grupoEmpresarialId, request.params.id, request.body.itens));
    },
  );
}
