import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { lerConfig } from '../src/config.ts';
import { type AppTeste, criarAppTeste, sha256Hex } from './app-teste.ts';

// Issue 14 point 5, written as the attack: a copied token is tried again after its user logged out, after
// the password was changed and after the user was deactivated.

let t: AppTeste;
beforeAll(async () => {
  t = await criarAppTeste();
}, 300_000);
afterAll(() => t.fechar(), 120_000);

const vivo = async (token: string, app = t.app) => {
  const r = await app.inject({ method: 'GET', url: '/api/id', headers: { token } });
  const corpo = r.json() as { valido: boolean; loginExpirado?: boolean };
  return corpo.valido === true && corpo.loginExpirado !== true;
};

describe('sessions can end (issue 14 point 5)', () => {
  it('a token is dead after logout, on every server instance; the other sessions of the user live', async () => {
    const outra = await construirApp({
      config: { ...lerConfig({}), webDist: '/nao-existe', atrasoLoginMs: 1 },
      banco: t.banco,
      logger: false,
    });
    try {
      await outra.ready();
      const copiado = await t.login('caixa@exemplo.com.br', 'caixa123');
      const outroTerminal = await t.login('caixa@exemplo.com.br', 'caixa123');
      expect(await vivo(copiado)).toBe(true);
      expect(await vivo(copiado, outra)).toBe(true);
      const r = await t.post('/api/logout', {}, copiado);
      expect(r.corpo).toEqual({ valido: true, data: { message: 'Sessão encerrada.' } });
      expect(await vivo(copiado)).toBe(false);
      // The other instance cached the token for at most 5 s.
      await new Promise((ok) => setTimeout(ok, 5_100));
      expect(await vivo(copiado, outra)).toBe(false);
      expect(await vivo(outroTerminal)).toBe(true);
      expect((await t.post('/api/logout', {}, copiado)).corpo.loginExpirado).toBe(true);
    } finally {
      await outra.close();
    }
  });

  it('changing the password kills every token of the user; the new password logs in', async () => {
    const admin = await t.login('admin@exemplo.com.br', 'admin123');
    const a = await t.login('supervisor@exemplo.com.br', 'super123');
    const b = await t.login('2', 'super123');
    const r = await t.put(
      `/api/usuarios/${t.demo.usuarios.supervisor}/senhas`,
      { senha: sha256Hex('nova-senha-1') },
      admin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(await vivo(a)).toBe(false);
    expect(await vivo(b)).toBe(false);
    expect(await vivo(admin)).toBe(true);
    expect(await vivo(await t.login('supervisor@exemplo.com.br', 'nova-senha-1'))).toBe(true);
  });

  it('deactivating a user kills their tokens', async () => {
    const admin = await t.login('admin@exemplo.com.br', 'admin123');
    const motoboy = await t.login('motoboy@exemplo.com.br', 'moto123');
    expect(await vivo(motoboy)).toBe(true);
    const r = await t.put(`/api/usuarios/${t.demo.usuarios.motoboy}`, { ativo: false }, admin);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(await vivo(motoboy)).toBe(false);
  });
});
