import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import {
  aplicarCombos,
  descontoDoCombo,
  itemElegivelCombo,
  type OrdemCombo,
  ordemCombo,
  unidadesDoCombo,
  validarCombo,
} from './combos.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  EMPRESA,
  id,
  produtos,
  vendaComItens,
} from './fabricas-teste.ts';
import { indexarCatalogo } from './indice.ts';
import { recalcularVenda, validarCombosRealizados } from './recalcular.ts';

// Products 1-3 are burgers, 4-5 drinks.
const catProdutos = produtos({ 1: '20.00', 2: '25.00', 3: '30.00', 4: '5.00', 5: '8.00' });
const combo = (over: Record<string, unknown> = {}) => ({
  _id: id(0xc1),
  descricao: 'Lanche + bebida',
  desconto: '10',
  tipoDesconto: 'percentual',
  corPredominanteCombo: '#ff0000',
  agrupadores: [
    { _id: id(0xa1), quantidade: 1, produtos: [id(1), id(2), id(3)] },
    { _id: id(0xa2), quantidade: 1, produtos: [id(4), id(5)] },
  ],
  ...over,
});
const recalc = (
  itens: Record<string, unknown>[],
  combos: Record<string, unknown>[],
  config = criarConfiguracao(),
  venda = {},
) =>
  recalcularVenda(
    vendaComItens(itens, venda),
    criarCatalogo({ produtos: catProdutos, combos }),
    config,
    AGORA,
  );

describe('elegibilidade (spec 5 "Combos")', () => {
  const base = { cancelado: false, descontoPersonalizado: 0, existePosicaoPago: false, quantidade: 10_000 };
  it('não cancelado, sem desconto personalizado, sem posição paga, quantidade inteira', () => {
    expect(itemElegivelCombo(base)).toBe(true);
    expect(itemElegivelCombo({ ...base, cancelado: true })).toBe(false);
    expect(itemElegivelCombo({ ...base, descontoPersonalizado: 100 })).toBe(false);
    expect(itemElegivelCombo({ ...base, existePosicaoPago: true })).toBe(false);
    expect(itemElegivelCombo({ ...base, quantidade: 15_000 })).toBe(false);
  });

  it('itens inelegíveis na venda não entram no combo', () => {
    const v = recalc([{ produto: 1 }, { produto: 4, quantidade: '1.5' }], [combo()]);
    expect(v.combosRealizados).toEqual([]);
    const p = recalc([{ produto: 1, descontoPersonalizado: '1.00' }, { produto: 4 }], [combo()]);
    expect(p.combosRealizados).toEqual([]);
  });

  it('por loja, tipo de venda e janela de horário', () => {
    expect(
      recalc([{ produto: 1 }, { produto: 4 }], [combo({ empresa: [id(0x999)] })]).combosRealizados,
    ).toEqual([]);
    expect(
      recalc([{ produto: 1 }, { produto: 4 }], [combo({ empresa: [EMPRESA] })]).combosRealizados,
    ).toHaveLength(1);
    expect(recalc([{ produto: 1 }, { produto: 4 }], [combo({ tipoVenda: [55] })]).combosRealizados).toEqual(
      [],
    );
    expect(
      recalc([{ produto: 1 }, { produto: 4 }], [combo({ horaInicio: '11:00', horaFim: '14:00' })])
        .combosRealizados,
    ).toEqual([]);
    expect(recalc([{ produto: 1 }, { produto: 4 }], [combo({ habilitado: false })]).combosRealizados).toEqual(
      [],
    );
  });
});

