import { describe, expect, it } from 'vitest';
import { diaSeguinte, periodoDoFiltro } from './api.ts';
import { descreverPeriodo, diasEntre, periodoPadrao } from './periodo.ts';

describe('default report period (spec 1 §9)', () => {
  it('runs from the first day of the previous month to the last day of the current one', () => {
    expect(periodoPadrao('2026-05-17')).toEqual({ inicio: '2026-04-01', fim: '2026-05-31' });
    expect(periodoPadrao('2026-01-31')).toEqual({ inicio: '2025-12-01', fim: '2026-01-31' });
    expect(periodoPadrao('2028-02-10')).toEqual({ inicio: '2028-01-01', fim: '2028-02-29' });
  });

  it('is sent in -03:00 with the end day included (exclusive bound at the next midnight)', () => {
    expect(
      periodoDoFiltro({ empresas: ['e1'], inicio: '2026-04-01', fim: '2026-05-31', busca: ' ' }),
    ).toEqual({
      empresas: ['e1'],
      dataInicio: '2026-04-01T00:00:00-03:00',
      dataFim: '2026-06-01T00:00:00-03:00',
    });
    expect(diaSeguinte('2026-12-31')).toBe('2027-01-01');
    expect(descreverPeriodo('2026-04-01', '2026-05-31')).toBe('01/04/2026 a 31/05/2026');
  });

  it('lists every day of a range, month ends included', () => {
    expect(diasEntre('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(diasEntre('2026-03-02', '2026-03-01')).toEqual([]);
  });
});
