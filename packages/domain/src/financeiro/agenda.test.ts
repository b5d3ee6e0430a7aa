import { describe, expect, it } from 'vitest';
import { saldoDaBaixa, totaisAgenda } from './agenda.ts';

describe('totaisAgenda', () => {
  it('soma por dia e por tipo em centavos; o que vence antes de hoje e segue aberto é vencido', () => {
    const t = totaisAgenda(
      [
        { dia: '2026-11-10', tipo: 'pagar', aberto: '6500.00', pago: '0' },
        { dia: '2026-11-26', tipo: 'pagar', aberto: '0.10', pago: '0.20' },
        { dia: '2026-11-26', tipo: 'receber', aberto: '100.05', pago: '0' },
        { dia: '2026-11-10', tipo: 'receber', aberto: '0.01', pago: '10' },
      ],
      '2026-11-26',
    );
    expect(t.pagar).toEqual({ aberto: '6500.10', pago: '0.20', vencido: '6500.00' });
    expect(t.receber).toEqual({ aberto: '100.06', pago: '10.00', vencido: '0.01' });
    expect(t.saldoPrevisto).toBe('-6400.04');
    expect(t.porDia.map((d) => [d.dia, d.pagar.aberto, d.receber.aberto])).toEqual([
      ['2026-11-10', '6500.00', '0.01'],
      ['2026-11-26', '0.10', '100.05'],
    ]);
  });

  it('sem linhas, tudo zero', () => {
    expect(totaisAgenda([], '2026-11-26').saldoPrevisto).toBe('0.00');
  });
});

describe('saldoDaBaixa', () => {
  it('recebimentos entram, pagamentos saem', () => {
    expect(
      saldoDaBaixa([
        { tipo: 'pagar', movido: 52250 },
        { tipo: 'receber', movido: 10000 },
      ]),
    ).toEqual({ entra: 10000, sai: 52250, liquido: -42250 });
  });
});
