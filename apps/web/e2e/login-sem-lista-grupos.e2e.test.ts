import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirNavegador, capturar, definirTemaEscuro, novaAba, USUARIOS } from './apoio.ts';
import { iniciarServidor, type ServidorE2e, urlDoServidor } from './servidor.ts';

// Issue 14 point 11: a deployment serving many chains sets LISTA_GRUPOS_PUBLICA=false. The login page then
// lists no group (nothing to enumerate) and the cashier types her group's code, which her manager gave her.

let navegador: Browser;
let servidor: ServidorE2e | undefined;
let base = '';
let codigoGrupo = '';

beforeAll(async () => {
  // Setup through the API: the group's code (its id) read from this file's ordinary server (list on).
  const lista = await fetch(`${urlDoServidor()}/api/getGrupoEmpresarialLista`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  codigoGrupo = ((await lista.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
  expect(codigoGrupo).toMatch(/^[0-9a-f]{24}$/);
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

    // A wrong code is refused with the server's message.
    await campo.fill('nao-existe');
    await pagina.getByLabel('E-mail ou Código Interno').fill(USUARIOS.caixa.email);
    await pagina.getByLabel('Senha').fill(USUARIOS.caixa.senha);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByText('Grupo Empresarial não encontrado.').first().waitFor();

    await campo.fill(codigoGrupo);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByText('Selecione a empresa').waitFor();
    await pagina.locator('#login-empresa').click();
    const opcoes = pagina.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await opcoes.first().waitFor();
    await opcoes.first().click();
    await pagina.getByRole('button', { name: 'Acessar' }).click();
    await pagina.getByTestId('titulo-pagina').getByText('Início').waitFor();
    // After logging out, this device remembers the code: the next shift types only e-mail and password.
    await pagina.getByTestId('menu-usuario').click();
    await pagina.getByRole('menuitem', { name: 'Sair' }).click();
    await pagina.getByText('Acesso ao sistema').waitFor();
    await expect.poll(() => pagina.getByLabel('Código do Grupo Empresarial').inputValue()).toBe(codigoGrupo);
    expect(erros.filter((e) => !e.includes('Grupo Empresarial não encontrado'))).toEqual([]);
    await contexto.close();
  });

  it('the password reset page asks for the group code too', async () => {
    const { pagina, erros, contexto } = await novaAba(navegador);
    await pagina.goto(`${base}/#/login`);
    await pagina.getByText('Esqueci minha senha').click();
    await pagina.getByText('Recuperar senha').first().waitFor();
    await pagina.getByLabel('Código do Grupo Empresarial').fill(codigoGrupo);
    await pagina.getByLabel('E-mail').fill(USUARIOS.caixa.email);
    await pagina.getByRole('button', { name: 'Enviar' }).click();
    await pagina.locator('.ant-alert-success').waitFor();
    expect(await pagina.locator('.ant-select').count()).toBe(0);
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
