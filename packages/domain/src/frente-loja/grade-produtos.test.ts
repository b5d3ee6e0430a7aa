import { describe, expect, it } from 'vitest';
import { imagemDaGrade } from './grade-produtos.ts';

describe('imagemDaGrade', () => {
  const img = (url: string, ...alturas: number[]) => ({
    caminho: url,
    url,
    thumbnails: alturas.map((a) => ({ largura: a, altura: a, caminho: `${url}_${a}`, url: `${url}_${a}` })),
  });

  it.each([
    ['no field', null, null],
    ['not a list', { url: '/a.png' }, null],
    ['empty list', [], null],
    ['image without thumbnails', [{ url: '/a.png' }], '/a.png'],
    ['smallest thumbnail at least 200 high', [img('/a', 400, 200)], '/a_200'],
    ['only small thumbnails: the largest', [img('/a', 64, 120)], '/a_120'],
    ['the first usable image', [{ nome: 'x' }, img('/b', 200)], '/b_200'],
  ])('%s', (_caso, imagens, esperado) => {
    expect(imagemDaGrade(imagens)).toBe(esperado);
  });
});
