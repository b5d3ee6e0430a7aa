/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test reads the real fiscal samples (fixtures of packages/fiscal).
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codigoBarrasValido,
  completarGtin,
  digitoVerificadorGtin,
  gtinBrasileiro,
  gtinValido,
  prefixoGs1,
} from './gtin.ts';
import { FAIXAS_PREFIXO_GS1 } from './prefixos-gs1.gen.ts';

describe('GS1 check digit', () => {
  it('matches published codes', () => {
    expect(digitoVerificadorGtin('789100031550')).toBe(7); // 7891000315507
    expect(digitoVerificadorGtin('400638133393')).toBe(1); // 4006381333931
    expect(digitoVerificadorGtin('9638507')).toBe(4); // GTIN-8 96385074
    expect(digitoVerificadorGtin('03600029145')).toBe(2); // UPC-A 036000291452
    expect(digitoVerificadorGtin('1789100031550')).toBe(4); // GTIN-14
    expect(() => digitoVerificadorGtin('')).toThrow();
  });
  it('validates any numeric code up to 18 digits', () => {
    expect(codigoBarrasValido('7891000315507')).toBe(true);
    expect(codigoBarrasValido('007891000315507')).toBe(true);
    expect(codigoBarrasValido('376104250021234569')).toBe(true); // SSCC
    expect(codigoBarrasValido('7891000315508')).toBe(false);
    expect(codigoBarrasValido('78910003155a7')).toBe(false);
    expect(codigoBarrasValido('3761042500212345690')).toBe(false);
  });
});

// The fixtures live in the repository (packages/fiscal/test/fixtures/fiscal-ref/SOURCES.md).
const FISCAL_REF = new URL('../../../fiscal/test/fixtures/fiscal-ref', import.meta.url).pathname;

describe('GTIN', () => {
  it('validates every cEAN/cEANTrib of the real NF-e/NFC-e samples', () => {
    const codigos = new Set<string>();
    const arquivos = ['nfe55', 'nfce'].flatMap((sub) =>
      readdirSync(`${FISCAL_REF}/samples/${sub}`).map((nome) => `${FISCAL_REF}/samples/${sub}/${nome}`),
    );
    for (const arquivo of arquivos) {
      const xml = readFileSync(arquivo, 'utf8');
      for (const achado of xml.matchAll(/<cEAN(?:Trib)?>(\d+)<\/cEAN(?:Trib)?>/g))
        codigos.add(achado[1] ?? '');
    }
    expect(codigos.size).toBe(8);
    for (const codigo of codigos) {
      expect(gtinValido(codigo), codigo).toBe(true);
      expect(gtinBrasileiro(codigo), codigo).toBe(true);
    }
  });

  it('accepts 8 to 14 digits with a right check digit and a GS1 prefix', () => {
    expect(gtinValido('7891000315507')).toBe(true);
    expect(gtinValido('4006381333931')).toBe(true);
    expect(gtinValido('96385074')).toBe(true);
    expect(gtinValido('036000291452')).toBe(true);
    expect(gtinValido('17891000315504')).toBe(true);
    expect(gtinBrasileiro('7891000315507')).toBe(true);
    expect(gtinBrasileiro('4006381333931')).toBe(false);
    expect(prefixoGs1('7901000315500')?.uso).toBe('GS1 Brasil');
  });
  it('rejects wrong length, wrong digit and prefixes outside the table', () => {
    expect(gtinValido('1234565')).toBe(false); // 7 digits
    expect(gtinValido('376104250021234569')).toBe(false); // 18 digits
    expect(gtinValido('7891000315508')).toBe(false);
    // 140-199 is not assigned by GS1
    const semPrefixo = completarGtin('150000000000');
    expect(codigoBarrasValido(semPrefixo)).toBe(true);
    expect(prefixoGs1(semPrefixo)).toBeUndefined();
    expect(gtinValido(semPrefixo)).toBe(false);
  });
  it('has the 149 ranges of the reference table, Brazil 789-790 among them', () => {
    expect(FAIXAS_PREFIXO_GS1).toHaveLength(149);
    expect(FAIXAS_PREFIXO_GS1).toContainEqual(['789', '790', 'GS1 Brasil']);
  });
  it('property: generated Brazilian GTIN-13 validate and one changed digit fails', () => {
    const gtin = fc
      .tuple(
        fc.constantFrom('789', '790'),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
      )
      .map(([prefixo, resto]) => completarGtin(`${prefixo}${resto.join('')}`));
    fc.assert(
      fc.property(gtin, fc.integer({ min: 3, max: 12 }), fc.integer({ min: 1, max: 9 }), (codigo, p, d) => {
        expect(gtinValido(codigo)).toBe(true);
        const trocado = `${codigo.slice(0, p)}${(Number(codigo[p]) + d) % 10}${codigo.slice(p + 1)}`;
        expect(gtinValido(trocado)).toBe(false);
      }),
    );
  });
  it('property: any length 8-14 built with completarGtin passes the check digit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 13 }), (digitos) => {
        expect(codigoBarrasValido(completarGtin(digitos.join('')))).toBe(true);
      }),
    );
  });
});
