import { describe, expect, it } from 'vitest';
import { lerQuantidade } from '../dinheiro/decimal.ts';
import { AGORA, criarCatalogo, criarConfiguracao, id, produtos, vendaComItens } from './fabricas-teste.ts';
import { precoPizza, validarPizza } from './pizza.ts';
import { recalcularVenda } from './recalcular.ts';

const partes = (n: number) => Array.from({ length: n }, () => ({ quantidadeParte: 1 }));

describe('pizza (spec 5 e 9)', () => {
  it('quantidade inteira e no mínimo 1', () => {
    expect(() => validarPizza(lerQuantidade('1.5'), partes(1), 4)).toThrow(
      'A quantidade da pizza não pode ser fracionada!',
    );
    expect(() => validarPizza(lerQuantidade('0'), partes(1), 4)).toThrow(
      'A quantidade da pizza deve ser no mínimo 1!',
    );
    expect(() => validarPizza(lerQuantidade('2'), partes(4), 4)).not.toThrow();
  });
  it('frações até o máximo da família', () => {
    expect(() => validarPizza(lerQuantidade('1'), partes(3), 2)).toThrow('O máximo de frações(partes) é 2');
    expect(() =>
      validarPizza(lerQuantidade('1'), [{ quantidadeParte: 2 }, { quantidadeParte: 1 }], 2),
    ).toThrow('O máximo de frações(partes) é 2');
  });
  it('preço: maior fração, ou média ponderada pelas partes', () => {
    const p = [
      { preco: 4000, quantidadeParte: 1 },
      { preco: 5000, quantidadeParte: 3 },
    ] as never;
    expect(precoPizza(p, true)).toBe(5000);
    expect(precoPizza(p, false)).toBe(4750);
    expect(precoPizza([], false)).toBe(0);
  });

  it('recalcularVenda precifica as frações pelo catálogo', () => {
    const catalogo = criarCatalogo({
      produtos: [
        { _id: id(10), descricao: 'Pizza grande', preco: '0.00', maximoFracao: 3 },
        ...produtos({ 11: '40.00', 12: '50.00', 13: '45.00' }),
      ],
    });
    const filho = (n: number, quantidadeParte = 1) => ({
      produto: { _id: id(n), descricao: `Sabor ${n}` },
      quantidadeParte,
    });
    const venda = vendaComItens([{ produto: 10, pizza: true, produtosFilho: [filho(11), filho(12)] }]);
    const media = recalcularVenda(venda, catalogo, criarConfiguracao(), AGORA).produtos[0]!;
    expect(media.precoVenda).toBe('45.00');
    expect(media.produtosFilho.map((f) => f.precoVenda)).toEqual(['40.00', '50.00']);
    const maior = recalcularVenda(venda, catalogo, criarConfiguracao({ pizzaPrecoMaiorFracao: true }), AGORA);
    expect(maior.produtos[0]!.precoVenda).toBe('50.00');
    const demais = vendaComItens([{ produto: 10, pizza: true, produtosFilho: [filho(11, 2), filho(12, 2)] }]);
    expect(() => recalcularVenda(demais, catalogo, criarConfiguracao(), AGORA)).toThrow(
      'O máximo de frações(partes) é 3',
    );
    const fracionada = vendaComItens([
      { produto: 10, pizza: true, quantidade: '0.5', produtosFilho: [filho(11)] },
    ]);
    expect(() => recalcularVenda(fracionada, catalogo, criarConfiguracao(), AGORA)).toThrow(
      'A quantidade da pizza não pode ser fracionada!',
    );
  });
});
