import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  assinaturasIguais,
  CORPO_NAO_ASSINADO,
  chaveAssinatura,
  lerAutorizacao,
  sha256Hex,
  textoAAssinar,
  textoPedidoCanonico,
} from '../modules/armazenamento/assinatura-v4.ts';

// A local stand-in for an S3-compatible service (path-style URLs: /{bucket}/{key}), for tests and demos
// where no bucket can be reached. It speaks the REST protocol the storage client uses (PUT, GET, HEAD and
// DELETE object, ListObjectsV2) and checks every request's SigV4 signature like S3 does: an unknown key is
// refused with 403 InvalidAccessKeyId, a wrong secret with 403 SignatureDoesNotMatch, a body that does not
// match x-amz-content-sha256 with 400 XAmzContentSHA256Mismatch. Objects live in memory.

export interface ObjetoS3 {
  corpo: Buffer;
  tipo: string;
}

export interface OpcoesSimuladorS3 {
  porta?: number;
  regiao?: string;
  buckets?: string[];
  /** Access key id -> secret. */
  credenciais?: Record<string, string>;
  /** Anonymous GET of objects (a public-read bucket); off by default. */
  leituraPublica?: boolean;
}

export const CREDENCIAIS_DEMO_S3 = { chaveAcesso: 'SIMULADORS3DEMO', segredo: 'segredo-do-simulador-s3' };

const escapar = (x: string) =>
  x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Node decodes nothing: the raw query is split and decoded here (S3 reads '+' as a literal plus).
function lerConsulta(bruta: string): [string, string][] {
  if (!bruta) return [];
  return bruta.split('&').map((par) => {
    const i = par.indexOf('=');
    const nome = i < 0 ? par : par.slice(0, i);
    const valor = i < 0 ? '' : par.slice(i + 1);
    return [decodeURIComponent(nome), decodeURIComponent(valor)];
  });
}

