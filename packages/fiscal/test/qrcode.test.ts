import { createHash, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { urlConsultaChave, urlQrCode, urlWebservice } from '../src/dados/sefaz.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { montarQrCode } from '../src/qrcode.ts';
import { validarXsd } from '../src/xsd.ts';
import { dadosTeste, FISCAL_REF, gerarCertificadoTeste } from './apoio.ts';

const amostra = (f: string) => readFileSync(join(FISCAL_REF, 'samples/nfce', f), 'utf8');
const qrDe = (xml: string) => /<qrCode>([^<]+)<\/qrCode>/.exec(xml)?.[1] ?? '';
const urlChaveDe = (xml: string) => /<urlChave>([^<]+)<\/urlChave>/.exec(xml)?.[1] ?? '';
/** Shape of a QR text: base URL, then the '|' separated fields with their lengths/kinds. */
function forma(qr: string): string {
  const [url, p] = qr.split('?p=');
  const campos = (p ?? '')
    .split('|')
    .map((c) =>
      /^\d+$/.test(c)
        ? `d${c.length}`
        : /^[0-9A-F]{40}$/.test(c)
          ? 'H40'
          : /^[0-9a-f]+$/.test(c)
            ? `h${c.length}`
            : /^\d+\.\d{2}$/.test(c)
              ? 'v'
              : 'x',
    );
  return `${(url ?? '').replace(/^(https?:\/\/[^/]+).*$/, '$1')}|${campos.join('|')}`;
}

describe('QR Code e URLs da NFC-e', () => {
  const cert = gerarCertificadoTeste().certificado;

  it('v2 on-line tem a mesma forma da amostra real RS e o hash SHA-1 com o CSC', () => {
    const real = qrDe(amostra('sped-nfe__exemplo_xml_envia_lote_modelo_65.xml'));
    const d = dadosTeste({ versaoQrCode: 2 });
    d.emitente.endereco.uf = 'RS';
    d.emitente.endereco.cMun = '4314902';
    const n = gerarNfce(d, cert);
    expect(n.qrCode.startsWith('https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=')).toBe(true);
    expect(real.startsWith('https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=')).toBe(true);
    expect(forma(n.qrCode)).toBe(forma(real));
    const p = n.qrCode.split('?p=')[1] ?? '';
    const semHash = p.slice(0, p.lastIndexOf('|'));
    expect(semHash).toBe(`${n.chave}|2|2|1`);
    const esperado = createHash('sha1')
      .update(`${semHash}CSC-DE-TESTE-0123456789`)
      .digest('hex')
      .toUpperCase();
    expect(p.endsWith(`|${esperado}`)).toBe(true);
    expect(n.urlChave).toBe(urlChaveDe(amostra('sped-nfe__exemplo_xml_envia_lote_modelo_65.xml')));
  });

  it('v2 off-line tem a forma da amostra real BA (dia, vNF, digVal em hex, token, hash)', () => {
    const realXml = amostra('sped-nfe__nfce_com_qrcode.xml');
    const real = qrDe(realXml);
    const d = dadosTeste({
      versaoQrCode: 2,
      tpEmis: 9,
      contingencia: { dhCont: '2026-11-21T10:00:00-03:00', xJust: 'Falha de comunicacao com a SEFAZ' },
    });
    d.emitente.endereco.uf = 'BA';
    const n = gerarNfce(d, cert);
    expect(forma(n.qrCode)).toBe(forma(real));
    expect(n.qrCode.startsWith('http://hnfe.sefaz.ba.gov.br/')).toBe(true);
    const campos = (n.qrCode.split('?p=')[1] ?? '').split('|');
    expect(campos.slice(1, 5)).toEqual(['2', '2', '21', '413.40']);
    expect(Buffer.from(campos[5] ?? '', 'hex').toString()).toBe(n.digestValue);
    // Same rule in the real sample: the hex decodes to its own DigestValue
    const dv = /<DigestValue>([^<]+)<\/DigestValue>/.exec(realXml)?.[1];
    expect(Buffer.from(real.split('|')[5] ?? '', 'hex').toString()).toBe(dv);
    expect(n.urlChave).toBe(urlChaveDe(realXml));
  });

  it('v3 on-line é chave|3|tpAmb e v3 off-line traz a assinatura RSA verificável', () => {
    const on = gerarNfce(dadosTeste({ versaoQrCode: 3 }), cert);
    expect(on.qrCode).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${on.chave}|3|2`);
    const off = gerarNfce(
      dadosTeste({
        versaoQrCode: 3,
        tpEmis: 9,
        destinatario: { documento: '52998224725' },
        contingencia: { dhCont: '2026-11-21T10:00:00-03:00', xJust: 'Falha de comunicacao com a SEFAZ' },
      }),
      cert,
    );
    const p = off.qrCode.split('?p=')[1] ?? '';
    const i = p.lastIndexOf('|');
    expect(p.slice(0, i)).toBe(`${off.chave}|3|2|21|413.40|2|52998224725`);
    expect(
      verify('sha1', Buffer.from(p.slice(0, i)), cert.chavePublica, Buffer.from(p.slice(i + 1), 'base64')),
    ).toBe(true);
  });

  it('v3 off-line conforme o Manual DANFE NFC-e/QR Code 6.00 (NT 2025.001): campos 6/7 vazios sem destinatário, CNPJ = 1, dia com 2 dígitos, RSA-SHA1 dos parâmetros 1 a 7, XSD PL_010b', async () => {
    const contingencia = { dhCont: '2026-11-05T10:00:00-03:00', xJust: 'Falha de comunicacao com a SEFAZ' };
    const base = {
      versaoQrCode: 3 as const,
      tpEmis: 9 as const,
      dhEmi: '2026-11-05T10:30:00-03:00',
      contingencia,
    };
    const casos = [
      { destinatario: null, campos: '||' },
      { destinatario: { documento: '11.222.333/0001-81' }, campos: '|1|11222333000181' },
      { destinatario: { documento: '529.982.247-25' }, campos: '|2|52998224725' },
    ];
    for (const c of casos) {
      const n = gerarNfce(dadosTeste({ ...base, destinatario: c.destinatario }), cert);
      const p = n.qrCode.split('?p=')[1] ?? '';
      const i = p.lastIndexOf('|');
      const assinados = p.slice(0, i);
      // Parameters 1-7 keep their separators even when 6 and 7 are empty.
      expect(assinados).toBe(`${n.chave}|3|2|05|413.40${c.campos}`);
      const assinatura = Buffer.from(p.slice(i + 1), 'base64');
      expect(p.slice(i + 1)).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(verify('sha1', Buffer.from(assinados, 'utf8'), cert.chavePublica, assinatura)).toBe(true);
      // Not the XML-DSig SignatureValue (another library's reading): the Manual signs parameters 1 to 7.
      const sv = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(n.xml)?.[1];
      expect(p.slice(i + 1)).not.toBe(sv);
      expect((await validarXsd(n.xml, 'nfe')).erros).toEqual([]);
    }
  });

  it('URLs por UF e ambiente vêm da tabela (homologação v3, produção v2)', () => {
    expect(urlQrCode('SP', 1)).toEqual({ url: 'https://www.nfce.fazenda.sp.gov.br/qrcode', versao: 2 });
    expect(urlQrCode('SP', 2).versao).toBe(3);
    expect(urlConsultaChave('SP', 1)).toBe('https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
    expect(urlWebservice('CE', 2, 'NfeAutorizacao')).toBe(
      'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
    );
    expect(urlWebservice('SP', 1, 'NfeStatusServico')).toMatch(/^https:\/\/nfce\.fazenda\.sp\.gov\.br\//);
    expect(() => montarQrCode({ chave: '1'.repeat(44), versao: 2, tpAmb: 2, url: 'https://x' })).toThrow(
      'CSC',
    );
  });
});
