import { beforeEach, describe, expect, it, vi } from 'vitest';

// The report cache over an in-memory stand-in for the 'listas' store of IndexedDB relatorioBaseDB (jsdom has
// no IndexedDB): answers are kept under 'relatorio:<md5>', read back, and only the newest RESPOSTAS_MAXIMAS stay.

const loja = new Map<string, { chave: string; valor: unknown; gravadoEm: string }>();
const versoes: number[] = [];
vi.mock('idb', () => ({
  openDB: async (nome: string, versao: number) => {
    expect(nome).toBe('relatorioBaseDB');
    versoes.push(versao);
    const store = {
      get: async (k: string) => loja.get(k),
      put: async (v: { chave: string; valor: unknown; gravadoEm: string }) => void loja.set(v.chave, v),
      delete: async (k: string) => void loja.delete(k),
    };
    return {
      get: (_s: string, k: string) => store.get(k),
      transaction: () => ({ store, done: Promise.resolve() }),
    };
  },
}));

const { gravarResposta, lerResposta, RESPOSTAS_MAXIMAS } = await import('./cache-local.ts');

beforeEach(() => loja.clear());

describe('relatorioBaseDB report cache', () => {
  it('keeps an answer under its md5 key, in the POS lists store, at the POS version', async () => {
    await gravarResposta('abc', { total: '10.00' }, new Date('2026-11-26T10:00:00Z'));
    expect(await lerResposta('abc')).toEqual({
      valor: { total: '10.00' },
      gravadoEm: '2026-11-26T10:00:00.000Z',
    });
    expect(loja.has('relatorio:abc')).toBe(true);
    expect(await lerResposta('outra')).toBeUndefined();
    expect(new Set(versoes)).toEqual(new Set([1]));
  });

  it('keeps only the newest answers, rewriting one moves it to the end', async () => {
    for (let i = 0; i < RESPOSTAS_MAXIMAS; i++) await gravarResposta(`k${i}`, i);
    await gravarResposta('k0', 'de novo');
    await gravarResposta('nova', 'x');
    expect(await lerResposta('k0')).toMatchObject({ valor: 'de novo' });
    expect(await lerResposta('k1')).toBeUndefined();
    expect(await lerResposta('k2')).toMatchObject({ valor: 2 });
    expect([...loja.keys()].filter((k) => k !== 'relatorio:indice')).toHaveLength(RESPOSTAS_MAXIMAS);
  });
});
