import type { ConfigS3 } from '../../config.ts';
import type { Armazenamento } from './armazenamento.ts';
import { assinar, codificarUri, dataHoraAmz, sha256Hex } from './assinatura-v4.ts';

// A small S3 REST client (PUT, GET, HEAD and DELETE object, ListObjectsV2) signed with our own SigV4: works
// with AWS S3 and S3-compatible services (MinIO, Ceph, R2, the local simulator in simuladores/s3.ts).

/** A refusal of the S3 service, with a pt-BR message an admin can act on. */
export class ErroS3 extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly codigo: string,
  ) {
    super(message);
    this.name = 'ErroS3';
  }
}

const desescapar = (x: string) =>
  x
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const tag = (xml: string, nome: string) =>
  new RegExp(`<${nome}>([\\s\\S]*?)</${nome}>`).exec(xml)?.[1] ?? undefined;

function mensagemErro(status: number, codigo: string, detalhe: string, bucket: string): string {
  switch (codigo) {
    case 'SignatureDoesNotMatch':
      return 'o armazenamento S3 recusou a assinatura (SignatureDoesNotMatch): confira o segredo de acesso (S3_SECRET_ACCESS_KEY).';
    case 'InvalidAccessKeyId':
      return 'o armazenamento S3 não reconhece a chave de acesso (InvalidAccessKeyId): confira S3_ACCESS_KEY_ID.';
    case 'NoSuchBucket':
      return `o bucket "${bucket}" não existe no armazenamento S3 (NoSuchBucket): confira S3_BUCKET.`;
    case 'RequestTimeTooSkewed':
      return 'o relógio deste servidor difere demais do relógio do armazenamento S3 (RequestTimeTooSkewed).';
    case 'AccessDenied':
      return 'o armazenamento S3 negou o acesso (AccessDenied): confira as permissões da chave no bucket.';
    default:
      return `o armazenamento S3 respondeu ${status} (${codigo || 'sem código'})${detalhe ? `: ${detalhe}` : '.'}`;
  }
}

export interface RespostaS3 {
  status: number;
  corpo: Buffer;
  tipo: string | undefined;
}

export class ClienteS3 {
  private readonly base: URL;

  constructor(
    readonly config: ConfigS3,
    /** The clock that dates the signature (tests may move it). */
    private readonly agora: () => Date = () => new Date(),
  ) {
    this.base = new URL(config.endpoint);
  }

  /** Encoded path and host of an object (or of the bucket when `chave` is empty). */
  private destino(chave: string): URL {
    const caminhoChave = chave ? `/${codificarUri(chave, true)}` : '/';
    const url = new URL(this.base.toString());
    if (this.config.estiloCaminho) {
      url.pathname = `/${codificarUri(this.config.bucket)}${chave ? caminhoChave : ''}`;
    } else {
      url.hostname = `${this.config.bucket}.${url.hostname}`;
      url.pathname = caminhoChave;
    }
    url.search = '';
    return url;
  }

