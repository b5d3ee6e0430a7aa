import { describe, expect, it } from 'vitest';
import { GRUPOS_CATALOGO, itensDoGrupo } from './grupos.ts';

describe('catalogue groups', () => {
  it('offers every catalogue by its grupo, each group once', () => {
    expect(GRUPOS_CATALOGO.length).toBeGreaterThanOrEqual(90);
    expect(new Set(GRUPOS_CATALOGO).size).toBe(GRUPOS_CATALOGO.length);
    for (const grupo of [
      'cfop',
      'uf',
      'cstIcms',
      'csosn',
      'tipoVenda',
      'tipoPagamento',
      'atribuicao',
      'unidadeMedida',
    ]) {
      expect(GRUPOS_CATALOGO).toContain(grupo);
    }
    expect(itensDoGrupo('uf')).toHaveLength(27);
    expect(itensDoGrupo('tipoVenda')?.map((i) => i.id)).toEqual([53, 54, 55, 56]);
    for (const grupo of GRUPOS_CATALOGO) {
      expect(
        itensDoGrupo(grupo)?.every((i) => i.grupo === grupo),
        grupo,
      ).toBe(true);
    }
    expect(itensDoGrupo('naoExiste')).toBeUndefined();
  });
});
