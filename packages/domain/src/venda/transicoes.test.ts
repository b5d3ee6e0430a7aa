import { describe, expect, it } from 'vitest';
import type { StatusExpedicaoId, StatusVendaId } from '../catalogos/venda.ts';
import { criarVenda } from './fabricas-teste.ts';
import {
  alterarStatusExpedicao,
  alterarStatusVenda,
  podeAlterarStatusVenda,
  TRANSICOES_EXPEDICAO,
  TRANSICOES_VENDA,
  validarConfirmacaoVenda,
} from './transicoes.ts';

describe('status da venda (57-61)', () => {
  it('nova venda começa aberta com expedição aguardando', () => {
    const v = criarVenda();
    expect(v.status.id).toBe(57);
    expect(v.expedicao.status).toBe(0);
  });
  it('tabela explícita: cada status tem sua lista e cancelada é final', () => {
    expect(Object.keys(TRANSICOES_VENDA).map(Number).sort()).toEqual([57, 58, 59, 60, 61]);
    expect(TRANSICOES_VENDA[60]).toEqual([]);
  });
  it('caminho normal aberta -> fechamento -> encerrada', () => {
    const v = alterarStatusVenda(alterarStatusVenda(criarVenda(), 58), 59);
    expect(v.status).toEqual({ id: 59, descricao: 'Encerrada' });
  });
  it('encerrada só reabre com permissão', () => {
    const encerrada = criarVenda({ status: { id: 59 } });
    expect(() => alterarStatusVenda(encerrada, 57)).toThrow(
      'Alterar o status de Encerrada para Aberta exige liberação de supervisor!',
    );
    expect(alterarStatusVenda(encerrada, 57, true).status.id).toBe(57);
    expect(podeAlterarStatusVenda(59, 57)).toBe(false);
    expect(podeAlterarStatusVenda(59, 57, true)).toBe(true);
  });
  it('transição inexistente é recusada com mensagem pt-BR', () => {
    expect(() => alterarStatusVenda(criarVenda({ status: { id: 60 } }), 57, true)).toThrow(
      'Não é permitido alterar o status de Cancelada para Aberta!',
    );
    expect(() => alterarStatusVenda(criarVenda({ status: { id: 59 } }), 58, true)).toThrow(
      'Não é permitido alterar o status de Encerrada para Em fechamento!',
    );
  });
  it('toda combinação fora da tabela é recusada', () => {
    const todos: StatusVendaId[] = [57, 58, 59, 60, 61];
    for (const de of todos) {
      for (const para of todos) {
        const permitido = TRANSICOES_VENDA[de].some((t) => t.para === para);
        expect(podeAlterarStatusVenda(de, para, true)).toBe(permitido);
      }
    }
  });
  it('delivery com saldo em aberto e venda encerrada não são confirmadas', () => {
    const delivery = criarVenda({ tipoVenda: { id: 55 }, total: '10.00' });
    expect(() => alterarStatusVenda(delivery, 59)).toThrow(
      'Venda delivery não pode ser confirmada com saldo em aberto!',
    );
    expect(() => validarConfirmacaoVenda(criarVenda({ status: { id: 59 } }))).toThrow(
      'Venda encerrada não pode ser confirmada!',
    );
    expect(alterarStatusVenda(criarVenda({ tipoVenda: { id: 53 }, total: '10.00' }), 59).status.id).toBe(59);
    const encerrada = alterarStatusVenda(criarVenda({ tipoVenda: { id: 53 }, total: '10.00' }), 59);
    expect(() => alterarStatusVenda(encerrada, 59)).toThrow('Venda encerrada não pode ser confirmada!');
  });
});

describe('status de expedição (0-7)', () => {
  const delivery = criarVenda({ tipoVenda: { id: 55 } });
  it('aguardando -> em produção -> produzido -> em entrega -> entregue', () => {
    let v = delivery;
    for (const s of [1, 2, 3, 4] as StatusExpedicaoId[]) v = alterarStatusExpedicao(v, s);
    expect(v.expedicao.status).toBe(4);
  });
  it('em entrega e recusado só para delivery', () => {
    const balcao = alterarStatusExpedicao(criarVenda(), 2);
    expect(() => alterarStatusExpedicao(balcao, 3)).toThrow(
      'Não é permitido alterar o status de Produzido para Em entrega!',
    );
  });
  it('cancelamento passa por em cancelamento; entregue só com permissão', () => {
    const produzido = alterarStatusExpedicao(alterarStatusExpedicao(delivery, 1), 2);
    const emCanc = alterarStatusExpedicao(produzido, 7);
    expect(alterarStatusExpedicao(emCanc, 6).expedicao.status).toBe(6);
    expect(() => alterarStatusExpedicao(produzido, 6)).toThrow(
      'Não é permitido alterar o status de Produzido para Cancelado!',
    );
    const entregue = alterarStatusExpedicao(alterarStatusExpedicao(produzido, 3), 4);
    expect(() => alterarStatusExpedicao(entregue, 7)).toThrow('exige liberação de supervisor!');
    expect(TRANSICOES_EXPEDICAO[6]).toEqual([]);
  });
});
