import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aba,
  abrirNavegador,
  capturar,
  definirTemaEscuro,
  descartarAlteracoes,
  fazerLogin,
  novaAba,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 16.6, as the back-office administrator meets it on the generic registration screens: a decimal
// typed with a comma stays with the comma, closed lists show their labels (never 'producao', 'Generico'),
// the subtitle says where the screen is in the menu (never '#/kdsEstacao'), and text typed in a list's
// search box does not follow the user to the next screen.

const baseUrl = urlDoServidor();
let navegador: Browser;
let aba: Aba;

beforeAll(async () => {
  navegador = await abrirNavegador();
  aba = await novaAba(navegador);
  await fazerLogin(aba.pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
});
afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

async function ir(pagina: Page, rota: string): Promise<void> {
  await pagina.evaluate((r) => {
    window.location.hash = `#/${r}`;
  }, rota);
  await pagina.getByTestId(`lista-${rota}`).locator('.ant-table-tbody .ant-table-row').first().waitFor();
}

async function emAmbosOsTemas(pagina: Page, nome: string): Promise<void> {
  await definirTemaEscuro(pagina, false);
  await capturar(pagina, `${nome}-claro`);
  await definirTemaEscuro(pagina, true);
  await capturar(pagina, `${nome}-escuro`);
  await definirTemaEscuro(pagina, false);
}

describe('generic back-office screens (issue 16.6)', () => {
  it('labels instead of codes, and a subtitle that is not the internal route', async () => {
    const { pagina } = aba;
    await ir(pagina, 'kdsEstacao');
    const subtitulo = pagina.getByTestId('titulo-pagina').locator('xpath=following-sibling::*[1]');
    expect(await subtitulo.innerText()).toBe('KDS › KDS Estação');
    const lista = pagina.getByTestId('lista-kdsEstacao');
    await lista.getByRole('cell', { name: 'Produção', exact: true }).first().waitFor();
    expect(await lista.getByRole('cell', { name: 'producao', exact: true }).count()).toBe(0);
    await emAmbosOsTemas(pagina, 'retaguarda-rotulos-kds-estacao');

    await ir(pagina, 'produtoGeral');
    const produtos = pagina.getByTestId('lista-produtoGeral');
    await pagina.getByPlaceholder('Pesquisar').fill('Produto Genérico');
    await pagina.getByPlaceholder('Pesquisar').press('Enter');
    await produtos.getByRole('cell', { name: 'Genérico', exact: true }).first().waitFor();
    expect(await produtos.getByRole('cell', { name: 'Generico', exact: true }).count()).toBe(0);
    expect(aba.erros).toEqual([]);
  });

  it('a decimal typed as 12,5 shows as 12,5 (light and dark theme)', async () => {
    const { pagina } = aba;
    // A retry runs on the same tab: a question a failed attempt left open is answered first.
    if (await pagina.locator('.ant-modal-confirm:visible').count()) await descartarAlteracoes(pagina);
    for (const escuro of [false, true]) {
      // The store's own price of a product: a decimal field of a registration the store makes itself.
      await ir(pagina, 'produtoGeralEmpresa');
      await definirTemaEscuro(pagina, escuro);
      await pagina
        .getByTestId('lista-produtoGeralEmpresa')
        .getByRole('button', { name: /Incluir$/ })
        .click();
      const form = pagina.locator('.ant-drawer-content-wrapper:visible').last();
      await form.getByText('Incluir Produto por Empresa').waitFor();
      const preco = form.locator('#campo-preco');
      await preco.fill('12,5');
      expect(await preco.inputValue()).toBe('12,5');
      await preco.fill('');
      await preco.pressSequentially('7,25');
      expect(await preco.inputValue()).toBe('7,25');
      await capturar(pagina, `retaguarda-decimal-virgula-${escuro ? 'escuro' : 'claro'}`);
      await pagina.keyboard.press('Escape');
      await descartarAlteracoes(pagina);
      await form.waitFor({ state: 'hidden' });
    }
    await definirTemaEscuro(pagina, false);
    expect(aba.erros).toEqual([]);
  });

  it("the search text typed on one list does not show on the next screen's unfiltered list", async () => {
    const { pagina } = aba;
    await ir(pagina, 'formaPagamento');
    await pagina.getByPlaceholder('Pesquisar').fill('Dinheiro');
    // The user leaves without searching: the next list is unfiltered, so its box is empty.
    await ir(pagina, 'kdsEstacao');
    expect(await pagina.getByPlaceholder('Pesquisar').inputValue()).toBe('');
    expect(
      await pagina.getByTestId('lista-kdsEstacao').locator('.ant-table-tbody .ant-table-row').count(),
    ).toBeGreaterThan(1);
    // A search done is kept in the address: coming back shows it.
    await ir(pagina, 'formaPagamento');
    await pagina.getByPlaceholder('Pesquisar').fill('Dinheiro');
    await pagina.getByPlaceholder('Pesquisar').press('Enter');
    await pagina.waitForFunction(() => window.location.hash.includes('q=Dinheiro'));
    expect(await pagina.getByPlaceholder('Pesquisar').inputValue()).toBe('Dinheiro');
    await capturar(pagina, 'retaguarda-busca-lista-claro');
    expect(aba.erros).toEqual([]);
  });
});
