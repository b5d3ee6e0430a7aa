import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { temaAntd } from './tema.ts';

describe('theme (spec section 9 colours)', () => {
  it('light: primary #027be3, negative #DB2828', () => {
    const tema = temaAntd(false);
    expect(tema.algorithm).toBe(theme.defaultAlgorithm);
    expect(tema.token).toMatchObject({ colorPrimary: '#027be3', colorError: '#DB2828' });
  });

  it('dark: primary #31CCEC, negative #E57373, with the dark algorithm', () => {
    const tema = temaAntd(true);
    expect(tema.algorithm).toBe(theme.darkAlgorithm);
    expect(tema.token).toMatchObject({ colorPrimary: '#31CCEC', colorError: '#E57373' });
  });
});
