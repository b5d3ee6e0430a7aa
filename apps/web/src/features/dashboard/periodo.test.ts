import { describe, expect, it } from 'vitest';
import {
  deslocarDia,
  diasDoPeriodo,
  formatarVariacao,
  hojeComercial,
  periodoComparado,
  periodoDoPreset,
  variacaoPercentual,
} from './periodo.ts';

describe('dashboard periods', () => {
  it('builds the presets from today', () => {
    const hoje = '2026-03-01';
    expect(periodoDoPreset('hoje', hoje)).toEqual({ dataInicio: hoje, dataFim: hoje });
    expect(periodoDoPreset('ontem', hoje)).toEqual({ dataInicio: '2026-02-28', dataFim: '2026-02-28' });
    expect(periodoDoPreset('ultimos7', hoje)).toEqual({ dataInicio: '2026-02-23', dataFim: hoje });
    expect(periodoDoPreset('mes', hoje)).toEqual({ dataInicio: '2026-03-01', dataFim: hoje });
    expect(periodoDoPreset('mesAnterior', hoje)).toEqual({ dataInicio: '2026-02-01', dataFim: '2026-02-28' });
  });

  it('shifts a period back a week, a month (clamped to the month end) and a year', () => {
    const p = { dataInicio: '2026-03-29', dataFim: '2026-03-31' };
    expect(periodoComparado(p, 'semanaAnterior')).toEqual({
      dataInicio: '2026-03-22',
      dataFim: '2026-03-24',
    });
    expect(periodoComparado(p, 'mesAnterior')).toEqual({ dataInicio: '2026-02-28', dataFim: '2026-02-28' });
    expect(periodoComparado({ dataInicio: '2028-02-29', dataFim: '2028-02-29' }, 'anoAnterior')).toEqual({
      dataInicio: '2027-02-28',
      dataFim: '2027-02-28',
    });
    expect(deslocarDia('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('lists the days of a period across a month end', () => {
    expect(diasDoPeriodo({ dataInicio: '2026-01-30', dataFim: '2026-02-02' })).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });

  it('gives the business day in -03:00', () => {
    expect(hojeComercial(new Date('2026-11-26T02:30:00Z'))).toBe('2026-11-25');
    expect(hojeComercial(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
  });

  it('computes and writes the change in %', () => {
    expect(variacaoPercentual('150.00', '100.00')).toBe(50);
    expect(variacaoPercentual('75', '100')).toBe(-25);
    expect(variacaoPercentual('10', '0')).toBeNull();
    expect(formatarVariacao(12.345)).toBe('+12,3%');
    expect(formatarVariacao(-3)).toBe('-3,0%');
    expect(formatarVariacao(0.01)).toBe('0,0%');
    expect(formatarVariacao(null)).toBe('—');
  });
});
