import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, sha256Hex } from './app-teste.ts';

// Passwords of a user set from the back-office (PUT /api/usuarios/{id}/senhas): argon2id of the client's
// SHA-256, never through the generic routes.

let t: AppTeste;
let admin: string;
let caixa: string;
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
});
afterAll(() => t.fechar());

describe('user passwords', () => {
  it('an administrator sets the login password of another user; the old one stops working', async () => {
    const r = await t.put(
      `/api/usuarios/${t.demo.usuarios.caixa}/senhas`,
      { senha: sha256Hex('nova-senha-1') },
      admin,
    );
    expect(r.corpo).toEqual({ valido: true, data: { message: 'Senha alterada com sucesso!' } });
    await expect(t.login('caixa@exemplo.com.br', 'caixa123')).rejects.toThrow('login falhou');
    expect(await t.login('caixa@exemplo.com.br', 'nova-senha-1')).toMatch(/.+/);
    const linha = await t.get(`/api/usuarios/${t.demo.usuarios.caixa}`, admin);
    expect(linha.corpo.data).not.toHaveProperty('senhaHash');
    expect(linha.corpo.data).not.toHaveProperty('senhaOperacionalHash');
  });

  it('the operational password changes alone', async () => {
    const r = await t.put(
      `/api/usuarios/${t.demo.usuarios.supervisor}/senhas`,
      { senhaOperacional: sha256Hex('4321') },
      admin,
    );
    expect(r.corpo.valido).toBe(true);
    expect(await t.login('supervisor@exemplo.com.br', 'super123')).toMatch(/.+/);
  });

  it('refuses a user without permission, an unknown user and a body that is not a SHA-256', async () => {
    // The cashier's password changed above: her old token died with it (issue 14 point 5).
    expect((await t.get('/api/id', caixa)).corpo.loginExpirado).toBe(true);
    const caixaAgora = await t.login('caixa@exemplo.com.br', 'nova-senha-1');
    const semPermissao = await t.put(
      `/api/usuarios/${t.demo.usuarios.admin}/senhas`,
      { senha: sha256Hex('x') },
      caixaAgora,
    );
    expect(semPermissao.corpo).toEqual({
      valido: false,
      data: { message: 'Usuário sem permissão para esta operação.' },
    });
    const desconhecido = await t.put(
      '/api/usuarios/0123456789abcdef01234567/senhas',
      { senha: sha256Hex('x') },
      admin,
    );
    expect(desconhecido.corpo.data.message).toBe('Registro não encontrado.');
    const vazio = await t.put(`/api/usuarios/${t.demo.usuarios.caixa}/senhas`, {}, admin);
    expect(vazio.corpo.data.message).toBe('Informe a senha ou a senha operacional.');
    const claro = await t.put(`/api/usuarios/${t.demo.usuarios.caixa}/senhas`, { senha: 'texto' }, admin);
    expect(claro.corpo.valido).toBe(false);
    expect(await t.login('admin@exemplo.com.br', 'admin123')).toMatch(/.+/);
  });
});
