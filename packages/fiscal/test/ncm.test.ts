// The official NCM table shipped in src/dados (Siscomex, vigente em 13/05/2025).
import { describe, expect, it } from 'vitest';
import { capituloNcmExiste, ncmExiste, VIGENCIA_NCM } from '../src/dados/ncm.ts';

describe('tabela NCM oficial', () => {
  it('knows the 8-digit subitems a restaurant sells, with or without dots', () => {
    for (const c of ['21069090', '22021000', '22011000', '2202.99.00', '1905.90.90', '04061010', '01012100'])
      expect(ncmExiste(c), c).toBe(true);
  });

  it('refuses codes that are not 8-digit leaves of the table', () => {
    // 2106.90 is a heading (6 digits), 21069099 / 99999999 do not exist, 00 is the MOC value for "not a good"
    for (const c of ['210690', '21069099', '99999999', '00000000', '00', '', 'abcdefgh', '2106909'])
      expect(ncmExiste(c), c).toBe(false);
  });

  it('finds the first and last codes of the table (binary search edges)', () => {
    expect(ncmExiste('01012100')).toBe(true);
    expect(ncmExiste('97069000')).toBe(true);
    expect(ncmExiste('01012099')).toBe(false);
    expect(ncmExiste('97069001')).toBe(false);
  });

  it('knows which chapters exist (77 is reserved in the Harmonized System)', () => {
    expect(capituloNcmExiste('21069090')).toBe(true);
    expect(capituloNcmExiste('77000000')).toBe(false);
    expect(capituloNcmExiste('98000000')).toBe(false);
  });

  it('says which table it is', () => {
    expect(VIGENCIA_NCM).toBe('Vigente em 13/05/2025 (Resolução Camex nº 641/2024)');
  });
});
