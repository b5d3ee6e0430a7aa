import { describe, expect, it } from 'vitest';
import { escreverEstoque, lerEstoque } from './custo-medio.ts';
import {
  arredondarParaUnidadeCompra,
  type EntradaSugestaoCompra,
  gerarPedidosSugestaoSchema,
  precoDaUnidadeCompra,
  sugerirCompra,
  sugestaoPedidoConsultaSchema,
  valorSugestao,
} from './sugestao-compra.ts';

const q = (v: string) => lerEstoque(v);
const base = (o: Partial<EntradaSugestaoCompra> = {}): EntradaSugestaoCompra => ({
  saldo: q('10'),
  consumoPeriodo: q('28'),
  diasPeriodo: 28,
  pedidosAbertos: 0n,
  minimo: null,
  maximo: q('50'),
  prazoEntregaDias: 5,
  diasCobertura: 7,
  fator: q('1'),
  ...o,
});

describe('sugerirCompra', () => {
  it('brings the balance at the end of the lead time up to the maximum', () => {
    // 1/day, 5 days of lead time: 10 − 5 = 5 when the goods arrive; 50 − 5 = 45.
    const s = sugerirCompra(base());
    expect(escreverEstoque(s.consumoDiario)).toBe('1.000000');
    expect(escreverEstoque(s.saldoProjetado)).toBe('5.000000');
    expect(escreverEstoque(s.quantidadeCompra)).toBe('45.000000');
    expect(escreverEstoque(s.quantidadeEstoque)).toBe('45.000000');
  });

  it.each([
    // needed 45 in boxes of 12: 4 boxes (48 units), never 3 (36 < 45)
    ['12', '4.000000', '48.000000'],
    // exactly a multiple: no extra box
    ['15', '3.000000', '45.000000'],
    // sack of 25 kg: 2 sacks
    ['25', '2.000000', '50.000000'],
    // fractional factor: 0.5 kg packs -> 90 packs
    ['0.5', '90.000000', '45.000000'],
  ])('rounds up to whole supplier units (factor %s)', (fator, compra, estoque) => {
    const s = sugerirCompra(base({ fator: q(fator) }));
    expect(escreverEstoque(s.quantidadeCompra)).toBe(compra);
    expect(escreverEstoque(s.quantidadeEstoque)).toBe(estoque);
    expect(s.quantidadeEstoque >= q('45')).toBe(true);
  });

  it('never suggests a negative quantity (stock above the maximum)', () => {
    const s = sugerirCompra(base({ saldo: q('500') }));
    expect(s.quantidadeCompra).toBe(0n);
    expect(s.quantidadeEstoque).toBe(0n);
    expect(arredondarParaUnidadeCompra(q('-3'), q('12'))).toBe(0n);
  });

  it('counts what open orders will bring', () => {
    const sem = sugerirCompra(base());
    const com = sugerirCompra(base({ pedidosAbertos: q('30') }));
    expect(escreverEstoque(com.quantidadeCompra)).toBe('15.000000');
    expect(sem.quantidadeCompra - com.quantidadeCompra).toBe(q('30'));
    expect(sugerirCompra(base({ pedidosAbertos: q('100') })).quantidadeCompra).toBe(0n);
  });

  it('without a maximum covers consumption × (lead time + coverage), at least the minimum', () => {
    // 2/day × (5 + 7) = 24 target; projected 10 − 10 = 0 -> 24
    const s = sugerirCompra(base({ maximo: null, consumoPeriodo: q('56') }));
    expect(escreverEstoque(s.alvo)).toBe('24.000000');
    expect(escreverEstoque(s.quantidadeCompra)).toBe('24.000000');
    // no consumption: the minimum is the target
    const m = sugerirCompra(base({ maximo: null, consumoPeriodo: 0n, saldo: q('2'), minimo: q('6') }));
    expect(escreverEstoque(m.quantidadeCompra)).toBe('4.000000');
    expect(m.abaixoDoMinimo).toBe(true);
  });

  it('a negative balance is bought back too; net consumption below zero counts as none', () => {
    const s = sugerirCompra(base({ saldo: q('-5'), consumoPeriodo: q('-3'), prazoEntregaDias: 0 }));
    expect(escreverEstoque(s.quantidadeCompra)).toBe('55.000000');
  });
});

describe('values', () => {
  it('price of a box from the cost of a unit, line value in cents', () => {
    const preco = precoDaUnidadeCompra(q('2.5'), q('12'));
    expect(escreverEstoque(preco)).toBe('30.000000');
    expect(valorSugestao(q('4'), preco)).toBe(12000n);
  });
});

describe('schemas', () => {
  it('weeks default to 4 and must be 1-52', () => {
    const ok = sugestaoPedidoConsultaSchema.parse({ empresa: 'a'.repeat(24) });
    expect(ok.semanas).toBe(4);
    expect(ok.diasCobertura).toBe(7);
    expect(sugestaoPedidoConsultaSchema.safeParse({ empresa: 'a'.repeat(24), semanas: '0' }).success).toBe(
      false,
    );
    expect(sugestaoPedidoConsultaSchema.safeParse({ empresa: 'a'.repeat(24), semanas: '0x4' }).success).toBe(
      false,
    );
  });
  it('an order quantity of zero is refused', () => {
    const r = gerarPedidosSugestaoSchema.safeParse({
      empresa: 'a'.repeat(24),
      pedidos: [
        {
          _id: 'b'.repeat(24),
          fornecedor: 'c'.repeat(24),
          itens: [{ produto: 'd'.repeat(24), quantidade: '0', precoUnitario: '1' }],
        },
      ],
    });
    expect(r.success).toBe(false);
  });
});