describe('casamento dos agrupadores (spec 4)', () => {
  it('completo só quando todos os grupos têm a quantidade exigida; cor no item', () => {
    const v = recalc([{ produto: 1 }, { produto: 4 }, { produto: 2 }], [combo()]);
    expect(v.combosRealizados).toHaveLength(1);
    const [c] = v.combosRealizados;
    expect(c!.itens.map((i) => i.numeroItem)).toEqual([1, 2]);
    expect(v.produtos.map((i) => i.comboAtivo)).toEqual([true, true, false]);
    expect(v.produtos[0]!.corPredominanteCombo).toBe('#ff0000');
    expect(v.produtos[2]!.corPredominanteCombo).toBeNull();
    // 10 % of 20 + 5 = 2.50, spread 2.00 / 0.50
    expect(c!.desconto).toBe('2.50');
    expect(v.produtos.map((i) => i.descontoCombo)).toEqual(['2.00', '0.50', '0.00']);
    expect(v.totalDescontoCombo).toBe('2.50');
  });

  it('primeiro o mais barato, depois os mais caros para as vagas restantes', () => {
    const grande = combo({
      agrupadores: [{ _id: id(0xa1), quantidade: 3, produtos: [id(1), id(2), id(3), id(4)] }],
    });
    const v = recalc([{ produto: 2 }, { produto: 4 }, { produto: 1 }, { produto: 3 }], [grande]);
    // cheapest (4 = 5.00), then the most expensive: 3 (30.00) and 2 (25.00); 1 (20.00) is left out
    expect(v.combosRealizados[0]!.itens.map((i) => i.numeroItem)).toEqual([1, 2, 4]);
  });

  it('repete o combo enquanto houver itens e usa unidades de uma linha com quantidade inteira', () => {
    const v = recalc(
      [
        { produto: 1, quantidade: '2' },
        { produto: 4, quantidade: '3' },
      ],
      [combo()],
    );
    expect(v.combosRealizados).toHaveLength(2);
    expect(v.produtos[0]!.descontoCombo).toBe('4.00');
    expect(v.produtos[1]!.descontoCombo).toBe('1.00');
  });

  it('ordem por comboOrdemDesconto, senão a mensagem da configuração', () => {
    const tres = combo({
      _id: id(0xc1),
      desconto: '5',
      agrupadores: [{ _id: id(1), quantidade: 3, produtos: [id(1)] }],
    });
    const um = combo({
      _id: id(0xc2),
      desconto: '20',
      agrupadores: [{ _id: id(1), quantidade: 1, produtos: [id(1)] }],
    });
    const itens = [{ produto: 1, quantidade: '3' }];
    // valorDesconto: 20 % of 20.00 = 4.00 per unit beats 5 % of 60.00 = 3.00, three times
    const porValor = recalc(itens, [tres, um]);
    expect(porValor.combosRealizados.map((c) => [c.combo, c.desconto])).toEqual([
      [id(0xc2), '4.00'],
      [id(0xc2), '4.00'],
      [id(0xc2), '4.00'],
    ]);
    // quantidadeAgrupador: the three-unit combo first, although it gives less
    const porQuantidade = recalc(
      itens,
      [tres, um],
      criarConfiguracao({ comboOrdemDesconto: 'quantidadeAgrupador' }),
    );
    expect(porQuantidade.combosRealizados.map((c) => [c.combo, c.desconto])).toEqual([[id(0xc1), '3.00']]);
    expect(() => ordemCombo(undefined)).toThrow('configuracao comboOrdemDesconto indefinido');
    expect(() => ordemCombo('desconto')).toThrow('configuracao comboOrdemDesconto indefinido');
    expect(() =>
      recalc([{ produto: 1 }, { produto: 4 }], [combo()], criarConfiguracao({ comboOrdemDesconto: null })),
    ).toThrow('configuracao comboOrdemDesconto indefinido');
  });
});

describe('combos de tipos de desconto diferentes, comparados em reais nesta venda (issue 16)', () => {
  // X-Burguer 29.90 + Refri 2L 9.90 = 39.80, as on the demo store.
  const lanche = produtos({ 1: '29.90', 2: '9.90' });
  const grupos = [
    { _id: id(0xa1), quantidade: 1, produtos: [id(1)] },
    { _id: id(0xa2), quantidade: 1, produtos: [id(2)] },
  ];
  const percentual3 = combo({
    _id: id(0xc1),
    tipoDesconto: 'percentual',
    desconto: '3',
    agrupadores: grupos,
  });
  const valor20 = combo({ _id: id(0xc2), tipoDesconto: 'valor', desconto: '20.00', agrupadores: grupos });
  const menor100 = combo({
    _id: id(0xc3),
    tipoDesconto: 'precoDoMenorProduto',
    desconto: '100',
    agrupadores: grupos,
  });
  const venda = (combos: Record<string, unknown>[], ordem: OrdemCombo = 'valorDesconto') =>
    recalcularVenda(
      vendaComItens([{ produto: 1 }, { produto: 2 }]),
      criarCatalogo({ produtos: lanche, combos }),
      criarConfiguracao({ comboOrdemDesconto: ordem }),
      AGORA,
    );

  it('R$ 20,00 de desconto vence 3 % (R$ 1,19): o cliente paga R$ 19,80, não R$ 38,61', () => {
    for (const ordem of ['valorDesconto', 'quantidadeAgrupador'] as const) {
      const v = venda([percentual3, valor20], ordem);
      expect(v.combosRealizados.map((c) => c.combo)).toEqual([id(0xc2)]);
      expect(v.totalDescontoCombo).toBe('20.00');
      expect(v.total).toBe('19.80');
      // 20.00 spread by value: 15.025… and 4.974… truncated to 15.02 and 4.97, the 0.01 left to the largest
      expect(v.produtos.map((i) => i.descontoCombo)).toEqual(['15.03', '4.97']);
    }
    expect(venda([percentual3]).total).toBe('38.61');
  });

  it('precoDoMenorProduto conta pelo que dá nesta venda: 100 % do Refri (R$ 9,90) vence 3 %, perde para R$ 20,00', () => {
    expect(venda([percentual3, menor100]).total).toBe('29.90');
    expect(venda([menor100, valor20]).total).toBe('19.80');
  });

  it('o valor de um combo percentual depende dos itens: 50 % num lanche caro vence R$ 20,00', () => {
    const caro = recalcularVenda(
      vendaComItens([{ produto: 1 }, { produto: 2 }]),
      criarCatalogo({
        produtos: produtos({ 1: '59.90', 2: '9.90' }),
        combos: [valor20, { ...percentual3, desconto: '50' }],
      }),
      criarConfiguracao(),
      AGORA,
    );
    // 50 % of 69.80 = 34.90 > 20.00
    expect(caro.combosRealizados.map((c) => [c.combo, c.desconto])).toEqual([[id(0xc1), '34.90']]);
  });
});

