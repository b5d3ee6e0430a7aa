/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test re-reads the reference tables the data was generated from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AMBIENTE,
  bandeirasCartao,
  CRT,
  cfops,
  classificarCfop,
  codigoBandeira,
  codigoUf,
  consumidoresFinais,
  csosns,
  cstsIcms,
  cstsIpiEntrada,
  cstsIpiSaida,
  cstsPisCofins,
  cstsPisCofinsEntrada,
  cstsPisCofinsSaida,
  destinosCfop,
  EVENTO_NOTA,
  eventosNota,
  finalidadesNfe,
  formatosDanfe,
  indicadoresDestino,
  indicadoresPresenca,
  indicadoresTotal,
  intermediariosImportacao,
  meiosPagamentoFiscal,
  mensagemRetornoSefaz,
  modalidadesBcIcms,
  modalidadesBcIcmsSt,
  modalidadesFrete,
  modelosDocumentoFiscal,
  motivosDesoneracaoIcms,
  nomeBandeira,
  origensEntradaNota,
  origensMercadoria,
  processosEmissao,
  RETORNO_SEFAZ,
  regimesTributarios,
  retornosBoleto,
  retornosSefaz,
  STATUS_NOTA_FISCAL,
  siglaUf,
  statusEvento,
  statusNfce,
  statusNotaFiscal,
  tipoRetornoSefaz,
  tiposCalculoPisCofins,
  tiposCfop,
  tiposEmissao,
  tiposEmissaoContingenciaNfce,
  tiposOperacaoNota,
  ufs,
  versoesNfe,
} from './fiscais.ts';

// The fixtures live in the repository (packages/fiscal/test/fixtures/fiscal-ref/SOURCES.md).
const FISCAL_REF = new URL('../../../fiscal/test/fixtures/fiscal-ref', import.meta.url).pathname;
const ids = (c: { itens: readonly { id: number | string }[] }) => c.itens.map((i) => i.id);
const siglas = (c: { itens: readonly { sigla: string | null }[] }) => c.itens.map((i) => i.sigla);

