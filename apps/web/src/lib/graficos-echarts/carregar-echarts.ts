import type { init } from 'echarts/core';

// echarts weighs ~150 KB gzip even trimmed: it is fetched the first time a chart mounts, so the login page's
// JavaScript budget (apps/web/e2e/app.e2e.test.ts) never pays for it. One load per page; a failed load (network)
// is forgotten so the next chart tries again.

export type IniciarGrafico = typeof init;

let carga: Promise<IniciarGrafico> | null = null;

export function carregarEcharts(): Promise<IniciarGrafico> {
  if (!carga) {
    carga = import('./modulos-echarts.ts').then(
      (m) => m.init,
      (erro: unknown) => {
        carga = null;
        throw erro;
      },
    );
  }
  return carga;
}
