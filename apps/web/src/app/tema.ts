import { type ThemeConfig, theme } from 'antd';

// Spec section 9 theme colours. Every other colour in the app comes from antd tokens derived here.
export const CORES = {
  claro: { primaria: '#027be3', negativa: '#DB2828' },
  escuro: { primaria: '#31CCEC', negativa: '#E57373' },
} as const;

// Text on or in the primary colour must reach WCAG AA 4.5:1 (axe runs on the login page). White on
// #027be3 gives 4.25:1 and white on #31CCEC 1.9:1, so: in light, links and primary buttons use the
// pressed shade of the primary (white text 5.8:1; hover shows the spec colour itself); in dark, text on
// primary buttons is dark (11:1) and links keep the spec colour (9.7:1 on the dark background).
// Issue 13 (axe on the POS, the table map and the KDS): antd's light secondary text (#8c8c8c, 3.36:1 on white)
// and its status colours as text on their own tint (success #52c41a 2.2:1, warning #faad14, info the spec
// primary 4.0:1 on its tint) fall short too: secondary text is 60% black (5.7:1) and the status colours are
// the deep shades of the same hues (5:1 or more on white and on their tints).
const AJUSTES_CONTRASTE = {
  claro: {
    primariaTexto: '#0266bd',
    textoSecundario: 'rgba(0, 0, 0, 0.6)',
    sucesso: '#237804',
    aviso: '#ad4e00',
    // Tints of a deep seed come out grey: antd's own tints of green and orange stay (5.4:1 and 5.2:1).
    sucessoFundo: '#f6ffed',
    sucessoBorda: '#b7eb8f',
    avisoFundo: '#fff7e6',
    avisoBorda: '#ffd591',
  },
  escuro: { textoSobrePrimaria: 'rgba(0, 0, 0, 0.88)' },
} as const;

export function temaAntd(escuro: boolean): ThemeConfig {
  if (escuro) {
    return {
      algorithm: theme.darkAlgorithm,
      token: {
        colorPrimary: CORES.escuro.primaria,
        colorInfo: CORES.escuro.primaria,
        colorError: CORES.escuro.negativa,
        colorLink: CORES.escuro.primaria,
        // Secondary text at antd's 45% white is 4.2:1 on a card: 60% is 6:1 (axe, issue 13).
        colorTextDescription: 'rgba(255, 255, 255, 0.6)',
      },
      components: { Button: { primaryColor: AJUSTES_CONTRASTE.escuro.textoSobrePrimaria } },
    };
  }
  const c = AJUSTES_CONTRASTE.claro;
  return {
    algorithm: theme.defaultAlgorithm,
    token: {
      colorPrimary: CORES.claro.primaria,
      colorInfo: c.primariaTexto,
      colorError: CORES.claro.negativa,
      colorLink: c.primariaTexto,
      colorTextDescription: c.textoSecundario,
      colorSuccess: c.sucesso,
      colorSuccessBg: c.sucessoFundo,
      colorSuccessBorder: c.sucessoBorda,
      colorWarning: c.aviso,
      colorWarningBg: c.avisoFundo,
      colorWarningBorder: c.avisoBorda,
    },
    components: {
      Button: { colorPrimary: c.primariaTexto, colorPrimaryHover: CORES.claro.primaria },
    },
  };
}