describe('fiscal enumerations', () => {
  it('have the ids of spec 2 section 3.2', () => {
    expect(ids(regimesTributarios)).toEqual([1, 2, 3]);
    expect(regimesTributarios.porId(2)?.descricao).toBe('Simples Nacional – Excesso SRB');
    expect(CRT.regimeNormal).toBe(3);
    expect(AMBIENTE).toEqual({ producao: 1, homologacao: 2 });
    expect(consumidoresFinais.itens.map((i) => i.descricao)).toEqual(['Normal', 'Consumidor Final']);
    expect(ids(tiposEmissao)).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
    expect(ids(tiposEmissaoContingenciaNfce)).toEqual([5, 9]);
    expect(ids(formatosDanfe)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ids(indicadoresTotal)).toEqual([0, 1]);
    expect(ids(modalidadesBcIcms)).toEqual([0, 1, 2, 3]);
    expect(ids(modalidadesBcIcmsSt)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(siglas(csosns)).toEqual(['101', '102', '103', '201', '202', '203', '300', '400', '500', '900']);
    expect(siglas(cstsIcms)).toEqual(['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90']);
    expect(siglas(cstsIpiEntrada)).toEqual(['00', '01', '02', '03', '04', '05', '49']);
    expect(siglas(cstsIpiSaida)).toEqual(['50', '51', '52', '53', '54', '55', '99']);
    expect(ids(tiposCalculoPisCofins)).toEqual([0, 1]);
    expect(ids(motivosDesoneracaoIcms)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(versoesNfe.itens.map((i) => i.descricao)).toEqual(['3.10', '4.00']);
    expect(ids(indicadoresDestino)).toEqual([1, 2, 3]);
    expect(ids(processosEmissao)).toEqual([0, 1, 2, 3]);
    expect(tiposOperacaoNota.porId(1)?.descricao).toBe('Saída');
    expect(tiposOperacaoNota.porId(0)?.descricao).toBe('Entrada');
    expect(ids(finalidadesNfe)).toEqual([1, 2, 3, 4]);
    expect(ids(modalidadesFrete)).toEqual([0, 1, 2, 3, 4, 9]);
    expect(ids(indicadoresPresenca)).toEqual([0, 1, 2, 3, 4, 5, 9]);
    expect(origensEntradaNota.itens.map((i) => i.sigla)).toEqual(['CHAVE', 'DFE', 'XML', 'MANUAL']);
    expect(ids(intermediariosImportacao)).toEqual([1, 2, 3]);
    expect(ids(statusEvento)).toEqual([0, 1, 2, 3]);
    expect(ids(statusNotaFiscal)).toEqual([0, 2, 3, 4, 5, 6, 7, 9]);
    expect(STATUS_NOTA_FISCAL.autorizada).toBe(6);
    expect(ids(statusNfce)).toEqual(['processado', 'erro', 'contingencia']);
    expect(siglas(tiposCfop)).toEqual(['S', 'E']);
    expect(siglas(destinosCfop)).toEqual(['ES', 'IET', 'EX']);
  });

  it('sorts the goods origins by sigla, each with obs and lixo false', () => {
    expect(siglas(origensMercadoria)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    for (const origem of origensMercadoria.itens) {
      expect(origem.lixo).toBe(false);
      expect(origem.obs.length).toBeGreaterThan(0);
    }
    expect(origensMercadoria.porId(3)?.descricao).toContain('superior a 40% e inferior ou igual a 70%');
  });

  it('splits PIS/COFINS CST into entry and exit sets, every entry with tipo Saida', () => {
    expect(cstsPisCofins.itens).toHaveLength(33);
    expect(cstsPisCofins.itens.every((i) => i.tipo === 'Saida')).toBe(true);
    expect(siglas(cstsPisCofinsSaida)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '49',
      '99',
    ]);
    expect(siglas(cstsPisCofinsEntrada)).toEqual([
      ...['50', '51', '52', '53', '54', '55', '56'],
      ...['60', '61', '62', '63', '64', '65', '66', '67'],
      ...['70', '71', '72', '73', '74', '75', '98'],
    ]);
  });

  it('lists the document models of the spec', () => {
    expect(ids(modelosDocumentoFiscal)).toEqual(
      expect.arrayContaining(['01', '02', '04', '06', '29', '55', '57', '59', '65', '1B', '2D', '2E', '8B']),
    );
    expect(modelosDocumentoFiscal.porId('65')?.descricao).toBe('NFCe');
    expect(modelosDocumentoFiscal.porId('55')?.descricao).toBe('NFe');
  });

  it('flags the recipient manifestation events', () => {
    expect(eventosNota.itens.filter((e) => e.manifestacao).map((e) => e.id)).toEqual([
      210200, 210210, 210220, 210240,
    ]);
    expect(EVENTO_NOTA.cancelamento).toBe(110111);
    expect(eventosNota.porId(110110)?.manifestacao).toBe(false);
  });

  it('has the fiscal payment means of the spec', () => {
    const porSigla = new Map(meiosPagamentoFiscal.itens.map((i) => [i.sigla, i.descricao]));
    expect(
      Object.fromEntries(
        ['01', '02', '03', '04', '05', '10', '11', '12', '13', '14', '15', '90'].map((s) => [
          s,
          porSigla.get(s),
        ]),
      ),
    ).toEqual({
      '01': 'Dinheiro',
      '02': 'Cheque',
      '03': 'Cartão de Crédito',
      '04': 'Cartão de Débito',
      '05': 'Crédito Loja',
      '10': 'Vale Alimentação',
      '11': 'Vale Refeição',
      '12': 'Vale Presente',
      '13': 'Vale Combustível',
      '14': 'Duplicata Mercantil',
      '15': 'Boleto Bancário',
      '90': 'Sem pagamento',
    });
    expect(porSigla.has('99')).toBe(true);
  });
});

describe('CFOP', () => {
  it('is the full official table with unique codes', () => {
    const csv = readFileSync(`${FISCAL_REF}/tabelas/oca-l10n-brazil__l10n_br_fiscal.cfop.csv`, 'utf8');
    const codigos = [...csv.matchAll(/^"cfop_\d{4}","(\d{4})"/gm)].map((m) => Number(m[1]));
    expect(cfops.itens).toHaveLength(619);
    expect(ids(cfops).sort()).toEqual(codigos.sort());
    expect(new Set(ids(cfops)).size).toBe(cfops.itens.length);
  });

  it('follows the first-digit rule', () => {
    for (const cfop of cfops.itens) {
      const primeiro = cfop.cfop.charAt(0);
      expect(cfop.ativo).toBe(true);
      expect(cfop.sigla).toBe(cfop.cfop);
      expect(cfop.tipo, cfop.cfop).toBe(['1', '2', '3'].includes(primeiro) ? 'Entrada' : 'Saida');
      const esperado = { '1': 'Estadual', '5': 'Estadual', '2': 'InterEstadual', '6': 'InterEstadual' }[
        primeiro
      ];
      expect(cfop.localDestino, cfop.cfop).toBe(esperado ?? 'Exterior');
    }
    expect(classificarCfop('5102')).toEqual({ tipo: 'Saida', localDestino: 'Estadual' });
    expect(classificarCfop(2102)).toEqual({ tipo: 'Entrada', localDestino: 'InterEstadual' });
    expect(classificarCfop('7101')).toEqual({ tipo: 'Saida', localDestino: 'Exterior' });
    expect(classificarCfop('4102')).toBeUndefined();
    expect(classificarCfop('510')).toBeUndefined();
  });

  it('keeps the official descriptions and names 5929/6929 as ECF/NFC-e', () => {
    expect(cfops.porId(5102)?.descricao).toBe('Venda de mercadoria adquirida ou recebida de terceiros');
    expect(cfops.porId(5929)?.descricao).toContain('ECF/NFC-e');
    expect(cfops.porId(6929)?.descricao).toContain('ECF/NFC-e');
  });
});

describe('UF', () => {
  it('has the 27 UFs with their IBGE code', () => {
    expect(ufs.itens).toHaveLength(27);
    expect(new Set(siglas(ufs)).size).toBe(27);
    expect(codigoUf('pr')).toBe(41);
    expect(codigoUf('SP')).toBe(35);
    expect(codigoUf('XX')).toBeUndefined();
    expect(siglaUf(43)).toBe('RS');
    expect(siglaUf(53)).toBe('DF');
    expect(ufs.porId(29)?.descricao).toBe('Bahia');
    expect(ids(ufs)).toEqual([...ids(ufs)].sort((a, b) => Number(a) - Number(b)));
  });
});

describe('authority return codes', () => {
  it('covers the whole reference list plus 905', () => {
    const json = JSON.parse(readFileSync(`${FISCAL_REF}/sefaz/sped-nfe__cstat.json`, 'utf8')) as {
      cod: string;
    }[];
    const validos = new Set(json.map((r) => r.cod).filter((c) => /^\d{3}$/.test(c)));
    expect(retornosSefaz.itens.length).toBe(validos.size + 1);
    expect(new Set(ids(retornosSefaz)).size).toBe(retornosSefaz.itens.length);
  });

  it('keeps the meanings of the spec examples', () => {
    const texto = (codigo: number) => retornosSefaz.porId(codigo)?.descricao ?? '';
    expect(texto(100)).toBe('Autorizado o uso da NF-e');
    expect(texto(101)).toContain('Cancelamento');
    expect(texto(102)).toContain('Inutilização');
    expect(texto(110)).toBe('Uso Denegado');
    expect(texto(204)).toContain('Duplicidade');
    expect(texto(539)).toContain('Duplicidade');
    expect(texto(218)).toContain('cancelada');
    expect(texto(236)).toContain('dígito verificador');
    expect(texto(301)).toContain('emitente');
    expect(texto(302)).toContain('destinatário');
    expect(texto(453)).toContain('superior ao Ano atual');
    expect(texto(454)).toContain('2006');
    expect(texto(501)).toContain('7 dias');
    expect(texto(595)).toContain('justificativa');
    expect(texto(905)).toBe('Rejeição: Campos do grupo Fatura não informados');
    expect(texto(999)).toContain('não catalogado');
    expect(mensagemRetornoSefaz(1)).toBe(texto(999));
    expect(RETORNO_SEFAZ.duplicidade).toBe(204);
  });

  it('classifies the codes', () => {
    expect(tipoRetornoSefaz(100)).toBe('sucesso');
    expect(tipoRetornoSefaz(135)).toBe('sucesso');
    expect(tipoRetornoSefaz(110)).toBe('denegacao');
    expect(tipoRetornoSefaz(302)).toBe('denegacao');
    expect(tipoRetornoSefaz(204)).toBe('rejeicao');
    expect(retornosSefaz.porId(236)?.tipo).toBe('rejeicao');
    expect(retornosSefaz.porId(106)?.correcao).toContain('recibo');
    expect(retornosSefaz.porId(100)?.correcao).toBeNull();
  });
});

describe('boleto returns', () => {
  it('has the codes 02 to 54, 73 and 99 with the spec meanings', () => {
    const porSigla = new Map(retornosBoleto.itens.map((i) => [i.sigla, i.descricao]));
    expect(porSigla.get('02')).toBe('Entrada Confirmada');
    expect(porSigla.get('03')).toBe('Entrada Rejeitada');
    expect(porSigla.get('06')).toBe('Liquidação');
    expect(porSigla.get('09')).toBe('Baixa');
    expect(porSigla.get('30')).toBe('Alteração de Dados Rejeitada');
    expect(porSigla.has('73')).toBe(true);
    expect(porSigla.has('99')).toBe(true);
    expect(
      retornosBoleto.itens.map((i) => i.id).every((id) => (id >= 2 && id <= 54) || id === 73 || id === 99),
    ).toBe(true);
  });
});

describe('card brands (tBand)', () => {
  it('are the table of the 4.00 layout, codes of two digits as the XSD pattern [0-9]{2}', () => {
    expect(bandeirasCartao.itens.map((i) => `${i.sigla} ${i.descricao}`)).toEqual([
      '01 Visa',
      '02 Mastercard',
      '03 American Express',
      '04 Sorocred',
      '05 Diners Club',
      '06 Elo',
      '07 Hipercard',
      '08 Aura',
      '09 Cabal',
      '99 Outros',
    ]);
    for (const i of bandeirasCartao.itens) expect(i.sigla).toMatch(/^[0-9]{2}$/);
  });
  it.each([
    ['01', '01'],
    ['1', '01'],
    ['99', '99'],
    ['VISA', '01'],
    ['Master Card', '02'],
    ['Amex', '03'],
    ['elo', '06'],
    ['Hipercard', '07'],
    ['10', null],
    ['Banricompras', null],
    ['', null],
    [null, null],
  ])('codigoBandeira(%s) = %s', (valor, codigo) => {
    expect(codigoBandeira(valor)).toBe(codigo);
  });
  it('names a code, and leaves an unknown one as it is', () => {
    expect(nomeBandeira('06')).toBe('Elo');
    expect(nomeBandeira('42')).toBe('42');
  });
});
