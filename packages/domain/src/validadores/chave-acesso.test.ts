/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test reads the real fiscal samples (fixtures of packages/fiscal).
import { readdirSync, readFileSync, statSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: see above.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chaveAcessoValida, decomporChave, digitoVerificadorChave } from './chave-acesso.ts';

// The fixtures live in the repository (packages/fiscal/test/fixtures/fiscal-ref/SOURCES.md).
const FISCAL_REF = new URL('../../../fiscal/test/fixtures/fiscal-ref', import.meta.url).pathname;

function arquivosXml(pasta: string): string[] {
  return readdirSync(pasta).flatMap((nome) => {
    const caminho = join(pasta, nome);
    if (statSync(caminho).isDirectory()) return arquivosXml(caminho);
    return nome.endsWith('.xml') ? [caminho] : [];
  });
}

/** Every access key found in the samples: Id="NFe…", Id="ID110111…01", <chNFe>, QR p= and chNFe=. */
function chavesDasAmostras(): Map<string, string> {
  const chaves = new Map<string, string>();
  const padroes = [
    /Id="NFe(\d{44})"/g,
    /Id="ID\d{6}(\d{44})\d{2}"/g,
    /<chNFe>(\d{44})<\/chNFe>/g,
    /[?&]p=(\d{44})/g,
  ];
  for (const arquivo of arquivosXml(join(FISCAL_REF, 'samples'))) {
    const xml = readFileSync(arquivo, 'utf8');
    for (const padrao of padroes)
      for (const achado of xml.matchAll(padrao)) chaves.set(achado[1] ?? '', arquivo);
  }
  return chaves;
}

describe('NFC-e access key', () => {
  it('checks the real keys of the fiscal samples and refuses the ones their maintainers edited', () => {
    const chaves = chavesDasAmostras();
    // SOURCES.md: the RS NFC-e was anonymised, the BA one edited, and the cancellation request is a
    // fabricated example; their keys no longer check. Every other key is a real authorised note.
    const esperado = new Map([
      ['15231207933914000154550010006643501427015088', true],
      ['35180834128745000152550010000474281920007498', true],
      ['41170310422724000187650010000000061000005858', true],
      ['41170706117473000150550010000463202612756525', true],
      ['41200323285089000185650010000013051817822496', true],
      ['43211105730928000145650010000002401717268120', false],
      ['29181033657677000156650010001654399001654399', false],
      ['35150300822602000124650010009923461099234656', false],
    ]);
    expect([...chaves.keys()].sort()).toEqual([...esperado.keys()].sort());
    for (const [chave, arquivo] of chaves) {
      expect(chaveAcessoValida(chave), arquivo).toBe(esperado.get(chave));
    }
    // the edited keys are off by their check digit only: recomputing it gives a valid key
    expect(digitoVerificadorChave('4321110573092800014565001000000240171726812')).toBe(9);
    expect(chaveAcessoValida('43211105730928000145650010000002401717268129')).toBe(true);
  });

  it('computes the check digit with weights 2-9, mod 11, 10 or more becoming 0', () => {
    expect(digitoVerificadorChave('4120032328508900018565001000001305181782249')).toBe(6);
    expect(digitoVerificadorChave('3518083412874500015255001000047428192000749')).toBe(8);
    // remainder 0 gives 11 and remainder 1 gives 10: both are written as 0
    expect(digitoVerificadorChave('0'.repeat(43))).toBe(0);
    expect(digitoVerificadorChave(`${'0'.repeat(42)}6`)).toBe(0); // 6*2 = 12, remainder 1, 11-1 = 10 -> 0
    expect(digitoVerificadorChave(`${'0'.repeat(42)}5`)).toBe(1); // 5*2 = 10, remainder 10, 11-10 = 1
  });

  it('answers -1 for invalid input', () => {
    expect(digitoVerificadorChave('123')).toBe(-1);
    expect(digitoVerificadorChave('4321110573092800014565001000000240171726812x')).toBe(-1);
    expect(digitoVerificadorChave('432111057309280001456500100000024017172681a')).toBe(-1);
    expect(digitoVerificadorChave('')).toBe(-1);
  });

  it('validates 44-character keys, with spaces as printed on the DANFE', () => {
    expect(chaveAcessoValida('4120 0323 2850 8900 0185 6500 1000 0013 0518 1782 2496')).toBe(true);
    expect(chaveAcessoValida('41200323285089000185650010000013051817822497')).toBe(false);
    expect(chaveAcessoValida('4120032328508900018565001000001305181782249')).toBe(false);
    expect(decomporChave('41200323285089000185650010000013051817822496')).toEqual({
      cUF: '41',
      anoMes: '2003',
      cnpj: '23285089000185',
      modelo: '65',
      serie: '001',
      numero: '000001305',
      tipoEmissao: '1',
      codigoNumerico: '81782249',
      digito: '6',
    });
    expect(decomporChave('41200323285089000185650010000013051817822497')).toBeUndefined();
  });

  it('accepts the alphanumeric CNPJ inside the key (NT Conjunta 2025.001)', () => {
    const semDigito = `4126071 2ABC34501DE35650010000000011123456780`.replace(' ', '').slice(0, 43);
    const digito = digitoVerificadorChave(semDigito);
    expect(digito).toBeGreaterThanOrEqual(0);
    expect(chaveAcessoValida(`${semDigito}${digito}`)).toBe(true);
    expect(decomporChave(`${semDigito}${digito}`)?.cnpj).toBe('12ABC34501DE35');
  });

  it('property: random keys with their digit validate and one changed digit fails', () => {
    const base = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 43, maxLength: 43 })
      .map((d) => d.join(''));
    fc.assert(
      fc.property(
        base,
        fc.integer({ min: 0, max: 42 }),
        fc.integer({ min: 1, max: 9 }),
        (semDigito, p, d) => {
          const chave = `${semDigito}${digitoVerificadorChave(semDigito)}`;
          expect(chaveAcessoValida(chave)).toBe(true);
          const trocada = `${chave.slice(0, p)}${(Number(chave[p]) + d) % 10}${chave.slice(p + 1)}`;
          // a digit change is caught unless it moves the remainder between 0 and 1 (both give digit 0)
          const mesmoDigito = digitoVerificadorChave(trocada.slice(0, 43)) === Number(chave[43]);
          expect(chaveAcessoValida(trocada)).toBe(mesmoDigito);
        },
      ),
    );
  });
});
