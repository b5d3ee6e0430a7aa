import { describe, expect, it } from 'vitest';
import { aplicarDescontoItem } from './descontos.ts';
import { deletarItem } from './exclusao.ts';
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
import { cancelarPagamento } from './pagamentos.ts';
import { dividirItemEmPosicoes, pagarPosicao, valorPosicao } from './posicao.ts';
import { recalcularVenda } from './recalcular.ts';

const catalogo = criarCatalogo({ produtos: produtos({ 1: '10.00', 2: '9.00' }) });
const config = criarConfiguracao();
const recalc = (v: Parameters<typeof recalcularVenda>[0]) => recalcularVenda(v, catalogo, config, AGORA);
const base = recalc(
  vendaComItens([{ produto: 1, quantidade: '3' }, { produto: 2 }], {
    tipoVenda: { id: 54 },
    posicaoVenda: 4,
  }),
);
const pagamento = {
  _id: id(0x9200),
  formaPagamento: DINHEIRO,
  valorPago: '50.00',
  operador: OPERADOR,
  data: AGORA,
  caixa: id(0xca1),
};

describe('posições (assentos)', () => {
  it('divide a quantidade igualmente, sobra na primeira posição', () => {
    const v = dividirItemEmPosicoes(base, 1, [1, 2]);
    expect(v.produtos[0]!.posicao.map((p) => p.quantidade)).toEqual(['1.5000', '1.5000']);
    const t = dividirItemEmPosicoes(
      recalc(vendaComItens([{ produto: 1, quantidade: '1' }], { posicaoVenda: 3 })),
      1,
      [1, 2, 3],
    );
    expect(t.produtos[0]!.posicao.map((p) => p.quantidade)).toEqual(['0.3334', '0.3333', '0.3333']);
  });

  it('posição inválida e item inexistente', () => {
    expect(() => dividirItemEmPosicoes(base, 1, [5])).toThrow('Posição inválida!');
    expect(() => dividirItemEmPosicoes(base, 1, [])).toThrow('Posição inválida!');
    expect(() => dividirItemEmPosicoes(base, 9, [1])).toThrow('Item não informado');
  });

  it('valor da posição e pagamento por posição travam os itens', () => {
    const v = dividirItemEmPosicoes(dividirItemEmPosicoes(base, 1, [1, 2]), 2, [2]);
    expect(valorPosicao(v, 1)).toBe(1500);
    expect(valorPosicao(v, 2)).toBe(2400);
    expect(() => pagarPosicao(v, 1, { ...pagamento, valorPago: '14.99' })).toThrow(
      'O valor do pagamento é menor que o valor da posição!',
    );
    const paga = recalc(pagarPosicao(v, 1, pagamento));
    expect(paga.pagamentos[0]).toMatchObject({ valor: '15.00', valorTroco: '35.00', posicao: 1 });
    expect(paga.produtos[0]!.existePosicaoPago).toBe(true);
    expect(paga.produtos[0]!.posicao[0]!.pago).toBe(true);
    expect(paga.produtos[1]!.existePosicaoPago).toBe(false);
    expect(() => pagarPosicao(paga, 1, { ...pagamento, _id: id(0x9201) })).toThrow(
      'Esta posição já foi paga!',
    );
    expect(() => pagarPosicao(paga, 4, { ...pagamento, _id: id(0x9201) })).toThrow(
      'Não existem itens para esta posição!',
    );
    expect(() => deletarItem(paga, 1, { dataHora: AGORA })).toThrow(
      'Existem pagamentos realizados por posição, deleção não permitido!',
    );
    expect(() => dividirItemEmPosicoes(paga, 1, [3])).toThrow(
      'Item bloqueado: existem pagamentos realizados por posição!',
    );
    expect(() =>
      aplicarDescontoItem(paga, 1, 3, '1.00', { supervisor: SUPERVISOR, dataHora: AGORA }),
    ).toThrow('Item bloqueado: existem pagamentos realizados por posição!');
    // The lock freezes the line: a catalogue price change does not touch it.
    const novoPreco = recalcularVenda(
      paga,
      criarCatalogo({ produtos: produtos({ 1: '99.00', 2: '9.00' }) }),
      config,
      AGORA,
    );
    expect(novoPreco.produtos[0]!.valorBruto).toBe('30.00');
    // Cancelling the seat payment unlocks it.
    const livre = cancelarPagamento(paga, id(0x9200), {
      supervisor: SUPERVISOR,
      caixaAtual: id(0xca1),
      periodosAbertos: [],
    });
    expect(livre.produtos[0]!.existePosicaoPago).toBe(false);
    expect(livre.produtos[0]!.posicao[0]!.pago).toBe(false);
  });

  it('o desconto da posição paga entra no mínimo obrigatório', () => {
    const comDesconto = recalc(
      aplicarDescontoItem(base, 1, 3, '3.00', { supervisor: SUPERVISOR, dataHora: AGORA }).venda,
    );
    const paga = recalc(pagarPosicao(dividirItemEmPosicoes(comDesconto, 1, [1, 2]), 1, pagamento));
    expect(paga.produtos[0]!.posicao[0]!.desconto).toBe('1.50');
    expect(paga.pagamentos[0]!.valor).toBe('13.50');
  });
});
