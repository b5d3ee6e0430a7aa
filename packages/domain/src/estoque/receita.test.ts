import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cicloDaReceita,
  consumoDosItens,
  custoDaReceita,
  type ItemConsumo,
  margemSobrePreco,
  mensagemCicloReceita,
  type ProdutoConsumo,
  type Receita,
} from './receita.ts';

describe('custoDaReceita', () => {
  it('prices each line at its gross quantity and divides the total by the yield', () => {
    const receita: Receita = {
      rendimento: '2',
      itens: [
        { produto: 'mussarela', quantidade: '0.250', fatorCorrecao: '1.0' },
        // Onion: 0.1 kg net, 20% lost peeling -> 0.12 kg gross.
        { produto: 'cebola', quantidade: '0.1', fatorCorrecao: '1.2' },
        { produto: 'massa', quantidade: '1' },
      ],
    };
    const custos = new Map([
      ['mussarela', '32.50'],
      ['cebola', '6.99'],
      ['massa', '3.333333'],
    ]);
    const r = custoDaReceita(receita, custos);
    expect(r.linhas.map((l) => [l.quantidadeBruta, l.custoLinha])).toEqual([
      ['0.250000', '8.125000'],
      ['0.120000', '0.838800'],
      ['1.000000', '3.333333'],
    ]);
    expect(r.linhas[2]?.fatorCorrecao).toBe('1.0000');
    expect(r.custoTotal).toBe('12.297133');
    expect(r.rendimento).toBe('2.0000');
    // 12.297133 / 2 = 6.1485665 -> half away from zero
    expect(r.custoPorUnidade).toBe('6.148567');
    expect(margemSobrePreco(r.custoPorUnidade, '24.90')).toBe('75.31');
  });

  it('flags an ingredient without cost and a line being typed, counting them as zero', () => {
    const r = custoDaReceita(
      {
        itens: [
          { produto: 'a', quantidade: '2' },
          { produto: 'b', quantidade: '' },
          { produto: 'c', quantidade: '1', fatorCorrecao: 'x' },
        ],
      },
      new Map([['b', '10']]),
    );
    expect(r.linhas.map((l) => [l.semCusto, l.incompleta, l.custoLinha])).toEqual([
      [true, false, '0.000000'],
      [false, true, '0.000000'],
      [true, true, '0.000000'],
    ]);
    expect(r.custoTotal).toBe('0.000000');
    expect(r.rendimento).toBe('1.0000');
  });

  it('sums line costs exactly (no binary float drift over many lines)', () => {
    const itens = Array.from({ length: 1000 }, (_, i) => ({ produto: `p${i}`, quantidade: '0.1' }));
    const custos = new Map(itens.map((l) => [l.produto, '0.1']));
    expect(custoDaReceita({ itens }, custos).custoTotal).toBe('10.000000');
  });

  it('has no margin without a price', () => {
    expect(margemSobrePreco('1', null)).toBeNull();
    expect(margemSobrePreco('1', '0.00')).toBeNull();
    expect(margemSobrePreco('15', '10')).toBe('-50.00');
  });
});

