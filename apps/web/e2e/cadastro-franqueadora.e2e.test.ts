import { createHash } from 'node:crypto';
import { PERMISSAO } from '@retaguarda/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  capturar,
  definirTemaEscuro,
  fazerLogin,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 16.6, last item: Grupo Exemplo has franchise control, so products are registered in Franqueadora
// Exemplo. A store manager whose profile holds the product permissions, logged into Loja Centro, finds no
// 'Incluir' on the products list and reads why, in place of the button. The group's administrator sets the
// manager's profile and user up through the API (the data of the test); the manager does the rest.

const baseUrl = urlDoServidor();
const SUFIXO = Date.now().toString(36).slice(-5).toUpperCase();
const GERENTE = { email: `gerente.${SUFIXO.toLowerCase()}@exemplo.com.br`, senha: 'gerente123' };
const NOTA =
  'Cadastro feito pela Franqueadora Exemplo: os produtos são incluídos e alterados na empresa gestora da franquia.';
const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');

let navegador: Browser;

async function chamar<T>(token: string, metodo: string, caminho: string, corpo?: unknown, empresa?: string) {
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: { 'content-type': 'application/json', token, version: 'e2e', ...(empresa ? { empresa } : {}) },
    body: corpo === undefined ? undefined : JSON.stringify(corpo),
  });
  return (await r.json()) as { valido: boolean; data: T };
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  const admin = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const empresas = await chamar<{ _id: string; descricao: string }[]>(
    admin,
    'POST',
    'empresa/getPopulate',
    {},
  );
  const centro = empresas.data.find((e) => e.descricao === 'Loja Centro')?._id;
  const gestor = empresas.data.find((e) => e.descricao === 'Franqueadora Exemplo')?._id;
  if (!centro || !gestor) throw new Error(`empresas: ${JSON.stringify(empresas.data)}`);
  const perfil = await chamar<{ _id: string }>(
    admin,
    'POST',
    'acessoSistema',
    {
      descricao: `Gerente de Loja ${SUFIXO}`,
      permissoes: [
        PERMISSAO.acessoRetaguarda,
        PERMISSAO.listarEmpresasUsuario,
        PERMISSAO.produtoGeralAcessar,
        PERMISSAO.produtoGeralIncluir,
        PERMISSAO.produtoGeralAlterar,
      ],
    },
    gestor,
  );
  expect(perfil.valido, JSON.stringify(perfil.data)).toBe(true);
  const usuario = await chamar<{ _id: string }>(
    admin,
    'POST',
    'usuarios',
    {
      nome: `Gerente ${SUFIXO}`,
      email: GERENTE.email,
      codigoInterno: 8000 + Math.floor(Math.random() * 900),
      ativo: true,
      acessos: [{ empresa: centro, acessoSistema: perfil.data._id }],
    },
    gestor,
  );
  expect(usuario.valido, JSON.stringify(usuario.data)).toBe(true);
  const senha = await chamar(
    admin,
    'PUT',
    `usuarios/${usuario.data._id}/senhas`,
    { senha: sha256(GERENTE.senha) },
    gestor,
  );
  expect(senha.valido, JSON.stringify(senha.data)).toBe(true);
});
afterAll(async () => {
  await navegador?.close();
});

describe('a store manager under franchise control (issue 16.6)', () => {
  it('sees who registers the products in place of the Incluir button (light and dark theme)', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, GERENTE.email, GERENTE.senha, 'Loja Centro');
    await pagina.evaluate(() => {
      window.location.hash = '#/produtoGeral';
    });
    const lista = pagina.getByTestId('lista-produtoGeral');
    await lista.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await lista.getByText(NOTA).waitFor();
    expect(await lista.getByRole('button', { name: /Incluir$/ }).count()).toBe(0);
    await definirTemaEscuro(pagina, false);
    await capturar(pagina, 'cadastro-franqueadora-produtos-claro');
    await definirTemaEscuro(pagina, true);
    // Away from the theme button, whose tooltip would cover the header in the picture.
    await pagina.mouse.move(4, 700);
    await capturar(pagina, 'cadastro-franqueadora-produtos-escuro');
    await definirTemaEscuro(pagina, false);
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
