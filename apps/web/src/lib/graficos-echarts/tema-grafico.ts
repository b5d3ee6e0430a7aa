import type { theme } from 'antd';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

// The theme of a chart, from the antd tokens of the current theme (light or dark): the caller's options come
// first, the theme fills what they leave out. Pure, so the dark/light result is testable without a browser.

export interface CoresGrafico {
  texto: string;
  textoSecundario: string;
  textoDesabilitado: string;
  borda: string;
  bordaSecundaria: string;
  fundoElevado: string;
  fonte: string;
  paleta: string[];
}

type Registro = Record<string, unknown>;
const ehRegistro = (v: unknown): v is Registro => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `base` under `por-cima`, one level deep into nested objects (axisLabel, lineStyle...). */
function sob(base: Registro, porCima: Registro): Registro {
  const r: Registro = { ...base };
  for (const [k, v] of Object.entries(porCima)) {
    const b = base[k];
    r[k] = ehRegistro(b) && ehRegistro(v) ? sob(b, v) : v;
  }
  return r;
}

const cadaUm = (v: unknown, f: (x: Registro) => Registro): unknown =>
  Array.isArray(v) ? v.map((x) => (ehRegistro(x) ? f(x) : x)) : ehRegistro(v) ? f(v) : v;

export function comTema(opcoes: OpcoesGrafico, c: CoresGrafico): OpcoesGrafico {
  const eixo: Registro = {
    axisLine: { lineStyle: { color: c.borda } },
    axisTick: { lineStyle: { color: c.borda } },
    axisLabel: { color: c.textoSecundario },
    splitLine: { lineStyle: { color: c.bordaSecundaria } },
    nameTextStyle: { color: c.textoSecundario },
  };
  const o = opcoes as Registro;
  const r: Registro = sob(
    {
      backgroundColor: 'transparent',
      color: c.paleta,
      textStyle: { color: c.texto, fontFamily: c.fonte, fontSize: 12 },
      animationDuration: 300,
    },
    o,
  );
  if (o.xAxis !== undefined) r.xAxis = cadaUm(o.xAxis, (x) => sob(eixo, x));
  if (o.yAxis !== undefined) r.yAxis = cadaUm(o.yAxis, (x) => sob(eixo, x));
  if (o.legend !== undefined) {
    r.legend = cadaUm(o.legend, (x) =>
      sob({ textStyle: { color: c.texto }, inactiveColor: c.textoDesabilitado }, x),
    );
  }
  if (o.tooltip !== undefined) {
    r.tooltip = cadaUm(o.tooltip, (x) =>
      sob(
        {
          backgroundColor: c.fundoElevado,
          borderColor: c.borda,
          textStyle: { color: c.texto, fontFamily: c.fonte },
          confine: true,
        },
        x,
      ),
    );
  }
  if (o.visualMap !== undefined)
    r.visualMap = cadaUm(o.visualMap, (x) =>
      // From the card's line colour to the primary: echarts' own light-blue ramp glares on a dark card.
      sob(
        { textStyle: { color: c.texto }, inRange: { color: [c.bordaSecundaria, c.paleta[0] ?? c.texto] } },
        x,
      ),
    );
  return r as OpcoesGrafico;
}

export type OpcoesGrafico = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | HeatmapSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** Colours of the series in order, from the theme (the dark algorithm gives the dark shades). */
export function paletaGrafico(token: ReturnType<typeof theme.useToken>['token']): string[] {
  return [
    token.colorPrimary,
    token.orange,
    token.green,
    token.purple,
    token.magenta,
    token.cyan,
    token.gold,
    token.volcano,
    token.geekblue,
    token.lime,
  ];
}
