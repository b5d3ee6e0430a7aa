import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import { aplicarDescontoGeral, aplicarDescontoItem } from './descontos.ts';
import { tentar } from './erros.ts';
import { vendaSchema } from './esquemas.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  DINHEIRO,
  id,
  OPERADOR,
  produtos,
  SUPERVISOR,
  vendaComItens,
} from './fabricas-teste.ts';
import { dividirItemEmPosicoes, pagarPosicao, valorPosicao } from './posicao.ts';
import { recalcularVenda } from './recalcular.ts';

const catalogo = criarCatalogo({
  produtos: produtos({ 1: '20.00', 2: '25.00', 3: '7.90', 4: '5.00', 5: '12.35' }),
  promocoes: [{ _id: id(0x500), produto: id(3), tipoPromocao: 'descontoPercentual', valor: '10' }],
  happyHours: [
    {
      _id: id(0x600),
      descricao: 'HH',
      percentual: '15',
      produtos: [id(5)],
      horaInicio: '18:00',
      horaFim: '23:00',
    },
  ],
  sugestoes: [{ _id: id(0x700), produto: id(2), tipo: 'acrescimo', modo: 'valor', valor: '1.00' }],
  combos: [
    {
      _id: id(0xc1),
      descricao: 'Combo',
      desconto: '10',
      tipoDesconto: 'percentual',
      corPredominanteCombo: '#00f',
      agrupadores: [
        { _id: id(0xa1), quantidade: 1, produtos: [id(1), id(2)] },
        { _id: id(0xa2), quantidade: 1, produtos: [id(4)] },
      ],
    },
  ],
});
const config = criarConfiguracao({ taxaEntregaPadrao: '6.00' });
const recalc = (v: Parameters<typeof recalcularVenda>[0]) => recalcularVenda(v, catalogo, config, AGORA);

describe('recalcularVenda', () => {
  it('recalcula linhas e totais por tipo', () => {
    const v = recalc(
      vendaComItens([
        { produto: 1 },
        { produto: 4 },
        { produto: 3, quantidade: '2' },
        { produto: 5 },
        { produto: 2, sugestao: id(0x700) },
      ]),
    );
    expect(v.produtos.map((i) => i.valorBruto)).toEqual(['20.00', '5.00', '14.22', '12.35', '25.00']);
    expect(v.produtos[2]!.precoVenda).toBe('7.11');
    expect(v.produtos[3]!.descontoHappyHour).toBe('1.85');
    expect(v.produtos[4]!.acrescimoSugestao).toBe('1.00');
    expect(v).toMatchObject({
      subTotal: '76.57',
      totalDescontoCombo: '2.50',
      totalDescontoHappyHour: '1.85',
      totalDescontoSugestao: '0.00',
      totalDescontoComum: '0.00',
      totalAcrescimoSugestao: '1.00',
      totalAcrescimo: '1.00',
      totalDesconto: '4.35',
      total: '73.22',
      taxaEntrega: '0.00',
      totalDescontoPerc: '5.68',
    });
    expect(v.combosRealizados).toHaveLength(1);
  });

  it('itens cancelados ficam fora dos totais', () => {
    const v = recalc(vendaComItens([{ produto: 1 }, { produto: 2, cancelado: true, valorBruto: '25.00' }]));
    expect(v.subTotal).toBe('20.00');
    expect(v.produtos[1]!.valorBruto).toBe('25.00');
  });

  it('delivery soma a taxa padrão para cliente identificado', () => {
    const v = recalc(
      vendaComItens([{ produto: 1 }], {
        tipoVenda: { id: 55 },
        cliente: { _id: id(0xc11), nome: 'Ana', endereco: { cidade: 'X', bairro: 'Y' } },
      }),
    );
    expect(v.taxaEntrega).toBe('6.00');
    expect(v.total).toBe('26.00');
  });

  it('é a mesma venda que passa no esquema zod (JSON de ida e volta)', () => {
    const v = recalc(vendaComItens([{ produto: 1 }, { produto: 4 }]));
    expect(vendaSchema.parse(JSON.parse(JSON.stringify(v)))).toEqual(v);
  });

  it('erros de negócio viram resultado tipado com tentar()', () => {
    const r = tentar(() =>
      recalcularVenda(
        vendaComItens([{ produto: 1 }, { produto: 4 }]),
        catalogo,
        criarConfiguracao({ comboOrdemDesconto: 'x' }),
        AGORA,
      ),
    );
    expect(r).toEqual({ ok: false, mensagem: 'configuracao comboOrdemDesconto indefinido' });
    expect(tentar(() => 1)).toEqual({ ok: true, valor: 1 });
    expect(() => tentar(() => JSON.parse('{'))).toThrow(SyntaxError);
  });
});

