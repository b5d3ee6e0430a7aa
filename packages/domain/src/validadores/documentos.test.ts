import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calcularDigitosCnpj,
  calcularDigitosCpf,
  cnpjAlfanumerico,
  cnpjValido,
  cpfValido,
  normalizarCnpj,
  tipoDocumento,
  validarCnpj,
  validarCpf,
  validarCpfCnpj,
} from './documentos.ts';

const digito = fc.constantFrom(...'0123456789');
const alfanumerico = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const texto = (arb: fc.Arbitrary<string>, n: number) =>
  fc.array(arb, { minLength: n, maxLength: n }).map((c) => c.join(''));

const cpfAleatorio = texto(digito, 9)
  .filter((base) => !/^(\d)\1{8}$/.test(base))
  .map((base) => `${base}${calcularDigitosCpf(base)}`);
const cnpjNumerico = texto(digito, 12)
  .filter((base) => !/^(\d)\1{11}$/.test(base))
  .map((base) => `${base}${calcularDigitosCnpj(base)}`);
const cnpjAlfa = texto(alfanumerico, 12)
  .filter((base) => /[A-Z]/.test(base))
  .map((base) => `${base}${calcularDigitosCnpj(base)}`);

/**
 * Independent textbook check of an all-digit CPF (base 9) or CNPJ (base 12): weights descending (CPF from
 * 10/11, CNPJ cycling 2-9 from the right), remainder < 2 gives 0, else 11 - remainder.
 */
function referenciaDocumento(valor: string, base: number): boolean {
  if (/^(.)\1*$/.test(valor)) return false;
  // The alphanumeric CNPJ's rule: a character is worth its ASCII code minus 48 ('0'-'9' as ever, 'A' = 17).
  const digitos = [...valor].map((c) => c.charCodeAt(0) - 48);
  for (const n of [base, base + 1]) {
    let soma = 0;
    for (let i = 0; i < n; i++) {
      const peso = base === 9 ? n + 1 - i : ((n - 1 - i) % 8) + 2;
      soma += (digitos[i] ?? 0) * peso;
    }
    const resto = soma % 11;
    if ((resto < 2 ? 0 : 11 - resto) !== digitos[n]) return false;
  }
  return true;
}

/** Changes the character at `posicao` to another one of the same alphabet. */
function trocar(valor: string, posicao: number, deslocamento: number, alfabeto: string): string {
  const atual = valor[posicao] ?? '0';
  const indice = alfabeto.indexOf(atual);
  const novo = alfabeto[(indice + deslocamento) % alfabeto.length] ?? '0';
  return `${valor.slice(0, posicao)}${novo}${valor.slice(posicao + 1)}`;
}

