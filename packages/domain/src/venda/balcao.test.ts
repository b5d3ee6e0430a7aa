import { describe, expect, it } from 'vitest';
import { TIPO_PAGAMENTO, TIPO_TROCO } from '../catalogos/venda.ts';
import { NOTAS_REAIS, notasParaTroco } from '../dinheiro/notas.ts';
import {
  formasDoTerminal,
  linhaParaSomar,
  quantidadeSomada,
  somarMesmoProduto,
  teclasFormasPagamento,
} from './balcao.ts';
import type { Venda, VendaItem } from './esquemas.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const linha = (numeroItem: number, produto: number, extra: Partial<VendaItem> = {}) =>
  ({
    numeroItem,
    produto: { _id: id(produto), descricao: `P${produto}`, codigoInterno: produto },
    produtosFilho: [],
    quantidade: '1.0000',
    cancelado: false,
    confirmado: false,
    obs: '',
    posicao: [],
    descontoPersonalizado: '0.00',
    atendente: { _id: id(0xa), nome: 'Caixa', codigoInterno: 3 },
    ...extra,
  }) as unknown as VendaItem;
const venda = (...produtos: VendaItem[]) => ({ produtos }) as Pick<Venda, 'produtos'>;

describe('counter till rules', () => {
  it('adds the same product to its counter line unless the terminal asks for new lines', () => {
    expect(somarMesmoProduto(53)).toBe(true);
    expect(somarMesmoProduto(53, false)).toBe(true);
    expect(somarMesmoProduto(53, true)).toBe(false);
    expect(somarMesmoProduto(54)).toBe(false);
    expect(somarMesmoProduto(55)).toBe(false);
  });

  it('merges into the last plain unsent line of the same product by the same attendant', () => {
    const v = venda(linha(1, 1), linha(2, 2), linha(3, 1));
    expect(linhaParaSomar(v, { produto: id(1), atendente: id(0xa) })).toBe(3);
    expect(linhaParaSomar(v, { produto: id(9), atendente: id(0xa) })).toBeNull();
    // Another attendant, an observation, a suggestion or a pizza: a line of its own.
    expect(linhaParaSomar(v, { produto: id(1), atendente: id(0xb) })).toBeNull();
    expect(linhaParaSomar(v, { produto: id(1), obs: 'sem gelo' })).toBeNull();
    expect(linhaParaSomar(v, { produto: id(1), sugestao: id(5) })).toBeNull();
    expect(linhaParaSomar(v, { produto: id(1), filhos: 2 })).toBeNull();
  });

  it('never merges into a sent, cancelled, noted, discounted or seated line', () => {
    for (const extra of [
      { confirmado: true },
      { _id: id(0x99) },
      { cancelado: true },
      { obs: 'sem cebola' },
      { descontoPersonalizado: '1.00' },
      { posicao: [{ numero: 1, quantidade: '1', pago: false, desconto: '0' }] },
    ] as Partial<VendaItem>[])
      expect(linhaParaSomar(venda(linha(1, 1, extra)), { produto: id(1) })).toBeNull();
  });

  it('steps the quantity by whole units and never below one', () => {
    expect(quantidadeSomada('2.0000', 1)).toBe('3.0000');
    expect(quantidadeSomada('2.0000', -1)).toBe('1.0000');
    expect(quantidadeSomada('1.0000', -1)).toBeNull();
    expect(quantidadeSomada('1.0000', '0.250')).toBe('1.2500');
  });

  it("offers the terminal's methods, the most used first, registration order otherwise", () => {
    const f = (n: number) => ({ _id: id(n) });
    const todas = [f(1), f(2), f(3), f(4)];
    expect(formasDoTerminal(todas, []).map((x) => x._id)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(formasDoTerminal(todas, [id(4), id(2)]).map((x) => x._id)).toEqual([id(2), id(4)]);
    expect(formasDoTerminal(todas, null, { [id(3)]: 5, [id(4)]: 9 }).map((x) => x._id)).toEqual([
      id(4),
      id(3),
      id(1),
      id(2),
    ]);
  });

  it('gives each method one letter: the type prefers its own, the rest take a free letter of the name', () => {
    const forma = (n: number, descricao: string, tipo: number) => ({
      _id: id(n),
      descricao,
      tipo: tipo as 77,
      tipoTroco: TIPO_TROCO.naoPermite as 2,
    });
    const teclas = teclasFormasPagamento([
      forma(1, 'Cartão de Crédito', TIPO_PAGAMENTO.credito),
      forma(2, 'Dinheiro', TIPO_PAGAMENTO.dinheiro),
      forma(3, 'Cartão de Débito', TIPO_PAGAMENTO.debito),
      forma(4, 'PIX', TIPO_PAGAMENTO.carteiraDigital),
      forma(5, 'Dólar', TIPO_PAGAMENTO.moedaEstrangeira),
      forma(6, 'Sem Pagamento', TIPO_PAGAMENTO.semPagamento),
      forma(7, 'Carteira Digital 2', TIPO_PAGAMENTO.carteiraDigital),
    ]);
    expect(Object.fromEntries(teclas)).toEqual({
      [id(1)]: 'C',
      [id(2)]: 'D',
      [id(3)]: 'B',
      [id(4)]: 'P',
      [id(5)]: 'M',
      [id(6)]: 'S',
      [id(7)]: 'A',
    });
    expect(new Set(teclas.values()).size).toBe(teclas.size);
  });

  it('keeps one banknote list for the quick-cash row and the change suggestions', () => {
    expect([...NOTAS_REAIS]).toEqual([2, 5, 10, 20, 50, 100, 200]);
    expect(notasParaTroco(37.9)).toEqual([40, 50, 100]);
    expect(notasParaTroco(99.91)).toEqual([100, 150, 200]);
  });
});
