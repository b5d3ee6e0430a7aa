import { describe, expect, it } from 'vitest';
import { previa } from './correcao.ts';

const produtos = [
  { _id: 'a', descricao: 'Pizza', preco: '49.90', ativo: true, ncm: '21069090' },
  { _id: 'b', descricao: 'Refrigerante', preco: '7.00', ativo: false, ncm: null },
];

describe('bulk product corrections', () => {
  it('adjusts prices by a percentage in cents, rounding half up, and sends only what changes', () => {
    const r = previa(produtos, { campo: 'preco', modo: 'percentual', percentual: '10' });
    expect(r.map((l) => [l.antes, l.depois])).toEqual([
      ['49.90', '54.89'],
      ['7.00', '7.70'],
    ]);
    expect(r[0]?.corpo).toEqual({ preco: '54.89' });
    const reducao = previa(produtos, { campo: 'preco', modo: 'percentual', percentual: '-12.5' });
    expect(reducao.map((l) => l.depois)).toEqual(['43.66', '6.13']);
  });

  it('sets a fixed price, the active flag or the NCM; unchanged products send nothing', () => {
    expect(previa(produtos, { campo: 'preco', modo: 'valor', valor: '7' }).map((l) => l.corpo)).toEqual([
      { preco: '7.00' },
      undefined,
    ]);
    expect(previa(produtos, { campo: 'ativo', ativo: false }).map((l) => l.corpo)).toEqual([
      { ativo: false },
      undefined,
    ]);
    expect(previa(produtos, { campo: 'ncm', ncm: '22021000' }).map((l) => l.antes)).toEqual(['21069090', '']);
  });
});
