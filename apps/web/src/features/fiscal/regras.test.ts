import { describe, expect, it } from 'vitest';
import { alteracaoDe } from './configuracao-fiscal.tsx';
import { fatorValido, motivoValido, normalizarFator } from './regras.ts';

describe('fiscal screen rules', () => {
  it('cancel reason: at least 15 characters after trimming (spec 5)', () => {
    expect(motivoValido('Cliente desistiu')).toBe(true);
    expect(motivoValido('   curto demais  ')).toBe(false);
    expect(motivoValido('123456789012345')).toBe(true);
    expect(motivoValido('12345678901234 ')).toBe(false);
  });

  it('conversion factor: positive decimal, comma accepted', () => {
    expect(fatorValido('12')).toBe(true);
    expect(fatorValido('0,5')).toBe(true);
    expect(normalizarFator(' 0,5 ')).toBe('0.5');
    for (const errado of ['0', '-1', 'abc', '', '1.2.3']) expect(fatorValido(errado)).toBe(false);
  });

  it('setup form -> PUT body: empty texts clear, CSC token only when typed, technical data digits only', () => {
    const base = {
      CRT: 1,
      ambiente: 2,
      serie: 1,
      tipoEmissao: 1,
      formatoDANFE: 4,
      consumidorFinal: 2,
      razaoSocial: ' Pizzaria Exemplo Ltda ',
      ie: '',
      im: null,
      cnae: null,
      uf: 'pr',
      codigoMunicipio: '4106902',
      telefone: null,
      cscId: '1',
      cscToken: '',
      emitirNfce: true,
    };
    const a = alteracaoDe(base);
    expect(a).toMatchObject({
      emitirNfce: true,
      pagamentoIntegrado: false,
      razaoSocial: 'Pizzaria Exemplo Ltda',
      ie: null,
      uf: 'PR',
      responsavelTecnico: null,
    });
    expect('cscToken' in a).toBe(false);
    const b = alteracaoDe({
      ...base,
      pagamentoIntegrado: true,
      cscToken: 'TOKEN123',
      rtCNPJ: '12.345.678/0001-90',
      rtFone: '(41) 3333-4444',
    });
    expect(b.cscToken).toBe('TOKEN123');
    // Card payments through TEF: the NFC-e card group says tpIntegra 1.
    expect(b.pagamentoIntegrado).toBe(true);
    expect(b.responsavelTecnico).toEqual({
      CNPJ: '12345678000190',
      xContato: '',
      email: '',
      fone: '4133334444',
    });
  });
});
