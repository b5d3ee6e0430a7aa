// Independent signature checks: xml-crypto (JS) and xmlsec1 (Debian package `xmlsec1`, C/libxml2).
// xmlsec1 is REQUIRED: when missing, the tests that call it fail (CI must `apt-get install -y xmlsec1`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';

export function verificarComXmlCrypto(xml: string, certificadoPem: string): boolean {
  const assinaturas = [
    ...xml.matchAll(/<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*?<\/Signature>/g),
  ];
  if (assinaturas.length === 0) return false;
  return assinaturas.every((m) => {
    const s = new SignedXml({ publicCert: certificadoPem });
    s.loadSignature(m[0]);
    return s.checkSignature(xml);
  });
}

/** Runs `xmlsec1 --verify`; returns true on "OK", false on a failed verification, throws if xmlsec1 is absent. */
export function verificarComXmlsec1(xml: string, certificadoPem: string, elemento: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'xmlsec-'));
  const arq = join(dir, 'doc.xml');
  const pem = join(dir, 'cert.pem');
  writeFileSync(arq, xml);
  writeFileSync(pem, certificadoPem);
  try {
    execFileSync(
      'xmlsec1',
      [
        '--verify',
        '--pubkey-cert-pem',
        pem,
        '--id-attr:Id',
        `http://www.portalfiscal.inf.br/nfe:${elemento}`,
        arq,
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { status?: number };
    if (err.code === 'ENOENT') throw new Error('xmlsec1 não instalado: apt-get install -y xmlsec1');
    return false;
  }
}
