import { describe, expect, it } from 'vitest';
import { crc16Ccitt, montarPayloadPix } from './pix.ts';

describe('montarPayloadPix', () => {
  it('builds the example of the Banco Central BR Code manual (static, no amount)', () => {
    expect(
      montarPayloadPix({
        chave: '123e4567-e12b-12d1-a456-426655440000',
        nome: 'Fulano de Tal',
        cidade: 'BRASILIA',
      }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('adds the amount (54) with two decimals and a valid CRC', () => {
    const p = montarPayloadPix({
      chave: 'loja@exemplo.com.br',
      valor: '12.5',
      nome: 'Loja Centro',
      cidade: 'Curitiba',
      txid: 'VENDA-42',
    });
    expect(p).toContain('540512.50');
    expect(p).toContain('0507VENDA42');
    expect(p.slice(-4)).toBe(crc16Ccitt(p.slice(0, -4)));
  });

  it('drops accents, cuts name and city to the EMV limits and refuses an empty key', () => {
    const p = montarPayloadPix({
      chave: '+5541999990001',
      nome: 'Pizzaria São João da Praça Central',
      cidade: 'São José dos Pinhais',
    });
    expect(p).toContain('5925Pizzaria Sao Joao da Prac');
    expect(p).toContain('6015Sao Jose dos Pi');
    expect(() => montarPayloadPix({ chave: ' ', nome: 'A', cidade: 'B' })).toThrow('Chave PIX não informada');
  });

  it('CRC16/CCITT-FALSE of the standard check string', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });
});