describe('consumoDosItens', () => {
  const receitas = new Map<string, Receita>([
    [
      'pizzaMussarela',
      {
        itens: [
          { produto: 'massa', quantidade: '1' },
          { produto: 'molho', quantidade: '0.12' },
          { produto: 'mussarela', quantidade: '0.3', fatorCorrecao: '1.05' },
        ],
      },
    ],
    [
      'pizzaCalabresa',
      {
        itens: [
          { produto: 'massa', quantidade: '1' },
          { produto: 'molho', quantidade: '0.12' },
          { produto: 'mussarela', quantidade: '0.15' },
          { produto: 'calabresa', quantidade: '0.2' },
        ],
      },
    ],
    // A batch of 4 burgers' sauce: each burger takes a quarter.
    ['xBurguer', { rendimento: '4', itens: [{ produto: 'maionese', quantidade: '0.1' }] }],
  ]);
  // tipoProduto ids of the catalogue: 2 Serviço, 3 Gorjeta, 4 Taxa Entrega, 5 Adicional.
  const produtos = new Map<string, ProdutoConsumo>([
    ['taxaEntrega', { tipoProduto: 4 }],
    ['gorjeta', { tipoProduto: 3 }],
    ['decoracao', { tipoProduto: 2 }],
    ['queijoExtra', { tipoProduto: 5 }],
  ]);
  const consumo = (itens: ItemConsumo[]) => Object.fromEntries(consumoDosItens(itens, receitas, produtos));

  it('takes the padrão recipe × quantity / yield × correction factor', () => {
    expect(consumo([{ produto: 'pizzaMussarela', quantidade: '2' }])).toEqual({
      massa: '2.000000',
      molho: '0.240000',
      mussarela: '0.630000',
    });
    expect(consumo([{ produto: 'xBurguer', quantidade: '3' }])).toEqual({ maionese: '0.075000' });
  });

  it('takes each pizza part by its fraction and does not count the line product twice', () => {
    // Half mussarela (the flavour the POS started with is the line product), half calabresa.
    const meia = consumo([
      {
        produto: 'pizzaMussarela',
        quantidade: '1',
        produtosFilho: [
          { produto: 'pizzaMussarela', quantidadeParte: 1 },
          { produto: 'pizzaCalabresa', quantidadeParte: 1 },
        ],
      },
    ]);
    expect(meia).toEqual({
      massa: '1.000000',
      molho: '0.120000',
      // 0.3 × 1.05 / 2 + 0.15 / 2
      mussarela: '0.232500',
      calabresa: '0.100000',
    });
    // A line product that is not a part (a base with its own recipe, e.g. a box) adds its recipe.
    const comBase = consumoDosItens(
      [
        {
          produto: 'pizzaBase',
          quantidade: '1',
          produtosFilho: [
            { produto: 'pizzaCalabresa', quantidadeParte: 2 },
            { produto: 'pizzaMussarela', quantidadeParte: 1 },
          ],
        },
      ],
      new Map([...receitas, ['pizzaBase', { itens: [{ produto: 'caixa', quantidade: '1' }] }]]),
      produtos,
    );
    expect(Object.fromEntries(comBase)).toEqual({
      massa: '1.000000',
      molho: '0.120000',
      // 0.15 × 2/3 + 0.315 × 1/3 = 0.1 + 0.105
      mussarela: '0.205000',
      calabresa: '0.133333',
      caixa: '1.000000',
    });
  });

  it('a product without a recipe consumes itself; services, tips and fees nothing; cancelled lines nothing', () => {
    expect(
      consumo([
        { produto: 'refriLata', quantidade: '2' },
        { produto: 'queijoExtra', quantidade: '1' },
        { produto: 'taxaEntrega', quantidade: '1' },
        { produto: 'gorjeta', quantidade: '1' },
        { produto: 'decoracao', quantidade: '1' },
        { produto: 'pizzaMussarela', quantidade: '1', cancelado: true },
        { produto: 'batataKg', quantidade: '0.350' },
      ]),
    ).toEqual({ refriLata: '2.000000', queijoExtra: '1.000000', batataKg: '0.350000' });
  });

  it('combo items and additions are ordinary lines', () => {
    // Combo "Pizza + Refri": its lines are a pizza and a can.
    expect(
      consumo([
        { produto: 'pizzaCalabresa', quantidade: '1' },
        { produto: 'refriLata', quantidade: '1' },
        { produto: 'queijoExtra', quantidade: '1' },
      ]),
    ).toEqual({
      massa: '1.000000',
      molho: '0.120000',
      mussarela: '0.150000',
      calabresa: '0.200000',
      refriLata: '1.000000',
      queijoExtra: '1.000000',
    });
  });

  it('refuses a recipe with a zero yield instead of dividing by it', () => {
    expect(() =>
      consumoDosItens(
        [{ produto: 'x', quantidade: '1' }],
        new Map([['x', { rendimento: '0', itens: [{ produto: 'y', quantidade: '1' }] }]]),
        new Map(),
      ),
    ).toThrow(/rendimento/);
  });

  // Property tests: random recipes and sales.
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  const decimal = (maximo: number, casas: number) =>
    fc.integer({ min: 1, max: maximo * 10 ** casas }).map((n) => new Big(n).div(10 ** casas).toFixed(casas));
  const receitaArb = (rendimentos: fc.Arbitrary<string>, casas: number, fatores: string[]) =>
    fc.record({
      rendimento: rendimentos,
      itens: fc.array(
        fc.record({
          produto: fc.constantFrom('i1', 'i2', 'i3', 'i4'),
          quantidade: decimal(5, casas),
          fatorCorrecao: fc.constantFrom(...fatores),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    });
  const receitasArb = (
    rendimentos: fc.Arbitrary<string>,
    casas = 6,
    fatores = ['1', '1.05', '1.2', '1.3333'],
  ) =>
    fc
      .array(fc.tuple(fc.constantFrom(...ids), receitaArb(rendimentos, casas, fatores)), { maxLength: 6 })
      .map((l) => new Map<string, Receita>(l));
  const produtosArb = fc
    .array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 9 })), { maxLength: 6 })
    .map((l) => new Map<string, ProdutoConsumo>(l.map(([id, tipo]) => [id, { tipoProduto: tipo }])));
  const itemArb = (quantidades: fc.Arbitrary<string>, partes: fc.Arbitrary<number>) =>
    fc.record({
      produto: fc.constantFrom(...ids),
      quantidade: quantidades,
      cancelado: fc.boolean(),
      produtosFilho: fc.option(
        fc.array(fc.record({ produto: fc.constantFrom(...ids), quantidadeParte: partes }), {
          minLength: 2,
          maxLength: 4,
        }),
        { nil: undefined },
      ),
    });
  const somar = (mapas: Map<string, string>[]) => {
    const total = new Map<string, Big>();
    for (const m of mapas) for (const [k, v] of m) total.set(k, (total.get(k) ?? new Big(0)).plus(v));
    return new Map([...total].filter(([, v]) => !v.eq(0)).map(([k, v]) => [k, v.toFixed(6)]));
  };

  it('a sale consumes exactly the sum of what its lines consume, in any order', () => {
    fc.assert(
      fc.property(
        receitasArb(fc.constantFrom('1', '3', '0.7', '12.5')),
        produtosArb,
        fc.array(itemArb(decimal(20, 4), fc.integer({ min: 1, max: 3 })), { maxLength: 12 }),
        (rs, ps, itens) => {
          const venda = consumoDosItens(itens, rs, ps);
          const porLinha = somar(itens.map((i) => consumoDosItens([i], rs, ps)));
          expect(venda).toEqual(porLinha);
          expect(consumoDosItens([...itens].reverse(), rs, ps)).toEqual(venda);
        },
      ),
    );
  });

  it('scales linearly with the quantity: exactly when the unit consumption is exact, within rounding otherwise', () => {
    // Values whose unit consumption is exact at 6 decimals (2-decimal quantities × 2-decimal factors / a yield
    // of 1, 2 or 0.5, halves of pizzas): k × the line = the line k times, to the last digit.
    const meias = fc.option(
      fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)).map(([a, b]) => [
        { produto: a, quantidadeParte: 1 },
        { produto: b, quantidadeParte: 1 },
      ]),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        receitasArb(fc.constantFrom('1', '2', '0.5'), 2, ['1', '1.05', '1.2', '1.5']),
        produtosArb,
        fc.record({
          produto: fc.constantFrom(...ids),
          quantidade: fc.integer({ min: 1, max: 50 }).map(String),
          produtosFilho: meias,
        }),
        fc.integer({ min: 2, max: 40 }),
        (rs, ps, item, k) => {
          const um = consumoDosItens([item], rs, ps);
          const vezes = consumoDosItens(
            [{ ...item, quantidade: String(Number(item.quantidade) * k) }],
            rs,
            ps,
          );
          expect(vezes).toEqual(somar(Array.from({ length: k }, () => um)));
        },
      ),
    );
    // Any yield, parts and fractional quantities: each ingredient line rounds once, at most half a unit of the
    // 6th decimal, so k × the line is within k × 0.0000005 per recipe line of the line k times.
    fc.assert(
      fc.property(
        receitasArb(decimal(20, 4).filter((r) => r !== '0.0000')),
        produtosArb,
        itemArb(decimal(20, 4), fc.integer({ min: 1, max: 4 })),
        fc.integer({ min: 2, max: 40 }),
        (rs, ps, item, k) => {
          const um = consumoDosItens([item], rs, ps);
          const vezes = consumoDosItens(
            [{ ...item, quantidade: new Big(item.quantidade).times(k).toFixed(4) }],
            rs,
            ps,
          );
          const linhas = 4 * 5; // recipe lines per part × parts (the generators' maxima)
          const folga = new Big('0.0000005').times(k + 1).times(linhas);
          for (const produto of new Set([...um.keys(), ...vezes.keys()])) {
            const esperado = new Big(um.get(produto) ?? '0').times(k);
            const obtido = new Big(vezes.get(produto) ?? '0');
            expect(obtido.minus(esperado).abs().lte(folga), `${produto}: ${obtido} vs ${esperado}`).toBe(
              true,
            );
          }
        },
      ),
    );
  });
});

