// Enveloped XML-DSig as the NF-e manual (MOC 4.00, item 4.4) requires: C14N 1.0 (inclusive, without
// comments), RSA-SHA1, SHA-1 digest, Reference URI "#Id", KeyInfo with the X509 certificate only.
//
// Speed: every document this package produces is written in canonical form (attributes in C14N
// order, no blanks between tags, no empty-element tags, text escaped as C14N does). C14N of the
// referenced element is then that text plus the inherited default namespace, so signing is
// one SHA-1, one RSA operation and string concatenation. `canonizar` normalises the few things a
// third-party pretty-printed document may have (XML declaration, blanks between tags, `<a/>`).

import { createHash, sign, verify } from 'node:crypto';
import type { CertificadoA1 } from './certificado.ts';

export const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export class ErroAssinatura extends Error {
  override name = 'ErroAssinatura';
}

/** Light normalisation of our own (or simple) XML: the text becomes its C14N form. */
export function canonizar(xml: string): string {
  let s = xml.replace(/^\uFEFF/, '').replace(/<\?xml[^?]*\?>/, '');
  s = s.replace(/>\s+</g, '><').trim();
  s = s.replace(/<([A-Za-z_][\w:.-]*)((?:\s+[^\s=>]+="[^"]*")*)\s*\/>/g, '<$1$2></$1>');
  return s;
}

/** Finds `<tag ... Id="...">...</tag>`; returns its bounds and Id. */
function localizar(xml: string, tag: string): { inicio: number; fim: number; id: string } {
  const inicio = xml.indexOf(`<${tag} `);
  if (inicio < 0) throw new ErroAssinatura(`Elemento ${tag} não encontrado para assinar`);
  const fechaAbertura = xml.indexOf('>', inicio);
  const abertura = xml.slice(inicio, fechaAbertura);
  const mId = /\sId="([^"]+)"/.exec(abertura);
  if (!mId?.[1]) throw new ErroAssinatura(`Elemento ${tag} sem atributo Id`);
  const fechamento = `</${tag}>`;
  const fim = xml.indexOf(fechamento, fechaAbertura);
  if (fim < 0) throw new ErroAssinatura(`Elemento ${tag} sem fechamento`);
  return { inicio, fim: fim + fechamento.length, id: mId[1] };
}

/**
 * C14N of an element written in canonical form, adding the inherited default namespace to its start tag
 * (namespace declarations first, then the attributes sorted by name, as C14N orders them).
 */
export function canonizarElemento(elemento: string, namespace: string): string {
  const fimNome = elemento.search(/[\s>]/);
  const nome = elemento.slice(1, fimNome);
  const fimAbertura = elemento.indexOf('>');
  const attrs = elemento.slice(fimNome, fimAbertura).trim();
  const lista: [string, string][] = [];
  for (const m of attrs.matchAll(/([^\s=]+)="([^"]*)"/g)) {
    if (m[1] !== 'xmlns') lista.push([m[1] as string, m[2] as string]);
  }
  lista.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let abertura = `<${nome} xmlns="${namespace}"`;
  for (const [k, v] of lista) abertura += ` ${k}="${v}"`;
  return `${abertura}>${elemento.slice(fimAbertura + 1)}`;
}

export function signedInfo(id: string, digest: string): string {
  return (
    `<SignedInfo xmlns="${NS_DSIG}"><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${NS_DSIG}rsa-sha1"></SignatureMethod><Reference URI="#${id}"><Transforms>` +
    `<Transform Algorithm="${NS_DSIG}enveloped-signature"></Transform><Transform Algorithm="${C14N}"></Transform>` +
    `</Transforms><DigestMethod Algorithm="${NS_DSIG}sha1"></DigestMethod><DigestValue>${digest}</DigestValue>` +
    '</Reference></SignedInfo>'
  );
}

export interface ResultadoAssinatura {
  /** The `<Signature>` element. */
  assinatura: string;
  digestValue: string;
  signatureValue: string;
}

/** Signs one canonical element (already extracted) whose Id is `id`; `namespace` is its in-scope default. */
export function assinarElemento(
  elemento: string,
  id: string,
  namespace: string,
  cert: CertificadoA1,
): ResultadoAssinatura {
  const digestValue = createHash('sha1').update(canonizarElemento(elemento, namespace)).digest('base64');
  const si = signedInfo(id, digestValue);
  const signatureValue = sign('sha1', Buffer.from(si), cert.chavePrivada).toString('base64');
  const assinatura =
    `<Signature xmlns="${NS_DSIG}">${si.replace(` xmlns="${NS_DSIG}"`, '')}` +
    `<SignatureValue>${signatureValue}</SignatureValue><KeyInfo><X509Data><X509Certificate>` +
    `${cert.certificadoBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return { assinatura, digestValue, signatureValue };
}

/**
 * Signs the element `tag` (infNFe, infEvento, infInut) of `xml` and inserts the Signature right after it,
 * as the NF-e schemas place it. `namespace` is the default namespace in scope (the NF-e one).
 */
export function assinarXml(
  xml: string,
  tag: string,
  cert: CertificadoA1,
  namespace = 'http://www.portalfiscal.inf.br/nfe',
): { xml: string; digestValue: string; signatureValue: string } {
  const doc = canonizar(xml);
  const { inicio, fim, id } = localizar(doc, tag);
  const r = assinarElemento(doc.slice(inicio, fim), id, namespace, cert);
  return {
    xml: doc.slice(0, fim) + r.assinatura + doc.slice(fim),
    digestValue: r.digestValue,
    signatureValue: r.signatureValue,
  };
}

/**
 * Checks a signature made by this package (or any document in the same canonical shape): recomputes
 * the digest of the referenced element and verifies SignatureValue with the embedded certificate.
 * Used by the simulator; the tests cross-check with xml-crypto and xmlsec1.
 */
export function verificarAssinatura(
  xml: string,
  tag: string,
  namespace = 'http://www.portalfiscal.inf.br/nfe',
): { valida: boolean; motivo?: string; certificadoBase64?: string } {
  try {
    const doc = canonizar(xml);
    const { inicio, fim, id } = localizar(doc, tag);
    const digest = createHash('sha1')
      .update(canonizarElemento(doc.slice(inicio, fim), namespace))
      .digest('base64');
    const resto = doc.slice(fim);
    const mRef = /<Reference URI="#([^"]+)"/.exec(resto);
    const mDigest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(resto);
    const mSig = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(resto);
    const mCert = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(resto);
    if (!mRef || !mDigest?.[1] || !mSig?.[1] || !mCert?.[1])
      return { valida: false, motivo: 'Assinatura ausente' };
    if (mRef[1] !== id) return { valida: false, motivo: 'Reference URI difere do Id' };
    if (mDigest[1] !== digest) return { valida: false, motivo: 'DigestValue difere do calculado' };
    const certificadoBase64 = mCert[1].replace(/\s+/g, '');
    const pem = `-----BEGIN CERTIFICATE-----\n${certificadoBase64.replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
    const ok = verify(
      'sha1',
      Buffer.from(signedInfo(id, digest)),
      pem,
      Buffer.from(mSig[1].replace(/\s+/g, ''), 'base64'),
    );
    return ok
      ? { valida: true, certificadoBase64 }
      : { valida: false, motivo: 'Assinatura difere do calculado' };
  } catch (e) {
    return { valida: false, motivo: (e as Error).message };
  }
}
