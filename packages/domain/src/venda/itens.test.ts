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
import { adicionarItem, alterarQuantidadeItem, substituirItens } from './itens.ts';
import { recalcularVenda } from './recalcular.ts';

const catalogo = criarCatalogo({ produtos: produtos({ 1: '10.00', 2: '5.00' }) });
const recalc = (v: Parameters<typeof recalcularVenda>[0]) =>
  recalcularVenda(v, catalogo, criarConfiguracao(), AGORA);
const base = recalc(vendaComItens([{ produto: 1 }, { produto: 2 }]));
const comGeral = recalc(
  aplicarDescontoGeral(base, 0, '3.00', { supervisor: SUPERVISOR, dataHora: AGORA }).venda,
);

describe('mudança de itens remove o desconto geral', () => {
  it('adicionar item numera depois do último', () => {
    const v = recalc(adicionarItem(comGeral, { produto: { _id: id(2), descricao: 'P2' }, data: AGORA }));
    expect(v.produtos.map((i) => i.numeroItem)).toEqual([1, 2, 3]);
    expect(v.descontoGeral).toBeNull();
    expect(v.totalDesconto).toBe('0.00');
    expect(v.total).toBe('20.00');
  });
  it('alterar quantidade trunca a 4 casas', () => {
    const v = recalc(alterarQuantidadeItem(comGeral, 2, '2.99999'));
    expect(v.produtos[1]!.quantidade).toBe('2.9999');
    expect(v.descontoGeral).toBeNull();
  });
  it('substituir itens: mantém o desconto se nada mudou, remove se mudou', () => {
    expect(substituirItens(comGeral, comGeral.produtos).descontoGeral).not.toBeNull();
    const outra = substituirItens(comGeral, comGeral.produtos.slice(0, 1));
    expect(outra.descontoGeral).toBeNull();
    expect(outra.produtos.every((i) => i.descontoGeral === '0.00')).toBe(true);
  });
});
