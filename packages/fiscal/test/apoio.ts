// Test support: a self-signed A1 certificate generated at test time (node-forge, CNPJ in the subject),
// sample sale data and the path of the fiscal reference fixtures (fixtures/fiscal-ref/SOURCES.md).
import { generateKeyPairSync } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import forge from 'node-forge';
import { type CertificadoA1, carregarCertificadoA1 } from '../src/certificado.ts';
import type { DadosNfce, ItemNfce } from '../src/tipos.ts';

export const FISCAL_REF = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures/fiscal-ref');
export const CNPJ_TESTE = '11222333000181';
export const SENHA_PFX = 'senha-teste';

export interface CertificadoTeste {
  pfx: Buffer;
  senha: string;
  certificado: CertificadoA1;
}

let cache: CertificadoTeste | undefined;

/** Self-signed e-CNPJ-like certificate: CN "EMPRESA TESTE LTDA:11222333000181", as a 3DES PKCS#12. */
export function gerarCertificadoTeste(cnpj = CNPJ_TESTE): CertificadoTeste {
  if (cache && cnpj === CNPJ_TESTE) return cache;
  // node:crypto makes the RSA key (fast); node-forge builds and self-signs the X.509 and the .pfx.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const pub = forge.pki.setRsaPublicKey(chave.n, chave.e);
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Certificado PJ A1 de teste' },
    { name: 'commonName', value: `EMPRESA TESTE LTDA:${cnpj}` },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
  ]);
  cert.sign(chave, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(chave, [cert], SENHA_PFX, { algorithm: '3des' });
  const pfx = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
  const r = { pfx, senha: SENHA_PFX, certificado: carregarCertificadoA1(pfx, SENHA_PFX) };
  if (cnpj === CNPJ_TESTE) cache = r;
  return r;
}

export function itemTeste(n: number, over: Partial<ItemNfce> = {}): ItemNfce {
  return {
    cProd: `P${n}`,
    cEAN: '7891000100103',
    xProd: `Produto ${n} & cia <especial>`,
    NCM: '21069090',
    CFOP: '5102',
    uCom: 'UN',
    qCom: '2',
    vUnCom: '10.335',
    imposto: {
      origem: 0,
      icms: { CSOSN: '102' },
      pis: { CST: '49' },
      cofins: { CST: '49' },
      vTotTrib: '3.10',
    },
    ...over,
  };
}

/** A 20-item counter sale of a Simples Nacional store in SP, homologação. */
export function dadosTeste(over: Partial<DadosNfce> = {}, itens = 20): DadosNfce {
  const lista = Array.from({ length: itens }, (_, i) => itemTeste(i + 1));
  return {
    emitente: {
      CNPJ: CNPJ_TESTE,
      xNome: 'Empresa Teste Ltda',
      xFant: 'Loja Centro',
      IE: '111111111111',
      CRT: 1,
      endereco: {
        xLgr: 'Rua das Flores',
        nro: '100',
        xBairro: 'Centro',
        cMun: '3550308',
        xMun: 'São Paulo',
        uf: 'SP',
        CEP: '01001-000',
        fone: '1133334444',
      },
    },
    itens: lista,
    pagamentos: [{ tPag: '01', vPag: '500.00' }],
    tpAmb: 2,
    serie: 1,
    nNF: 1234,
    dhEmi: '2026-11-21T10:30:00-03:00',
    // Not in NT 2019.001's forbidden list (12345678 and the like give 897 at SEFAZ).
    cNF: '52816374',
    csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
    responsavelTecnico: {
      CNPJ: '11222333000181',
      xContato: 'Suporte',
      email: 'suporte@exemplo.com.br',
      fone: '11999990000',
    },
    ...over,
  };
}

/** The same sale issued now: what a SEFAZ (or the simulator) accepts online (704 beyond 5 minutes). */
export function dadosAgora(over: Partial<DadosNfce> = {}, itens = 20): DadosNfce {
  return dadosTeste({ dhEmi: new Date(), ...over }, itens);
}
