import { PERMISSAO } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { buscarNoCatalogo, catalogoRelatorios, porGrupo } from './catalogo.ts';

describe('relatoriosDoSistema: the catalogue', () => {
  const financeiro = new Set([
    PERMISSAO.relatorioFinanceiroPlanoDeContasAcessar,
    PERMISSAO.relatorioFinanceiroAgendaAcessar,
  ]);
  const itens = catalogoRelatorios(financeiro);

  it('lists every report route of the menu, grouped, and marks what the user may open', () => {
    expect(itens).toHaveLength(22);
    expect(porGrupo(itens).map(([g, l]) => [g, l.length])).toEqual([
      ['Vendas', 9],
      ['Estoque', 8],
      ['Financeiro', 3],
      ['Fiscal', 2],
    ]);
    const dre = itens.find((i) => i.rota === 'relatorioFinanceiroPlanoDeContas');
    expect(dre).toMatchObject({ permitido: true, permissao: 1001, emConstrucao: false });
    expect(dre?.nomePermissao).toContain('Plano de Contas');
    expect(itens.find((i) => i.rota === 'relatorioFinanceiroPlanoDeContasTeste')?.permitido).toBe(false);
    expect(itens.filter((i) => i.permitido).map((i) => i.rota)).toEqual([
      'relatorioFinanceiroPlanoDeContas',
      'relatorioFinanceiroAgenda',
    ]);
  });

  it('searches every word in title, description, route and permission number, without accents', () => {
    expect(buscarNoCatalogo(itens, 'plano contas').map((i) => i.rota)).toEqual([
      'relatorioFinanceiroPlanoDeContas',
      'relatorioFinanceiroPlanoDeContasTeste',
    ]);
    expect(buscarNoCatalogo(itens, 'TRANSFERENCIA estoque').map((i) => i.rota)).toEqual([
      'relatorioEstoqueTransferencia',
    ]);
    expect(buscarNoCatalogo(itens, '1001').map((i) => i.rota)).toEqual(['relatorioFinanceiroPlanoDeContas']);
    expect(buscarNoCatalogo(itens, '  ')).toHaveLength(22);
    expect(buscarNoCatalogo(itens, 'xyzzy')).toEqual([]);
  });
});
