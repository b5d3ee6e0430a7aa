import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chaveCacheRelatorio,
  empresasDesconhecidas,
  filtroRelatorioSchema,
  horasDoFiltro,
  limitesDoPeriodo,
  MENSAGENS_FILTRO,
  periodoPadraoRelatorio,
} from './filtro.ts';
import { MENSAGENS_RELATORIO_VENDA, validarDimensoes } from './vendas.ts';

const mensagens = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('default report filter (spec 1 §3, §9)', () => {
  it('fills the defaults: status [59], 00:00-23:59, empty lists', () => {
    const f = filtroRelatorioSchema.parse({ dataInicio: '2026-10-01', dataFim: '2026-11-30' });
    expect(f.statusVenda).toEqual([59]);
    expect(f.horaInicio).toBe('00:00');
    expect(f.horaFim).toBe('23:59');
    expect(f.empresasSelecionada).toEqual([]);
    expect(f.filtroDinamico).toEqual([]);
  });

  it('default period: start of the previous month to the end of the current one, in -03:00', () => {
    // 2026-12-01 01:00 UTC is still 30 November in -03:00
    expect(periodoPadraoRelatorio(new Date('2026-12-01T01:00:00Z'))).toMatchObject({
      dataInicio: '2026-10-01',
      dataFim: '2026-11-30',
      statusVenda: [59],
    });
    expect(periodoPadraoRelatorio(new Date('2026-01-15T12:00:00Z'))).toMatchObject({
      dataInicio: '2025-12-01',
      dataFim: '2026-01-31',
    });
    expect(periodoPadraoRelatorio(new Date('2024-03-10T12:00:00Z')).dataFim).toBe('2024-03-31');
  });

  it('refuses dataFim before dataInicio, a period over a year and bad dates in pt-BR', () => {
    expect(
      mensagens(filtroRelatorioSchema.safeParse({ dataInicio: '2026-11-02', dataFim: '2026-11-01' })),
    ).toEqual([MENSAGENS_FILTRO.dataFimAntesInicio]);
    expect(
      mensagens(filtroRelatorioSchema.safeParse({ dataInicio: '2025-01-01', dataFim: '2026-01-02' })),
    ).toEqual([MENSAGENS_FILTRO.periodoLongo]);
    expect(
      mensagens(filtroRelatorioSchema.safeParse({ dataInicio: '2026-02-30', dataFim: '2026-03-01' })),
    ).toContain(MENSAGENS_FILTRO.dataInvalida);
  });

  it('refuses operators outside the whitelist and malformed values', () => {
    const r = filtroRelatorioSchema.safeParse({
      dataInicio: '2026-11-01',
      dataFim: '2026-11-01',
      filtroDinamico: [
        { campo: 'liquido', operador: '; drop table venda', valor: 1 },
        { campo: 'liquido', operador: 'entre', valor: 1 },
        { campo: 'liquido', operador: 'maior', valor: 10 },
      ],
    });
    expect(mensagens(r)).toEqual([
      MENSAGENS_FILTRO.operadorNaoPermitido('; drop table venda'),
      MENSAGENS_FILTRO.valorFiltro('liquido'),
    ]);
  });

  it('hours: hour grain, a window may cross midnight', () => {
    const base = { dataInicio: '2026-11-01', dataFim: '2026-11-01' };
    expect(mensagens(filtroRelatorioSchema.safeParse({ ...base, horaInicio: '11:30' }))).toEqual([
      MENSAGENS_FILTRO.horaInicioCheia,
    ]);
    expect(horasDoFiltro({ horaInicio: '11:00', horaFim: '14:59' })).toEqual([11, 12, 13, 14]);
    expect(horasDoFiltro({ horaInicio: '22:00', horaFim: '01:59' })).toEqual([0, 1, 22, 23]);
    expect(horasDoFiltro({ horaInicio: '00:00', horaFim: '23:59' })).toHaveLength(24);
  });

  it('period bounds are -03:00 midnights', () => {
    const { inicio, fim } = limitesDoPeriodo({ dataInicio: '2026-11-01', dataFim: '2026-11-30' });
    expect(inicio.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(fim.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('unknown stores are the ones outside the allowed list', () => {
    expect(empresasDesconhecidas(['a', 'b'], ['b'])).toEqual(['a']);
  });
});

describe('md5 cache key of the filter values', () => {
  const base = { dataInicio: '2026-11-01', dataFim: '2026-11-30' };
  it('is the md5 of the canonical values', () => {
    expect(chaveCacheRelatorio('relatorioVenda', base)).toMatch(/^[0-9a-f]{32}$/);
    // The same choice spelled with its defaults or lists in another order gives the same key.
    expect(chaveCacheRelatorio('relatorioVenda', { ...base, statusVenda: [59], horaInicio: '00:00' })).toBe(
      chaveCacheRelatorio('relatorioVenda', base),
    );
    expect(chaveCacheRelatorio('relatorioVenda', { ...base, tipoVenda: [55, 53] })).toBe(
      chaveCacheRelatorio('relatorioVenda', { ...base, tipoVenda: [53, 55] }),
    );
  });
  it('changes with any value, the report or the extra', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 28 }), (a, b) => {
        const f = (d: number) => ({
          dataInicio: `2026-11-${String(d).padStart(2, '0')}`,
          dataFim: '2026-11-28',
        });
        expect(chaveCacheRelatorio('r', f(a)) === chaveCacheRelatorio('r', f(b))).toBe(a === b);
      }),
    );
    expect(chaveCacheRelatorio('relatorioVenda', base)).not.toBe(
      chaveCacheRelatorio('relatorioVendaNovo', base),
    );
    expect(chaveCacheRelatorio('relatorioVenda', base, { pagina: 2 })).not.toBe(
      chaveCacheRelatorio('relatorioVenda', base, { pagina: 1 }),
    );
  });
});

describe('groupings', () => {
  it('product dimensions combine only with day, weekday and store', () => {
    expect(validarDimensoes(['produto', 'empresa', 'dia'])).toBeNull();
    expect(validarDimensoes(['operador', 'hora'], ['taxaServico'])).toBeNull();
    expect(validarDimensoes(['produto', 'operador'])).toBe(MENSAGENS_RELATORIO_VENDA.dimensoesIncompativeis);
    expect(validarDimensoes(['grupo'], ['taxaEntrega'])).toBe(MENSAGENS_RELATORIO_VENDA.medidaSoVenda);
    expect(validarDimensoes(['dia', 'dia'])).toBe(MENSAGENS_RELATORIO_VENDA.dimensaoRepetida);
  });
});
