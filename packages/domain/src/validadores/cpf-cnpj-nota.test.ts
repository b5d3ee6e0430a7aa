import { describe, expect, it } from 'vitest';
import {
  analisarCpfCnpjDigitado,
  cpfCnpjDaVenda,
  formatarCpfCnpj,
  normalizarCpfCnpj,
} from './cpf-cnpj-nota.ts';
import { calcularDigitosCnpj } from './documentos.ts';

describe('CPF na nota as typed', () => {
  it.each([
    ['', 'vazio', null, ''],
    ['529', 'incompleto', 'CPF ou CNPJ Inválido, favor preencher corretamente', '529'],
    ['5299822472', 'incompleto', 'CPF ou CNPJ Inválido, favor preencher corretamente', '529.982.247-2'],
    ['52998224725', 'valido', null, '529.982.247-25'],
    ['529.982.247-25', 'valido', null, '529.982.247-25'],
    ['52998224726', 'invalido', 'CPF Inválido', '529.982.247-26'],
    ['11111111111', 'invalido', 'CPF Inválido', '111.111.111-11'],
    [
      '1122233300018',
      'incompleto',
      'CPF ou CNPJ Inválido, favor preencher corretamente',
      '11.222.333/0001-8',
    ],
    ['11222333000181', 'valido', null, '11.222.333/0001-81'],
    ['11.222.333/0001-82', 'invalido', 'CNPJ Inválido', '11.222.333/0001-82'],
    ['12abc34501de35', 'valido', null, '12.ABC.345/01DE-35'],
    ['12ABC34501DE3A', 'invalido', 'CNPJ Inválido', '12.ABC.345/01DE-3A'],
  ])('%s -> %s', (texto, situacao, mensagem, exibicao) => {
    const r = analisarCpfCnpjDigitado(texto);
    expect(r.situacao).toBe(situacao);
    expect(r.mensagem).toBe(mensagem);
    expect(r.exibicao).toBe(exibicao);
  });

  it('keeps at most 14 characters of a CPF/CNPJ and drops anything else', () => {
    expect(analisarCpfCnpjDigitado('11.222.333/0001-819999').documento).toBe('11222333000181');
    expect(analisarCpfCnpjDigitado('529#982 247.25').documento).toBe('52998224725');
  });

  it('the alphanumeric CNPJ of the Receita example checks (NT 2025.001)', () => {
    expect(calcularDigitosCnpj('12ABC34501DE')).toBe('35');
  });
});

describe('the sale document', () => {
  it('stores it without the mask, upper case; empty is none', () => {
    expect(normalizarCpfCnpj(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizarCpfCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizarCpfCnpj('')).toBeNull();
    expect(normalizarCpfCnpj(null)).toBeNull();
    expect(formatarCpfCnpj('52998224725')).toBe('529.982.247-25');
  });

  it('accepts a valid CPF/CNPJ or none and refuses the rest with the spec message', () => {
    expect(cpfCnpjDaVenda('529.982.247-25')).toEqual({ ok: true, valor: '52998224725' });
    expect(cpfCnpjDaVenda('  ')).toEqual({ ok: true, valor: null });
    expect(cpfCnpjDaVenda('52998224726')).toEqual({ ok: false, mensagem: 'CPF Inválido' });
    expect(cpfCnpjDaVenda('11222333000182')).toEqual({ ok: false, mensagem: 'CNPJ Inválido' });
    expect(cpfCnpjDaVenda('123')).toEqual({
      ok: false,
      mensagem: 'CPF ou CNPJ Inválido, favor preencher corretamente',
    });
    expect(cpfCnpjDaVenda('529#98224725')).toEqual({
      ok: false,
      mensagem: 'CPF ou CNPJ Inválido, favor preencher corretamente',
    });
  });
});
