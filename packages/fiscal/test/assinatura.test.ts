import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assinarXml, canonizar, canonizarElemento, verificarAssinatura } from '../src/assinatura.ts';
import { carregarCertificadoA1 } from '../src/certificado.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { CNPJ_TESTE, dadosTeste, FISCAL_REF, gerarCertificadoTeste } from './apoio.ts';
import { verificarComXmlCrypto, verificarComXmlsec1 } from './verificadores.ts';

describe('assinatura XML-DSig', () => {
  const teste = gerarCertificadoTeste();
  const cert = teste.certificado;

  it('lê o PKCS#12 gerado com o CNPJ do titular', () => {
    const c = carregarCertificadoA1(teste.pfx, teste.senha);
    expect(c.documento).toBe(CNPJ_TESTE);
    expect(c.certificadoBase64.length).toBeGreaterThan(500);
    expect(() => carregarCertificadoA1(teste.pfx, 'errada')).toThrow(
      'Não foi possível abrir o certificado A1',
    );
  });

  it('NFC-e assinada verifica no xml-crypto e no xmlsec1', () => {
    const n = gerarNfce(dadosTeste(), cert);
    expect(n.xml).toContain(`<Reference URI="#NFe${n.chave}">`);
    expect(verificarComXmlCrypto(n.xml, cert.certificadoPem)).toBe(true);
    expect(verificarComXmlsec1(n.xml, cert.certificadoPem, 'infNFe')).toBe(true);
    expect(verificarAssinatura(n.xml, 'infNFe').valida).toBe(true);
  });

  it('assinatura também verifica com o documento reformatado (pretty-print) pelo xmlsec1', () => {
    const n = gerarNfce(dadosTeste({ nNF: 77 }), cert);
    // Blanks only between infNFe's siblings do not change the digest of infNFe.
    const bonito = n.xml.replace('<infNFeSupl>', '\n  <infNFeSupl>').replace('<Signature', '\n  <Signature');
    expect(verificarComXmlsec1(bonito, cert.certificadoPem, 'infNFe')).toBe(true);
  });

  it('documento adulterado não verifica (xml-crypto, xmlsec1 e o verificador interno)', () => {
    const n = gerarNfce(dadosTeste(), cert);
    const adulterado = n.xml.replace('<vNF>413.40</vNF>', '<vNF>1.00</vNF>');
    expect(adulterado).not.toBe(n.xml);
    expect(verificarComXmlCrypto(adulterado, cert.certificadoPem)).toBe(false);
    expect(verificarComXmlsec1(adulterado, cert.certificadoPem, 'infNFe')).toBe(false);
    expect(verificarAssinatura(adulterado, 'infNFe')).toMatchObject({
      valida: false,
      motivo: 'DigestValue difere do calculado',
    });
  });

  it('assinarXml assina documento de terceiros reformatado (amostra de inutilização sem a assinatura)', () => {
    const xml = readFileSync(
      join(FISCAL_REF, 'samples/inutilizacao/sped-nfe__exemplo_xml_inutiliza.xml'),
      'utf8',
    );
    const semAssinatura = xml.replace(/<Signature[\s\S]*<\/Signature>/, '');
    const inut = /<inutNFe[\s\S]*<\/inutNFe>/.exec(semAssinatura)?.[0] ?? '';
    const r = assinarXml(inut, 'infInut', cert);
    // Same canonical content as the original, so the same digest as the real sample
    expect(r.digestValue).toBe('aDoDrwNJalOdH93K2A/F8CMqlE8=');
    expect(verificarComXmlsec1(r.xml, cert.certificadoPem, 'infInut')).toBe(true);
    expect(verificarComXmlCrypto(r.xml, cert.certificadoPem)).toBe(true);
  });

  it('nossa C14N reproduz o DigestValue real da amostra de inutilização', () => {
    const xml = readFileSync(
      join(FISCAL_REF, 'samples/inutilizacao/sped-nfe__exemplo_xml_inutiliza.xml'),
      'utf8',
    );
    const doc = canonizar(xml);
    const ini = doc.indexOf('<infInut ');
    const fim = doc.indexOf('</infInut>') + '</infInut>'.length;
    const el = canonizarElemento(doc.slice(ini, fim), 'http://www.portalfiscal.inf.br/nfe');
    expect(createHash('sha1').update(el).digest('base64')).toBe('aDoDrwNJalOdH93K2A/F8CMqlE8=');
  });
});
