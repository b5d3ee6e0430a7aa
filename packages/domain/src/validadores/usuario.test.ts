import { describe, expect, it } from 'vitest';
import {
  classificarIdentificadorUsuario,
  validarAutorizacaoUsuario,
  validarRenovacaoLogin,
} from './usuario.ts';

describe('user authorisation', () => {
  it('requires the password', () => {
    expect(validarAutorizacaoUsuario({ identificador: '2', senha: '' })).toEqual({
      valido: false,
      mensagem: 'Campo senha não informado, o mesmo é obrigatório!',
    });
    expect(validarAutorizacaoUsuario({ identificador: '2' })).toEqual({
      valido: false,
      mensagem: 'Campo senha não informado, o mesmo é obrigatório!',
    });
    expect(validarAutorizacaoUsuario({ identificador: '2' }, { exigirSenha: false }).valido).toBe(true);
  });

  it('classifies a number as internal code, @ as e-mail and 15+ characters as an id', () => {
    expect(classificarIdentificadorUsuario('2')).toEqual({ tipo: 'codigoInterno', valor: 2 });
    expect(classificarIdentificadorUsuario(' 0042 ')).toEqual({ tipo: 'codigoInterno', valor: 42 });
    expect(classificarIdentificadorUsuario(3)).toEqual({ tipo: 'codigoInterno', valor: 3 });
    expect(classificarIdentificadorUsuario('Supervisor@Exemplo.com.br')).toEqual({
      tipo: 'email',
      valor: 'supervisor@exemplo.com.br',
    });
    expect(classificarIdentificadorUsuario('65f1a2b3c4d5e6f708192a3b')).toEqual({
      tipo: 'id',
      valor: '65f1a2b3c4d5e6f708192a3b',
    });
    expect(classificarIdentificadorUsuario('abcdefghijklmno')).toEqual({
      tipo: 'id',
      valor: 'abcdefghijklmno',
    });
  });

  it.each(['abc', 'abcdefghijklmn', '', '-1', '1.5'])('refuses %j with the spec message', (identificador) => {
    expect(validarAutorizacaoUsuario({ identificador, senha: 'x' })).toEqual({
      valido: false,
      mensagem: 'Informações inválidas, digite um E-mail ou Código Interno validos.',
    });
  });

  it('refuses negative or fractional numbers', () => {
    expect(classificarIdentificadorUsuario(-1)).toBeUndefined();
    expect(classificarIdentificadorUsuario(1.5)).toBeUndefined();
    expect(classificarIdentificadorUsuario(null)).toBeUndefined();
  });

  it('answers the identifier when valid', () => {
    expect(validarAutorizacaoUsuario({ identificador: 'caixa@exemplo.com.br', senha: 'x' })).toEqual({
      valido: true,
      identificador: { tipo: 'email', valor: 'caixa@exemplo.com.br' },
    });
  });
});

describe('renew login', () => {
  it('needs the business group', () => {
    expect(validarRenovacaoLogin('')).toBe('Grupo Empresarial não informado.');
    expect(validarRenovacaoLogin(null)).toBe('Grupo Empresarial não informado.');
    expect(validarRenovacaoLogin('65f1a2b3c4d5e6f708192a3b')).toBe(true);
  });
});
