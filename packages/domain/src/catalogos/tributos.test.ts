/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test re-reads the table the catalogue was generated from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { produtoGeral } from '../recursos/registro.ts';
import { validarRecurso } from '../recursos/validacao.ts';
import { TABELA_CCLASSTRIB } from './cclasstrib.gen.ts';
import { itensDoGrupo } from './grupos.ts';
import {
  classificacoesTributarias,
  classificacoesTributariasNfce,
  cstsIbsCbs,
  MENSAGEM_CCLASSTRIB_INVALIDO,
  validarCClassTrib,
} from './tributos.ts';

const itens = classificacoesTributarias.itens;
const codigo = (id: string) => {
  const c = classificacoesTributarias.porId(id);
  if (!c) throw new Error(`cClassTrib ausente: ${id}`);
  return c;
};

describe('IBS/CBS classification (official cClassTrib table)', () => {
  it('holds the whole published table: 18 CST, 164 cClassTrib, each code once', () => {
    expect(cstsIbsCbs.itens.map((c) => c.id)).toEqual([
      '000',
      '010',
      '011',
      '200',
      '220',
      '221',
      '222',
      '400',
      '410',
      '510',
      '515',
      '550',
      '620',
      '800',
      '810',
      '811',
      '820',
      '830',
    ]);
    expect(itens).toHaveLength(164);
    expect(new Set(itens.map((c) => c.id)).size).toBe(itens.length);
    expect(cstsIbsCbs.porId('410')?.descricao).toBe('Imunidade e não incidência');
    // Every CST of the table classifies at least one code.
    for (const cst of cstsIbsCbs.itens)
      expect(
        itens.some((c) => c.cst === cst.id),
        cst.id,
      ).toBe(true);
  });

  it('every cClassTrib is 6 digits, starts with its CST and carries sane columns', () => {
    for (const c of itens) {
      expect(c.id, c.id).toMatch(/^\d{6}$/);
      expect(c.id.slice(0, 3), c.id).toBe(c.cst);
      expect(c.sigla).toBe(c.cst);
      expect(cstsIbsCbs.existe(c.cst), c.id).toBe(true);
      expect(c.descricao.trim(), c.id).not.toBe('');
      expect(c.descricao, c.id).not.toMatch(/\s{2}|^\s|\s$/);
      expect(c.pRedIBS).toBeGreaterThanOrEqual(0);
      expect(c.pRedIBS).toBeLessThanOrEqual(100);
      expect(c.pRedCBS).toBeGreaterThanOrEqual(0);
      expect(c.pRedCBS).toBeLessThanOrEqual(100);
      expect(c.inicioVigencia).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (c.fimVigencia) expect(c.fimVigencia > c.inicioVigencia, c.id).toBe(true);
      expect(validarCClassTrib(c.id), c.id).toBe(true);
    }
  });

  it('keeps the official texts and rates of known codes', () => {
    expect(codigo('000001')).toMatchObject({
      descricao: 'Situações tributadas integralmente pelo IBS e CBS.',
      cst: '000',
      tipoAliquota: 'Padrão',
      pRedIBS: 0,
      pRedCBS: 0,
      nfe: true,
      nfce: true,
      inicioVigencia: '2025-05-05',
      fimVigencia: null,
    });
    expect(codigo('200047')).toMatchObject({
      descricao: 'Bares e Restaurantes',
      descricaoCompleta: 'Bares e Restaurantes, observado o art. 275 da Lei Complementar nº 214, de 2025.',
      pRedIBS: 40,
      pRedCBS: 40,
      nfce: true,
    });
    expect(codigo('200003')).toMatchObject({
      descricao: 'Vendas de produtos destinados à alimentação humana (Anexo I)',
      pRedIBS: 100,
      pRedCBS: 100,
    });
    // Prouni: the only code whose IBS and CBS reductions differ.
    expect(codigo('200025')).toMatchObject({ pRedIBS: 60, pRedCBS: 100, nfce: false });
    expect(codigo('011001')).toMatchObject({ tipoAliquota: 'Uniforme nacional (referência)', pRedIBS: 60 });
    expect(codigo('410019')).toMatchObject({
      descricao: 'Exclusão da gorjeta na base de cálculo no fornecimento de alimentação',
      tipoAliquota: 'Sem alíquota',
    });
    // Real-estate special regime codes of CST 220 ended when the 221 ones started.
    expect(codigo('220001').fimVigencia).toBe('2026-01-01');
    expect(codigo('221002').inicioVigencia).toBe('2026-01-01');
    // The generator collapsed the stray double space of the published name.
    expect(codigo('200030').descricao).toBe('Venda dos dispositivos médicos (Anexo IV)');
  });

  it('flags the rows an NFC-e accepts, and only those are offered for NFC-e products', () => {
    for (const aceito of ['000001', '200003', '200034', '200047', '410019', '410020', '410999', '620006']) {
      expect(codigo(aceito).nfce, aceito).toBe(true);
    }
    // NF-e only (transfers, exports, fuel, ZFM) or other documents (services, transport).
    for (const recusado of ['000002', '200001', '200022', '410002', '410004', '550001', '620001', '200048']) {
      expect(codigo(recusado).nfce, recusado).toBe(false);
    }
    expect(codigo('410002').nfe).toBe(true);
    expect(codigo('200048').nfe).toBe(false);
    expect(itens.filter((c) => c.nfce)).toHaveLength(40);

    const nfce = classificacoesTributariasNfce.itens;
    expect(nfce.map((c) => c.id)).toEqual(itens.filter((c) => c.nfce && !c.fimVigencia).map((c) => c.id));
    expect(nfce.every((c) => c.grupo === 'cClassTribNfce' && c.nfce)).toBe(true);
    expect(itensDoGrupo('cClassTribNfce')?.map((i) => i.id)).toContain('200047');
    expect(itensDoGrupo('cClassTribNfce')?.map((i) => i.id)).not.toContain('410002');
    expect(itensDoGrupo('cClassTrib')).toHaveLength(164);
  });

  it('the product form suggests the NFC-e rows and validates any official-looking code', () => {
    const bloco = produtoGeral.campos.configuracaoImposto;
    if (bloco?.tipo !== 'json' || !bloco.subcampos) throw new Error('bloco de imposto sem subcampos');
    const ibsCbs = bloco.subcampos.IBSCBS;
    if (ibsCbs?.tipo !== 'json' || !ibsCbs.subcampos) throw new Error('bloco IBSCBS sem subcampos');
    expect(ibsCbs.subcampos.cClassTrib).toMatchObject({
      sugestoes: 'cClassTribNfce',
      validador: 'cClassTrib',
    });
    expect(ibsCbs.subcampos.CST).toMatchObject({ sugestoes: 'cstIbsCbs' });

    const erros = (cClassTrib: string) =>
      validarRecurso(produtoGeral, { configuracaoImposto: { IBSCBS: { CST: '200', cClassTrib } } }, true)
        .erros;
    expect(erros('200047')).toEqual({});
    // A code of a later publication (same CST, next sequence) is still accepted.
    expect(validarCClassTrib('200056')).toBe(true);
    // 210 is not a CST of the official table.
    expect(erros('210001')).toEqual({
      'configuracaoImposto.IBSCBS.cClassTrib': MENSAGEM_CCLASSTRIB_INVALIDO,
    });
    expect(validarCClassTrib('20004')).toBe(MENSAGEM_CCLASSTRIB_INVALIDO);
  });

  it('matches the source table it was generated from (regenerate with scripts/gerar-cclasstrib.mjs)', () => {
    const tsv = readFileSync(new URL('../../scripts/dados/cclasstrib-ibs-cbs.tsv', import.meta.url), 'utf8');
    const [cabecalho, ...linhas] = tsv
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .map((l) => l.split('\t'));
    const col = (nome: string) => cabecalho?.indexOf(nome) ?? -1;
    const [iCodigo, iNfce, iRedIbs] = [col('cClassTrib'), col('indNFCe'), col('pRedIBS')];
    expect(Math.min(iCodigo, iNfce, iRedIbs)).toBeGreaterThanOrEqual(0);
    expect(linhas.map((l) => l[iCodigo]).sort()).toEqual(TABELA_CCLASSTRIB.map((l) => l.codigo));
    for (const l of linhas) {
      const c = codigo(l[iCodigo] ?? '');
      expect(c.nfce, c.id).toBe(l[iNfce] === '1');
      expect(c.pRedIBS, c.id).toBe(Number(l[iRedIbs]));
    }
  });
});
