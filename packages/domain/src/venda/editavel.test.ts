import { describe, expect, it } from 'vitest';
import { aplicarDescontoGeral, aplicarDescontoItem } from './descontos.ts';
import { garantirVendaEditavel } from './editavel.ts';
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
import { adicionarItem, alterarQuantidadeItem, substituirItens } from './itens.ts';
import { lancarPagamento } from './pagamentos.ts';
import { dividirItemEmPosicoes } from './posicao.ts';
import { recalcularVenda } from './recalcular.ts';

const msg = 'Venda encerrada ou cancelada não pode ser alterada, reabra a venda!';
const aberta = recalcularVenda(
  vendaComItens([{ produto: 1, quantidade: '2' }]),
  criarCatalogo({ produtos: produtos({ 1: '10.00' }) }),
  criarConfiguracao(),
  AGORA,
);
const ctx = { supervisor: SUPERVISOR, dataHora: AGORA };

describe('só venda aberta ou em fechamento muda', () => {
  it.each([59, 60, 61] as const)('status %i recusa itens, descontos, posições e pagamentos', (id_) => {
    const v = { ...aberta, status: { id: id_ } };
    expect(() => garantirVendaEditavel(v)).toThrow(msg);
    expect(() => adicionarItem(v, { produto: { _id: id(1), descricao: 'P' }, data: AGORA })).toThrow(msg);
    expect(() => alterarQuantidadeItem(v, 1, '3')).toThrow(msg);
    expect(() => substituirItens(v, [])).toThrow(msg);
    expect(() => deletarItem(v, 1, { dataHora: AGORA })).toThrow(msg);
    expect(() => aplicarDescontoItem(v, 1, 3, '1.00', ctx)).toThrow(msg);
    expect(() => aplicarDescontoGeral(v, 0, '1.00', ctx)).toThrow(msg);
    expect(() => dividirItemEmPosicoes(v, 1, [1])).toThrow(msg);
    expect(() =>
      lancarPagamento(v, {
        _id: id(0x9400),
        formaPagamento: DINHEIRO,
        valorPago: '1.00',
        operador: OPERADOR,
        data: AGORA,
      }),
    ).toThrow(msg);
  });
  it('aberta e em fechamento passam', () => {
    expect(() => garantirVendaEditavel(aberta)).not.toThrow();
    expect(() => garantirVendaEditavel({ status: { id: 58 } })).not.toThrow();
  });
});
