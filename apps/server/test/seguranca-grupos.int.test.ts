import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 11, written as the attack: an anonymous client enumerates the business groups of a
// deployment that serves many chains. With LISTA_GRUPOS_PUBLICA=false the list answers nothing useful,
// config.json tells the login page to ask for the group's code, and the code still logs in.

let t: AppTeste;
beforeAll(async () => {
  t = await criarAppTeste();
}, 300_000);
afterAll(() => t.fechar(), 120_000);

describe('the public list of business groups can be turned off (issue 14 point 11)', () => {
  it('listed by default (a single-chain deployment)', async () => {
    const r = await t.post('/api/getGrupoEmpresarialLista', {});
    expect(r.lista.map((g) => g._id)).toContain(t.demo.grupoId);
    expect((await t.app.inject({ url: '/config.json' })).json()).toMatchObject({ listaGrupos: true });
  });

  it('with the setting off: an empty list, config.json says so, and the typed code logs in', async () => {
    t.app.servicos.config.listaGruposPublica = false;
    try {
      const r = await t.post('/api/getGrupoEmpresarialLista', {});
      expect(r.corpo).toEqual({ valido: true, data: [] });
      expect(JSON.stringify(r.corpo)).not.toContain('Grupo Exemplo');
      expect((await t.app.inject({ url: '/config.json' })).json()).toMatchObject({ listaGrupos: false });
      expect(await t.login('admin@exemplo.com.br', 'admin123', t.demo.grupoId)).toMatch(/^ey/);
      // A wrong code tells nothing about which codes exist beyond 'not found'.
      const errado = await t.post('/api/login', {
        email: 'admin@exemplo.com.br',
        senha: 'a'.repeat(64),
        grupoEmpresarial: 'nao-existe',
      });
      expect(errado.corpo.data.message).toBe('Grupo Empresarial não encontrado.');
    } finally {
      t.app.servicos.config.listaGruposPublica = true;
    }
  });
});
