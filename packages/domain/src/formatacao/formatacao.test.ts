import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  componentesSaoPaulo,
  diaComercial,
  formatarData,
  formatarDataHora,
  formatarDataHoraImpressao,
  formatarHora,
  formatarMoeda,
  formatarNumero,
  formatarNumeroEnxuto,
  paraIsoSaoPaulo,
} from './formatacao.ts';

describe('formatação pt-BR', () => {
  it.each([
    ['1234.56', 'R$ 1.234,56'],
    ['0', 'R$ 0,00'],
    ['12.5', 'R$ 12,50'],
    ['1234567.891', 'R$ 1.234.567,89'],
    ['-1', '-R$ 1,00'],
    [0.005, 'R$ 0,01'],
  ] as const)('formatarMoeda(%s) = %s', (valor, esperado) => {
    expect(formatarMoeda(valor)).toBe(esperado);
  });

  it('números com casas e milhares', () => {
    expect(formatarNumero('1234.5', 4)).toBe('1.234,5000');
    expect(formatarNumero('999', 0)).toBe('999');
    expect(formatarNumero('-1000.1', 1)).toBe('-1.000,1');
    expect(formatarNumeroEnxuto('1234.5000')).toBe('1.234,5');
    expect(formatarNumeroEnxuto('100.0000', 3)).toBe('100');
    expect(formatarNumeroEnxuto('0.2500', 6)).toBe('0,25');
    expect(formatarNumeroEnxuto('0')).toBe('0');
    expect(formatarNumeroEnxuto('10', 0)).toBe('10');
  });

  it('datas no fuso -03:00 (America/Sao_Paulo)', () => {
    const instante = '2026-01-01T02:30:05Z'; // 31/12/2025 23:30:05 em São Paulo
    expect(formatarData(instante)).toBe('31/12/2025');
    expect(formatarHora(instante)).toBe('23:30');
    expect(formatarHora(instante, true)).toBe('23:30:05');
    expect(formatarDataHora(instante)).toBe('31/12/2025 23:30');
    expect(formatarDataHoraImpressao(instante)).toBe('31/12/25 23:30');
    expect(diaComercial(instante)).toBe('2025-12-31');
    expect(paraIsoSaoPaulo(instante)).toBe('2025-12-31T23:30:05-03:00');
    expect(componentesSaoPaulo(new Date('2026-11-22T02:59:00Z')).diaSemana).toBe(6); // sábado
    expect(() => formatarData('não é data')).toThrow(RangeError);
  });
});

describe('componentes de data sem Date', () => {
  it('propriedade: coincide com o calendário do Date em UTC-3', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_208_988_800_000, max: 7_258_118_400_000 }), (ms) => {
        const d = new Date(ms - 3 * 3_600_000);
        expect(componentesSaoPaulo(ms)).toEqual({
          ano: d.getUTCFullYear(),
          mes: d.getUTCMonth() + 1,
          dia: d.getUTCDate(),
          hora: d.getUTCHours(),
          minuto: d.getUTCMinutes(),
          segundo: d.getUTCSeconds(),
          diaSemana: d.getUTCDay(),
        });
      }),
      { numRuns: 2000 },
    );
  });
});
