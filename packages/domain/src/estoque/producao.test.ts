import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valorDoMovimento } from './custo-medio.ts';
import {
  criarProducaoSchema,
  custoUnitarioProduzido,
  planoDeProducao,
  TIPO_SOLICITACAO_PRODUCAO,
} from './producao.ts';
import type { Receita } from './receita.ts';

// Molho de tomate: a recipe yields 5 kg; tomato loses 20% peeling (factor 1.25).
const MOLHO: Receita = {
  rendimento: '5',
  itens: [
    { produto: 'tomate', quantidade: '4', fatorCorrecao: '1.25' },
    { produto: 'cebola', quantidade: '0.5', fatorCorrecao: '1.1' },
    { produto: 'sal', quantidade: '0.03' },
  ],
};

describe('planoDeProducao', () => {
  it('by recipe: n × rendimento comes out, each line takes n × net × factor', () => {
    const p = planoDeProducao(MOLHO, TIPO_SOLICITACAO_PRODUCAO.receita, '3');
    expect(p.quantidadePrevista).toBe('15.000000');
    expect(p.rendimento).toBe('5.0000');
    expect(p.linhas.map((l) => [l.produto, l.quantidadeBruta])).toEqual([
      ['tomate', '15.000000'],
      ['cebola', '1.650000'],
      ['sal', '0.090000'],
    ]);
  });

  it('by yield unit: n units come out, each line takes n × net × factor / rendimento', () => {
    const p = planoDeProducao(MOLHO, TIPO_SOLICITACAO_PRODUCAO.unidadeRendimento, '2');
    expect(p.quantidadePrevista).toBe('2.000000');
    expect(p.linhas.map((l) => l.quantidadeBruta)).toEqual(['2.000000', '0.220000', '0.012000']);
  });

  it('a recipe without yield yields one; one rounding per line (half away from zero)', () => {
    const p = planoDeProducao(
      { itens: [{ produto: 'x', quantidade: '0.333333', fatorCorrecao: '1.5' }] },
      TIPO_SOLICITACAO_PRODUCAO.unidadeRendimento,
      '0.333333',
    );
    // 0.333333 × 0.333333 × 1.5 = 0.1666663333... -> 0.166666
    expect(p.linhas[0]?.quantidadeBruta).toBe('0.166666');
    expect(p.quantidadePrevista).toBe('0.333333');
  });

  it('n recipes and n × rendimento yield units take the same ingredients (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 10_000, max: 30_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (n, q, f, r) => {
          const receita: Receita = {
            rendimento: new Big(r).div(100).toFixed(2),
            itens: [
              {
                produto: 'a',
                quantidade: new Big(q).div(1000).toFixed(3),
                fatorCorrecao: new Big(f).div(10_000).toFixed(4),
              },
            ],
          };
          const porReceita = planoDeProducao(receita, 1, String(n));
          const porUnidade = planoDeProducao(receita, 2, porReceita.quantidadePrevista);
          expect(porUnidade.linhas[0]?.quantidadeBruta).toBe(porReceita.linhas[0]?.quantidadeBruta);
        },
      ),
    );
  });
});

describe('custoUnitarioProduzido', () => {
  it('spreads the value that left over the real quantity: value in = value out within a cent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        (centavos, quantidade) => {
          const custo = custoUnitarioProduzido(centavos, quantidade);
          const entrou = valorDoMovimento(quantidade, custo);
          const diferenca = entrou > centavos ? entrou - centavos : centavos - entrou;
          // Rounding the cost to 6 places moves the value by at most quantity × 0.5e-6 (plus the cent's rounding).
          expect(diferenca <= 1n + quantidade / 20_000_000_000n).toBe(true);
        },
      ),
    );
  });

  it('R$ 10,00 over 3 units: 3,333333 each', () => {
    expect(custoUnitarioProduzido(1000n, 3_000_000n)).toBe(3_333_333n);
  });
});

describe('criarProducaoSchema', () => {
  const base = { _id: 'a'.repeat(24), empresa: 'b'.repeat(24), produto: 'c'.repeat(24), tipoSolicitacao: 1 };
  it('refuses a zero, negative or unreadable quantity and an unknown kind, in pt-BR', () => {
    for (const quantidade of ['0', '-1', 'abc', '1.1234567']) {
      const r = criarProducaoSchema.safeParse({ ...base, quantidade });
      expect(r.success, quantidade).toBe(false);
    }
    const tipo = criarProducaoSchema.safeParse({ ...base, tipoSolicitacao: 3, quantidade: '1' });
    expect(tipo.error?.issues[0]?.message).toContain('Tipo de solicitação inválido');
    expect(criarProducaoSchema.safeParse({ ...base, quantidade: '2.5' }).success).toBe(true);
  });
});