// Arbitrary sales over the catalogue: quantities, seats, suggestions, custom and general discounts.
const arbVenda = fc
  .record({
    itens: fc.array(
      fc.record({
        produto: fc.integer({ min: 1, max: 6 }),
        qtd: fc.oneof(fc.integer({ min: 1, max: 4 }).map(String), fc.constantFrom('0.5', '1.234', '2.75')),
        sugestao: fc.boolean(),
        cancelado: fc.boolean(),
        personalizado: fc.constantFrom('0.00', '0.00', '1.00', '50.00'),
        preco: fc.constantFrom('3.33', '10.00'),
      }),
      { maxLength: 14 },
    ),
    geral: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
    tipo: fc.constantFrom(53, 54, 55, 56),
  })
  .map(({ itens, geral, tipo }) =>
    vendaComItens(
      itens.map((i) => ({
        produto: i.produto,
        quantidade: i.qtd,
        sugestao: i.sugestao ? id(0x700) : null,
        cancelado: i.cancelado,
        descontoPersonalizado: i.personalizado,
        precoVenda: i.preco,
      })),
      {
        tipoVenda: { id: tipo as 53 },
        cliente: { _id: id(0xc11), nome: 'Ana' },
        descontoGeral: geral ? { modo: 0, valor: '0', totalDesconto: (geral / 100).toFixed(2) } : null,
      },
    ),
  );

describe('propriedades de recalcularVenda', () => {
  it('é idempotente', () => {
    fc.assert(
      fc.property(arbVenda, (venda) => {
        const uma = recalc(venda);
        expect(recalc(uma)).toEqual(uma);
      }),
      { numRuns: 150 },
    );
  });

  it('total = soma das linhas - descontos + acréscimos + taxa; nenhuma linha negativa', () => {
    fc.assert(
      fc.property(arbVenda, (venda) => {
        const v = recalc(venda);
        const ativos = v.produtos.filter((i) => !i.cancelado);
        const soma = (f: (i: (typeof ativos)[number]) => string) =>
          ativos.reduce((s, i) => s + lerDinheiro(f(i)), 0);
        expect(lerDinheiro(v.subTotal)).toBe(soma((i) => i.valorBruto));
        expect(lerDinheiro(v.totalDesconto)).toBe(soma((i) => i.desconto));
        expect(lerDinheiro(v.totalAcrescimo)).toBe(soma((i) => i.acrescimo));
        expect(lerDinheiro(v.total)).toBe(
          lerDinheiro(v.subTotal) -
            lerDinheiro(v.totalDesconto) +
            lerDinheiro(v.totalAcrescimo) +
            lerDinheiro(v.taxaEntrega),
        );
        expect(lerDinheiro(v.total) - lerDinheiro(v.taxaEntrega)).toBe(soma((i) => i.valorLiquido));
        expect(lerDinheiro(v.totalDesconto)).toBe(
          lerDinheiro(v.totalDescontoComum) +
            lerDinheiro(v.totalDescontoCombo) +
            lerDinheiro(v.totalDescontoHappyHour) +
            lerDinheiro(v.totalDescontoSugestao),
        );
        for (const i of ativos) {
          expect(lerDinheiro(i.valorLiquido)).toBeGreaterThanOrEqual(0);
          expect(lerDinheiro(i.desconto)).toBe(
            lerDinheiro(i.descontoCombo) +
              lerDinheiro(i.descontoHappyHour) +
              lerDinheiro(i.descontoSugestao) +
              lerDinheiro(i.descontoPersonalizado) +
              lerDinheiro(i.descontoGeral),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('com posições pagas: linhas travadas não mudam, totais fecham e o recálculo é idempotente', () => {
    fc.assert(
      fc.property(arbVenda, fc.nat(), (venda, escolha) => {
        const uma = recalc({ ...venda, descontoGeral: null });
        const livres = uma.produtos.filter((i) => !i.cancelado);
        if (livres.length === 0) return;
        const alvo = livres[escolha % livres.length]!;
        const dividida = dividirItemEmPosicoes(uma, alvo.numeroItem, [1, 2]);
        if (valorPosicao(dividida, 1) === 0) return;
        const paga = recalc(
          pagarPosicao(dividida, 1, {
            _id: id(0x9300),
            formaPagamento: DINHEIRO,
            valorPago: '99999.00',
            operador: OPERADOR,
            data: AGORA,
          }),
        );
        const travada = paga.produtos.find((i) => i.numeroItem === alvo.numeroItem)!;
        expect(travada.existePosicaoPago).toBe(true);
        expect(travada.valorLiquido).toBe(alvo.valorLiquido);
        expect(recalc(paga)).toEqual(paga);
        const ativos = paga.produtos.filter((i) => !i.cancelado);
        expect(lerDinheiro(paga.total) - lerDinheiro(paga.taxaEntrega)).toBe(
          ativos.reduce((s, i) => s + lerDinheiro(i.valorLiquido), 0),
        );
        for (const p of paga.pagamentos) expect(lerDinheiro(p.valorTroco)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 100 },
    );
  });

  it('desconto no item e geral seguidos de recálculo continuam idempotentes', () => {
    const ctx = { supervisor: SUPERVISOR, dataHora: AGORA };
    const v = recalc(vendaComItens([{ produto: 1 }, { produto: 4 }, { produto: 2 }]));
    const a = recalc(aplicarDescontoItem(v, 3, 2, '10', ctx).venda);
    const b = recalc(aplicarDescontoGeral(a, 1, '12.5', ctx).venda);
    expect(recalc(b)).toEqual(b);
    expect(b.totalDesconto).toBe(b.descontoGeral!.totalDesconto);
  });
});
