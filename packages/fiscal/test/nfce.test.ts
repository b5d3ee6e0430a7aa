import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validarChave } from '../src/chave.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { montarNfce } from '../src/nfce/montar.ts';
import { validarVariosXsd, validarXsd } from '../src/xsd.ts';
import { dadosTeste, gerarCertificadoTeste, itemTeste } from './apoio.ts';

const parser = new XMLParser({ parseTagValue: false, isArray: (n) => n === 'det' || n === 'detPag' });
type No = Record<string, unknown>;
const no = (v: unknown): No => v as No;

describe('montagem da NFC-e', () => {
  const cert = gerarCertificadoTeste().certificado;

  it('gera NFe modelo 65 com os campos fixos da NFC-e e totais iguais à soma dos itens', () => {
    const n = gerarNfce(dadosTeste(), cert);
    expect(validarChave(n.chave)).toBe(true);
    const doc = no(no(parser.parse(n.xml)).NFe);
    const inf = no(doc.infNFe);
    const ide = no(inf.ide);
    expect(ide).toMatchObject({
      mod: '65',
      tpImp: '4',
      indFinal: '1',
      indPres: '1',
      idDest: '1',
      tpEmis: '1',
    });
    expect(no(inf.transp).modFrete).toBe('9');
    const dets = inf.det as No[];
    expect(dets).toHaveLength(20);
    // 2 x 10.335 = 20.67 per item; 20 items = 413.40 (exact, no float drift)
    expect(no(no(dets[1]).prod).vProd).toBe('20.67');
    const tot = no(no(inf.total).ICMSTot);
    expect(tot.vProd).toBe('413.40');
    expect(tot.vNF).toBe('413.40');
    expect(tot.vTotTrib).toBe('62.00');
    const pag = no(inf.pag);
    expect(pag.vTroco).toBe('86.60');
    expect(n.totais).toMatchObject({ vNF: '413.40', vPag: '500.00', vTroco: '86.60' });
  });

  it('soma descontos e acréscimos com decimais exatos (0.1 + 0.2)', () => {
    const itens = [
      itemTeste(1, { qCom: '1', vUnCom: '0.1', vDesc: '0.01' }),
      itemTeste(2, { qCom: '1', vUnCom: '0.2', vOutro: '0.05' }),
      itemTeste(3, { qCom: '3', vUnCom: '0.1' }),
    ];
    const m = montarNfce(dadosTeste({ itens, pagamentos: [{ tPag: '01', vPag: '0.64' }] }));
    expect(m.totais).toMatchObject({
      vProd: '0.60',
      vDesc: '0.01',
      vOutro: '0.05',
      vNF: '0.64',
      vTroco: '0.00',
    });
    expect(m.infNFe).not.toContain('<vTroco>');
  });

  it('regime normal: ICMS 00 e 20 com base, alíquota e totais; PIS/COFINS alíquota', () => {
    const imp = (icms: { CST: '00' | '20'; pICMS: string; pRedBC?: string }) => ({
      origem: 0 as const,
      icms,
      pis: { CST: '01', aliquota: '1.65' },
      cofins: { CST: '01', aliquota: '7.60' },
    });
    const d = dadosTeste({
      itens: [
        itemTeste(1, { qCom: '1', vUnCom: '100', imposto: imp({ CST: '00', pICMS: '18' }) }),
        itemTeste(2, { qCom: '1', vUnCom: '50', imposto: imp({ CST: '20', pICMS: '18', pRedBC: '33.33' }) }),
      ],
      pagamentos: [{ tPag: '03', vPag: '150.00' }],
    });
    d.emitente.CRT = 3;
    const m = montarNfce(d);
    // item 2: bc = 50 - 16.665 (16.67) = 33.33; icms = 6.00; total bc = 133.33, icms = 18 + 6.00
    expect(m.totais).toMatchObject({ vBC: '133.33', vICMS: '24.00', vPIS: '2.48', vCOFINS: '11.40' });
    expect(m.infNFe).toContain('<ICMS20><orig>0</orig><CST>20</CST><modBC>3</modBC><pRedBC>33.33</pRedBC>');
    expect(m.infNFe).toContain('<card><tpIntegra>2</tpIntegra></card>');
  });

  it('grupos IBSCBS por item e IBSCBSTot (NT 2025.002), válidos no PL_010b', async () => {
    const d = dadosTeste({ pagamentos: [{ tPag: '17', vPag: '413.40' }] });
    for (const it of d.itens) {
      if (it.imposto)
        it.imposto.ibsCbs = { CST: '000', cClassTrib: '000001', pIBSUF: '0.1', pIBSMun: '0', pCBS: '0.9' };
    }
    const n = gerarNfce(d, cert);
    expect(n.totais.vIBS).toBe('0.40'); // 20 x 0.02 (0.1% of 20.67 = 0.02067)
    expect(n.totais.vCBS).toBe('3.80'); // 20 x 0.19
    expect(n.xml).toContain('<IBSCBSTot><vBCIBSCBS>413.40</vBCIBSCBS>');
    const r = await validarXsd(n.xml, 'nfe');
    expect(r.erros).toEqual([]);
  });

  it('destinatário: CPF e CNPJ aceitos, outros tamanhos recusados com a mensagem da spec', () => {
    expect(montarNfce(dadosTeste({ destinatario: { documento: '529.982.247-25' } })).infNFe).toContain(
      '<dest><CPF>52998224725</CPF>',
    );
    expect(montarNfce(dadosTeste({ destinatario: { documento: '11.222.333/0001-81' } })).infNFe).toContain(
      '<dest><CNPJ>11222333000181</CNPJ>',
    );
    expect(() => montarNfce(dadosTeste({ destinatario: { documento: '1234567890' } }))).toThrow(
      'CPF ou CNPJ Inválido, favor preencher corretamente',
    );
  });

  it('item sem configuração de imposto aborta citando o produto', () => {
    const itens = [itemTeste(1), itemTeste(2, { xProd: 'Pizza Calabresa', imposto: null })];
    expect(() => montarNfce(dadosTeste({ itens }))).toThrow(/Pizza Calabresa/);
  });

  it('pagamento menor que a nota é recusado', () => {
    expect(() => montarNfce(dadosTeste({ pagamentos: [{ tPag: '01', vPag: '10.00' }] }))).toThrow(
      'menor que o valor da nota',
    );
  });

  it('contingência off-line: tpEmis 9 na chave e no ide, com dhCont/xJust, e QR v2 off-line', async () => {
    const n = gerarNfce(
      dadosTeste({
        tpEmis: 9,
        versaoQrCode: 2,
        contingencia: {
          dhCont: '2026-11-21T10:29:00-03:00',
          xJust: 'SEFAZ fora do ar, emissao em contingencia',
        },
      }),
      cert,
    );
    expect(n.chave.charAt(34)).toBe('9');
    expect(n.xml).toContain('<tpEmis>9</tpEmis>');
    expect(n.xml).toContain('<dhCont>2026-11-21T10:29:00-03:00</dhCont>');
    const r = await validarXsd(n.xml, 'nfe');
    expect(r.erros).toEqual([]);
  });

  it('todas as variações geradas passam no XSD oficial (CRT 1 e 3, destinatário, v2/v3, on/off-line)', async () => {
    const xmls: string[] = [];
    for (const versaoQrCode of [2, 3] as const) {
      for (const tpEmis of [1, 9] as const) {
        const d = dadosTeste({
          versaoQrCode,
          tpEmis,
          nNF: 10 + tpEmis,
          destinatario: { documento: '52998224725', xNome: 'Cliente', email: 'c@exemplo.com.br' },
          pagamentos: [
            { tPag: '01', vPag: '100' },
            { tPag: '99', vPag: '400', xPag: 'Convênio' },
          ],
          infCpl: 'Obrigado pela preferência',
          ...(tpEmis === 9
            ? { contingencia: { dhCont: new Date(), xJust: 'Sem comunicacao com a SEFAZ' } }
            : {}),
        });
        d.emitente.CRT = versaoQrCode === 2 ? 1 : 3;
        if (d.emitente.CRT === 3) {
          for (const it of d.itens) {
            if (it.imposto) it.imposto.icms = { CST: '00', pICMS: '18' };
          }
        }
        xmls.push(gerarNfce(d, cert).xml);
      }
    }
    const rs = await validarVariosXsd(xmls, 'nfe');
    expect(rs.map((r) => r.erros)).toEqual(xmls.map(() => []));
  });

  it('o XSD recusa um documento alterado (validação pode falhar)', async () => {
    const n = gerarNfce(dadosTeste(), cert);
    const r = await validarXsd(n.xml.replace('<mod>65</mod>', '<mod>66</mod>'), 'nfe');
    expect(r.valido).toBe(false);
    expect(r.erros.join()).toContain('mod');
  });
});

