import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validarChave } from '../src/chave.ts';
import { paraEscala } from '../src/decimal.ts';
import { ErroLeituraNfe, lerNfe } from '../src/entrada/nfe-entrada.ts';
import { FISCAL_REF } from './apoio.ts';

const pasta = join(FISCAL_REF, 'samples/nfe55');

describe('leitura de NF-e de fornecedor', () => {
  const arquivos = readdirSync(pasta).filter((f) => f.endsWith('.xml'));

  it('lê todas as amostras reais de nfe55 com itens, totais e protocolo', () => {
    expect(arquivos.length).toBe(3);
    for (const f of arquivos) {
      const xml = readFileSync(join(pasta, f), 'utf8');
      const n = lerNfe(xml);
      expect(validarChave(n.chave), f).toBe(true);
      expect(n.versao).toBe('4.00');
      expect(n.modelo).toBe('55');
      expect(n.emitente.CNPJ ?? n.emitente.CPF).toMatch(/^\d{11,14}$/);
      const dets = xml.match(/<det nItem=/g)?.length ?? 0;
      expect(n.itens.length, f).toBe(dets);
      for (const it of n.itens) {
        expect(it.cProd.length).toBeGreaterThan(0);
        expect(it.NCM).toMatch(/^\d{2,8}$/);
        expect(it.CFOP).toMatch(/^\d{4}$/);
        expect(Number(it.qCom)).toBeGreaterThan(0);
      }
      // vProd of the total = sum of the items, in exact decimals (the reform sample had its groups and
      // totals edited by hand, SOURCES.md, so its totals do not add up)
      const soma = n.itens.reduce((s, it) => s + paraEscala(it.vProd, 2), 0n);
      if (!f.includes('reforma')) expect(soma, f).toBe(paraEscala(n.totais.vProd ?? '0', 2));
      expect(n.protocolo?.cStat).toBe('100');
      expect(n.protocolo?.nProt).toMatch(/^\d{15}$/);
    }
  });

  it('lê os totais de IBS/CBS da amostra da reforma tributária', () => {
    const n = lerNfe(readFileSync(join(pasta, 'nfelib__nfe_reforma_tributaria.xml'), 'utf8'));
    expect(n.totaisIbsCbs).toMatchObject({ vBCIBSCBS: '2000.50', vIBS: '50', vCBS: '87.29' });
  });

  it('detalhes da NF-e real de SP', () => {
    const n = lerNfe(
      readFileSync(join(pasta, 'nfelib__35180834128745000152550010000474281920007498-nfe.xml'), 'utf8'),
    );
    expect(n.chave).toBe('35180834128745000152550010000474281920007498');
    expect(n.nNF).toBe('47428');
    expect(n.emitente.endereco?.UF).toBe('SP');
    const primeiro = n.itens[0];
    expect(primeiro?.nItem).toBe(1);
    expect(primeiro?.uCom.length).toBeGreaterThan(0);
    expect(primeiro?.vUnCom).toMatch(/^\d+\.\d+$/);
  });

  it('NFC-e com protocolo também é lida; arquivo que não é NF-e dá erro claro', () => {
    const nfce = lerNfe(
      readFileSync(join(FISCAL_REF, 'samples/nfce/sped-da__NFCeProd2_layout310_qrv1.xml'), 'utf8'),
    );
    expect(nfce.modelo).toBe('65');
    expect(nfce.versao).toBe('3.10');
    expect(() => lerNfe('<foo/>')).toThrow(ErroLeituraNfe);
    expect(() => lerNfe('<foo/>')).toThrow('O arquivo não é uma NF-e');
    expect(() => lerNfe('<NFe><infNFe')).toThrow(ErroLeituraNfe);
  });
});
