// Self-signed TLS certificate for the simulator, generated at start (RSA key by node:crypto, X.509 by node-forge).
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export function gerarCertificadoServidor(host = 'localhost'): { chavePem: string; certificadoPem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chavePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const chave = forge.pki.privateKeyFromPem(chavePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = `0${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: host },
    { name: 'organizationName', value: 'Simulador SEFAZ (desenvolvimento)' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: host },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(chave, forge.md.sha256.create());
  return { chavePem, certificadoPem: forge.pki.certificateToPem(cert) };
}
