import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aplicarMovimento,
  converterUnidade,
  custoPorUnidadeDeEstoque,
  ESTADO_INICIAL,
  escreverCentavos,
  escreverEstoque,
  lerEstoque,
  type MovimentoParaValorizar,
  valorizarHistorico,
} from './custo-medio.ts';

const entrada = (q: string, c: string): MovimentoParaValorizar => ({
  quantidade: lerEstoque(q),
  custoInformado: lerEstoque(c),
});
const saida = (q: string): MovimentoParaValorizar => ({ quantidade: -lerEstoque(q), custoInformado: null });

describe('custo médio ponderado', () => {
  it('averages entries by the formula and values exits at the average', () => {
    const [a, b, c, d] = valorizarHistorico([
      entrada('10', '5'),
      entrada('30', '7'),
      saida('8'),
      entrada('2', '10'),
    ]);
    expect(escreverEstoque(a!.custoMedio)).toBe('5.000000');
    // (10·5 + 30·7) / 40 = 6.5
    expect(escreverEstoque(b!.custoMedio)).toBe('6.500000');
    expect(escreverEstoque(c!.custoUnitario)).toBe('6.500000');
    expect(escreverCentavos(c!.valorCentavos)).toBe('-52.00');
    expect(escreverEstoque(c!.saldo)).toBe('32.000000');
    // (32·6.5 + 2·10) / 34 = 228 / 34 = 6.705882352... -> 6.705882
    expect(escreverEstoque(d!.custoMedio)).toBe('6.705882');
  });

  it('restarts the average at the entry cost when the stock was zero or negative', () => {
    const h = valorizarHistorico([entrada('1', '4'), saida('3'), entrada('5', '9')]);
    expect(escreverEstoque(h[1]!.saldo)).toBe('-2.000000');
    expect(escreverEstoque(h[2]!.custoMedio)).toBe('9.000000');
  });

  it('takes a reversed entry out at its own cost', () => {
    const h = valorizarHistorico([entrada('10', '5'), entrada('10', '7'), entrada('-10', '7')]);
    expect(escreverEstoque(h[2]!.custoMedio)).toBe('5.000000');
    expect(escreverCentavos(h[2]!.valorCentavos)).toBe('-70.00');
  });

  it('converts purchase units into stock units', () => {
    // 3 boxes of 12 at R$ 30.00 a box: 36 units at R$ 2.50
    expect(escreverEstoque(converterUnidade(lerEstoque('3'), lerEstoque('12')))).toBe('36.000000');
    expect(escreverEstoque(custoPorUnidadeDeEstoque(lerEstoque('30'), lerEstoque('12')))).toBe('2.500000');
    expect(() => custoPorUnidadeDeEstoque(lerEstoque('30'), 0n)).toThrow();
  });

  it('writes values beyond the safe integer range exactly', () => {
    expect(escreverEstoque(123456789012345678901n)).toBe('123456789012345.678901');
    expect(escreverCentavos(-900719925474099312n)).toBe('-9007199254740993.12');
  });

  const movimento = fc.oneof(
    fc.record({
      quantidade: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
      custoInformado: fc.bigInt({ min: 0n, max: 1_000_000_000n }),
    }),
    fc.record({
      quantidade: fc.bigInt({ min: -10_000_000_000n, max: -1n }),
      custoInformado: fc.constant(null),
    }),
  );

  it('keeps the balance equal to the sum of the moves and the average by the formula (property)', () => {
    fc.assert(
      fc.property(fc.array(movimento, { maxLength: 60 }), (movs) => {
        let estado = ESTADO_INICIAL;
        let soma = 0n;
        for (const m of movs) {
          const v = aplicarMovimento(estado, m);
          soma += m.quantidade;
          expect(v.saldo).toBe(soma);
          if (m.custoInformado === null) {
            expect(v.custoMedio).toBe(estado.custoMedio);
            expect(v.custoUnitario).toBe(estado.custoMedio);
          } else if (estado.saldo > 0n && v.saldo > 0n) {
            const esperado = new Big(estado.saldo.toString())
              .times(estado.custoMedio.toString())
              .plus(new Big(m.quantidade.toString()).times(m.custoInformado.toString()))
              .div(v.saldo.toString())
              .round(0, Big.roundHalfUp);
            expect(v.custoMedio.toString()).toBe(esperado.toFixed(0));
          }
          expect(v.custoMedio >= 0n).toBe(true);
          estado = v;
        }
      }),
    );
  });
});
