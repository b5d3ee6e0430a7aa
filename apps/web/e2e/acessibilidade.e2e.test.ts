import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  definirTemaEscuro,
  desligarHappyHours,
  fazerLogin,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import { abrirFrenteLoja, buscarELancar, chamarApi, fecharAvisos } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 13: the screens of a day in the store pass axe (WCAG 2 A/AA rules) with no serious or critical
// violation, in both themes: login, the POS sale screen with lines, its payment dialog, the table map and the
// phone sale screen with the product grid, and a KDS station with an order. Each screen is opened by the
// person who uses it (cashier, waiter, kitchen).

const baseUrl = urlDoServidor();
const CAIXA = USUARIOS.caixa;
const GARCOM = USUARIOS.garcom;
const COZINHA = USUARIOS.cozinha;
const DESKTOP = { width: 1024, height: 768 };
const CELULAR = { width: 390, height: 844 };
let navegador: Browser;
let token = '';

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
});
afterAll(async () => {
  await navegador?.close();
});

async function aba(tela: { width: number; height: number }) {
  const contexto = await navegador.newContext({
    viewport: tela,
    hasTouch: tela.width < 992,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return { contexto, pagina: await contexto.newPage() };
}

/** Serious and critical axe violations of what is on screen, one line each (rule, where, why). */
async function violacoesGraves(pagina: Page): Promise<string[]> {
  // The pointer off the controls (a clicked button keeps the hover shade, which is no resting state), then let
  // antd's enter animations end: a half-faded dialog reads as low contrast.
  await pagina.mouse.move(1, 1);
  await pagina.waitForTimeout(600);
  const r = await new AxeBuilder({ page: pagina })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/** The same screen in the light and the dark theme: both lists of serious and critical violations are empty. */
async function semViolacoesEmAmbosOsTemas(pagina: Page) {
  const achadas: Record<string, string[]> = {};
  for (const escuro of [false, true]) {
    await definirTemaEscuro(pagina, escuro);
    achadas[escuro ? 'escuro' : 'claro'] = await violacoesGraves(pagina);
  }
  await definirTemaEscuro(pagina, false);
  expect(achadas).toEqual({ claro: [], escuro: [] });
}

describe('accessibility (axe): no serious or critical violation', () => {
  it('login, on a desktop and on a phone', async () => {
    for (const tela of [DESKTOP, CELULAR]) {
      const { contexto, pagina } = await aba(tela);
      await pagina.goto(`${baseUrl}/#/login`);
      await pagina.getByText('Grupo Exemplo').waitFor();
      await semViolacoesEmAmbosOsTemas(pagina);
      await contexto.close();
    }
  });

  it('the cashier: POS sale screen with lines and the payment dialog', async () => {
    const { contexto, pagina } = await aba(DESKTOP);
    await abrirFrenteLoja(pagina, baseUrl, CAIXA);
    await pagina.getByTestId('modos').getByText('Balcão', { exact: true }).click();
    await buscarELancar(pagina, 'x-burg');
    await buscarELancar(pagina, 'refrigerante lata');
    await pagina.getByTestId('item-2').waitFor();
    await fecharAvisos(pagina);
    await semViolacoesEmAmbosOsTemas(pagina);
    for (const escuro of [false, true]) {
      await definirTemaEscuro(pagina, escuro);
      await pagina.getByTestId('abrir-pagamento').click();
      await pagina.getByTestId('pag-restante').waitFor();
      expect(await violacoesGraves(pagina)).toEqual([]);
      await pagina.keyboard.press('Escape');
      await pagina.locator('.ant-modal-wrap:visible').first().waitFor({ state: 'hidden' });
    }
    await definirTemaEscuro(pagina, false);
    await contexto.close();
  });

  it('the waiter: table map, and the phone sale screen with the product grid and the lines', async () => {
    const { contexto, pagina } = await aba(DESKTOP);
    await abrirFrenteLoja(pagina, baseUrl, GARCOM);
    await pagina.getByTestId('modos').getByText('Mesa', { exact: true }).click();
    await pagina.getByTestId('mapa-mesas').waitFor();
    await semViolacoesEmAmbosOsTemas(pagina);
    await pagina.setViewportSize(CELULAR);
    await pagina.getByTestId('mesa-23').click();
    await pagina.getByTestId('grade-produtos').waitFor();
    await pagina
      .getByTestId('categorias-grade')
      .getByRole('button', { name: 'Lanches', exact: true })
      .click();
    await pagina
      .getByTestId('grade-produtos')
      .getByRole('button', { name: /^X-Burguer/ })
      .click();
    await semViolacoesEmAmbosOsTemas(pagina);
    await pagina.getByTestId('aba-pedido').click();
    await pagina.getByTestId('item-1').waitFor();
    await semViolacoesEmAmbosOsTemas(pagina);
    await contexto.close();
  });

  it('the kitchen: a KDS station with an order, and the expedition board', async () => {
    const [empresa] = await chamarApi<{ _id: string }[]>(baseUrl, token, 'empresa/getPopulate', {
      filtro: { descricao: 'Loja Centro' },
    });
    const id = async (tabela: string, descricao: string) => {
      const [r] = await chamarApi<{ _id: string }[]>(
        baseUrl,
        token,
        `${tabela}/getPopulate`,
        { filtro: { descricao, ...(tabela === 'terminal' ? { empresa: empresa?._id } : {}) } },
        empresa?._id,
      );
      if (!r) throw new Error(`${tabela} ${descricao}`);
      return r._id;
    };
    // The order as the POS sends it (setup; the screen under test is the station).
    const venda = await chamarApi<{ _id: string }>(
      baseUrl,
      token,
      'venda',
      {
        tipoVenda: 56,
        // A tab number of its own, so the test runs again on the same server.
        comanda: 500 + Math.floor(Math.random() * 400),
        terminal: await id('terminal', 'Terminal Caixa 1'),
        produtos: [{ produto: await id('produtoGeral', 'X-Burguer'), obs: 'sem cebola' }],
      },
      empresa?._id,
    );
    await chamarApi(baseUrl, token, `venda/${venda._id}/confirmarItens`, {}, empresa?._id);
    const estacoes = await fetch(`${baseUrl}/api/kds/estacoes`, {
      headers: { token, version: 'e2e', empresa: empresa?._id ?? '' },
    }).then((r) => r.json() as Promise<{ data: { _id: string; descricao: string }[] }>);
    const cozinha = estacoes.data.find((e) => e.descricao === 'Cozinha Quente');

    const { contexto, pagina } = await aba(DESKTOP);
    await fazerLogin(pagina, baseUrl, COZINHA.email, COZINHA.senha, 'Loja Centro');
    await pagina.goto(`${baseUrl}/#/frenteLoja/kds/${cozinha?._id}`);
    await pagina.getByTestId(`pedido-${venda._id}`).waitFor();
    await pagina.getByText('Online').waitFor();
    await semViolacoesEmAmbosOsTemas(pagina);
    // The expedition board: the order with its progress bar of ready items.
    await pagina.goto(`${baseUrl}/#/frenteLoja/expedicao`);
    await pagina.getByTestId('tela-expedicao').waitFor();
    await pagina.getByRole('progressbar').first().waitFor();
    await semViolacoesEmAmbosOsTemas(pagina);
    await contexto.close();
  });
});
