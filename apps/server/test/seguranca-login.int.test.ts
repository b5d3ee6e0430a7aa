import { PERMISSAO } from '@retaguarda/domain';
import { MENSAGENS_LIBERACAO as M } from '@retaguarda/domain/validadores/liberacao-vinculo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { lerConfig } from '../src/config.ts';
import { consultar } from '../src/db/consultar.ts';
import { MENSAGEM_BLOQUEIO } from '../src/modules/auth/limite-tentativas.ts';
import { type AppTeste, criarAppTeste, sha256Hex } from './app-teste.ts';

// Issue 14 point 1, written as the attack: 300 login guesses against one account under every spelling of
// its login and with forged X-Forwarded-For, then 100 guesses of a supervisor's 4-digit operational PIN.

let t: AppTeste;
beforeAll(async () => {
  t = await criarAppTeste();
}, 300_000);
afterAll(() => t.fechar(), 120_000);

const ENDERECO = '203.0.113.7';
const login = (app: AppTeste['app'], email: string | number, senha: string, xff?: string) =>
  app
    .inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ENDERECO,
      headers: xff ? { 'x-forwarded-for': xff } : {},
      payload: { email, senha: sha256Hex(senha), grupoEmpresarial: t.demo.grupoId },
    })
    .then((r) => r.json() as { valido: boolean; data: { message?: string } });

describe('login brute force (issue 14 point 1)', () => {
  it('300 guesses with code variants and forged X-Forwarded-For: refused past the budget; a colleague logs in', async () => {
    // caixa is codigoInterno 3: every spelling is the same account, so they share one budget.
    const variantes: (string | number)[] = [
      3,
      '3',
      '003',
      '0003',
      'caixa@exemplo.com.br',
      'CAIXA@Exemplo.com.br',
    ];
    const respostas: string[] = [];
    for (let i = 0; i < 300; i++) {
      const r = await login(
        t.app,
        variantes[i % variantes.length] ?? 3,
        `chute${i}`,
        `198.51.100.${i % 250}`,
      );
      expect(r.valido).toBe(false);
      respostas.push(r.data.message ?? '');
    }
    const erradas = respostas.filter((m) => m === 'Usuário ou senha inválidos.').length;
    // Four plain refusals; the fifth wrong password locks the account.
    expect(erradas).toBe(4);
    expect(respostas.filter((m) => m === MENSAGEM_BLOQUEIO).length).toBe(296);
    // The guessed account is locked even for its right password...
    expect((await login(t.app, 'caixa@exemplo.com.br', 'caixa123')).data.message).toBe(MENSAGEM_BLOQUEIO);
    // ...while a colleague behind the same public address logs in with hers.
    const colega = await login(t.app, 'supervisor@exemplo.com.br', 'super123', '198.51.100.9');
    expect(colega.valido).toBe(true);

    // The forged header was ignored (no TRUST_PROXY): the failures count for the socket's address only.
    const chaves = await consultar(
      t.banco.db,
      sql`select chave, falhas from limite_tentativa where chave like 'ip:%' order by chave`,
    );
    expect(chaves.map((c) => c.chave)).toEqual([`ip:${ENDERECO}`]);
  });

  it('the lock survives a restart and holds on another server instance (the database keeps it)', async () => {
    const outra = await construirApp({
      config: { ...lerConfig({}), webDist: '/nao-existe', atrasoLoginMs: 1 },
      banco: t.banco,
      logger: false,
    });
    try {
      await outra.ready();
      const r = await login(outra, '3', 'caixa123');
      expect(r.data.message).toBe(MENSAGEM_BLOQUEIO);
    } finally {
      await outra.close();
    }
  });

  it('X-Forwarded-For is believed only from a proxy named in TRUST_PROXY', async () => {
    const atras = await construirApp({
      config: { ...lerConfig({ TRUST_PROXY: ENDERECO }), webDist: '/nao-existe', atrasoLoginMs: 1 },
      banco: t.banco,
      logger: false,
    });
    try {
      await atras.ready();
      await login(atras, 'ninguem@exemplo.com.br', 'x', '192.0.2.55');
      const l = await consultar(
        t.banco.db,
        sql`select falhas from limite_tentativa where chave = 'ip:192.0.2.55'`,
      );
      expect(l[0]?.falhas).toBe(1);
    } finally {
      await atras.close();
    }
  });
});

describe('operational password (PIN) of a supervisor release (issue 14 point 1)', () => {
  it('100 PIN guesses: the supervisor is locked after a few, the admin is told, the asker is stopped', async () => {
    const caixa = await t.login('garcom@exemplo.com.br', 'garcom123');
    const pedir = (login: string, pin: string) =>
      t.post(
        '/api/liberacaoSupervisor',
        { login, senha: sha256Hex(pin), permissao: PERMISSAO.cancelarVenda },
        caixa,
        { empresa: t.demo.empresas.centro },
      );
    const respostas: string[] = [];
    for (let i = 0; i < 100; i++) {
      const r = await pedir('2', String(i).padStart(4, '0'));
      expect(r.corpo.valido).toBe(false);
      respostas.push(r.corpo.data.message ?? '');
    }
    expect(respostas.filter((m) => m === 'Usuário ou senha inválidos.').length).toBe(4);
    expect(respostas.filter((m) => m === M.pinBloqueado).length).toBe(96);
    // Even the right PIN (1000 + codigoInterno) is refused now.
    expect((await pedir('2', '1002')).corpo.data.message).toBe(M.pinBloqueado);
    // The administrators got an e-mail (outbox) naming the supervisor.
    const avisos = await consultar(
      t.banco.db,
      sql`select para, corpo from email_saida where assunto = 'Retaguarda - Liberação de supervisor bloqueada'`,
    );
    expect(avisos.map((a) => a.para)).toContain('admin@exemplo.com.br');
    expect(String(avisos[0]?.corpo)).toContain('Sandra Supervisora');
    // Moving on to the admin's PIN: the asker's own budget (10 wrong PINs, any supervisor) stops it.
    const outros: string[] = [];
    for (let i = 0; i < 6; i++) outros.push((await pedir('1', `99${i}0`)).corpo.data.message ?? '');
    expect(outros.at(-1)).toBe(M.pedinteBloqueado);
    expect((await pedir('1', '1001')).corpo.data.message).toBe(M.pedinteBloqueado);
  });
});
