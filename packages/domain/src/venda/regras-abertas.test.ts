import { describe, expect, it } from 'vitest';
import { aplicarDescontoGeral } from './descontos.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  id,
  produtos,
  SUPERVISOR,
  vendaComItens,
} from './fabricas-teste.ts';
import { ratearProporcional } from './rateio.ts';
import { recalcularVenda } from './recalcular.ts';

// Issue 16.5: where the spec is silent, the engine's choice with hand-computed values
// (docs/decisions/0008-regras-de-venda.md).

const lanche = produtos({ 1: '30.00', 2: '10.00' });
const grupos = [
  { _id: id(0xa1), quantidade: 1, produtos: [id(1)] },
  { _id: id(0xa2), quantidade: 1, produtos: [id(2)] },
];
const combo10 = {
  _id: id(0xc1),
  descricao: 'Lanche + bebida',
  desconto: '10',
  tipoDesconto: 'percentual',
  agrupadores: grupos,
};
const ctx = { supervisor: SUPERVISOR, dataHora: AGORA };

describe('combo sobre preço de promoção: acumula, calculado sobre o preço promocional', () => {
  it('lanche em promoção por R$ 25,00 + bebida R$ 10,00, combo 10 %: R$ 3,50 de combo, total R$ 31,50', () => {
    const catalogo = criarCatalogo({
      produtos: lanche,
      combos: [combo10],
      promocoes: [{ _id: id(0x501), tipoPromocao: 'novoValor', valor: '25.00', produto: id(1) }],
    });
    const v = recalcularVenda(
      vendaComItens([{ produto: 1 }, { produto: 2 }]),
      catalogo,
      criarConfiguracao(),
      AGORA,
    );
    expect(v.produtos[0]).toMatchObject({ precoVenda: '25.00', promocaoAtivo: true, comboAtivo: true });
    // 10 % of 35.00 (not of the list 40.00)
    expect(v.totalDescontoCombo).toBe('3.50');
    expect(v.total).toBe('31.50');
  });
});

describe('desconto geral em % sobre uma conta com combo: é o desconto total da conta, o combo incluído', () => {
  const catalogo = criarCatalogo({ produtos: lanche, combos: [combo10] });
  const venda = recalcularVenda(
    vendaComItens([{ produto: 1 }, { produto: 2 }]),
    catalogo,
    criarConfiguracao(),
    AGORA,
  );

  it('15 % de R$ 40,00 = R$ 6,00 no total: R$ 4,00 do combo + R$ 2,00 de geral (não 4,00 + 6,00)', () => {
    const v = recalcularVenda(
      aplicarDescontoGeral(venda, 1, '15', ctx).venda,
      catalogo,
      criarConfiguracao(),
      AGORA,
    );
    expect(v).toMatchObject({ totalDescontoCombo: '4.00', totalDesconto: '6.00', total: '34.00' });
    // the general part is spread by what each line still costs: 27.00 and 9.00 -> 1.50 and 0.50
    expect(v.produtos.map((i) => i.descontoGeral)).toEqual(['1.50', '0.50']);
  });

  it('um % que não passa do combo é recusado (spec 5: acima do mínimo obrigatório)', () => {
    expect(() => aplicarDescontoGeral(venda, 1, '10', ctx)).toThrow(
      'O Total do desconto não pode ser inferior ou igual ao Mínimo Obrigatório',
    );
  });
});

describe('sobras do rateio por linha', () => {
  it('cada parte truncada, a sobra de centavos para a linha de maior valor (empate: a primeira)', () => {
    // 1.00 over 3 equal lines: 0.33 each, the 0.01 left to the first
    expect(ratearProporcional(100, [500, 500, 500])).toEqual([34, 33, 33]);
    // 0.10 over 10.00 / 20.00 / 0.05: 0.03, 0.06, 0.00 and the 0.01 left to the 20.00 line
    expect(ratearProporcional(10, [1000, 2000, 5])).toEqual([3, 7, 0]);
  });
});
