import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

let t: AppTeste;
let token: string;
beforeAll(async () => {
  t = await criarAppTeste();
  token = await t.login('admin@exemplo.com.br', 'admin123');
});
afterAll(() => t.fechar());

describe('sistema', () => {
  it('answers health, config.json and the OpenAPI document', async () => {
    const health = await t.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.corpo).toMatchObject({ valido: true, data: { status: 'ok' } });
    const config = await t.app.inject({ url: '/config.json' });
    expect(config.json()).toEqual({
      baseUrl: '/api/',
      storageUrl: '/storage/',
      socketUrl: '/',
      socketPath: '/socket.io',
      // The login page lists the business groups unless LISTA_GRUPOS_PUBLICA=false (issue 14 point 11).
      listaGrupos: true,
    });
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys((docs.json() as { paths: object }).paths)).toContain('/api/login');
  });

  it('sends security headers on every answer', async () => {
    const r = await t.app.inject({ url: '/config.json' });
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the server time and fresh 24-hex ids', async () => {
    const hora = await t.get('/api/getDataHoraServidor', token);
    expect(Math.abs(Date.parse(hora.corpo.data.dataHora as string) - Date.now())).toBeLessThan(5000);
    const a = await t.get('/api/id', token);
    const b = await t.get('/api/id', token);
    expect(a.corpo.data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(a.corpo.data.id).not.toBe(b.corpo.data.id);
  });

  it('refuses calls without a valid token with loginExpirado', async () => {
    for (const tok of [undefined, 'lixo', `${token}x`]) {
      const r = await t.get('/api/id', tok);
      expect(r.status).toBe(200);
      expect(r.corpo).toEqual({
        valido: false,
        loginExpirado: true,
        data: { message: 'Acesso Expirado! Favor refazer o login' },
      });
    }
  });

  it('answers an unknown route with 404 and the envelope', async () => {
    const r = await t.get('/api/naoExiste/abc/def', token);
    expect(r.status).toBe(404);
    expect(r.corpo.valido).toBe(false);
  });
});

describe('lista/{n}', () => {
  it('answers the ten reference lists, the states with the 27 UFs', async () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 10, 11, 14]) {
      const r = await t.get(`/api/lista/${n}`, token);
      expect(r.corpo.valido, String(n)).toBe(true);
      expect(r.lista.length, String(n)).toBeGreaterThan(0);
      for (const item of r.lista)
        expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'grupo', 'descricao']));
    }
    const ufs = await t.get('/api/lista/1', token);
    expect(ufs.lista.length).toBe(27);
    expect(ufs.lista.map((u) => u.sigla)).toContain('PR');
    const pagamentos = await t.get('/api/lista/14', token);
    expect(pagamentos.lista.map((p) => p.id)).toContain(77);
    expect((await t.get('/api/lista/6', token)).corpo.data.message).toBe(
      'Lista de referência não encontrada: 6',
    );
  });
});
