import { describe, expect, it } from 'vitest';
import type { NoPlano } from './api.ts';
import { montarArvore, proximoCodigo, subarvore } from './arvore.ts';

const no = (_id: string, codigo: string, pai: string | null): NoPlano => ({
  _id,
  codigo,
  descricao: codigo,
  natureza: 'Despesa',
  financeiroPlanoContaPai: pai,
});

const nos = [
  no('d', '4.02.003', 'b'),
  no('a', '4', null),
  no('b', '4.02', 'a'),
  no('c', '4.02.001', 'b'),
  no('z', '9', 'sumiu'),
];

describe('árvore do plano de contas', () => {
  it('children under their parent in code order; an orphan at the root', () => {
    const arvore = montarArvore(nos);
    expect(arvore.map((r) => r.no._id)).toEqual(['a', 'z']);
    expect(arvore[0]?.filhos[0]?.filhos.map((r) => r.no.codigo)).toEqual(['4.02.001', '4.02.003']);
  });
  it('the subtree of a node', () => {
    expect([...subarvore(nos, 'b')].sort()).toEqual(['b', 'c', 'd']);
  });
  it('the next code of a child', () => {
    expect(proximoCodigo(nos, nos[2]!)).toBe('4.02.004');
    expect(proximoCodigo(nos, nos[1]!)).toBe('4.03');
    expect(proximoCodigo(nos, no('x', '5', null))).toBe('5.01');
    expect(proximoCodigo(nos, null)).toBe('5');
  });
});
