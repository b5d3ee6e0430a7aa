import { describe, expect, it } from 'vitest';
import { cepValido, emailValido, removerMascaraCep, validarCep, validarEmail } from './contato.ts';

describe('e-mail', () => {
  it.each([
    'a@b.co',
    'Fulano.Silva+loja@Exemplo.COM.br',
    'caixa@exemplo.com.br',
    'x_y-z@sub-dominio.exemplo.io',
  ])('accepts %s', (email) => {
    expect(emailValido(email)).toBe(true);
    expect(validarEmail(email)).toBe(true);
  });
  it.each([
    'a@b',
    'a@b.c',
    'sem-arroba.com',
    'a@@b.com',
    'a b@c.com',
    'a@-b.com',
    'a..b@c.com',
    '@b.com',
    'a@b.',
  ])('rejects %s with "E-mail Inválido"', (email) => {
    expect(emailValido(email)).toBe(false);
    expect(validarEmail(email)).toBe('E-mail Inválido');
  });
  it('needs more than 4 characters and lets empty values pass', () => {
    expect(emailValido('a@bc')).toBe(false);
    expect(validarEmail('')).toBe(true);
    expect(validarEmail(null)).toBe(true);
  });
});

describe('CEP', () => {
  it('accepts 8 digits after removing the mask', () => {
    expect(cepValido('80010-000')).toBe(true);
    expect(cepValido('80.010-000')).toBe(true);
    expect(cepValido('80010000')).toBe(true);
    expect(removerMascaraCep('80.010-000')).toBe('80010000');
    expect(validarCep('80010-000')).toBe(true);
    expect(validarCep('')).toBe(true);
  });
  it.each(['8001-000', '800100000', '80010-00a', 'abcdefgh'])('rejects %s with "CEP inválido!"', (cep) => {
    expect(cepValido(cep)).toBe(false);
    expect(validarCep(cep)).toBe('CEP inválido!');
  });
});
