import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aplicarDescontoGeral, aplicarDescontoItem, calcularDescontoItem } from './descontos.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  id,
  produtos,
  SUPERVISOR,
  vendaComItens,
} from './fabricas-teste.ts';
import { adicionarItem, alterarQuantidadeItem, quantidadeValida } from './itens.ts';
import { recalcularVenda } from './recalcular.ts';

// Issue 16.3: the engine refuses what the server refuses, so the POS (which uses the engine for its instant
// totals) never shows a total the server then changes.

const catalogo = criarCatalogo({ produtos: produtos({ 1: '10.00', 2: '5.00' }) });
const recalc = (v: Parameters<typeof recalcularVenda>[0]) =>
  recalcularVenda(v, catalogo, criarConfiguracao(), AGORA);
const base = recalc(vendaComItens([{ produto: 1 }, { produto: 2 }]));
const ctx = { supervisor: SUPERVISOR, dataHora: AGORA };
const novo = (quantidade: string) => ({ produto: { _id: id(2), descricao: 'P2' }, data: AGORA, quantidade });

describe('quantidade ao lançar e ao alterar', () => {
  const recusadas = [
    '0',
    '0.0000',
    '-1',
    '-0.5',
    'NaN',
    'Infinity',
    '0.00009',
    '1e3',
    '',
    ' ',
    '1,5',
    'abc',
    '100000',
    '120000000000000000000',
  ];
  it.each(recusadas)("'%s' é recusada com 'Quantidade inválida!' e a venda não muda", (q) => {
    expect(() => adicionarItem(base, novo(q))).toThrow('Quantidade inválida!');
    expect(() => alterarQuantidadeItem(base, 2, q)).toThrow('Quantidade inválida!');
    expect(base.produtos.map((i) => i.quantidade)).toEqual(['1.0000', '1.0000']);
  });

  it('a menor unidade (0,0001) e frações truncadas a 4 casas são aceitas', () => {
    const v = recalc(adicionarItem(base, novo('0.0001')));
    expect(v.produtos[2]!.quantidade).toBe('0.0001');
    // 5.00 × 0.0001 = 0.0005 -> 0.00
    expect(v.total).toBe('15.00');
    expect(recalc(alterarQuantidadeItem(base, 1, '1.23456')).produtos[0]!.quantidade).toBe('1.2345');
  });

  it('propriedade: aceita exatamente os números de 0,0001 a 99 999,9999 escritos sem expoente', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.double({ min: 0, max: 0.001 }), fc.integer()), (n) => {
        const texto = String(n);
        const esperado = Number.isFinite(n) && n >= 0.0001 && n < 100_000 && !/e/i.test(texto);
        expect(quantidadeValida(texto)).toBe(esperado);
        if (!esperado) expect(() => adicionarItem(base, novo(texto))).toThrow('Quantidade inválida!');
        else expect(recalc(adicionarItem(base, novo(texto))).produtos).toHaveLength(3);
      }),
      { numRuns: 400 },
    );
  });
});

describe('modo de desconto fora da lista', () => {
  it("item: 5, -1, 1.5 e NaN são recusados ('Modo de desconto inválido!'), nunca lidos como o modo 4", () => {
    for (const modo of [5, -1, 1.5, Number.NaN]) {
      expect(() => aplicarDescontoItem(base, 1, modo as 4, '8.00', ctx)).toThrow(
        'Modo de desconto inválido!',
      );
      expect(() => calcularDescontoItem(base.produtos[0]!, modo as 4, '8.00')).toThrow(
        'Modo de desconto inválido!',
      );
    }
    // mode 4 itself (new subtotal 8.00 on a 10.00 line) still gives 2.00
    expect(calcularDescontoItem(base.produtos[0]!, 4, '8.00')).toBe(200);
  });

  it('geral: só 0 (valor) e 1 (percentual)', () => {
    for (const modo of [2, 4, -1, Number.NaN]) {
      expect(() => aplicarDescontoGeral(base, modo as 0, '1.00', ctx)).toThrow('Modo de desconto inválido!');
    }
    expect(recalc(aplicarDescontoGeral(base, 1, '10', ctx).venda).total).toBe('13.50');
  });
});
