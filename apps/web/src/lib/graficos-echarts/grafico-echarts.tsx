import { Typography, theme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { carregarEcharts } from './carregar-echarts.ts';
import { comTema, type OpcoesGrafico, paletaGrafico } from './tema-grafico.ts';

// A chart of echarts as a React component: lazy-loads echarts (carregar-echarts.ts), takes its colours from the
// antd theme tokens (so light and dark follow the header's toggle with no echarts theme of its own), resizes with
// its container, and is ONE image for assistive technology whose name is `resumo` (the figures in words; the
// drawing itself is hidden from screen readers).

export function GraficoEcharts({
  opcoes,
  resumo,
  altura = 280,
  testId,
}: {
  opcoes: OpcoesGrafico;
  /** What the chart shows, in words (aria-label). */
  resumo: string;
  altura?: number;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const caixa = useRef<HTMLDivElement>(null);
  const [grafico, setGrafico] = useState<EChartsType | null>(null);
  const [falhou, setFalhou] = useState(false);

  useEffect(() => {
    let vivo = true;
    let instancia: EChartsType | null = null;
    let observador: ResizeObserver | null = null;
    carregarEcharts().then(
      (iniciar) => {
        if (!vivo || !caixa.current) return;
        instancia = iniciar(caixa.current, undefined, { renderer: 'svg' });
        const atual = instancia;
        observador = new ResizeObserver(() => atual.resize());
        observador.observe(caixa.current);
        setGrafico(atual);
      },
      () => vivo && setFalhou(true),
    );
    return () => {
      vivo = false;
      observador?.disconnect();
      instancia?.dispose();
    };
  }, []);

  useEffect(() => {
    // notMerge: the options are the whole chart (a series that left the data leaves the drawing).
    grafico?.setOption(
      comTema(opcoes, {
        texto: token.colorText,
        textoSecundario: token.colorTextSecondary,
        textoDesabilitado: token.colorTextDisabled,
        borda: token.colorBorder,
        bordaSecundaria: token.colorBorderSecondary,
        fundoElevado: token.colorBgElevated,
        fonte: token.fontFamily,
        paleta: paletaGrafico(token),
      }),
      { notMerge: true },
    );
  }, [grafico, opcoes, token]);

  if (falhou) {
    return (
      <Typography.Text type="secondary" role="status">
        Não foi possível carregar o gráfico. Recarregue a página para tentar de novo.
      </Typography.Text>
    );
  }
  return (
    <div role="img" aria-label={resumo} data-testid={testId} style={{ width: '100%', height: altura }}>
      <div ref={caixa} aria-hidden="true" style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
