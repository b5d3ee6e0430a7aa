import { describe, expect, it } from 'vitest';
import { classificarBuscaCliente, classificarBuscaOperador } from './busca.ts';

describe('customer search', () => {
  it.each([
    ['529.982.247-25', { campo: 'cpf', modo: 'igual', valor: '52998224725' }],
    ['11222333000181', { campo: 'cnpj', modo: 'igual', valor: '11222333000181' }],
    ['11.222.333/0001-81', { campo: 'cnpj', modo: 'igual', valor: '11222333000181' }],
    ['12.ABC.345/01DE-35', { campo: 'cnpj', modo: 'igual', valor: '12ABC34501DE35' }],
    ['3333-4444', { campo: 'telefone', modo: 'contem', valor: '33334444' }],
    ['99988-7766', { campo: 'telefone', modo: 'contem', valor: '99887766' }],
    ['1234567', { campo: 'rg', modo: 'contem', valor: '1234567' }],
    ['12.345.678-90', { campo: 'rg', modo: 'contem', valor: '1234567890' }],
    ['123456789', { campo: 'telefone', modo: 'contem', valor: '23456789' }],
    ['fulano@exemplo.com', { campo: 'email', modo: 'contemIgnorandoCaixa', valor: 'fulano@exemplo.com' }],
    ['Maria Silva', { campo: 'nome', modo: 'contemIgnorandoCaixa', valor: 'Maria Silva' }],
    ['  joão ', { campo: 'nome', modo: 'contemIgnorandoCaixa', valor: 'joão' }],
    ['ABCDEFGHIJKL12', { campo: 'nome', modo: 'contemIgnorandoCaixa', valor: 'ABCDEFGHIJKL12' }],
  ])('classifies %j', (texto, esperado) => {
    expect(classificarBuscaCliente(texto)).toEqual(esperado);
  });
});

describe('operator search', () => {
  it.each([
    ['52998224725', { campo: 'cpf', modo: 'igual', valor: '52998224725' }],
    ['42', { campo: 'codigoInterno', modo: 'contem', valor: '42' }],
    ['11222333000181', { campo: 'codigoInterno', modo: 'contem', valor: '11222333000181' }],
    ['Caixa 1', { campo: 'nome', modo: 'contemIgnorandoCaixa', valor: 'Caixa 1' }],
  ])('classifies %j', (texto, esperado) => {
    expect(classificarBuscaOperador(texto)).toEqual(esperado);
  });
});
