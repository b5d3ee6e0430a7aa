import { describe, expect, it } from 'vitest';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { ErroMontagemNfce, montarNfce } from '../src/nfce/montar.ts';
import type { IcmsItem, ImpostoItem } from '../src/tipos.ts';
import { validarXsd } from '../src/xsd.ts';
import { dadosTeste, gerarCertificadoTeste, itemTeste } from './apoio.ts';

// ICMS charged by tax substitution (CST 10, 30, 70; CSOSN 201, 202, 203): groups valid in the official
// PL_010b XSD, vBCST/vICMSST computed from the exact product and rounded half-up to cents once (MOC 4.00),
// totals vBCST/vST in ICMSTot and vST in vNF (MOC W16).

const imposto = (icms: IcmsItem): ImpostoItem => ({
  origem: 0,
  icms,
  pis: { CST: '49' },
  cofins: { CST: '49' },
});
const CEST = '0300700';

function nota(crt: 1 | 3, icms: IcmsItem, item: { vUnCom?: string; qCom?: string; CEST?: string } = {}) {
  const d = dadosTeste(
    {
      itens: [
        itemTeste(1, {
          qCom: item.qCom ?? '1',
          vUnCom: item.vUnCom ?? '100',
          imposto: imposto(icms),
          ...(item.CEST === '' ? {} : { CEST: item.CEST ?? CEST }),
        }),
      ],
      pagamentos: [{ tPag: '01', vPag: '1000.00' }],
    },
    0,
  );
  d.emitente.CRT = crt;
  return d;
}

const grupo = (xml: string, tag: string) => new RegExp(`<${tag}>.*?</${tag}>`).exec(xml)?.[0] ?? '';

