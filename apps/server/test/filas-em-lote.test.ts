import { describe, expect, it } from 'vitest';
import { FilasEmLote, LOTES_SIMULTANEOS, MAXIMO_POR_LOTE } from '../src/modules/vendas/filas-em-lote.ts';

/** A writer that records its batches, answers after a tick and refuses any batch holding a 'recusada' entry. */
function gravador() {
  const lotes: string[][] = [];
  let abertos = 0;
  let maximoAbertos = 0;
  const gravar = async (lote: { loja: string; nome: string }[]) => {
    lotes.push(lote.map((e) => e.nome));
    abertos++;
    maximoAbertos = Math.max(maximoAbertos, abertos);
    await new Promise((r) => setTimeout(r, 5));
    abertos--;
    if (lote.some((e) => e.nome === 'recusada')) throw new Error('recusada');
    return lote.map((e) => `ok:${e.nome}`);
  };
  return { lotes, gravar, maximoAbertos: () => maximoAbertos };
}

describe('writes of one key in batches', () => {
  it('a lone write goes at once; the ones that arrive meanwhile go together, two batches in flight', async () => {
    const g = gravador();
    const filas = new FilasEmLote((e: { loja: string; nome: string }) => e.loja, g.gravar);
    const nomes = Array.from({ length: 20 }, (_, i) => `v${i}`);
    const respostas = await Promise.all(nomes.map((nome) => filas.executar({ loja: 'A', nome })));
    expect(respostas).toEqual(nomes.map((n) => `ok:${n}`));
    // The first two go alone (two slots), the 18 that queued behind them in one batch, in arrival order.
    expect(g.lotes).toEqual([['v0'], ['v1'], nomes.slice(2)]);
    expect(g.maximoAbertos()).toBe(LOTES_SIMULTANEOS);
  });

  it(`batches hold at most ${MAXIMO_POR_LOTE}; keys do not wait on each other`, async () => {
    const g = gravador();
    const filas = new FilasEmLote((e: { loja: string; nome: string }) => e.loja, g.gravar);
    const a = Array.from({ length: 70 }, (_, i) => filas.executar({ loja: 'A', nome: `a${i}` }));
    const b = filas.executar({ loja: 'B', nome: 'b0' });
    expect(await b).toBe('ok:b0');
    await Promise.all(a);
    expect(g.lotes.map((l) => l.length)).toEqual([1, 1, 1, 32, 32, 4]);
    expect(g.lotes.flat().filter((n) => n.startsWith('a'))).toEqual(
      Array.from({ length: 70 }, (_, i) => `a${i}`),
    );
  });

  it('a refused batch is written again one by one: only the refused write fails', async () => {
    const g = gravador();
    const filas = new FilasEmLote((e: { loja: string; nome: string }) => e.loja, g.gravar);
    const nomes = ['v0', 'v1', 'v2', 'recusada', 'v4'];
    const respostas = await Promise.allSettled(nomes.map((nome) => filas.executar({ loja: 'A', nome })));
    expect(respostas.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'ok:v0',
      'ok:v1',
      'ok:v2',
      'recusada',
      'ok:v4',
    ]);
    expect(g.lotes).toEqual([['v0'], ['v1'], ['v2', 'recusada', 'v4'], ['v2'], ['recusada'], ['v4']]);
    // Nothing stays queued: a later write goes at once, alone.
    await filas.executar({ loja: 'A', nome: 'depois' });
    expect(g.lotes.at(-1)).toEqual(['depois']);
  });
});
