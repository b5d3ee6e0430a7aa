// A1 certificate (PKCS#12 / .pfx). node-forge reads the container once (it understands the legacy
// RC2/3DES encryptions that OpenSSL 3 refuses by default); signing then uses node:crypto KeyObjects.

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { dataHoraLegivel } from './datas.ts';

export interface CertificadoA1 {
  /** Private key for node:crypto signing. */
  chavePrivada: KeyObject;
  chavePublica: KeyObject;
  /** PEM of the key and certificate, for the mutual-TLS agent. */
  chavePem: string;
  certificadoPem: string;
  /** Base64 DER of the certificate, for ds:X509Certificate. */
  certificadoBase64: string;
  /** CNPJ (or CPF) found in the subject CN ("NAME:CNPJ") or in the ICP-Brasil OID 2.16.76.1.3.3. */
  documento: string | null;
  titular: string;
  validoDe: Date;
  validoAte: Date;
}

export class ErroCertificado extends Error {
  override name = 'ErroCertificado';
}

const OID_CNPJ_ICP = '2.16.76.1.3.3';

const ABRIR = 'Não foi possível abrir o certificado A1:';
/** What the person uploading an A1 reads: the reason and the fix, in pt-BR (issue 15 point 8). */
export const MENSAGENS_CERTIFICADO = {
  senha: `${ABRIR} senha incorreta. Confira a senha entregue com o arquivo .pfx (maiúsculas e minúsculas contam) e envie de novo.`,
  danificado: `${ABRIR} o arquivo está danificado ou não é um certificado .pfx/.p12. Exporte o certificado de novo, com a chave privada, e envie o arquivo .pfx.`,
  senhaOuArquivo: `${ABRIR} a senha não confere com o arquivo ou o arquivo está danificado. Confira a senha e, se estiver certa, exporte o certificado de novo (.pfx com a chave privada).`,
  naoSuportado: `${ABRIR} o arquivo usa uma criptografia não suportada. Exporte o certificado de novo como .pfx (PKCS#12) com a chave privada.`,
  semChave: `${ABRIR} o arquivo não contém a chave privada. Exporte o certificado de novo marcando "exportar a chave privada" e envie o arquivo .pfx.`,
  semCertificado: `${ABRIR} o arquivo não contém o certificado da chave privada. Exporte o certificado de novo, com a cadeia completa, e envie o arquivo .pfx.`,
  foraDaValidade: (de: Date, ate: Date) =>
    `Certificado digital fora da validade (de ${dataHoraLegivel(de)} a ${dataHoraLegivel(ate)}, horário de Brasília). ` +
    'Renove o certificado A1 com a Autoridade Certificadora e envie o novo arquivo .pfx.',
} as const;

/** Loads a PKCS#12 file content (Buffer) protected by `senha`. */
export function carregarCertificadoA1(pfx: Uint8Array, senha: string): CertificadoA1 {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));
  } catch {
    throw new ErroCertificado(MENSAGENS_CERTIFICADO.danificado);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, senha);
  } catch (e) {
    // node-forge speaks English ("PKCS#12 MAC could not be verified. Invalid password?"): say it in pt-BR.
    const m = (e as Error).message;
    if (/password|MAC/i.test(m)) throw new ErroCertificado(MENSAGENS_CERTIFICADO.senha);
    if (/unsupported|not supported/i.test(m)) throw new ErroCertificado(MENSAGENS_CERTIFICADO.naoSuportado);
    if (/PKCS#12|PFX/.test(m)) throw new ErroCertificado(MENSAGENS_CERTIFICADO.danificado);
    throw new ErroCertificado(MENSAGENS_CERTIFICADO.senhaOuArquivo);
  }
  const oidChave = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const oidChaveSimples = forge.pki.oids.keyBag as string;
  const oidCert = forge.pki.oids.certBag as string;
  const chaves = p12.getBags({ bagType: oidChave })[oidChave] ?? [];
  const chavesSimples = p12.getBags({ bagType: oidChaveSimples })[oidChaveSimples] ?? [];
  const bagChave = chaves[0] ?? chavesSimples[0];
  const certs: forge.pkcs12.Bag[] = p12.getBags({ bagType: oidCert })[oidCert] ?? [];
  if (!bagChave?.key) throw new ErroCertificado(MENSAGENS_CERTIFICADO.semChave);
  const chaveForge = bagChave.key as forge.pki.rsa.PrivateKey;
  // The end-entity certificate is the one whose public key matches the private key.
  const cert = certs
    .map((b: forge.pkcs12.Bag) => b.cert)
    .find((c: forge.pki.Certificate | undefined): c is forge.pki.Certificate => {
      if (!c) return false;
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return pub.n.equals(chaveForge.n);
    });
  if (!cert) throw new ErroCertificado(MENSAGENS_CERTIFICADO.semCertificado);
  const chavePem = forge.pki.privateKeyToPem(chaveForge);
  const certificadoPem = forge.pki.certificateToPem(cert);
  const certificadoBase64 = forge.util.encode64(
    forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(),
  );
  const cn = String(cert.subject.getField('CN')?.value ?? '');
  let documento: string | null = null;
  const mCn = /:([0-9A-Z]{14}|\d{11})$/.exec(cn);
  if (mCn?.[1]) documento = mCn[1];
  if (!documento) {
    const campo = cert.subject.attributes.find((a: forge.pki.CertificateField) => a.type === OID_CNPJ_ICP);
    if (campo?.value) documento = String(campo.value);
  }
  const chavePrivada = createPrivateKey(chavePem);
  return {
    chavePrivada,
    chavePublica: createPublicKey(certificadoPem),
    chavePem,
    certificadoPem,
    certificadoBase64,
    documento,
    titular: cn,
    validoDe: cert.validity.notBefore,
    validoAte: cert.validity.notAfter,
  };
}

/** Throws when the certificate is out of its validity window at `agora`. */
export function verificarValidade(cert: CertificadoA1, agora: Date): void {
  if (agora < cert.validoDe || agora > cert.validoAte) {
    throw new ErroCertificado(MENSAGENS_CERTIFICADO.foraDaValidade(cert.validoDe, cert.validoAte));
  }
}
