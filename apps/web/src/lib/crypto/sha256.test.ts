import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexPuro } from './sha256.ts';

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('hashes %j to the standard vector', async (texto, esperado) => {
    expect(await sha256Hex(texto)).toBe(esperado);
    expect(sha256HexPuro(texto)).toBe(esperado);
  });

  it('the pure fallback equals crypto.subtle on multi-block and non-ASCII input', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    for (const texto of [
      'admin123',
      'senha com acentuação ç ã',
      'x'.repeat(55),
      'y'.repeat(64),
      'z'.repeat(1000),
    ]) {
      expect(sha256HexPuro(texto)).toBe(await sha256Hex(texto));
    }
  });
});