describe('cicloDaReceita', () => {
  const padroes = new Map<string, string[]>([
    ['massa', ['farinha', 'agua']],
    ['molhoEspecial', ['molho', 'pizza']],
    ['pizza', ['massa', 'molhoEspecial']],
    ['y', ['z']],
    ['z', ['x']],
  ]);
  const nomes: Record<string, string> = {
    x: 'X',
    y: 'Y',
    z: 'Z',
    pizza: 'Pizza',
    molhoEspecial: 'Molho Especial',
  };
  const nome = (p: string) => nomes[p] ?? p;

  it('finds a recipe that contains its own product directly', () => {
    expect(cicloDaReceita('x', ['a', 'x'], padroes)).toEqual(['x', 'x']);
    expect(mensagemCicloReceita(['x', 'x'], nome)).toBe('A ficha técnica de X não pode conter o próprio X.');
  });

  it('finds it through other products’ padrão recipes at any depth, naming the chain', () => {
    const cadeia = cicloDaReceita('x', ['massa', 'y'], padroes);
    expect(cadeia).toEqual(['x', 'y', 'z', 'x']);
    expect(mensagemCicloReceita(cadeia ?? [], nome)).toBe('A ficha técnica de X contém X através de Y → Z.');
    expect(cicloDaReceita('pizza', ['massa', 'molhoEspecial'], padroes)).toEqual([
      'pizza',
      'molhoEspecial',
      'pizza',
    ]);
  });

  it('accepts a recipe whose ingredients never lead back (shared sub-recipes are not cycles)', () => {
    expect(cicloDaReceita('calzone', ['massa', 'massa', 'y'], padroes)).toBeNull();
    expect(cicloDaReceita('novo', [], padroes)).toBeNull();
  });

  it('answers on graphs with cycles not involving the product (no endless walk)', () => {
    const comCiclo = new Map([
      ['a', ['b']],
      ['b', ['a']],
    ]);
    expect(cicloDaReceita('x', ['a'], comCiclo)).toBeNull();
  });
});
