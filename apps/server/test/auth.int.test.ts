import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, sha256Hex } from './app-teste.ts';

let t: AppTeste;
beforeAll(async () => {
  t = await criarAppTeste();
});
afterAll(() => t.fechar());

const login = (email: string | number, senha: string, grupoEmpresarial?: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    payload: {
      email,
      senha: sha256Hex(senha),
      ...(grupoEmpresarial === undefined ? {} : { grupoEmpresarial }),
    },
  });

describe('login', () => {
  it('lists the business groups without a token', async () => {
    const r = await t.post('/api/getGrupoEmpresarialLista', { lixo: false });
    expect(r.corpo.valido).toBe(true);
    expect(r.lista.map((g) => g.descricao)).toEqual(['Grupo Exemplo']);
  });

  it('logs in by e-mail (any case) or by internal code and returns the session', async () => {
    for (const email of ['admin@exemplo.com.br', 'ADMIN@Exemplo.com.br', 1, '1']) {
      const r = (await login(email, 'admin123', t.demo.grupoId)).json();
      expect(r.valido).toBe(true);
      expect(r.data.usuario).toMatchObject({ nome: 'Administrador', codigoInterno: 1 });
      expect(r.data.grupoEmpresarial._id).toBe(t.demo.grupoId);
      expect(typeof r.data.token).toBe('string');
    }
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const a = (await login('supervisor@exemplo.com.br', 'errada', t.demo.grupoId, '10.0.0.2')).json();
    const b = (await login('ninguem@exemplo.com.br', 'super123', t.demo.grupoId, '10.0.0.2')).json();
    expect(a).toEqual({ valido: false, data: { message: 'Usuário ou senha inválidos.' } });
    expect(b).toEqual(a);
  });

  it('needs a business group', async () => {
    const r = (await login('admin@exemplo.com.br', 'admin123')).json();
    expect(r).toEqual({ valido: false, data: { message: 'Grupo Empresarial não informado.' } });
  });

  it('refuses an identifier that is neither e-mail nor internal code', async () => {
    const r = (await login('abc', 'admin123', t.demo.grupoId)).json();
    expect(r.data.message).toBe('Informações inválidas, digite um E-mail ou Código Interno validos.');
  });

  it('refuses a password that is not a SHA-256 hex and malformed JSON, with the envelope', async () => {
    const r = await t.post('/api/login', {
      email: 'admin@exemplo.com.br',
      senha: 'admin123',
      grupoEmpresarial: t.demo.grupoId,
    });
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    expect(r.corpo.data.message).toMatch(/^Dados inválidos/);
    const malformado = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformado.statusCode).toBe(200);
    expect(malformado.json().data.message).toMatch(/^JSON malformado/);
  });

  it('blocks an account after 5 failures, even from other addresses, while other accounts still log in', async () => {
    for (let i = 0; i < 5; i++) await login('caixa@exemplo.com.br', 'errada', t.demo.grupoId, `10.1.0.${i}`);
    const bloqueado = (await login('caixa@exemplo.com.br', 'caixa123', t.demo.grupoId, '10.1.0.99')).json();
    expect(bloqueado.data.message).toBe(
      'Muitas tentativas de login sem sucesso. Aguarde 15 minutos e tente novamente.',
    );
    const outro = (await login('supervisor@exemplo.com.br', 'super123', t.demo.grupoId, '10.1.0.99')).json();
    expect(outro.valido).toBe(true);
  });

  it('slows an address that sprays passwords over many accounts, never locks its other users out', async () => {
    for (let i = 0; i < 30; i++) await login(`x${i}@exemplo.com.br`, 'errada', t.demo.grupoId, '10.9.9.9');
    // A store's staff shares one public IP: a right password of an account nobody guessed still works.
    const r = (await login('admin@exemplo.com.br', 'admin123', t.demo.grupoId, '10.9.9.9')).json();
    expect(r.valido).toBe(true);
    const ip = await consultar(
      t.banco.db,
      sql`select falhas from limite_tentativa where chave = 'ip:10.9.9.9'`,
    );
    expect(ip[0]?.falhas).toBe(30);
  });
});

describe('expired sessions', () => {
  it('answers loginExpirado for a token past its expiry, and renewing the login works', async () => {
    const curto = await criarAppTeste({ tokenTtlSeconds: -10 });
    try {
      const token = await curto.login('admin@exemplo.com.br', 'admin123');
      const r = await curto.get('/api/id', token);
      expect(r.corpo.loginExpirado).toBe(true);
      expect(r.corpo.data.message).toBe('Acesso Expirado! Favor refazer o login');
    } finally {
      await curto.fechar();
    }
  });
});

describe('password recovery', () => {
  it('mails a one-time key to the outbox, validates it, changes the password once', async () => {
    const r = await t.post('/api/recuperarSenha', {
      email: 'supervisor@exemplo.com.br',
      grupoEmpresarial: t.demo.grupoId,
    });
    expect(r.corpo.valido).toBe(true);
    const mesmo = await t.post('/api/recuperarSenha', {
      email: 'naoexiste@exemplo.com.br',
      grupoEmpresarial: t.demo.grupoId,
    });
    expect(mesmo.corpo.data.message).toBe(r.corpo.data.message);

    const [email] = await consultar(
      t.banco.db,
      sql`select * from email_saida where para = 'supervisor@exemplo.com.br'`,
    );
    expect(email?.situacao).toBe('sem_smtp');
    const chave = /alterarSenha\/([A-Za-z0-9_-]+)/.exec(String(email?.corpo))?.[1];
    expect(chave).toBeTruthy();

    // The admin reads the outbox.
    const admin = await t.login('admin@exemplo.com.br', 'admin123');
    const saida = await t.get('/api/emailSaida', admin);
    expect(saida.lista.some((m) => m.para === 'supervisor@exemplo.com.br')).toBe(true);
    const caixa = await t.login('garcom@exemplo.com.br', 'garcom123');
    expect((await t.get('/api/emailSaida', caixa)).corpo.valido).toBe(false);

    const valida = await t.post('/api/validaAlterarSenha', { chave });
    expect(valida.corpo).toEqual({ valido: true, data: { usuarioId: t.demo.usuarios.supervisor } });
    const invalida = await t.post('/api/validaAlterarSenha', { chave: 'x'.repeat(32) });
    expect(invalida.corpo).toEqual({
      valido: false,
      data: { message: 'Chave de alteração de senha inválida.' },
    });

    const alterada = await t.post('/api/alterarSenha', { chave, senha: sha256Hex('nova-senha-1') });
    expect(alterada.corpo.valido).toBe(true);
    expect(
      (await login('supervisor@exemplo.com.br', 'nova-senha-1', t.demo.grupoId, '10.5.0.1')).json().valido,
    ).toBe(true);
    expect(
      (await login('supervisor@exemplo.com.br', 'super123', t.demo.grupoId, '10.5.0.1')).json().valido,
    ).toBe(false);

    const reuso = await t.post('/api/alterarSenha', { chave, senha: sha256Hex('outra') });
    expect(reuso.corpo.data.message).toBe('Chave de alteração de senha já utilizada.');
  });

  it('testeEnvioEmail reports a failing SMTP server in pt-BR', async () => {
    const admin = await t.login('admin@exemplo.com.br', 'admin123');
    const r = await t.post(
      '/api/testeEnvioEmail',
      {
        destino: 'a@b.com',
        configuracoesEmail: { emailHostSmtp: '127.0.0.1', emailPort: 1, emailSecure: false },
      },
      admin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(r.corpo.data.message).toMatch(/^Falha ao enviar e-mail de teste/);
  });
});