describe('CPF', () => {
  it('accepts known valid numbers, with or without mask', () => {
    expect(cpfValido('529.982.247-25')).toBe(true);
    expect(cpfValido('52998224725')).toBe(true);
    expect(validarCpf('529.982.247-25')).toBe(true);
  });
  it.each([
    '529.982.247-24',
    '11111111111',
    '00000000000',
    '5299822472',
    '529982247250',
    '5299822472a',
    'abc',
  ])('rejects %s with "CPF Inválido"', (cpf) => {
    expect(cpfValido(cpf)).toBe(false);
    expect(validarCpf(cpf)).toBe('CPF Inválido');
  });
  it('lets empty values pass the rule', () => {
    expect(validarCpf('')).toBe(true);
    expect(validarCpf(null)).toBe(true);
    expect(validarCpf(undefined)).toBe(true);
  });
  it('rejects every repeated-digit sequence even though its digits check', () => {
    for (let d = 0; d <= 9; d++) expect(cpfValido(String(d).repeat(11))).toBe(false);
  });
  it('property: a generated CPF validates; a changed check digit always fails', () => {
    fc.assert(
      fc.property(
        cpfAleatorio,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, p, d) => {
          expect(cpfValido(cpf)).toBe(true);
          expect(cpfValido(trocar(cpf, p, d, '0123456789'))).toBe(false);
        },
      ),
    );
  });
  it('property: after one changed base digit the validator agrees with the textbook algorithm', () => {
    // mod 11 maps remainders 0 and 1 to the same digit, so a rare change keeps the check digits valid:
    // the property is agreement with an independent implementation, not "always fails".
    fc.assert(
      fc.property(
        cpfAleatorio,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, p, d) => {
          expect(referenciaDocumento(cpf, 9)).toBe(true);
          const trocado = trocar(cpf, p, d, '0123456789');
          expect(cpfValido(trocado)).toBe(referenciaDocumento(trocado, 9));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('CNPJ', () => {
  it('accepts known valid numeric and alphanumeric numbers', () => {
    expect(cnpjValido('11.222.333/0001-81')).toBe(true);
    // Example of the Receita Federal for the alphanumeric CNPJ.
    expect(cnpjValido('12.ABC.345/01DE-35')).toBe(true);
    expect(cnpjValido('12abc34501de35')).toBe(true);
    expect(normalizarCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(cnpjAlfanumerico('12.ABC.345/01DE-35')).toBe(true);
    expect(cnpjAlfanumerico('11.222.333/0001-81')).toBe(false);
    expect(calcularDigitosCnpj('12ABC34501DE')).toBe('35');
  });
  it.each([
    '11.222.333/0001-82',
    '12.ABC.345/01DE-36',
    '00000000000000',
    '11111111111111',
    'AAAAAAAAAAAAAA',
    '12ABC34501DE3A',
    '1122233300018',
    '112223330001811',
    '12ABC34501D#35',
  ])('rejects %s with "CNPJ Inválido"', (cnpj) => {
    expect(cnpjValido(cnpj)).toBe(false);
    expect(validarCnpj(cnpj)).toBe('CNPJ Inválido');
  });
  it('lets empty values pass the rule', () => {
    expect(validarCnpj('')).toBe(true);
    expect(validarCnpj('  ')).toBe(true);
  });
  it('refuses bad bases when computing digits', () => {
    expect(() => calcularDigitosCnpj('12345')).toThrow();
    expect(() => calcularDigitosCpf('12345678a')).toThrow();
  });
  it('property: generated numeric CNPJs validate; a changed check digit always fails', () => {
    fc.assert(
      fc.property(
        cnpjNumerico,
        fc.integer({ min: 12, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, p, d) => {
          expect(cnpjValido(cnpj)).toBe(true);
          expect(cnpjValido(trocar(cnpj, p, d, '0123456789'))).toBe(false);
        },
      ),
    );
  });
  it('property: after one changed base digit the CNPJ validator agrees with the textbook algorithm', () => {
    fc.assert(
      fc.property(
        cnpjNumerico,
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, p, d) => {
          expect(referenciaDocumento(cnpj, 12)).toBe(true);
          const trocado = trocar(cnpj, p, d, '0123456789');
          expect(cnpjValido(trocado)).toBe(referenciaDocumento(trocado, 12));
        },
      ),
      { numRuns: 500 },
    );
  });
  it('property: generated alphanumeric CNPJs validate and one changed character fails', () => {
    const alfabeto = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(
        cnpjAlfa,
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 35 }),
        (cnpj, p, d) => {
          expect(cnpjValido(cnpj)).toBe(true);
          // the check digits stay digits; the other characters may become any [0-9A-Z]
          const trocado = p >= 12 ? trocar(cnpj, p, (d % 9) + 1, '0123456789') : trocar(cnpj, p, d, alfabeto);
          // A changed check digit always fails. A changed base character fails unless the official algorithm is blind
          // to it (values 11 apart, or remainders 0 and 1 that both give the digit 0): the textbook one decides.
          if (p >= 12) expect(cnpjValido(trocado)).toBe(false);
          else expect(cnpjValido(trocado)).toBe(referenciaDocumento(trocado, 12));
        },
      ),
    );
  });
});

describe('document type and fiscal-note recipient', () => {
  it('classifies by length', () => {
    expect(tipoDocumento('529.982.247-25')).toBe('CPF');
    expect(tipoDocumento('11.222.333/0001-81')).toBe('CNPJ');
    expect(tipoDocumento('12.ABC.345/01DE-35')).toBe('CNPJ');
    expect(tipoDocumento('123456789012')).toBeUndefined();
  });
  it('uses the fiscal message when the length is neither', () => {
    expect(validarCpfCnpj('123')).toBe('CPF ou CNPJ Inválido, favor preencher corretamente');
    expect(validarCpfCnpj('52998224725')).toBe(true);
    expect(validarCpfCnpj('52998224724')).toBe('CPF Inválido');
    expect(validarCpfCnpj('11222333000182')).toBe('CNPJ Inválido');
    expect(validarCpfCnpj('')).toBe(true);
  });
});
