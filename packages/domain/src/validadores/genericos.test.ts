import { describe, expect, it } from 'vitest';
import {
  combinarRegras,
  lerNumero,
  obrigatorio,
  regraQuantidade,
  regraValor,
  validarQuantidade,
  validarValor,
  vazio,
} from './genericos.ts';
import { MENSAGENS_VALIDACAO, mensagemQuantidade, mensagemValor } from './mensagens.ts';

describe('required', () => {
  it.each([null, undefined, '', '   ', [], Number.NaN])('rejects %j with "* Obrigatório"', (valor) => {
    expect(obrigatorio(valor)).toBe('* Obrigatório');
    expect(vazio(valor)).toBe(true);
  });
  it.each([0, false, 'a', [1], {}])('accepts %j', (valor) => {
    expect(obrigatorio(valor)).toBe(true);
  });
});

describe('numeric bounds', () => {
  it('uses the exact messages of the spec', () => {
    expect(mensagemValor(1, 10)).toBe('Valor mínimo obrigatório: 1 e valor máximo de : 10');
    expect(mensagemValor(1, undefined)).toBe('Valor mínimo obrigatório: 1');
    expect(mensagemValor(undefined, 10)).toBe('Valor máximo obrigatório: 10');
  });
  it('checks inclusive bounds', () => {
    expect(validarValor(1, { min: 1, max: 10 })).toBe(true);
    expect(validarValor(10, { min: 1, max: 10 })).toBe(true);
    expect(validarValor(0.99, { min: 1, max: 10 })).toBe(
      'Valor mínimo obrigatório: 1 e valor máximo de : 10',
    );
    expect(validarValor(10.01, { min: 1, max: 10 })).toBe(
      'Valor mínimo obrigatório: 1 e valor máximo de : 10',
    );
    expect(validarValor('0,5', { min: 1 })).toBe('Valor mínimo obrigatório: 1');
    expect(validarValor('1.234,56', { max: 1000 })).toBe('Valor máximo obrigatório: 1000');
    expect(validarValor('12.5', { max: 12.5 })).toBe(true);
    expect(validarValor('abc', { min: 0 })).toBe('Valor mínimo obrigatório: 0');
    expect(validarValor(undefined, { max: 3 })).toBe('Valor máximo obrigatório: 3');
    expect(validarValor('abc', {})).toBe(true);
    expect(regraValor({ min: 0, max: 0.5 })(0.5)).toBe(true);
  });
  it('reads pt-BR numbers', () => {
    expect(lerNumero('1.234,56')).toBe(1234.56);
    expect(lerNumero(' 7 ')).toBe(7);
    expect(lerNumero('-3,5')).toBe(-3.5);
    expect(lerNumero('1e3')).toBeUndefined();
    expect(lerNumero(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(lerNumero(null)).toBeUndefined();
  });
});

describe('length bounds', () => {
  it('uses the exact message of the spec and the designed single-bound variants', () => {
    expect(mensagemQuantidade(2, 5)).toBe('Quantidade mínimo obrigatório: 2 e quantidade máximo de: 5');
    expect(mensagemQuantidade(2, undefined)).toBe('Quantidade mínimo obrigatório: 2');
    expect(mensagemQuantidade(undefined, 5)).toBe('Quantidade máximo obrigatório: 5');
  });
  it('counts characters of a text or items of a list', () => {
    expect(validarQuantidade('ab', { min: 2, max: 5 })).toBe(true);
    expect(validarQuantidade('abcde', { min: 2, max: 5 })).toBe(true);
    expect(validarQuantidade('a', { min: 2, max: 5 })).toBe(
      'Quantidade mínimo obrigatório: 2 e quantidade máximo de: 5',
    );
    expect(validarQuantidade('abcdef', { max: 5 })).toBe('Quantidade máximo obrigatório: 5');
    expect(validarQuantidade([1, 2], { min: 3 })).toBe('Quantidade mínimo obrigatório: 3');
    expect(validarQuantidade(null, { min: 1 })).toBe('Quantidade mínimo obrigatório: 1');
    expect(validarQuantidade(12345, { max: 4 })).toBe('Quantidade máximo obrigatório: 4');
    expect(regraQuantidade({ max: 3 })('abc')).toBe(true);
  });
});

describe('combining rules', () => {
  it('answers the first failure', () => {
    const regra = combinarRegras<unknown>(obrigatorio, regraQuantidade({ max: 3 }));
    expect(regra('')).toBe(MENSAGENS_VALIDACAO.obrigatorio);
    expect(regra('abcd')).toBe('Quantidade máximo obrigatório: 3');
    expect(regra('abc')).toBe(true);
  });
});