export async function iniciarSimuladorS3(opcoes: OpcoesSimuladorS3 = {}) {
  const regiao = opcoes.regiao ?? 'us-east-1';
  const credenciais = opcoes.credenciais ?? {
    [CREDENCIAIS_DEMO_S3.chaveAcesso]: CREDENCIAIS_DEMO_S3.segredo,
  };
  const buckets = new Map<string, Map<string, ObjetoS3>>(
    (opcoes.buckets ?? ['retaguarda']).map((b) => [b, new Map()]),
  );
  /** Keys whose PUT fails with 500 InternalError (a fault in the middle of an upload). */
  let falhar: (chave: string) => boolean = () => false;
  /** Every request seen, refused ones included (tests assert what reached the service). */
  const pedidos: { metodo: string; caminho: string; status: number; codigo?: string }[] = [];

  const servidor = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const corpo = Buffer.concat(partes);
      const metodo = req.method ?? 'GET';
      const bruta = req.url ?? '/';
      const q = bruta.indexOf('?');
      const caminho = q < 0 ? bruta : bruta.slice(0, q);
      const consulta = lerConsulta(q < 0 ? '' : bruta.slice(q + 1));
      const registrar = (status: number, codigo?: string) =>
        pedidos.push({ metodo, caminho, status, codigo });

      const erro = (status: number, codigo: string, mensagem: string) => {
        registrar(status, codigo);
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${codigo}</Code><Message>${escapar(mensagem)}</Message><Resource>${escapar(caminho)}</Resource><RequestId>simulador</RequestId></Error>`;
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(metodo === 'HEAD' ? undefined : xml);
      };

      const [, bucketCodificado = '', ...resto] = caminho.split('/');
      const bucket = decodeURIComponent(bucketCodificado);
      const chave = decodeURIComponent(resto.join('/'));
      const objetos = buckets.get(bucket);

      // Authentication, as S3 does it for the header form of SigV4.
      const autorizacao = lerAutorizacao(req.headers.authorization);
      const anonimo = !req.headers.authorization;
      if (anonimo) {
        if (!(opcoes.leituraPublica && (metodo === 'GET' || metodo === 'HEAD') && chave)) {
          return erro(403, 'AccessDenied', 'Access Denied');
        }
      } else {
        if (!autorizacao)
          return erro(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
        const segredo = credenciais[autorizacao.chaveAcesso];
        if (segredo === undefined) {
          return erro(
            403,
            'InvalidAccessKeyId',
            'The AWS Access Key Id you provided does not exist in our records.',
          );
        }
        if (autorizacao.escopo.regiao !== regiao || autorizacao.escopo.servico !== 's3') {
          return erro(
            400,
            'AuthorizationHeaderMalformed',
            `The authorization header is malformed; the region '${autorizacao.escopo.regiao}' is wrong; expecting '${regiao}'`,
          );
        }
        const dataHora = String(req.headers['x-amz-date'] ?? '');
        const instante = Date.parse(
          dataHora.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
        );
        if (!autorizacao.assinados.includes('host') || !autorizacao.assinados.includes('x-amz-date')) {
          return erro(403, 'AccessDenied', 'host and x-amz-date must be signed');
        }
        if (Number.isNaN(instante) || dataHora.slice(0, 8) !== autorizacao.escopo.data) {
          return erro(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
        }
        if (Math.abs(Date.now() - instante) > 15 * 60_000) {
          return erro(
            403,
            'RequestTimeTooSkewed',
            'The difference between the request time and the current time is too large.',
          );
        }
        const hashCorpo = String(req.headers['x-amz-content-sha256'] ?? '');
        if (!hashCorpo)
          return erro(
            400,
            'InvalidRequest',
            'Missing required header for this request: x-amz-content-sha256',
          );
        if (hashCorpo !== CORPO_NAO_ASSINADO && hashCorpo !== sha256Hex(corpo)) {
          return erro(
            400,
            'XAmzContentSHA256Mismatch',
            "The provided 'x-amz-content-sha256' header does not match what was computed.",
          );
        }
        const cabecalhos: Record<string, string> = {};
        for (const nome of autorizacao.assinados) {
          const valor = req.headers[nome];
          cabecalhos[nome] = Array.isArray(valor) ? valor.join(',') : (valor ?? '');
        }
        const { texto } = textoPedidoCanonico({ metodo, caminho, consulta, cabecalhos, hashCorpo });
        const esperada = createHmac('sha256', chaveAssinatura(segredo, autorizacao.escopo))
          .update(textoAAssinar(dataHora, autorizacao.escopo, texto))
          .digest('hex');
        if (!assinaturasIguais(esperada, autorizacao.assinatura)) {
          return erro(
            403,
            'SignatureDoesNotMatch',
            'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
          );
        }
      }

      if (!objetos) return erro(404, 'NoSuchBucket', 'The specified bucket does not exist');

      if (!chave) {
        // ListObjectsV2 (the only bucket operation the client uses).
        const parametros = new Map(consulta);
        if (metodo !== 'GET' || parametros.get('list-type') !== '2') {
          return erro(501, 'NotImplemented', 'Only ListObjectsV2 is simulated on a bucket');
        }
        const prefixo = parametros.get('prefix') ?? '';
        const maximo = Math.min(Number(parametros.get('max-keys') ?? 1000) || 1000, 1000);
        const inicio = parametros.get('continuation-token') ?? '';
        const todas = [...objetos.keys()].filter((k) => k.startsWith(prefixo) && k > inicio).sort();
        const pagina = todas.slice(0, maximo);
        const truncado = todas.length > pagina.length;
        const xml = [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
          `<Name>${escapar(bucket)}</Name><Prefix>${escapar(prefixo)}</Prefix><KeyCount>${pagina.length}</KeyCount>`,
          `<MaxKeys>${maximo}</MaxKeys><IsTruncated>${truncado}</IsTruncated>`,
          truncado ? `<NextContinuationToken>${escapar(pagina.at(-1) ?? '')}</NextContinuationToken>` : '',
          ...pagina.map(
            (k) =>
              `<Contents><Key>${escapar(k)}</Key><Size>${objetos.get(k)?.corpo.length ?? 0}</Size></Contents>`,
          ),
          '</ListBucketResult>',
        ].join('');
        registrar(200);
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(xml);
      }

      switch (metodo) {
        case 'PUT': {
          if (falhar(chave))
            return erro(500, 'InternalError', 'We encountered an internal error. Please try again.');
          objetos.set(chave, {
            corpo,
            tipo: String(req.headers['content-type'] ?? 'application/octet-stream'),
          });
          registrar(200);
          res.writeHead(200, { etag: `"${sha256Hex(corpo).slice(0, 32)}"` });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          const objeto = objetos.get(chave);
          if (!objeto) return erro(404, 'NoSuchKey', 'The specified key does not exist.');
          registrar(200);
          res.writeHead(200, { 'content-type': objeto.tipo, 'content-length': objeto.corpo.length });
          return res.end(metodo === 'GET' ? objeto.corpo : undefined);
        }
        case 'DELETE': {
          objetos.delete(chave);
          registrar(204);
          res.writeHead(204);
          return res.end();
        }
        default:
          return erro(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    });
  });
  await new Promise<void>((resolve) => servidor.listen(opcoes.porta ?? 0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    regiao,
    /** Objects of a bucket (the test's view of what was recorded). */
    objetos: (bucket = 'retaguarda') => buckets.get(bucket) ?? new Map<string, ObjetoS3>(),
    pedidos,
    falharPutDe(regra: (chave: string) => boolean) {
      falhar = regra;
    },
    fechar: () =>
      new Promise<void>((resolve) => {
        servidor.closeAllConnections();
        servidor.close(() => resolve());
      }),
  };
}

export type SimuladorS3 = Awaited<ReturnType<typeof iniciarSimuladorS3>>;
