import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 6, written as the attack: a reset asked with a forged Host / X-Forwarded-Host (the link would
// carry the key to the attacker's site), many resets to flood a user, and probing which e-mails exist.

const PUBLICA = 'https://retaguarda.exemplo.com.br';
let t: AppTeste;
beforeAll(async () => {
  t = await criarAppTeste({ urlPublica: PUBLICA });
}, 300_000);
afterAll(() => t.fechar(), 120_000);

const recuperar = (email: string, ip = '203.0.113.20') =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/recuperarSenha',
      remoteAddress: ip,
      headers: {
        host: 'atacante.example',
        'x-forwarded-host': 'atacante.example',
        'x-forwarded-proto': 'https',
      },
      payload: { email, grupoEmpresarial: t.demo.grupoId },
    })
    .then((r) => r.json() as { valido: boolean; data: { message: string } });

const enviados = (para: string) =>
  consultar(t.banco.db, sql`select corpo from email_saida where para = ${para} order by created_at`);

describe('password reset (issue 14 point 6)', () => {
  it('builds the link from PUBLIC_URL, never from a forged Host', async () => {
    const r = await recuperar('caixa@exemplo.com.br');
    expect(r.valido).toBe(true);
    const [mensagem] = await enviados('caixa@exemplo.com.br');
    expect(String(mensagem?.corpo)).toContain(`${PUBLICA}/#/alterarSenha/`);
    expect(String(mensagem?.corpo)).not.toContain('atacante');
  });

  it('answers the same whether the e-mail exists or not, and limits the e-mails per account and address', async () => {
    const existe = await recuperar('garcom@exemplo.com.br', '203.0.113.21');
    const naoExiste = await recuperar('ninguem@exemplo.com.br', '203.0.113.21');
    expect(naoExiste).toEqual(existe);
    // Flooding one account from many addresses: 3 e-mails in the window, the same answer every time.
    for (let i = 0; i < 6; i++)
      expect(await recuperar('garcom@exemplo.com.br', `198.51.100.${i}`)).toEqual(existe);
    expect((await enviados('garcom@exemplo.com.br')).length).toBe(3);
    // One address asking for many accounts: 10 in the window, then nothing more is sent.
    for (let i = 0; i < 12; i++)
      await recuperar(i % 2 ? 'supervisor@exemplo.com.br' : 'x@exemplo.com.br', '192.0.2.99');
    const ultimo = await recuperar('motoboy@exemplo.com.br', '192.0.2.99');
    expect(ultimo).toEqual(existe);
    expect((await enviados('motoboy@exemplo.com.br')).length).toBe(0);
  });
});
