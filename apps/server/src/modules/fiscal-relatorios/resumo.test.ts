import { describe, expect, it } from 'vitest';
import { centavos, type NotaResumo, resumoFiscal, situacaoNota } from './resumo.ts';

const nota = (parcial: Partial<NotaResumo>): NotaResumo => ({
  chave: '4126',
  numero: 1,
  serie: 1,
  tpEmis: 1,
  statusNota: 'processado',
  cancelado: false,
  cStat: 100,
  valor: '20.00',
  dia: '2026-11-21',
  itens: [
    { CFOP: '5102', qCom: '2', vUnCom: '10.00', imposto: { icms: { CST: '00', pICMS: '18', pRedBC: '0' } } },
  ],
  pagamentos: [
    { tPag: '03', vPag: '5.00' },
    { tPag: '01', vPag: '20.00' },
  ],
  ...parcial,
});

describe('resumo fiscal (pure)', () => {
  it('cents are exact for 2 decimals and half-up beyond', () => {
    expect(centavos('0.1')).toBe(10);
    expect(centavos('19.995')).toBe(2000);
    expect(centavos(6.5)).toBe(650);
    expect(centavos(undefined)).toBe(0);
  });

  it('ICMS base and value per CFOP/CST; change taken off the cash payment; voided numbers left out', () => {
    const r = resumoFiscal([
      nota({}),
      nota({ numero: 2, cancelado: true }),
      nota({ numero: 3, statusNota: 'erro', cStat: 102 }),
      nota({ numero: 4, statusNota: 'erro', cStat: 778 }),
    ]);
    expect(situacaoNota({ statusNota: 'erro', cancelado: false, cStat: 102 })).toBe('inutilizada');
    expect(r.totais).toMatchObject({ notas: 3, autorizadas: 1, canceladas: 1, erro: 1, troco: '5.00' });
    expect(r.cfopCst).toEqual([
      {
        CFOP: '5102',
        cst: '00',
        itens: 1,
        valorProdutos: '20.00',
        descontos: '0.00',
        valorContabil: '20.00',
        baseIcms: '20.00',
        valorIcms: '3.60',
        tributosAproximados: '0.00',
      },
    ]);
    expect(r.pagamentos).toEqual([
      { tPag: '01', descricao: 'Dinheiro', quantidade: 1, valor: '15.00' },
      { tPag: '03', descricao: 'Cartão de Crédito', quantidade: 1, valor: '5.00' },
    ]);
  });
});
