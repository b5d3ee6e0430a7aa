import { describe, expect, it } from 'vitest';
import { deletarItem, deletarVendaCompleta } from './exclusao.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  id,
  OPERADOR,
  produtos,
  SUPERVISOR,
  vendaComItens,
} from './fabricas-teste.ts';
import { recalcularVenda } from './recalcular.ts';

const catalogo = criarCatalogo({ produtos: produtos({ 1: '10.00', 2: '5.00' }) });
const recalc = (v: Parameters<typeof recalcularVenda>[0]) =>
  recalcularVenda(v, catalogo, criarConfiguracao(), AGORA);
const ctx = { operador: OPERADOR, supervisor: SUPERVISOR, motivo: 'Cliente desistiu', dataHora: AGORA };
const venda = recalc(vendaComItens([{ produto: 1, _id: id(0x1001), confirmado: true }, { produto: 2 }]));

describe('deletar item (spec 4 e 5)', () => {
  it('item não confirmado some sem evento', () => {
    const r = deletarItem(venda, 2, ctx);
    expect(r.venda.produtos).toHaveLength(1);
    expect(r.evento).toBeNull();
    expect(deletarItem(venda, 2, { ...ctx, gravarEventoNaoConfirmado: true }).evento).toMatchObject({
      tipo: 'Cancelamento',
    });
  });

  it('item confirmado fica cancelado com evento de cancelamento', () => {
    const r = deletarItem(venda, 1, ctx);
    expect(r.venda.produtos[0]!.cancelado).toBe(true);
    expect(r.evento).toMatchObject({
      tipo: 'Cancelamento',
      vendaCompleta: false,
      motivo: 'Cliente desistiu',
      supervisor: SUPERVISOR,
    });
    expect(r.evento!.produtos[0]).toMatchObject({ numeroItem: 1, valor: '10.00' });
    expect(recalc(r.venda).total).toBe('5.00');
  });

  it('sem itens ativos o evento é de cancelamento da venda completa', () => {
    const semUm = deletarItem(venda, 2, ctx).venda;
    const r = deletarItem(semUm, 1, ctx);
    expect(r.evento!.vendaCompleta).toBe(true);
    expect(r.venda.status.id).toBe(61);
    expect(recalc(r.venda).total).toBe('0.00');
  });

  it("'Útimo item já esta deletado!' e item inexistente", () => {
    const r = deletarItem(venda, 1, ctx);
    expect(() => deletarItem(r.venda, 1, ctx)).toThrow('Útimo item já esta deletado!');
    expect(() => deletarItem(venda, 42, ctx)).toThrow('Item não informado');
  });

  it("'Útimo item já esta deletado!' also after the last item emptied the sale (status 61)", () => {
    let v = venda;
    for (const i of venda.produtos) v = deletarItem(v, i.numeroItem, ctx).venda;
    expect(v.status.id).toBe(61);
    expect(() => deletarItem(v, venda.produtos[0]!.numeroItem, ctx)).toThrow('Útimo item já esta deletado!');
  });

  it('mudar itens remove o desconto geral', () => {
    const comGeral = { ...venda, descontoGeral: { modo: 0 as const, valor: '2.00', totalDesconto: '2.00' } };
    expect(deletarItem(comGeral, 2, ctx).venda.descontoGeral).toBeNull();
  });
});

describe('deletar venda completa', () => {
  it('cancela tudo, status Cancelada (com liberação) e evento completo', () => {
    expect(() => deletarVendaCompleta(venda, ctx)).toThrow(
      'Alterar o status de Aberta para Cancelada exige liberação de supervisor!',
    );
    const r = deletarVendaCompleta(venda, { ...ctx, comPermissao: true });
    expect(r.venda.status.id).toBe(60);
    expect(r.venda.produtos).toHaveLength(1);
    expect(r.venda.produtos.every((i) => i.cancelado)).toBe(true);
    expect(r.evento).toMatchObject({ tipo: 'Cancelamento', vendaCompleta: true });
    expect(r.evento.produtos).toHaveLength(2);
  });
  it('recusada com pagamentos por posição', () => {
    const travada = {
      ...venda,
      produtos: venda.produtos.map((i) => ({
        ...i,
        posicao: [{ numero: 1, quantidade: '1', desconto: '0.00', pago: true }],
      })),
    };
    expect(() => deletarVendaCompleta(travada, { ...ctx, comPermissao: true })).toThrow(
      'Existem pagamentos realizados por posição, deleção não permitido!',
    );
  });
});
