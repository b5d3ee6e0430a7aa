import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { PERMISSAO } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { mensagemSegura } from '../../lib/erro-sem-sql.ts';
import { novoId } from '../../lib/ids.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { cadastroNaFranqueadora, temPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { type Armazenamento, ArmazenamentoLocal, chaveSegura } from './armazenamento.ts';
import { ArmazenamentoS3, ClienteS3, ErroS3 } from './cliente-s3.ts';

const TAMANHO_MAXIMO = 10 * 1024 * 1024;
// Spec 9: thumbnails are named by width and height; an extra 1024-height one is always made (and deleted).
const ALTURA_EXTRA = 1024;

interface Miniatura {
  largura: number;
  altura: number;
}

function lerMiniaturas(valor: string | undefined): Miniatura[] {
  if (!valor) return [];
  let lista: unknown;
  try {
    lista = JSON.parse(valor);
  } catch {
    lista = valor.split(',').map((p) => {
      const [l, a] = p.toLowerCase().split('x').map(Number);
      return { largura: l, altura: a };
    });
  }
  const esquema = z
    .array(
      z.object({ largura: z.number().int().min(1).max(4096), altura: z.number().int().min(1).max(4096) }),
    )
    .max(10);
  const r = esquema.safeParse(lista);
  if (!r.success)
    throw new ErroNegocio(
      'Falha ao fazer upload: miniaturas inválidas (use [{"largura":200,"altura":200}]).',
    );
  return r.data;
}

/** The only folder a client uploads to: the product form's images (issue 14 point 7). */
const PASTA_PRODUTOS = 'produtos';

/**
 * What `/storage/` serves: a product image, its thumbnails and its 1024 one, as uploadS3 names them
 * (`{grupo}/produtos/{id}[_{L}x{A}|_1024].{ext}`). Anything else under the storage root (a stray file, a
 * folder, a dotfile, another module's file) is answered as not found.
 */
export const CHAVE_SERVIDA =
  /^[0-9a-f]{24}\/produtos\/[0-9a-f]{24}(?:_\d{1,4}x\d{1,4}|_1024)?\.(?:jpg|png|webp|gif)$/;

const nomeMiniatura = (chave: string, sufixo: string) => {
  const ext = path.extname(chave);
  return `${chave.slice(0, chave.length - ext.length)}_${sufixo}${ext}`;
};

/** A storage failure as the user reads it (S3 refusals carry their own pt-BR reason). */
function erroArmazenamento(prefixo: string, erro: unknown): ErroNegocio {
  if (erro instanceof ErroNegocio) return erro;
  if (erro instanceof ErroS3) return new ErroNegocio(`${prefixo}: ${erro.message}`);
  return new ErroNegocio(`${prefixo}: ${mensagemSegura(erro)}`);
}

