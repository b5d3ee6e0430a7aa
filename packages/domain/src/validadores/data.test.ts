import { describe, expect, it } from 'vitest';
import { anoBissexto, dataValida, diasNoMes, intervaloDatasValido, lerData, validarData } from './data.ts';

describe('dates', () => {
  it.each([
    '21/11/2026',
    '1/2/2026',
    '21-11-2026',
    '21.11.2026',
    '2026-11-21',
    '2026/11/21',
    '2026.11.21',
    '21/11/2026 23:59',
    '21/11/2026 23:59:59',
    '2026-11-21T10:00:00.000Z',
    '2026-11-21T10:00:00-03:00',
    '29/02/2024',
    '29/02/2000',
    '01/01/1900',
    '31/12/1969',
    '02/01/1970',
  ])('accepts %s', (texto) => {
    expect(dataValida(texto)).toBe(true);
    expect(validarData(texto)).toBe(true);
  });

  it.each([
    '01/01/1970',
    '1970-01-01',
    '01/01/1970 10:00',
    '29/02/2023',
    '29/02/1900',
    '31/04/2026',
    '32/01/2026',
    '00/01/2026',
    '10/13/2026',
    '10/00/2026',
    '21/11/26',
    '21/11-2026',
    '21/11/2026 24:00',
    '21/11/2026 10:60',
    '21/11/2026 10:00:60',
    '21/11/2026x',
    '2026-11-21 1',
    '',
    'hoje',
  ])('rejects %s with "Data Inválida"', (texto) => {
    expect(dataValida(texto)).toBe(false);
    expect(validarData(texto)).toBe('Data Inválida');
  });

  it('reads the parts, with or without time', () => {
    expect(lerData('05.03.2026 08:07:06')).toEqual({
      ano: 2026,
      mes: 3,
      dia: 5,
      hora: 8,
      minuto: 7,
      segundo: 6,
      milissegundo: 0,
      temHora: true,
    });
    expect(lerData('2026-03-05')?.temHora).toBe(false);
    expect(lerData(42)).toBeUndefined();
  });

  it('takes Date values, rejecting invalid ones and the epoch', () => {
    expect(dataValida(new Date(Date.UTC(2026, 10, 21, 12)))).toBe(true);
    expect(dataValida(new Date(0))).toBe(false);
    expect(dataValida(new Date('x'))).toBe(false);
    expect(validarData(null)).toBe('Data Inválida');
  });

  it('knows the calendar', () => {
    expect(anoBissexto(2024)).toBe(true);
    expect(anoBissexto(2100)).toBe(false);
    expect(anoBissexto(2000)).toBe(true);
    expect(diasNoMes(2026, 2)).toBe(28);
    expect(diasNoMes(2026, 4)).toBe(30);
    expect(diasNoMes(2026, 12)).toBe(31);
  });

  it('accepts a range when both ends are valid and the start is before the end', () => {
    expect(intervaloDatasValido('01/11/2026', '30/11/2026')).toBe(true);
    expect(intervaloDatasValido('2026-11-01 00:00', '01/11/2026 23:59')).toBe(true);
    expect(intervaloDatasValido('30/11/2026', '01/11/2026')).toBe(false);
    expect(intervaloDatasValido('01/11/2026', '01/11/2026')).toBe(false);
    expect(intervaloDatasValido('01/11/2026', '01/11/2026', { permitirIguais: true })).toBe(true);
    expect(intervaloDatasValido('31/02/2026', '01/03/2026')).toBe(false);
    expect(intervaloDatasValido('01/01/1970', '01/03/2026')).toBe(false);
    expect(intervaloDatasValido('01/03/2026', '')).toBe(false);
    expect(intervaloDatasValido('31/12/2025 23:59:59', '01/01/2026')).toBe(true);
  });
});
