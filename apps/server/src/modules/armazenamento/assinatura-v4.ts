import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// AWS Signature Version 4 (header form), written here instead of pulling the AWS SDK: the S3 client signs
// with it and the local S3 simulator checks with it. Checked against AWS's published vectors in
// test/assinatura-v4.test.ts.

export const ALGORITMO = 'AWS4-HMAC-SHA256';
/** x-amz-content-sha256 of a request whose body is not hashed (the simulator accepts it, as S3 does). */
export const CORPO_NAO_ASSINADO = 'UNSIGNED-PAYLOAD';

export const sha256Hex = (dados: string | Uint8Array): string =>
  createHash('sha256').update(dados).digest('hex');
const hmac = (chave: string | Buffer, dados: string): Buffer =>
  createHmac('sha256', chave).update(dados).digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - . _ ~ are left as they are. */
export function codificarUri(texto: string, manterBarra = false): string {
  let saida = '';
  for (const byte of Buffer.from(texto, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (manterBarra && c === '/')) saida += c;
    else saida += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return saida;
}

/** `20150830T123600Z` */
export const dataHoraAmz = (data: Date): string =>
  data
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface PedidoCanonico {
  metodo: string;
  /** Path already encoded as sent on the wire (S3 does not normalise or re-encode it). */
  caminho: string;
  /** Decoded query parameters; sorted and encoded here. */
  consulta: [string, string][];
  /** Headers to sign, any case; `host` and `x-amz-date` must be among them. */
  cabecalhos: Record<string, string>;
  hashCorpo: string;
}

export interface Credenciais {
  chaveAcesso: string;
  segredo: string;
}

export interface Escopo {
  /** `YYYYMMDD` */
  data: string;
  regiao: string;
  servico: string;
}

const valorCanonico = (valor: string) => valor.trim().replace(/\s+/g, ' ');

export function textoPedidoCanonico(p: PedidoCanonico): { texto: string; assinados: string } {
  const nomes = Object.keys(p.cabecalhos)
    .map((n) => n.toLowerCase())
    .sort();
  const porNome = new Map(Object.entries(p.cabecalhos).map(([n, v]) => [n.toLowerCase(), v]));
  const consulta = p.consulta
    .map(([n, v]) => [codificarUri(n), codificarUri(v)] as const)
    .sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const assinados = nomes.join(';');
  const texto = [
    p.metodo.toUpperCase(),
    p.caminho || '/',
    consulta,
    ...nomes.map((n) => `${n}:${valorCanonico(porNome.get(n) ?? '')}`),
    '',
    assinados,
    p.hashCorpo,
  ].join('\n');
  return { texto, assinados };
}

export const escopoTexto = (e: Escopo) => `${e.data}/${e.regiao}/${e.servico}/aws4_request`;

export function textoAAssinar(dataHora: string, escopo: Escopo, pedidoCanonico: string): string {
  return [ALGORITMO, dataHora, escopoTexto(escopo), sha256Hex(pedidoCanonico)].join('\n');
}

export function chaveAssinatura(segredo: string, escopo: Escopo): Buffer {
  const kData = hmac(`AWS4${segredo}`, escopo.data);
  const kRegiao = hmac(kData, escopo.regiao);
  const kServico = hmac(kRegiao, escopo.servico);
  return hmac(kServico, 'aws4_request');
}

export interface Assinatura {
  authorization: string;
  assinatura: string;
  pedidoCanonico: string;
  textoAAssinar: string;
}

/** Signs a request whose headers already carry `x-amz-date` (and `host`). */
export function assinar(
  pedido: PedidoCanonico,
  credenciais: Credenciais,
  regiao: string,
  servico: string,
): Assinatura {
  const dataHora = Object.entries(pedido.cabecalhos).find(([n]) => n.toLowerCase() === 'x-amz-date')?.[1];
  if (!dataHora || !/^\d{8}T\d{6}Z$/.test(dataHora)) throw new Error('x-amz-date ausente ou inválido');
  const escopo: Escopo = { data: dataHora.slice(0, 8), regiao, servico };
  const { texto, assinados } = textoPedidoCanonico(pedido);
  const aAssinar = textoAAssinar(dataHora, escopo, texto);
  const assinatura = createHmac('sha256', chaveAssinatura(credenciais.segredo, escopo))
    .update(aAssinar)
    .digest('hex');
  return {
    authorization: `${ALGORITMO} Credential=${credenciais.chaveAcesso}/${escopoTexto(escopo)}, SignedHeaders=${assinados}, Signature=${assinatura}`,
    assinatura,
    pedidoCanonico: texto,
    textoAAssinar: aAssinar,
  };
}

export interface AutorizacaoLida {
  chaveAcesso: string;
  escopo: Escopo;
  assinados: string[];
  assinatura: string;
}

/** Reads an `Authorization: AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...` header. */
export function lerAutorizacao(valor: string | undefined): AutorizacaoLida | undefined {
  if (!valor?.startsWith(`${ALGORITMO} `)) return undefined;
  const partes = new Map<string, string>();
  for (const p of valor.slice(ALGORITMO.length + 1).split(',')) {
    const i = p.indexOf('=');
    if (i > 0) partes.set(p.slice(0, i).trim(), p.slice(i + 1).trim());
  }
  const credencial = partes.get('Credential')?.split('/');
  const assinados = partes.get('SignedHeaders')?.split(';');
  const assinatura = partes.get('Signature');
  if (credencial?.length !== 5 || credencial[4] !== 'aws4_request' || !assinados || !assinatura)
    return undefined;
  const [chaveAcesso, data, regiao, servico] = credencial as [string, string, string, string];
  return { chaveAcesso, escopo: { data, regiao, servico }, assinados, assinatura };
}

/** Constant-time comparison of two hex signatures. */
export function assinaturasIguais(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