export async function rotasArmazenamento(app: FastifyInstance): Promise<void> {
  const { config } = app.servicos;
  let armazenamento: Armazenamento;
  // Where a stored key is read from: /storage/ on this server unless the bucket has a public address.
  let urlDe = (chave: string) => `/storage/${chave}`;
  await app.register(multipart, { limits: { fileSize: TAMANHO_MAXIMO, files: 1, fields: 10 } });
  if (config.s3) {
    const s3 = new ArmazenamentoS3(new ClienteS3(config.s3));
    armazenamento = s3;
    const publica = config.s3.urlPublica;
    if (publica) urlDe = (chave) => `${publica}/${chave}`;
    else {
      // A private bucket: the server reads the object (signed GET) and hands it over.
      app.get<{ Params: { '*': string } }>(
        '/storage/*',
        { config: { publico: true }, schema: { hide: true } },
        async (request, reply) => {
          let chave: string;
          try {
            chave = chaveSegura(request.params['*']);
            if (!CHAVE_SERVIDA.test(chave)) throw new Error('fora das imagens de produto');
          } catch {
            return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
          }
          try {
            const objeto = await s3.ler(chave);
            if (!objeto)
              return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
            // Keys carry a random id and are never rewritten: they can be cached for long.
            return reply
              .type(objeto.tipo ?? 'application/octet-stream')
              .header('cache-control', 'public, max-age=86400')
              .send(objeto.conteudo);
          } catch (erro) {
            request.log.error({ err: erro, chave }, 'falha ao ler do armazenamento S3');
            return reply.code(502).type('text/plain; charset=utf-8').send('Armazenamento indisponível.');
          }
        },
      );
    }
  } else {
    const raiz = path.join(config.dataDir, 'storage');
    armazenamento = new ArmazenamentoLocal(raiz);
    // Files are served under /storage/ (spec config.json storageUrl); names carry a random id.
    await app.register(fastifyStatic, {
      root: raiz,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      // `pathName` is the decoded path under /storage/ (a `..` never reaches here: @fastify/static refuses it).
      allowedPath: (pathName) => CHAVE_SERVIDA.test(pathName.replace(/^\/+/, '')),
    });
  }
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Uploading or deleting a product image is editing a product: product include or alter permission. */
  async function exigirPermissaoProduto(request: FastifyRequest, prefixo: string): Promise<void> {
    const s = sessaoDe(request);
    const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const empresa = empresaDoContexto(request);
    const numeros = [PERMISSAO.produtoGeralIncluir, PERMISSAO.produtoGeralAlterar];
    if (numeros.some((n) => temPermissao(p, n, empresa))) return;
    const nota = numeros.map((n) => cadastroNaFranqueadora(p, n, empresa)).find(Boolean);
    throw new ErroNegocio(nota ?? `${prefixo}: usuário sem permissão para alterar produtos.`);
  }

  // Spec 1 section 7: POST api/uploadS3 (multipart: file1, caminho, thumbnails).
  r.post(
    '/api/uploadS3',
    { schema: { tags: ['armazenamento'], consumes: ['multipart/form-data'] } },
    async (request) => {
      const s = sessaoDe(request);
      await exigirPermissaoProduto(request, 'Falha ao fazer upload');
      if (!request.isMultipart())
        throw new ErroNegocio('Falha ao fazer upload: envie multipart/form-data com file1.');
      const campos: Record<string, string> = {};
      let arquivo: { nome: string; conteudo: Buffer; tipo: string } | undefined;
      try {
        for await (const parte of request.parts()) {
          if (parte.type === 'file') {
            if (parte.fieldname !== 'file1') {
              await parte.toBuffer();
              continue;
            }
            arquivo = { nome: parte.filename, conteudo: await parte.toBuffer(), tipo: parte.mimetype };
          } else campos[parte.fieldname] = String(parte.value);
        }
      } catch (erro) {
        throw new ErroNegocio(`Falha ao fazer upload: ${mensagemSegura(erro)}`);
      }
      if (!arquivo) throw new ErroNegocio('Falha ao fazer upload: arquivo (file1) não informado.');
      if ((campos.caminho ?? PASTA_PRODUTOS) !== PASTA_PRODUTOS)
        throw new ErroNegocio('Falha ao fazer upload: caminho inválido.');
      const pasta = `${s.grupoEmpresarialId}/${PASTA_PRODUTOS}`;
      const miniaturas = lerMiniaturas(campos.thumbnails);
      const imagem = sharp(arquivo.conteudo, { failOn: 'error' });
      const info = await imagem.metadata().catch(() => undefined);
      if (!info?.format || !['jpeg', 'png', 'webp', 'gif'].includes(info.format)) {
        throw new ErroNegocio('Falha ao fazer upload: envie uma imagem JPEG, PNG, WebP ou GIF.');
      }
      const extensao = info.format === 'jpeg' ? 'jpg' : info.format;
      const tipo = `image/${info.format}`;
      const chave = `${pasta}/${novoId()}.${extensao}`;
      // Every piece is made first, then stored; a storage refusal removes what was already written.
      const gerar = async (m: Miniatura | { altura: number; largura?: undefined }, sufixo: string) => {
        const bytes = await sharp(arquivo.conteudo)
          .resize({
            width: m.largura,
            height: m.altura,
            fit: m.largura ? 'cover' : 'inside',
            withoutEnlargement: !m.largura,
          })
          .toBuffer();
        return { largura: m.largura ?? null, altura: m.altura, chave: nomeMiniatura(chave, sufixo), bytes };
      };
      const geradas = [];
      for (const m of miniaturas) geradas.push(await gerar(m, `${m.largura}x${m.altura}`));
      const extra = await gerar({ altura: ALTURA_EXTRA }, String(ALTURA_EXTRA));
      const pecas = [{ chave, bytes: arquivo.conteudo }, ...geradas, extra];
      const gravadas: string[] = [];
      try {
        for (const p of pecas) {
          await armazenamento.salvar(p.chave, p.bytes, tipo);
          gravadas.push(p.chave);
        }
      } catch (erro) {
        for (const k of gravadas) await armazenamento.remover(k).catch(() => false);
        request.log.warn({ err: erro }, 'upload recusado pelo armazenamento');
        throw erroArmazenamento('Falha ao fazer upload', erro);
      }
      const descrever = (g: { largura: number | null; altura: number; chave: string }) => ({
        largura: g.largura,
        altura: g.altura,
        caminho: g.chave,
        url: urlDe(g.chave),
      });
      return ok({
        caminho: chave,
        url: urlDe(chave),
        thumbnails: geradas.map(descrever),
        thumbnail1024: descrever(extra),
      });
    },
  );

  // Spec 1 section 7: POST api/deleteS3 (lista or caminho): the file, its thumbnails and the 1024 one.
  r.post(
    '/api/deleteS3',
    {
      schema: {
        tags: ['armazenamento'],
        body: z.object({
          lista: z.array(z.string().max(500)).max(200).optional(),
          caminho: z.string().max(500).optional(),
        }),
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      await exigirPermissaoProduto(request, 'Erro ao deletar imagem');
      const caminhos = [
        ...(request.body.lista ?? []),
        ...(request.body.caminho ? [request.body.caminho] : []),
      ];
      if (caminhos.length === 0) throw new ErroNegocio('Erro ao deletar imagem: informe caminho ou lista.');
      const removidos: string[] = [];
      for (const bruto of caminhos) {
        const publica = config.s3?.urlPublica;
        const semPublica =
          publica && bruto.startsWith(`${publica}/`) ? bruto.slice(publica.length + 1) : bruto;
        const caminho = semPublica.replace(/^\/?storage\//, '');
        let chave: string;
        try {
          chave = chaveSegura(caminho);
        } catch {
          throw new ErroNegocio(`Erro ao deletar imagem: caminho inválido ${bruto}`);
        }
        // A group deletes only its own files.
        if (!chave.startsWith(`${s.grupoEmpresarialId}/`))
          throw new ErroNegocio(`Erro ao deletar imagem: ${bruto}`);
        const ext = path.extname(chave);
        const semExt = chave.slice(0, chave.length - ext.length);
        try {
          const alvos = [chave, ...(await armazenamento.listar(`${semExt}_`))];
          for (const alvo of alvos) if (await armazenamento.remover(alvo)) removidos.push(alvo);
        } catch (erro) {
          throw erroArmazenamento('Erro ao deletar imagem', erro);
        }
      }
      return ok({ removidos });
    },
  );
}
