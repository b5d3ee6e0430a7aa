import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirNavegador, capturar, definirTemaEscuro, novaAba, USUARIOS } from './apoio.ts';
import { iniciarServidor, type ServidorE2e, urlDoServidor } from './servidor.ts';

// Issue 14 point 11: a deployment serving many chains sets LISTA_GRUPOS_PUBLICA=false. The login page then
// lists no group (nothing to enumerate) and the cashier types her group's short code (6 digits, given by the
// server), which her manager reads on the group screen.

let navegador: Browser;
let servidor: ServidorE2e | undefined;
let base = '';
let codigoGrupo = '';
let idGrupo = '';

beforeAll(async () => {
  // Setup through the API, on this file's ordinary server (list on): the group's id and its code.
  const lista = await fetch(`${urlDoServidor()}/api/getGrupoEmpresarialLista`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  idGrupo = ((await lista.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
  const login = await fetch(`${urlDoServidor()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: USUARIOS.admin.email,
      senha: createHash('sha256').update(USUARIOS.admin.senha).digest('hex'),
      grupoEmpresarial: idGrupo,
    }),
  });
  codigoGrupo = String(
    ((await login.json()) as { data: { grupoEmpresarial: { codigo: number } } }).data.grupoEmpresarial.codigo,
  );
  expect(codigoGrupo).toBe('100001');
  // A second server, on a copy of the same demo data, with the list turned off.
  process.env.LISTA_GRUPOS_PUBLICA = 'false';
  try {
    servidor = await iniciarServidor(inject('modeloDados') || undefined);
  } finally {
    delete process.env.LISTA_GRUPOS_PUBLICA;
  }
  base = servidor.url;
  navegador = await abrirNavegador();
}, 180_000);

afterAll(async () => {
  await navegador?.close();
  await servidor?.encerrar();
}, 60_000);

describe('login page with the group list turned off', () => {
  it('the group list answers nothing useful', async () => {
    const r = await fetch(`${base}/api/getGrupoEmpresarialLista`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await r.json()).toEqual({ valido: true, data: [] });
  });

  it('the cashier types the group code and logs in', async () => {
    const { pagina, erros, contexto } = await novaAba(navegador);
    await pagina.goto(`${base}/#/login`);
    await pagina.getByText('Acesso ao sistema').waitFor();
    // No list to choose from, no "no group registered" warning: a code field.
    expect(await pagina.locator('#login-grupo').count()).toBe(0);
    expect(await pagina.getByText('Grupo Exemplo').count()).toBe(0);
    const campo = pagina.getByLabel('Código do Grupo Empresarial');
    await campo.waitFor();
    await capturar(pagina, 'login-codigo-grupo-claro');
    await definirTemaEscuro(pagina, true);
    await capturar(pagina, 'login-codigo-grupo-escuro');
    await definirTemaEscuro(pagina, false);

    // A code of no group is refused exactly as a wrong password: nothing tells which codes exist.
    await campo.fill('999999');
    await pagina.getByLabel('E-mail ou Código Interno').fill(USUARIOS.caixa.email);
    await pagina.getByLabel('Senha').fill(USUARIOS.caixa.senha);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByText('Usuário ou senha inválidos.').first().waitFor();

    await campo.fill(codigoGrupo);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByText('Selecione a empresa').waitFor();
    await pagina.locator('#login-empresa').click();
    const opcoes = pagina.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await opcoes.first().waitFor();
    await opcoes.first().click();
    await pagina.getByRole('button', { name: 'Acessar' }).click();
    await pagina.getByTestId('titulo-pagina').getByText('Início').waitFor();
    // After logging out, this device remembers the code (not the id): the next shift types only e-mail and
    // password.
    await sair(pagina);
    await expect.poll(() => pagina.getByLabel('Código do Grupo Empresarial').inputValue()).toBe(codigoGrupo);
    expect(await pagina.evaluate(() => localStorage.getItem('retaguarda.grupoEmpresarial'))).toContain(
      `"codigo":${codigoGrupo}`,
    );
    expect(erros.filter((e) => !e.includes('Usuário ou senha inválidos'))).toEqual([]);
    await contexto.close();
  });

  it('a device that remembered the id before the codes still logs in, and then remembers the code', async () => {
    const { pagina, erros, contexto } = await novaAba(navegador);
    await pagina.goto(`${base}/#/login`);
    await pagina.evaluate(
      (id) =>
        localStorage.setItem(
          'retaguarda.grupoEmpresarial',
          JSON.stringify({ _id: id, descricao: 'Grupo Exemplo' }),
        ),
      idGrupo,
    );
    await pagina.reload();
    const campo = pagina.getByLabel('Código do Grupo Empresarial');
    await expect.poll(() => campo.inputValue()).toBe(idGrupo);
    await entrarComo(pagina, USUARIOS.caixa.email, USUARIOS.caixa.senha);
    await sair(pagina);
    await expect.poll(() => campo.inputValue()).toBe(codigoGrupo);
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it("the administrator reads the code on the group screen (read-only: it is the server's)", async () => {
    const { pagina, erros, contexto } = await novaAba(navegador);
    await pagina.goto(`${base}/#/login`);
    await pagina.getByLabel('Código do Grupo Empresarial').fill(codigoGrupo);
    // The group is changed in the franchise manager's company (controleDeFranquia).
    await entrarComo(pagina, USUARIOS.admin.email, USUARIOS.admin.senha, 'Franqueadora Exemplo');
    await pagina.goto(`${base}/#/grupoEmpresarial`);
    const linha = pagina.locator('.ant-table-row').filter({ hasText: 'Grupo Exemplo' });
    await linha.waitFor();
    expect(await linha.textContent()).toContain(codigoGrupo);
    await linha.getByRole('button', { name: 'Alterar' }).click();
    const form = pagina.getByTestId('formulario-recurso');
    await form.waitFor();
    const codigo = form.getByLabel('Código do Grupo Empresarial');
    await expect.poll(() => codigo.inputValue()).toBe(codigoGrupo);
    expect(await codigo.getAttribute('readonly')).not.toBeNull();
    await capturar(pagina, 'grupo-empresarial-codigo-claro');
    // The header's theme switch sits under the drawer's mask: closed, switched, opened again.
    await pagina
      .locator('.ant-drawer-open .ant-drawer-footer')
      .getByRole('button', { name: 'Fechar' })
      .click();
    await pagina.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await definirTemaEscuro(pagina, true);
    await linha.getByRole('button', { name: 'Alterar' }).click();
    await expect.poll(() => form.getByLabel('Código do Grupo Empresarial').inputValue()).toBe(codigoGrupo);
    await capturar(pagina, 'grupo-empresarial-codigo-escuro');
    await pagina
      .locator('.ant-drawer-open .ant-drawer-footer')
      .getByRole('button', { name: 'Fechar' })
      .click();
    await definirTemaEscuro(pagina, false);
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('the password reset page asks for the group code too', async () => {
    const { pagina, erros, contexto } = await novaAba(navegador);
    await pagina.goto(`${base}/#/login`);
    await pagina.getByText('Esqueci minha senha').click();
    await pagina.getByText('Recuperar senha').first().waitFor();
    await pagina.getByLabel('Código do Grupo Empresarial').fill(codigoGrupo);
    await pagina.getByLabel('E-mail', { exact: true }).fill(USUARIOS.caixa.email);
    await pagina.getByRole('button', { name: 'Enviar' }).click();
    await pagina.locator('.ant-alert-success').waitFor();
    expect(await pagina.locator('.ant-select').count()).toBe(0);
    expect(erros).toEqual([]);
    await contexto.close();
  });
});

/** Types e-mail and password (the group code already in its field), picks the store and opens the app. */
async function entrarComo(pagina: Page, email: string, senha: string, empresa?: string): Promise<void> {
  await pagina.getByLabel('E-mail ou Código Interno').fill(email);
  await pagina.getByLabel('Senha').fill(senha);
  await pagina.getByRole('button', { name: 'Entrar' }).click();
  await pagina.getByText('Selecione a empresa').waitFor();
  await pagina.locator('#login-empresa').click();
  const opcoes = pagina.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await opcoes.first().waitFor();
  await (empresa ? opcoes.filter({ hasText: empresa }) : opcoes).first().click();
  await pagina.getByRole('button', { name: 'Acessar' }).click();
  await pagina.getByTestId('titulo-pagina').getByText('Início').waitFor();
}

async function sair(pagina: Page): Promise<void> {
  await pagina.getByTestId('menu-usuario').click();
  await pagina.getByRole('menuitem', { name: 'Sair' }).click();
  await pagina.getByText('Acesso ao sistema').waitFor();
}
