import { describe, expect, it } from 'vitest';
import { criarIndiceProdutos, type ProdutoBusca } from './indice-produtos.ts';

const p = (descricao: string, codigoInterno: number, gtin?: string): ProdutoBusca => ({
  _id: String(codigoInterno).padStart(24, '0'),
  descricao,
  codigoInterno,
  gtin: gtin ?? null,
  preco: '1.00',
  tipoProduto: 'Normal',
});

const base = [
  p('Pizza Grande Calabresa', 2),
  p('Pizza Grande Mussarela', 1),
  p('Refrigerante Lata 350ml', 6, '7894900011517'),
  p('Água Mineral 500ml', 8),
  p('X-Burguer', 9),
];

describe('criarIndiceProdutos', () => {
  const indice = criarIndiceProdutos(base);

  it('finds by word prefixes in any order, ignoring case and accents', () => {
    expect(indice.buscar('pizza').map((x) => x.codigoInterno)).toEqual([2, 1]);
    expect(indice.buscar('gra mus').map((x) => x.codigoInterno)).toEqual([1]);
    expect(indice.buscar('AGUA').map((x) => x.descricao)).toEqual(['Água Mineral 500ml']);
    expect(indice.buscar('burg').map((x) => x.codigoInterno)).toEqual([9]);
    expect(indice.buscar('zzz')).toEqual([]);
    // The rarest word guides the scan; the others must still match.
    expect(indice.buscar('grande calab').map((x) => x.codigoInterno)).toEqual([2]);
    expect(indice.buscar('grande xyz')).toEqual([]);
    expect(indice.buscar('lata 350').map((x) => x.codigoInterno)).toEqual([6]);
    expect(indice.buscar('   ')).toEqual([]);
  });

  it('puts the exact barcode and internal code first', () => {
    expect(indice.buscar('7894900011517')[0]?.codigoInterno).toBe(6);
    expect(indice.buscar('00007894900011517')[0]?.codigoInterno).toBe(6);
    expect(indice.buscar('9')[0]?.codigoInterno).toBe(9);
    expect(indice.porCodigoBarras('7894900011517')?.codigoInterno).toBe(6);
    expect(indice.porCodigoBarras('123')).toBeUndefined();
  });

  it('answers each keystroke on 100,000 products in well under 16 ms', () => {
    const palavras = [
      'pizza',
      'refri',
      'suco',
      'lanche',
      'porcao',
      'cerveja',
      'agua',
      'doce',
      'salgado',
      'combo',
    ];
    const sabores = ['calabresa', 'frango', 'queijo', 'bacon', 'uva', 'laranja', 'limao', 'chocolate'];
    const muitos: ProdutoBusca[] = [];
    for (let i = 0; i < 100_000; i++) {
      muitos.push(
        p(`${palavras[i % 10]} ${sabores[(i >> 3) % 8]} ${i}`, i + 1, `789${String(i).padStart(9, '0')}`),
      );
    }
    const t0 = performance.now();
    const grande = criarIndiceProdutos(muitos);
    const construcao = performance.now() - t0;
    const digitacoes = [
      'p',
      'pi',
      'piz',
      'pizz',
      'pizza',
      'pizza ',
      'pizza c',
      'pizza ca',
      'pizza cal',
      'pizza cala',
      'x',
      'xyz',
      '7',
      '78',
      '789000012345',
    ];
    const tempos: number[] = [];
    for (let rodada = 0; rodada < 3; rodada++) {
      for (const d of digitacoes) {
        const t = performance.now();
        grande.buscar(d);
        tempos.push(performance.now() - t);
      }
    }
    tempos.sort((a, b) => a - b);
    const pior = tempos[tempos.length - 1] ?? 0;
    // CI shares 2 cores with other test files: one keystroke may wait for a GC pause or a core, so judge 9 in 10.
    const p90 = tempos[Math.floor(tempos.length * 0.9)] ?? 0;
    console.info(
      `índice 100k: construção ${construcao.toFixed(0)} ms, pior tecla ${pior.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms, mediana ${(tempos[Math.floor(tempos.length / 2)] ?? 0).toFixed(3)} ms`,
    );
    expect(grande.buscar('pizza cala').every((x) => x.descricao.startsWith('pizza calabresa'))).toBe(true);
    expect(grande.buscar('789000012345')[0]?.codigoInterno).toBe(12346);
    expect(p90).toBeLessThan(16);
  });
});