  async pedir(
    metodo: 'GET' | 'PUT' | 'DELETE' | 'HEAD',
    chave: string,
    opcoes: { corpo?: Buffer; tipo?: string; consulta?: [string, string][]; aceitar?: number[] } = {},
  ): Promise<RespostaS3> {
    const url = this.destino(chave);
    const consulta = opcoes.consulta ?? [];
    for (const [n, v] of consulta) url.searchParams.append(n, v);
    const corpo = opcoes.corpo ?? Buffer.alloc(0);
    const cabecalhos: Record<string, string> = {
      host: url.host,
      'x-amz-date': dataHoraAmz(this.agora()),
      'x-amz-content-sha256': sha256Hex(corpo),
    };
    if (opcoes.tipo) cabecalhos['content-type'] = opcoes.tipo;
    const { authorization } = assinar(
      // URLSearchParams writes spaces as '+': the query on the wire is rebuilt the way SigV4 encodes it.
      { metodo, caminho: url.pathname, consulta, cabecalhos, hashCorpo: cabecalhos['x-amz-content-sha256']! },
      { chaveAcesso: this.config.chaveAcesso, segredo: this.config.segredo },
      this.config.regiao,
      's3',
    );
    const consultaFio = consulta.map(([n, v]) => `${codificarUri(n)}=${codificarUri(v)}`).join('&');
    const alvo = `${url.origin}${url.pathname}${consultaFio ? `?${consultaFio}` : ''}`;
    const { host: _host, ...enviar } = cabecalhos;
    let resposta: Response;
    try {
      resposta = await fetch(alvo, {
        method: metodo,
        headers: { ...enviar, authorization },
        body: metodo === 'PUT' ? new Uint8Array(corpo) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (erro) {
      const causa = erro instanceof Error ? ((erro.cause as Error | undefined)?.message ?? erro.message) : '';
      throw new ErroS3(`o armazenamento S3 não respondeu em ${this.base.origin} (${causa}).`, 0, 'Rede');
    }
    const bytes = Buffer.from(await resposta.arrayBuffer());
    if (resposta.ok || opcoes.aceitar?.includes(resposta.status)) {
      return {
        status: resposta.status,
        corpo: bytes,
        tipo: resposta.headers.get('content-type') ?? undefined,
      };
    }
    const xml = bytes.toString('utf8');
    // HEAD answers carry no body: the status says enough.
    const codigo =
      tag(xml, 'Code') ??
      (resposta.status === 403 ? 'AccessDenied' : resposta.status === 404 ? 'NoSuchKey' : '');
    throw new ErroS3(
      mensagemErro(resposta.status, codigo, desescapar(tag(xml, 'Message') ?? ''), this.config.bucket),
      resposta.status,
      codigo,
    );
  }

  async putObject(chave: string, corpo: Buffer, tipo = 'application/octet-stream'): Promise<void> {
    await this.pedir('PUT', chave, { corpo, tipo });
  }

  /** The object, or undefined when it does not exist. */
  async getObject(chave: string): Promise<RespostaS3 | undefined> {
    const r = await this.pedir('GET', chave, { aceitar: [404] });
    return r.status === 404 ? undefined : r;
  }

  async existe(chave: string): Promise<boolean> {
    return (await this.pedir('HEAD', chave, { aceitar: [404] })).status !== 404;
  }

  /** S3 answers 204 whether or not the object existed. */
  async deleteObject(chave: string): Promise<void> {
    await this.pedir('DELETE', chave);
  }

  /** Keys that start with `prefixo` (ListObjectsV2, every page). */
  async listar(prefixo: string): Promise<string[]> {
    const chaves: string[] = [];
    let continuacao: string | undefined;
    for (let pagina = 0; pagina < 100; pagina++) {
      const consulta: [string, string][] = [
        ['list-type', '2'],
        ['prefix', prefixo],
      ];
      if (continuacao) consulta.push(['continuation-token', continuacao]);
      const xml = (await this.pedir('GET', '', { consulta })).corpo.toString('utf8');
      for (const m of xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)) chaves.push(desescapar(m[1] ?? ''));
      continuacao = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
      if (!continuacao) break;
    }
    return chaves;
  }
}

/** Upload storage on an S3-compatible bucket (used when S3_ENDPOINT/S3_BUCKET are configured). */
export class ArmazenamentoS3 implements Armazenamento {
  constructor(readonly cliente: ClienteS3) {}

  salvar(chave: string, conteudo: Buffer, tipo?: string): Promise<void> {
    return this.cliente.putObject(chave, conteudo, tipo);
  }

  async remover(chave: string): Promise<boolean> {
    // DELETE answers 204 either way; HEAD first tells what was actually removed.
    if (!(await this.cliente.existe(chave))) return false;
    await this.cliente.deleteObject(chave);
    return true;
  }

  listar(prefixo: string): Promise<string[]> {
    return this.cliente.listar(prefixo);
  }

  async ler(chave: string): Promise<{ conteudo: Buffer; tipo: string | undefined } | undefined> {
    const r = await this.cliente.getObject(chave);
    return r ? { conteudo: r.corpo, tipo: r.tipo } : undefined;
  }
}
