// Self-signed "A1" for the demo store in homologation: the same shape as an e-CNPJ (CN "NAME:CNPJ"),
// made at first use so `npm start` can issue notes against the local SEFAZ simulator. No fiscal value.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export function gerarPfxDemonstracao(
  cnpj: string,
  nome: string,
  senha: string,
  agora = new Date(),
  validadeDias = 365,
): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = `0${agora.getTime().toString(16)}`;
  cert.validity.notBefore = new Date(agora.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(agora.getTime() + validadeDias * 86_400_000);
  const attrs = [
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'ICP-Brasil (DEMONSTRACAO)' },
    { shortName: 'OU', value: 'Certificado PJ A1 de demonstracao - sem valor fiscal' },
    { name: 'commonName', value: `${nome.slice(0, 40).toUpperCase()}:${cnpj}` },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true },
  ]);
  cert.sign(chave, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(chave, [cert], senha, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
