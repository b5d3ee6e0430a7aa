import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arredondarDecimal,
  CASAS,
  decimalTextoSchema,
  dividirInteiro,
  escreverDinheiro,
  escreverEscalado,
  escreverQuantidade,
  lerDinheiro,
  lerEscalado,
  lerPagamento,
  lerQuantidade,
  multiplicarDividir,
  multiplicarQuantidade,
  percentualDe,
  reescalar,
} from './decimal.ts';

describe('leitura e escrita de decimais', () => {
  it.each([
    ['12.50', 2, 'arredondar', 1250],
    ['12.5', 2, 'arredondar', 1250],
    ['12', 2, 'arredondar', 1200],
    ['0.005', 2, 'arredondar', 1],
    ['0.004', 2, 'arredondar', 0],
    ['-0.005', 2, 'arredondar', -1],
    ['1.23456789', 4, 'truncar', 12345],
    ['-1.23456789', 4, 'truncar', -12345],
    ['9.999', 2, 'arredondar', 1000],
    ['0.1', 6, 'arredondar', 100000],
  ] as const)('lerEscalado(%s, %i, %s) = %i', (texto, casas, modo, esperado) => {
    expect(lerEscalado(texto, casas, modo)).toBe(esperado);
  });

  it('aceita números pelo texto mais curto, sem erro de ponto flutuante', () => {
    expect(lerDinheiro(0.1 + 0.2)).toBe(30);
    expect(lerDinheiro(1e-7)).toBe(0);
    expect(lerQuantidade(2.5)).toBe(25_000);
  });

  it('recusa textos que não são decimais', () => {
    expect(() => lerDinheiro('1,50')).toThrow(RangeError);
    expect(() => lerDinheiro('abc')).toThrow(RangeError);
    expect(() => lerDinheiro(Number.NaN)).toThrow(RangeError);
    expect(decimalTextoSchema.safeParse('1.5').success).toBe(true);
    expect(decimalTextoSchema.safeParse('1e5').success).toBe(false);
  });

  it('quantidades truncadas a 4 casas, dinheiro a 2, pagamentos truncados a 2 (spec 9)', () => {
    expect(escreverQuantidade(lerQuantidade('1.99999'))).toBe('1.9999');
    expect(escreverDinheiro(lerDinheiro('1.999'))).toBe('2.00');
    expect(escreverDinheiro(lerPagamento('1.999'))).toBe('1.99');
    expect(CASAS).toMatchObject({
      quantidade: 4,
      dinheiro: 2,
      calculo: 6,
      exibicao: 2,
      comboPercentual: 3,
      pagamento: 2,
    });
  });

  it('escreve com o número exato de casas e sinal', () => {
    expect(escreverEscalado(5, 2)).toBe('0.05');
    expect(escreverEscalado(-5, 2)).toBe('-0.05');
    expect(escreverEscalado(123456, 0)).toBe('123456');
    expect(escreverEscalado(7, 6)).toBe('0.000007');
  });

  it('arredonda textos arbitrários para custos e pesos (4-6 casas)', () => {
    expect(arredondarDecimal('1.23456789', 6, 'arredondar')).toBe('1.234568');
    expect(arredondarDecimal('1.23456789', 4, 'truncar')).toBe('1.2345');
    expect(() => arredondarDecimal('x', 2, 'truncar')).toThrow(RangeError);
  });
});

describe('aritmética inteira exata', () => {
  it('divide com arredondamento meio-para-longe-de-zero ou truncando', () => {
    expect(dividirInteiro(5, 2, 'arredondar')).toBe(3);
    expect(dividirInteiro(-5, 2, 'arredondar')).toBe(-3);
    expect(dividirInteiro(5, 2, 'truncar')).toBe(2);
    expect(dividirInteiro(-5, 2, 'truncar')).toBe(-2);
    expect(() => dividirInteiro(1, 0, 'truncar')).toThrow(RangeError);
  });

  it('passa para bigint quando o produto sai da faixa segura', () => {
    const grande = 9_000_000_000_000;
    expect(multiplicarDividir(grande, 10_000, 10_000, 'arredondar')).toBe(grande);
    expect(multiplicarQuantidade(lerDinheiro('12.50'), lerQuantidade('3'))).toBe(3750);
    expect(percentualDe(lerDinheiro('10.00'), 12_500, 3)).toBe(125);
    expect(reescalar(123456, 6, 2, 'arredondar')).toBe(12);
    expect(reescalar(12, 2, 4, 'truncar')).toBe(1200);
  });

  it('propriedade: multiplicarDividir coincide com big.js', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 1e7 }),
        fc.boolean(),
        (a, b, d, truncar) => {
          const modo = truncar ? 'truncar' : 'arredondar';
          const esperado = new Big(a)
            .times(b)
            .div(d)
            .round(0, truncar ? Big.roundDown : Big.roundHalfUp)
            .toNumber();
          expect(multiplicarDividir(a, b, d, modo)).toBe(esperado);
        },
      ),
    );
  });

  it('propriedade: ler(escrever(x)) = x', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 6 }), (x, casas) => {
        expect(lerEscalado(escreverEscalado(x, casas), casas, 'truncar')).toBe(x);
      }),
    );
  });
});