describe('grupo card do pagamento (tpIntegra, CNPJ, tBand, cAut)', () => {
  const cert = gerarCertificadoTeste().certificado;
  const cards = (xml: string) => [...xml.matchAll(/<card>.*?<\/card>/g)].map((m) => m[0]);

  it('POS não integrado por padrão, com CNPJ da operadora, bandeira e autorização; vazios omitidos; válido no XSD', async () => {
    const d = dadosTeste({
      pagamentos: [
        { tPag: '03', vPag: '200.00', cartao: { CNPJ: '01.027.058/0001-91', tBand: '01', cAut: ' A1B2C3 ' } },
        { tPag: '04', vPag: '100.00', cartao: { CNPJ: '', tBand: '6', cAut: '' } },
        { tPag: '03', vPag: '50.00', cartao: { tpIntegra: 1, CNPJ: '16501555000157', cAut: '998877' } },
        { tPag: '17', vPag: '63.40' },
      ],
    });
    const n = gerarNfce(d, cert);
    expect(cards(n.xml)).toEqual([
      '<card><tpIntegra>2</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>01</tBand><cAut>A1B2C3</cAut></card>',
      '<card><tpIntegra>2</tpIntegra><tBand>06</tBand></card>',
      '<card><tpIntegra>1</tpIntegra><CNPJ>16501555000157</CNPJ><cAut>998877</cAut></card>',
      '<card><tpIntegra>2</tpIntegra></card>',
    ]);
    const r = await validarXsd(n.xml, 'nfe');
    expect(r.erros).toEqual([]);
  });

  it('recusa bandeira ou CNPJ da operadora malformados em vez de gerar XML que a SEFAZ rejeita', () => {
    const com = (cartao: { CNPJ?: string; tBand?: string }) =>
      montarNfce(dadosTeste({ pagamentos: [{ tPag: '03', vPag: '413.40', cartao }] }));
    expect(() => com({ tBand: 'VISA' })).toThrow('Bandeira do cartão inválida: VISA');
    expect(() => com({ CNPJ: '123' })).toThrow('CNPJ da operadora do cartão inválido: 123');
  });
});