describe('ICMS-ST na NFC-e', () => {
  const cert = gerarCertificadoTeste().certificado;

  it('CST 10 por MVA: vBCST = 100 x 1,40 = 140,00; vICMSST = 140 x 18% - ICMS próprio 18,00 = 7,20; vNF soma o ST', async () => {
    const d = nota(3, { CST: '10', pICMS: '18', st: { modBCST: 4, pMVAST: '40', pICMSST: '18' } });
    const n = gerarNfce(d, cert);
    expect(grupo(n.xml, 'ICMS10')).toBe(
      '<ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>100.00</vBC><pICMS>18.00</pICMS><vICMS>18.00</vICMS>' +
        '<modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>140.00</vBCST><pICMSST>18.00</pICMSST><vICMSST>7.20</vICMSST></ICMS10>',
    );
    expect(n.xml).toContain('<vBCST>140.00</vBCST><vST>7.20</vST><vFCPST>0.00</vFCPST>');
    expect(n.totais).toMatchObject({
      vBC: '100.00',
      vICMS: '18.00',
      vBCST: '140.00',
      vST: '7.20',
      vNF: '107.20',
    });
    expect(n.xml).toContain('<vNF>107.20</vNF>');
    expect((await validarXsd(n.xml, 'nfe')).erros).toEqual([]);
  });

  it('arredondamento: uma vez, meio para cima, sobre o produto exato (MVA 35,27%, redução 10%, FCP-ST 2%)', () => {
    // 33.33 x 1.3527 x 0.90 = 40.5769419 -> 40.58; x 18% = 7.3044 -> 7.30; own 33.33 x 12% = 3.9996 -> 4.00
    const m = montarNfce(
      nota(
        3,
        {
          CST: '10',
          pICMS: '12',
          st: { modBCST: 4, pMVAST: '35.27', pRedBCST: '10', pICMSST: '18', pFCPST: '2' },
        },
        { vUnCom: '33.33' },
      ),
    );
    expect(grupo(m.infNFe, 'ICMS10')).toContain(
      '<modBCST>4</modBCST><pMVAST>35.27</pMVAST><pRedBCST>10.00</pRedBCST><vBCST>40.58</vBCST><pICMSST>18.00</pICMSST>' +
        '<vICMSST>3.30</vICMSST><vBCFCPST>40.58</vBCFCPST><pFCPST>2.00</pFCPST><vFCPST>0.81</vFCPST>',
    );
    // Rounding each step (40.58 x 18% = 7.3044) differs from rounding the chain twice (40.5769 x 18% = 7.3038):
    // both give 7.30 here; the base itself is what SEFAZ checks against vBCST.
    expect(m.totais).toMatchObject({ vBCST: '40.58', vST: '3.30', vFCPST: '0.81', vNF: '37.44' });
  });

  it('CST 30 e 70, CSOSN 201, 202 e 203: grupos válidos no XSD com os valores certos', async () => {
    const casos: [1 | 3, IcmsItem, string, string][] = [
      // 30: exempt own operation, own ICMS at 12% deducted: 150 x 18% = 27.00 - 12.00 = 15.00
      [
        3,
        { CST: '30', pICMS: '12', st: { modBCST: 4, pMVAST: '50', pICMSST: '18' } },
        'ICMS30',
        '<vBCST>150.00</vBCST><pICMSST>18.00</pICMSST><vICMSST>15.00</vICMSST>',
      ],
      // 70: own base reduced 20% (80.00, ICMS 14.40); ST from the operation value: 140 x 18% = 25.20 - 14.40
      [
        3,
        { CST: '70', pICMS: '18', pRedBC: '20', st: { modBCST: 4, pMVAST: '40', pICMSST: '18' } },
        'ICMS70',
        '<vBC>80.00</vBC><pICMS>18.00</pICMS><vICMS>14.40</vICMS><modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>140.00</vBCST><pICMSST>18.00</pICMSST><vICMSST>10.80</vICMSST>',
      ],
      // 201: credit 2.5%; ICMS próprio at 18% deducted
      [
        1,
        { CSOSN: '201', pCredSN: '2.5', pICMS: '18', st: { modBCST: 4, pMVAST: '40', pICMSST: '18' } },
        'ICMSSN201',
        '<vICMSST>7.20</vICMSST><pCredSN>2.50</pCredSN><vCredICMSSN>2.50</vCredICMSSN>',
      ],
      // 202 by the operation value (modBCST 6) with 10% reduction: 90 x 18% = 16.20 - 18.00 -> 0.00
      [
        1,
        { CSOSN: '202', pICMS: '18', st: { modBCST: 6, pRedBCST: '10', pICMSST: '18' } },
        'ICMSSN202',
        '<modBCST>6</modBCST><pRedBCST>10.00</pRedBCST><vBCST>90.00</vBCST><pICMSST>18.00</pICMSST><vICMSST>0.00</vICMSST>',
      ],
      // 203 by pauta (modBCST 5): 2 x 65.4321 = 130.8642 -> 130.86; x 18% = 23.5548 -> 23.55
      [
        1,
        { CSOSN: '203', st: { modBCST: 5, vUnitBCST: '65.4321', pICMSST: '18' } },
        'ICMSSN202',
        '<CSOSN>203</CSOSN><modBCST>5</modBCST><vBCST>130.86</vBCST><pICMSST>18.00</pICMSST><vICMSST>23.55</vICMSST>',
      ],
    ];
    for (const [crt, icms, tag, trecho] of casos) {
      const d = nota(
        crt,
        icms,
        tag === 'ICMSSN202' && trecho.includes('<CSOSN>203') ? { qCom: '2', vUnCom: '50' } : {},
      );
      const n = gerarNfce(d, cert);
      expect(grupo(n.xml, tag), `${tag} ${JSON.stringify(icms)}`).toContain(trecho);
      const r = await validarXsd(n.xml, 'nfe');
      expect(r.erros, tag).toEqual([]);
    }
  });

  it('recusas claras: sem dados de ST, sem CEST (rejeição 806), MVA ausente, pauta sem valor', () => {
    const erro = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(ErroMontagemNfce);
        return (e as Error).message;
      }
      return '';
    };
    expect(erro(() => montarNfce(nota(3, { CST: '10', pICMS: '18' })))).toBe(
      'Produto Produto 1 & cia <especial>: CST 10 exige os dados do ICMS-ST (modBCST e pICMSST)',
    );
    expect(
      erro(() =>
        montarNfce(nota(1, { CSOSN: '202', st: { modBCST: 4, pMVAST: '40', pICMSST: '18' } }, { CEST: '' })),
      ),
    ).toBe('Produto Produto 1 & cia <especial>: CSOSN 202 (ICMS-ST) exige o CEST do produto');
    expect(erro(() => montarNfce(nota(3, { CST: '30', st: { modBCST: 4, pICMSST: '18' } })))).toContain(
      'exige pMVAST',
    );
    expect(erro(() => montarNfce(nota(1, { CSOSN: '201', st: { modBCST: 0, pICMSST: '18' } })))).toContain(
      'exige o valor unitário',
    );
  });
});
