import { describe, expect, it } from 'vitest';
import {
  LIMITES_LIBERACAO,
  parametrosLiberacaoInvalidos,
  podeConfirmarLiberacao,
  validarLiberacao,
  validarLoginLiberacao,
  validarMotivoLiberacao,
  validarSenhaLiberacao,
} from './liberacao.ts';

const opcoes = { senhaObrigatoria: true, exibirMotivo: true, motivoObrigatorio: true };

describe('release dialog', () => {
  it('requires the login, up to 200 characters', () => {
    expect(validarLoginLiberacao('')).toBe('Campo Obrigatório');
    expect(validarLoginLiberacao(null)).toBe('Campo Obrigatório');
    expect(validarLoginLiberacao('supervisor@exemplo.com.br')).toBe(true);
    expect(validarLoginLiberacao('a'.repeat(200))).toBe(true);
    expect(validarLoginLiberacao('a'.repeat(201))).toBe('Quantidade máximo obrigatório: 200');
    expect(LIMITES_LIBERACAO).toEqual({ login: 200, senha: 30, motivo: 100 });
  });

  it('requires the password only when mandatory, up to 30 characters', () => {
    expect(validarSenhaLiberacao('', { senhaObrigatoria: true })).toBe('Campo Obrigatório');
    expect(validarSenhaLiberacao('', { senhaObrigatoria: false })).toBe(true);
    expect(validarSenhaLiberacao('x'.repeat(30), { senhaObrigatoria: true })).toBe(true);
    expect(validarSenhaLiberacao('x'.repeat(31), { senhaObrigatoria: false })).toBe(
      'Quantidade máximo obrigatório: 30',
    );
  });

  it('requires the reason only when shown and mandatory, up to 100 characters', () => {
    expect(validarMotivoLiberacao('', { exibirMotivo: true, motivoObrigatorio: true })).toBe(
      'Campo Obrigatório',
    );
    expect(validarMotivoLiberacao('', { exibirMotivo: true, motivoObrigatorio: false })).toBe(true);
    expect(validarMotivoLiberacao('', { exibirMotivo: false, motivoObrigatorio: true })).toBe(true);
    expect(validarMotivoLiberacao('m'.repeat(100), { exibirMotivo: true, motivoObrigatorio: true })).toBe(
      true,
    );
    expect(validarMotivoLiberacao('m'.repeat(101), { exibirMotivo: true, motivoObrigatorio: false })).toBe(
      'Quantidade máximo obrigatório: 100',
    );
  });

  it('enables confirm only when every mandatory field is filled', () => {
    expect(podeConfirmarLiberacao({ login: '', senha: '1', motivo: 'x' }, opcoes)).toBe(false);
    expect(podeConfirmarLiberacao({ login: 'sup', senha: '', motivo: 'x' }, opcoes)).toBe(false);
    expect(podeConfirmarLiberacao({ login: 'sup', senha: '1', motivo: '' }, opcoes)).toBe(false);
    expect(podeConfirmarLiberacao({ login: 'sup', senha: '1', motivo: 'x' }, opcoes)).toBe(true);
    expect(
      podeConfirmarLiberacao(
        { login: 'sup', senha: undefined, motivo: undefined },
        { senhaObrigatoria: false, exibirMotivo: false, motivoObrigatorio: true },
      ),
    ).toBe(true);
    expect(validarLiberacao({ login: '', senha: '', motivo: '' }, opcoes)).toEqual({
      valido: false,
      login: 'Campo Obrigatório',
      senha: 'Campo Obrigatório',
      motivo: 'Campo Obrigatório',
    });
  });

  it('checks the opening parameters', () => {
    const callback = () => undefined;
    expect(parametrosLiberacaoInvalidos({ permissao: 7, senhaObrigatoria: true, callback })).toEqual([]);
    expect(parametrosLiberacaoInvalidos({ permissao: '425', senhaObrigatoria: false, callback })).toEqual([]);
    expect(parametrosLiberacaoInvalidos({ permissao: 'sete', senhaObrigatoria: 'sim', callback: 1 })).toEqual(
      ['permissao', 'senhaObrigatoria', 'callback'],
    );
    expect(parametrosLiberacaoInvalidos({ permissao: 1.5, senhaObrigatoria: true, callback })).toEqual([
      'permissao',
    ]);
  });
});