describe('tipos de desconto', () => {
  const indice = (over: Record<string, unknown>) =>
    indexarCatalogo(criarCatalogo({ combos: [combo(over)] })).combos[0]!;
  it('percentual arredondado a 3 casas', () => {
    expect(descontoDoCombo(indice({ desconto: '12.3456' }), [1000, 1000])).toBe(247);
  });
  it('valor fixo, limitado à soma', () => {
    expect(descontoDoCombo(indice({ tipoDesconto: 'valor', desconto: '7.00' }), [2000, 500])).toBe(700);
    expect(descontoDoCombo(indice({ tipoDesconto: 'valor', desconto: '70.00' }), [2000, 500])).toBe(2500);
  });
  it('precoDoMenorProduto: percentual do mais barato, no máximo 100', () => {
    expect(
      descontoDoCombo(indice({ tipoDesconto: 'precoDoMenorProduto', desconto: '50' }), [2000, 500]),
    ).toBe(250);
    expect(
      descontoDoCombo(indice({ tipoDesconto: 'precoDoMenorProduto', desconto: '150' }), [2000, 500]),
    ).toBe(500);
  });
});

describe('validação dos combos enviados pelo cliente', () => {
  const catalogo = criarCatalogo({ produtos: catProdutos, combos: [combo()] });
  const config = criarConfiguracao();
  const certa = recalcularVenda(vendaComItens([{ produto: 1 }, { produto: 4 }]), catalogo, config, AGORA);
  it('aceita o que o servidor recalcula', () => {
    expect(() => validarCombosRealizados(certa, catalogo, config, AGORA)).not.toThrow();
  });
  it("'Falha na validação dos Combos' quando difere ou reutiliza item", () => {
    const errada = { ...certa, combosRealizados: [{ ...certa.combosRealizados[0]!, desconto: '9.99' }] };
    expect(() => validarCombosRealizados(errada, catalogo, config, AGORA)).toThrow(
      'Falha na validação dos Combos',
    );
    const dupla = { ...certa, combosRealizados: [certa.combosRealizados[0]!, certa.combosRealizados[0]!] };
    expect(() => validarCombosRealizados(dupla, catalogo, config, AGORA)).toThrow(
      'Falha na validação dos Combos',
    );
  });
  it('combo desconhecido', () => {
    const outro = { ...certa, combosRealizados: [{ ...certa.combosRealizados[0]!, combo: id(0xdead) }] };
    expect(() => validarCombosRealizados(outro, catalogo, config, AGORA)).toThrow('Combo não encontrado!');
  });
});

describe('propriedades dos combos', () => {
  const arbItens = fc.array(
    fc.record({
      produto: fc.integer({ min: 1, max: 5 }),
      unidades: fc.integer({ min: 0, max: 3 }),
      preco: fc.integer({ min: 1, max: 5000 }),
    }),
    { maxLength: 25 },
  );
  const indice = indexarCatalogo(
    criarCatalogo({
      combos: [
        combo(),
        combo({ _id: id(0xc2), tipoDesconto: 'valor', desconto: '3.00' }),
        combo({
          _id: id(0xc3),
          tipoDesconto: 'precoDoMenorProduto',
          desconto: '100',
          agrupadores: [{ _id: id(1), quantidade: 2, produtos: [id(1), id(4)] }],
        }),
      ],
    }),
  );
  it('nunca reutiliza uma unidade e nunca encarece a venda', () => {
    fc.assert(
      fc.property(arbItens, (itens) => {
        const entrada = itens.map((i, k) => ({
          numeroItem: k + 1,
          produto: id(i.produto),
          precoUnitario: i.preco as never,
          unidades: i.unidades,
        }));
        const aplicados = aplicarCombos(entrada, indice.combos, 'valorDesconto');
        const usadas = new Map<number, number>();
        for (const a of aplicados) {
          expect(a.desconto).toBeGreaterThanOrEqual(0);
          let soma = 0;
          for (const i of a.itens) {
            usadas.set(i.numeroItem, (usadas.get(i.numeroItem) ?? 0) + i.quantidade);
            expect(i.desconto).toBeGreaterThanOrEqual(0);
            soma += i.desconto;
          }
          expect(soma).toBe(a.desconto);
        }
        for (const [n, q] of usadas) expect(q).toBeLessThanOrEqual(entrada[n - 1]!.unidades);
      }),
    );
  });

  it('na venda: o total com combos nunca passa o total sem combos', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 12 }), (ps) => {
        const itens = ps.map((produto) => ({ produto }));
        const com = recalc(itens, [
          combo(),
          combo({ _id: id(0xc2), tipoDesconto: 'valor', desconto: '50.00' }),
        ]);
        const sem = recalc(itens, []);
        expect(lerDinheiro(com.total)).toBeLessThanOrEqual(lerDinheiro(sem.total));
        for (const i of com.produtos) expect(lerDinheiro(i.valorLiquido)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 60 },
    );
  });
});

