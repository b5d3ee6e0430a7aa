import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  descartarAlteracoes,
  fazerLogin,
  listasFechadas,
  novaAba,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 17, the stock keeper's recipe: logged in as the demo stock keeper at the franchisor (recipes are the
// franchise manager's registration), Ficha Técnica -> Incluir, a product, two ingredients; the cost per line, the
// total, the cost per unit and the margin over the price follow each keystroke (the domain's custoDaReceita with
// the server's unit costs); saved and opened again, the recipe and its cost are there. Screenshots of the ficha
// técnica and of the stock registration (Estoque Cadastro) in both themes.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_DIR ?? '/tmp/shots-estoque-cadastros/';
let navegador: Browser;

const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');

async function chamarComoAdmin(metodo: string, caminho: string, corpo: unknown, empresa?: string) {
  const grupos = (await (
    await fetch(`${baseUrl}/api/getGrupoEmpresarialLista`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lixo: false }),
    })
  ).json()) as { data: { _id: string }[] };
  const login = (await (
    await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: USUARIOS.admin.email,
        senha: sha256(USUARIOS.admin.senha),
        grupoEmpresarial: grupos.data[0]?._id,
      }),
    })
  ).json()) as { data: { token: string } };
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: {
      'content-type': 'application/json',
      token: login.data.token,
      version: 'e2e',
      ...(empresa ? { empresa } : {}),
    },
    body: JSON.stringify(corpo),
  });
  return (await r.json()) as { valido: boolean; data: Record<string, unknown> };
}

beforeAll(async () => {
  navegador = await abrirNavegador();
});

/** The product the recipe is for: sold at R$ 39,90, no recipe yet (a new one per attempt). */
async function novoProduto(): Promise<string> {
  const descricao = `Calzone de Queijo ${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const empresas = await chamarComoAdmin('POST', 'empresa/getPopulate', {
    filtro: { tipoEmpresa: 'Gestor Franquia' },
  });
  const gestor = (empresas.data as unknown as { _id: string }[])[0]?._id;
  const criado = await chamarComoAdmin(
    'POST',
    'produtoGeral',
    { descricao, tipoProduto: 1, preco: '39.90' },
    gestor,
  );
  if (!criado.valido) throw new Error(`produto: ${JSON.stringify(criado.data)}`);
  return descricao;
}
afterAll(async () => {
  await navegador?.close();
});

async function capturar(pagina: Page, nome: string): Promise<void> {
  mkdirSync(PASTA, { recursive: true });
  await pagina.waitForTimeout(600);
  await pagina.screenshot({ path: `${PASTA}${nome}.png` });
}

/** The theme button sits under the open drawer's mask: its click is dispatched to it directly. */
async function definirTemaEscuro(pagina: Page, escuro: boolean): Promise<void> {
  const atual = await pagina.evaluate(() => document.documentElement.style.colorScheme === 'dark');
  if (atual !== escuro) await pagina.getByTestId('alternar-tema').first().dispatchEvent('click');
  await pagina.waitForFunction(
    (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
    escuro,
  );
}

async function ir(pagina: Page, rota: string): Promise<void> {
  await pagina.evaluate((r) => {
    window.location.hash = `#/${r}`;
  }, rota);
}

const gaveta = (pagina: Page) => pagina.locator('.ant-drawer-content-wrapper:visible').last();
const dropdown = (pagina: Page) => pagina.locator('.ant-select-dropdown:visible .ant-select-item-option');

async function escolherReferencia(pagina: Page, caixa: Locator, busca: string, opcao: string) {
  await caixa.click();
  await caixa.fill(busca);
  const item = dropdown(pagina).filter({ hasText: opcao }).first();
  await item.waitFor();
  await item.click();
  await listasFechadas(pagina);
}

const texto = async (pagina: Page, id: string) => (await gaveta(pagina).getByTestId(id).textContent()) ?? '';
/** The text of a money cell ('R$ 9,83'; Intl may put a no-break space after R$). */
const valor = async (pagina: Page, id: string) => (await texto(pagina, id)).replace(/\s/g, ' ');

