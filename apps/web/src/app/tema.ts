import { type ThemeConfig, theme } from 'antd';

// Spec section 9 theme colours. Every other colour in the app comes from antd tokens derived here.
export const CORES = {
  claro: { primaria: '#027be3', negativa: '#DB2828' },
  escuro: { primaria: '#31CCEC', negativa: '#E57373' },
} as const;

export function temaAntd(escuro: boolean): ThemeConfig {
  const cores = escuro ? CORES.escuro : CORES.claro;
  return {
    algorithm: escuro ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: cores.primaria, colorError: cores.negativa, colorLink: cores.primaria },
  };
}
