import { montarDre, type PlanoDre } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { achatarDre, celulasDre, colunasDre, nomeMes } from './tabela.ts';

const plano: PlanoDre[] = [
  { _id: '1', codigo: '1', descricao: 'Receitas', natureza: 'Receita', pai: null },
  { _id: '1.01', codigo: '1.01', descricao: 'Vendas', natureza: 'Receita', pai: '1' },
  { _id: '4', codigo: '4', descricao: 'Despesas', natureza: 'Despesa', pai: null },
];
const empresas = [
  { _id: 'a', descricao: 'Loja Centro' },
  { _id: 'b', descricao: 'Loja Shopping' },
];
const r = montarDre({
  regime: 'competencia',
  inicio: '2026-03-01',
  fim: '2026-04-30',
  comparar: true,
  empresas,
  plano,
  somas: [
    { plano: '1.01', empresa: 'a', mes: '2026-03', anterior: false, valor: '1000.00' },
    { plano: '4', empresa: 'b', mes: '2026-04', anterior: false, valor: '-250.50' },
    { plano: '1.01', empresa: 'a', mes: '2026-01', anterior: true, valor: '800.00' },
  ],
});

describe('DRE table', () => {
  it('period columns: per store, total, percent, previous and variation', () => {
    const c = colunasDre(r, 'periodo', true);
    expect(c.map((x) => x.titulo)).toEqual([
      'Loja Centro',
      'Loja Shopping',
      'Total',
      '% receita',
      'Período anterior',
      'Variação',
    ]);
    const { celulas, texto } = celulasDre(r, c);
    expect(celulas[0]).toEqual(['1 Receitas', 1000, 0, 1000, 100, 800, 25]);
    expect(celulas[1]?.[0]).toBe('  1.01 Vendas');
    expect(texto.at(-1)?.[0]).toBe('(=) Resultado líquido');
    expect(texto.at(-1)?.[3]).toMatch(/749,50/);
  });

  it('month columns and the flattened tree honour what is open', () => {
    const c = colunasDre(r, 'meses', false);
    expect(c.map((x) => x.titulo)).toEqual(['mar/2026', 'abr/2026', 'Total', '% receita']);
    expect(nomeMes('2026-12')).toBe('dez/2026');
    expect(achatarDre(r.linhas, new Set()).map((p) => p.linha._id)).not.toContain('1.01');
    expect(achatarDre(r.linhas).map((p) => p.linha._id)).toContain('1.01');
  });
});
