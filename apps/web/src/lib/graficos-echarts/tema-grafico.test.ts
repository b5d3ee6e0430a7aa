import { describe, expect, it } from 'vitest';
import { moedaEixo, moedaGrafico, numeroGrafico } from './formatos.ts';
import { type CoresGrafico, comTema } from './tema-grafico.ts';

const escuro: CoresGrafico = {
  texto: 'rgba(255,255,255,0.85)',
  textoSecundario: 'rgba(255,255,255,0.6)',
  textoDesabilitado: 'rgba(255,255,255,0.25)',
  borda: '#424242',
  bordaSecundaria: '#303030',
  fundoElevado: '#1f1f1f',
  fonte: 'sans-serif',
  paleta: ['#31CCEC', '#d87a16'],
};

describe('comTema', () => {
  it('fills axes, legend and tooltip with the theme and keeps what the caller set', () => {
    const r = comTema(
      {
        xAxis: { type: 'category', data: ['a'], axisLabel: { rotate: 45 } },
        yAxis: [{ type: 'value', axisLabel: { color: 'red' } }],
        legend: {},
        tooltip: { trigger: 'axis' },
        series: [{ type: 'bar', data: [1] }],
      },
      escuro,
    ) as Record<string, unknown>;
    expect(r.backgroundColor).toBe('transparent');
    expect(r.color).toEqual(escuro.paleta);
    expect(r.xAxis).toMatchObject({
      type: 'category',
      axisLabel: { rotate: 45, color: escuro.textoSecundario },
      axisLine: { lineStyle: { color: escuro.borda } },
    });
    // The caller's colour wins over the theme's.
    expect(r.yAxis).toMatchObject([{ type: 'value', axisLabel: { color: 'red' } }]);
    expect(r.legend).toMatchObject({ textStyle: { color: escuro.texto } });
    expect(r.tooltip).toMatchObject({ trigger: 'axis', backgroundColor: escuro.fundoElevado, confine: true });
  });

  it('colours a heat map from the theme, not echarts light-blue ramp', () => {
    const r = comTema({ visualMap: { min: 0, max: 10 } }, escuro) as Record<string, unknown>;
    expect(r.visualMap).toMatchObject({ min: 0, inRange: { color: [escuro.bordaSecundaria, '#31CCEC'] } });
  });

  it('adds no axis to a chart without one (a pie)', () => {
    const r = comTema({ series: [{ type: 'pie', data: [] }] }, escuro) as Record<string, unknown>;
    expect(r.xAxis).toBeUndefined();
    expect(r.yAxis).toBeUndefined();
  });
});

describe('formatos', () => {
  it('writes money and counts in pt-BR', () => {
    expect(moedaGrafico(1234.56)).toBe('R$ 1.234,56');
    expect(moedaGrafico('98765.4')).toBe('R$ 98.765,40');
    expect(moedaGrafico(-1)).toBe('-R$ 1,00');
    expect(moedaEixo(1500)).toBe('R$ 1.500');
    expect(numeroGrafico(12345)).toBe('12.345');
    expect(numeroGrafico(2.5, 3)).toBe('2,500');
  });

  it('shows a dash for what is not a number', () => {
    expect(moedaGrafico(undefined)).toBe('—');
    expect(moedaGrafico('abc')).toBe('—');
    expect(moedaEixo(Number.NaN)).toBe('—');
  });
});