describe('ficha técnica (issue 17)', () => {
  it('the stock keeper writes a recipe of two ingredients and watches its cost as the lines change', async () => {
    const PRODUTO = await novoProduto();
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Franqueadora');

    await ir(pagina, 'estoqueFichaTecnica');
    const lista = pagina.getByTestId('lista-estoqueFichaTecnica');
    // The demo recipes are listed with their products.
    await lista.getByText('Pizza Grande Calabresa').first().waitFor();
    await lista.getByRole('button', { name: /Incluir$/ }).click();
    const form = gaveta(pagina);
    await form.getByText('Incluir Ficha Técnica').waitFor();
    await escolherReferencia(pagina, form.locator('#campo-produtoGeral'), 'Calzone', PRODUTO);
    await form.locator('#campo-descricao').fill('Calzone tradicional');
    expect(await form.locator('#campo-rendimento').inputValue()).toBe('1');
    // The price comes with the product, before any ingredient.
    await expect.poll(() => form.getByTestId('custo-receita').textContent()).toContain('R$ 39,90');

    // First ingredient: 250 g of mozzarella at R$ 36,90/kg.
    await form.getByRole('button', { name: 'Adicionar ingrediente' }).click();
    await escolherReferencia(
      pagina,
      form.locator('#campo-itens-0-produto'),
      'Mussarela',
      'Queijo Mussarela (kg)',
    );
    await form.locator('#campo-itens-0-quantidade').fill('0,25');
    await expect.poll(() => valor(pagina, 'custo-linha-0')).toBe('R$ 9,23');
    await expect.poll(() => valor(pagina, 'custo-total')).toBe('R$ 9,23');

    // Second ingredient: 100 g of onion, 10% lost peeling -> 110 g at R$ 5,50/kg.
    await form.getByRole('button', { name: 'Adicionar ingrediente' }).click();
    await escolherReferencia(pagina, form.locator('#campo-itens-1-produto'), 'Cebola', 'Cebola');
    await form.locator('#campo-itens-1-quantidade').fill('0,1');
    await expect.poll(() => valor(pagina, 'custo-linha-1')).toBe('R$ 0,55');
    await form.locator('#campo-itens-1-fatorCorrecao').fill('1,1');
    await expect.poll(() => valor(pagina, 'custo-linha-1')).toBe('R$ 0,61');
    // 9,225 + 0,605
    await expect.poll(() => valor(pagina, 'custo-total')).toBe('R$ 9,83');
    await expect.poll(() => valor(pagina, 'custo-unidade')).toBe('R$ 9,83');
    // (39,90 − 9,83) / 39,90
    await expect.poll(() => texto(pagina, 'margem')).toBe('75,36%');

    // The recipe yields two calzones: the cost per unit halves, the margin grows.
    await form.locator('#campo-rendimento').fill('2');
    await expect.poll(() => valor(pagina, 'custo-unidade')).toBe('R$ 4,92');
    await expect.poll(() => texto(pagina, 'margem')).toBe('87,68%');
    await capturar(pagina, 'ficha-tecnica-claro');
    await definirTemaEscuro(pagina, true);
    await capturar(pagina, 'ficha-tecnica-escuro');
    await definirTemaEscuro(pagina, false);

    // A zero quantity is refused on the line, in the form, before anything is sent.
    await form.locator('#campo-itens-1-quantidade').fill('0');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('A quantidade deve ser maior que zero.').waitFor();
    await form.locator('#campo-itens-1-quantidade').fill('0,1');

    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Alterar Ficha Técnica').waitFor({ timeout: 10_000 });
    // The server numbered it and made it the product's padrão recipe.
    expect(await form.locator('#campo-indexReceita').inputValue()).toBe('0');
    expect(await form.locator('#campo-padrao').getAttribute('aria-checked')).toBe('true');
    await form.locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).click();
    await pagina.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    // Opened again from the list: the lines and their cost are back.
    const busca = lista.getByPlaceholder('Pesquisar');
    await busca.fill('Calzone tradicional');
    await busca.press('Enter');
    const linha = lista.locator('.ant-table-row').filter({ hasText: PRODUTO });
    await linha.waitFor();
    await linha.getByRole('button', { name: 'Alterar' }).click();
    const aberto = gaveta(pagina);
    await aberto.getByText('Alterar Ficha Técnica').waitFor();
    await expect.poll(() => valor(pagina, 'custo-total')).toBe('R$ 9,83');
    expect(await aberto.locator('#campo-itens-0-quantidade').inputValue()).toBe('0,25');
    expect(await aberto.locator('#campo-itens-1-fatorCorrecao').inputValue()).toBe('1,1');
    await expect.poll(() => valor(pagina, 'custo-unidade')).toBe('R$ 4,92');
    await aberto.locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).click();

    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('Estoque Cadastro lists the store’s minimum and maximum (screenshots in both themes)', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Centro');
    await ir(pagina, 'estoqueCadastro');
    const lista = pagina.getByTestId('lista-estoqueCadastro');
    const linha = lista.locator('.ant-table-row').filter({ hasText: 'Queijo Mussarela (kg)' });
    await linha.waitFor();
    expect(await linha.textContent()).toContain('Câmara fria');
    await capturar(pagina, 'estoque-cadastro-lista-claro');
    await linha.getByRole('button', { name: 'Alterar' }).click();
    const form = gaveta(pagina);
    await form.getByText('Alterar Cadastro de Estoque').waitFor();
    // Below the minimum: refused in the form with the rule's message.
    await form.locator('#campo-estoqueMaximo').fill('5');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('O Estoque Máximo deve ser maior ou igual ao Estoque Mínimo.').waitFor();
    await capturar(pagina, 'estoque-cadastro-form-claro');
    await definirTemaEscuro(pagina, true);
    await capturar(pagina, 'estoque-cadastro-form-escuro');
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await descartarAlteracoes(pagina);
    await capturar(pagina, 'estoque-cadastro-lista-escuro');
    await definirTemaEscuro(pagina, false);
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