describe('propriedade: a escolha nunca perde para outra que a regra de ordem permitiria', () => {
  const arbCombo = fc.record({
    tipoDesconto: fc.constantFrom('percentual', 'valor', 'precoDoMenorProduto'),
    centavosOuMilesimos: fc.integer({ min: 0, max: 120_000 }),
    grupos: fc.array(
      fc.record({
        quantidade: fc.integer({ min: 1, max: 3 }),
        produtos: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  });
  type DefinicaoCombo = typeof arbCombo extends fc.Arbitrary<infer T> ? T : never;
  const arbItens = fc.array(
    fc.record({
      produto: fc.integer({ min: 1, max: 5 }),
      unidades: fc.integer({ min: 0, max: 4 }),
      preco: fc.integer({ min: 1, max: 9000 }),
    }),
    { maxLength: 10 },
  );
  const montar = (definicoes: readonly DefinicaoCombo[]) =>
    indexarCatalogo(
      criarCatalogo({
        combos: definicoes.map((d, k) =>
          combo({
            _id: id(0xc0 + k),
            tipoDesconto: d.tipoDesconto,
            // percent with 3 decimals, or a value in cents
            desconto:
              d.tipoDesconto === 'valor'
                ? (d.centavosOuMilesimos / 100).toFixed(2)
                : (d.centavosOuMilesimos / 1000).toFixed(3),
            agrupadores: d.grupos.map((g, j) => ({
              _id: id(0xa0 + j),
              quantidade: g.quantidade,
              produtos: g.produtos.map(id),
            })),
          }),
        ),
      }),
    ).combos;

  for (const ordem of ['valorDesconto', 'quantidadeAgrupador'] as const) {
    it(`${ordem}: o desconto total ≥ o de qualquer outro combo que a regra deixaria ir primeiro`, () => {
      fc.assert(
        fc.property(fc.array(arbCombo, { minLength: 1, maxLength: 5 }), arbItens, (definicoes, itens) => {
          const combos = montar(definicoes);
          const entrada = itens.map((i, k) => ({
            numeroItem: k + 1,
            produto: id(i.produto),
            precoUnitario: i.preco as never,
            unidades: i.unidades,
          }));
          const total = aplicarCombos(entrada, combos, ordem).reduce((s, a) => s + a.desconto, 0);
          // Each combo alone, once, on the whole sale: the choices the rule has at the first step.
          const sozinhos = combos
            .map((c) => ({ combo: c, primeiro: aplicarCombos(entrada, [c], ordem)[0] }))
            .filter((x) => x.primeiro !== undefined);
          const maisUnidades = Math.max(0, ...sozinhos.map((x) => unidadesDoCombo(x.combo)));
          const permitidos =
            ordem === 'valorDesconto'
              ? sozinhos
              : sozinhos.filter((x) => unidadesDoCombo(x.combo) === maisUnidades);
          for (const x of permitidos) expect(total).toBeGreaterThanOrEqual(x.primeiro!.desconto);
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('cadastro do combo', () => {
  it("'Agrupador do combo não encontrado!' sem grupos ou com grupo sem produto conhecido", () => {
    const existentes = new Set([id(1), id(4)]);
    expect(() => validarCombo({ agrupadores: [] }, existentes)).toThrow('Agrupador do combo não encontrado!');
    expect(() => validarCombo({ agrupadores: [{ quantidade: 1, produtos: [id(9)] }] }, existentes)).toThrow(
      'Agrupador do combo não encontrado!',
    );
    expect(() =>
      validarCombo({ agrupadores: [{ quantidade: 1, produtos: [id(9), id(4)] }] }, existentes),
    ).not.toThrow();
  });
});
