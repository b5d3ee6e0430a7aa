import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, desligarHappyHours, fazerLogin, tokenPorApi, USUARIOS } from './apoio.ts';
import { capturarTemas, chamarApi, escolher, fecharAvisos } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 13, a day in the store: the waiter (garcom) works the tables on a phone (390x844) and on an upright
// tablet (768x1024), by touch: the table map, the product grid by category, an observation, the lines and
// the total without sideways scrolling, and the bill asked for from the table.

const baseUrl = urlDoServidor();
const GARCOM = USUARIOS.garcom;
const CELULAR = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
let navegador: Browser;
let token = '';

interface VendaApi {
  _id: string;
  total: string;
  produtos: { produto: { descricao: string }; obs: string; cancelado: boolean }[];
}
interface Job {
  tipoImpressao: { id: number };
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
});
afterAll(async () => {
  await navegador?.close();
});

/** A touch device of the given size, the waiter logged in, the POS bound to the store's terminal. */
async function abrirComoGarcom(tela: { width: number; height: number }) {
  const contexto = await navegador.newContext({
    viewport: tela,
    hasTouch: true,
    isMobile: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const pagina = await contexto.newPage();
  const erros: string[] = [];
  pagina.on('pageerror', (e) => erros.push(e.message));
  await fazerLogin(pagina, baseUrl, GARCOM.email, GARCOM.senha, 'Loja Centro');
  await pagina.goto(`${baseUrl}/#/frenteLoja`);
  await pagina.getByTestId('config-terminal').or(pagina.getByTestId('modos')).first().waitFor();
  if (await pagina.getByTestId('config-terminal').isVisible()) {
    await escolher(pagina, 'fl-empresa', 'Loja Centro');
    await escolher(pagina, 'fl-terminal', 'Terminal Caixa 1');
    await pagina.getByRole('button', { name: 'Salvar e carregar' }).tap();
  }
  await pagina.getByTestId('modos').waitFor();
  return { contexto, pagina, erros };
}

/** Nothing on the page is wider than the screen: not the document, not the shell's scrolling content. */
async function semRolagemLateral(pagina: Page) {
  const medidas = await pagina.evaluate(() => {
    const conteudo = document.querySelector('.ant-layout-content');
    return {
      largura: window.innerWidth,
      documento: document.scrollingElement?.scrollWidth ?? 0,
      conteudo: conteudo ? conteudo.scrollWidth - conteudo.clientWidth : 0,
    };
  });
  expect(medidas.documento).toBeLessThanOrEqual(medidas.largura);
  expect(medidas.conteudo).toBeLessThanOrEqual(0);
}

async function caixa(pagina: Page, testId: string) {
  const c = await pagina.getByTestId(testId).boundingBox();
  if (!c) throw new Error(`${testId} não está na tela`);
  return c;
}

async function abrirMesaPeloMapa(pagina: Page, mesa: number, nome: string) {
  await pagina.getByTestId('modos').getByText('Mesa', { exact: true }).tap();
  await pagina.getByTestId('mapa-mesas').waitFor();
  await semRolagemLateral(pagina);
  // Every table is a big touch target.
  for (const n of [1, 2, mesa]) {
    const c = await caixa(pagina, `mesa-${n}`);
    expect(c.height).toBeGreaterThanOrEqual(44);
    expect(c.width).toBeGreaterThanOrEqual(88);
  }
  await capturarTemas(pagina, `${nome}-mapa`);
  await pagina.getByTestId(`mesa-${mesa}`).tap();
  await pagina.getByTestId('grade-produtos').waitFor();
}

async function lancarDaGrade(pagina: Page, categoria: string, produto: string) {
  const grade = pagina.getByTestId('grade-produtos');
  await grade.getByTestId('categorias-grade').getByRole('button', { name: categoria, exact: true }).tap();
  const cartao = grade.getByRole('button', { name: new RegExp(`^${produto}`) });
  const c = await cartao.boundingBox();
  expect(c?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(c?.width ?? 0).toBeGreaterThanOrEqual(140);
  await cartao.tap();
}

async function vendaDaMesa(mesa: number) {
  const [v] = await chamarApi<VendaApi[]>(baseUrl, token, 'venda/getPopulate', {
    filtro: { mesa, 'status.id': { $in: [57, 58] } },
  });
  return v;
}

/** The total on screen (summary and bottom bar) is the server's total of the table's sale. */
async function totalConfereComServidor(pagina: Page, mesa: number) {
  const venda = await vendaDaMesa(mesa);
  const esperado = `R$ ${Number(venda?.total).toFixed(2).replace('.', ',')}`;
  expect(Number(venda?.total)).toBeGreaterThan(0);
  await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toBe(esperado);
  expect(await pagina.getByTestId('total-celular').textContent()).toBe(esperado);
}

describe('Frente Loja on a phone and a tablet, the waiter at the table', () => {
  it('390x844: table from the map, items from the category grid by touch, observation, lines and total, the bill', async () => {
    const { contexto, pagina, erros } = await abrirComoGarcom(CELULAR);
    // The shell's header fits: title, modes and the theme button on screen.
    await semRolagemLateral(pagina);
    const modos = await caixa(pagina, 'modos');
    expect(modos.x).toBeGreaterThanOrEqual(0);
    expect(modos.x + modos.width).toBeLessThanOrEqual(CELULAR.width);
    const modoMesa = await pagina.getByTestId('modos').getByText('Mesa', { exact: true }).boundingBox();
    expect(modoMesa?.height ?? 0).toBeGreaterThanOrEqual(44);
    await abrirMesaPeloMapa(pagina, 21, 'frente-loja-celular');

    // The search box takes the width of the phone; the grid sits under it.
    expect((await caixa(pagina, 'busca-produto')).width).toBeGreaterThan(300);
    expect((await caixa(pagina, 'grade-produtos')).width).toBeGreaterThan(340);
    await lancarDaGrade(pagina, 'Lanches', 'X-Burguer');
    await expect.poll(() => pagina.getByTestId('aba-pedido').textContent()).toBe('Pedido (1)');
    await lancarDaGrade(pagina, 'Bebidas', 'Refrigerante Lata 350ml');
    // A pizza of a family with fractions opens the builder, as from the search: half calabresa, half portuguesa.
    await lancarDaGrade(pagina, 'Pizzas', 'Pizza Grande Calabresa');
    const pizza = pagina.locator('.ant-modal', { has: pagina.getByTestId('pizza-partes') });
    await pizza.getByRole('button', { name: /^Pizza Grande Portuguesa/ }).tap();
    await pizza.getByTestId('pizza-partes').getByText('Partes: 2 de 4').waitFor();
    await semRolagemLateral(pagina);
    await pizza.getByRole('button', { name: 'Lançar pizza' }).tap();
    await pizza.waitFor({ state: 'hidden' });
    await expect.poll(() => pagina.getByTestId('aba-pedido').textContent()).toBe('Pedido (3)');
    await pagina.getByTestId('categorias-grade').getByRole('button', { name: 'Lanches', exact: true }).tap();
    await semRolagemLateral(pagina);
    await capturarTemas(pagina, 'frente-loja-celular-grade');

    // The order: the lines, an observation on the burger, the total; nothing wider than the phone.
    await pagina.getByTestId('aba-pedido').tap();
    await pagina.getByTestId('item-1').tap();
    await pagina.getByRole('button', { name: 'Observação' }).tap();
    await pagina.getByRole('textbox', { name: 'Observação' }).fill('Sem cebola');
    await pagina.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).tap();
    await pagina.getByTestId('item-1').getByText('Obs: Sem cebola').waitFor();
    const linhas = pagina.getByTestId('itens-venda');
    expect((await linhas.boundingBox())?.width ?? 0).toBeGreaterThan(340);
    for (const n of [1, 2, 3]) {
      const linha = await caixa(pagina, `item-${n}`);
      expect(linha.height).toBeGreaterThanOrEqual(44);
      expect(linha.x + linha.width).toBeLessThanOrEqual(CELULAR.width);
      // The name column keeps most of the line (it was 22 px).
      const nome = await pagina.getByTestId(`item-${n}`).locator('strong').first().boundingBox();
      expect(nome?.width ?? 0).toBeGreaterThan(150);
    }
    await pagina.getByTestId('item-3').getByText('1/2 Pizza Grande Portuguesa', { exact: false }).waitFor();
    await semRolagemLateral(pagina);
    await pagina.getByText('Gravada').waitFor();
    await totalConfereComServidor(pagina, 21);
    await expect
      .poll(async () => (await vendaDaMesa(21))?.produtos.map((i) => [i.produto.descricao, i.obs]))
      .toEqual([
        ['X-Burguer', 'Sem cebola'],
        ['Refrigerante Lata 350ml', ''],
        ['Pizza Grande Calabresa', ''],
      ]);
    await capturarTemas(pagina, 'frente-loja-celular-pedido');

    // To the kitchen, from the bottom bar: the widest button, on its own row; the lines come back 'Enviado'.
    const cozinha = await caixa(pagina, 'enviar-cozinha');
    expect(cozinha.height).toBeGreaterThanOrEqual(44);
    expect(cozinha.width).toBeGreaterThan(340);
    await pagina.getByTestId('enviar-cozinha').tap();
    for (const n of [1, 2, 3]) await pagina.getByTestId(`item-${n}-enviado`).waitFor();

    // The bill, from the bottom bar.
    const barra = await caixa(pagina, 'barra-celular');
    expect(barra.y + barra.height).toBeLessThanOrEqual(CELULAR.height);
    await pagina.getByTestId('pedir-conta').tap();
    await pagina.getByText('Conta enviada para impressão.').first().waitFor();
    const venda = await vendaDaMesa(21);
    const contas = (
      await chamarApi<Job[]>(baseUrl, token, 'impressao/lista', { origemId: venda?._id, limit: 50 })
    ).filter((j) => j.tipoImpressao.id === 4);
    expect(contas).toHaveLength(1);
    await fecharAvisos(pagina);

    // Back to the map: the table is taken.
    await pagina.getByRole('button', { name: 'Voltar', exact: true }).first().tap();
    await expect.poll(() => pagina.getByTestId('mesa-21').getAttribute('data-estado')).toBe('ocupada');
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('768x1024: the same screens on an upright tablet', async () => {
    const { contexto, pagina, erros } = await abrirComoGarcom(TABLET);
    await semRolagemLateral(pagina);
    await abrirMesaPeloMapa(pagina, 22, 'frente-loja-tablet');
    expect((await caixa(pagina, 'busca-produto')).width).toBeGreaterThan(700);
    await lancarDaGrade(pagina, 'Lanches', 'Batata Frita Porção');
    await lancarDaGrade(pagina, 'Bebidas', 'Água Mineral 500ml');
    await expect.poll(() => pagina.getByTestId('aba-pedido').textContent()).toBe('Pedido (2)');
    await semRolagemLateral(pagina);
    await capturarTemas(pagina, 'frente-loja-tablet-grade');

    await pagina.getByTestId('aba-pedido').tap();
    await pagina.getByTestId('item-2').tap();
    await pagina.getByRole('button', { name: 'Observação' }).tap();
    await pagina.getByRole('textbox', { name: 'Observação' }).fill('Sem gelo');
    await pagina.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).tap();
    await pagina.getByTestId('item-2').getByText('Obs: Sem gelo').waitFor();
    expect((await caixa(pagina, 'itens-venda')).width).toBeGreaterThan(700);
    await semRolagemLateral(pagina);
    await pagina.getByText('Gravada').waitFor();
    await totalConfereComServidor(pagina, 22);
    await capturarTemas(pagina, 'frente-loja-tablet-pedido');
    await pagina.getByTestId('pedir-conta').tap();
    await pagina.getByText('Conta enviada para impressão.').first().waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
