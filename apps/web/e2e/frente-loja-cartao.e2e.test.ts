import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  definirTemaEscuro,
  desligarHappyHours,
  listasFechadas,
  novaAba,
  USUARIOS,
} from './apoio.ts';
import {
  abrirFrenteLoja,
  buscarELancar,
  capturarTela,
  escolher,
  fecharAvisos,
  garantirCaixaAberto,
  requisitarApi,
  TELA,
  tokenDaPagina,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 18, card details at the till: the cashier pays a counter sale with a credit card in 3 instalments by the
// keyboard (the method's letter, + twice), names the acquirer, the brand (NFC-e tBand table), the terminal's NSU
// and authorisation; the line says 'Visa 3x' and the server stores them on the payment (read back through the API). The card panel in both themes
// on the desktop and at 390x844 (waiters take payments at the table on phones).

const baseUrl = urlDoServidor();
const LATA = '7894900011517';
const CELULAR = { width: 390, height: 844 };
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
});
afterAll(async () => {
  await navegador?.close();
});

interface VendaApi {
  _id: string;
  status: { id: number };
  pagamentos: {
    formaPagamento: { descricao: string };
    valor: string;
    parcelas: number | null;
    nsu: string | null;
    autorizacao: string | null;
    bandeira: string | null;
    operadora: { descricao: string } | null;
    lixo: boolean;
  }[];
}

const dialogo = (pagina: Page) =>
  pagina
    .locator('.ant-modal-wrap:visible')
    .filter({ has: pagina.locator('.ant-modal-title', { hasText: 'Pagamento' }) });

async function abrirPagamento(pagina: Page) {
  await pagina.keyboard.press('F4');
  await dialogo(pagina).waitFor();
  await expect
    .poll(() => pagina.evaluate(() => document.activeElement?.getAttribute('aria-label')), {
      timeout: 15_000,
    })
    .toBe('Valor recebido');
}

/** Credit card, 3x by the keyboard, Stone, Visa, NSU and authorisation typed. */
async function prepararCartao(pagina: Page) {
  const credito = dialogo(pagina).getByRole('radio', { name: 'Cartão de Crédito' });
  const tecla = await credito.getAttribute('aria-keyshortcuts');
  expect(tecla).toBeTruthy();
  await pagina.keyboard.press((tecla ?? '').toLowerCase());
  expect(await credito.getAttribute('aria-checked')).toBe('true');
  await pagina.keyboard.press('+');
  await pagina.keyboard.press('+');
  await expect.poll(() => pagina.getByTestId('pag-parcelas').textContent()).toContain('3x');
  await escolher(pagina, 'pag-operadora', 'Stone');
  await escolher(pagina, 'pag-bandeira', 'Visa');
  await pagina.getByLabel('NSU').fill('004512');
  await pagina.getByLabel('Autorização').fill('A1B2C3');
}

/** Light then dark picture of the open dialog with the card panel (the theme button sits behind the dialog). */
async function fotografar(pagina: Page, nome: string) {
  for (const escuro of [false, true]) {
    await definirTemaEscuro(pagina, escuro);
    await abrirPagamento(pagina);
    await prepararCartao(pagina);
    await listasFechadas(pagina);
    await capturarTela(pagina, `${nome}-${escuro ? 'escuro' : 'claro'}`);
    await pagina.keyboard.press('Escape');
    await dialogo(pagina).waitFor({ state: 'hidden' });
  }
  await definirTemaEscuro(pagina, false);
}

describe('Frente Loja: card details', () => {
  it('the cashier pays with a credit card in 3x; the server stores instalments, acquirer, NSU and authorisation', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    const vendas = new Set<string>();
    pagina.on('request', (r) => {
      const m = /\/api\/venda\/([0-9a-f]{24})(\/|$)/.exec(r.url());
      if (m?.[1]) vendas.add(m[1]);
      if (r.method() === 'POST' && /\/api\/venda$/.test(r.url())) {
        const id = (r.postDataJSON() as { _id?: string } | null)?._id;
        if (id) vendas.add(id);
      }
    });
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    if (!(await pagina.getByTestId('busca-produto').isVisible()))
      await pagina.getByTestId('modos').getByText('Balcão').click();
    await buscarELancar(pagina, LATA);
    await pagina.getByTestId('item-1').waitFor();
    await fecharAvisos(pagina);

    await fotografar(pagina, 'frente-loja-pagamento-cartao');

    await abrirPagamento(pagina);
    await prepararCartao(pagina);
    // Enter in the authorisation box launches the payment, as in the value.
    await pagina.getByLabel('Autorização').press('Enter');
    await expect
      .poll(() => pagina.getByTestId('pagamento-lancado').first().textContent())
      .toContain('Cartão de Crédito Visa 3x');
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 0,00');
    // Launched: the next payment starts at 1x with empty card boxes; nothing left, Enter finishes the sale.
    await expect
      .poll(() => pagina.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Valor recebido');
    // Enter finishes once the payment reached the server (the dialog is busy until then).
    await expect
      .poll(() => pagina.getByTestId('confirmar-venda').isEnabled(), { timeout: 30_000 })
      .toBe(true);
    await pagina.keyboard.press('Enter');
    await pagina
      .getByText(/encerrada/)
      .first()
      .waitFor();

    const token = await tokenDaPagina(pagina);
    let venda: VendaApi | null = null;
    await expect
      .poll(
        async () => {
          for (const id of vendas) {
            const v = await requisitarApi<VendaApi>(baseUrl, token, 'GET', `venda/${id}`).catch(() => null);
            if (v?.pagamentos.some((p) => !p.lixo)) venda = v;
          }
          return venda?.status.id;
        },
        { timeout: 30_000 },
      )
      .toBe(59);
    const pagos = (venda as VendaApi | null)?.pagamentos.filter((p) => !p.lixo) ?? [];
    expect(
      pagos.map((p) => [
        p.formaPagamento.descricao,
        p.parcelas,
        p.operadora?.descricao,
        p.nsu,
        p.autorizacao,
        p.bandeira,
      ]),
    ).toEqual([['Cartão de Crédito', 3, 'Stone', '004512', 'A1B2C3', '01']]);
    expect(erros).toEqual([]);

    await contexto.close();
  }, 240_000);

  it('the card panel fits a 390x844 phone, in both themes', async () => {
    const { pagina, contexto } = await novaAba(navegador, CELULAR);
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    if (!(await pagina.getByTestId('busca-produto').isVisible()))
      await pagina.getByTestId('modos').getByText('Balcão').click();
    await buscarELancar(pagina, LATA);
    await pagina.getByTestId('item-1').waitFor({ state: 'attached' });
    await fecharAvisos(pagina);
    await fotografar(pagina, 'frente-loja-pagamento-cartao-celular');
    await abrirPagamento(pagina);
    await prepararCartao(pagina);
    const largura = await pagina.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(CELULAR.width);
    await contexto.close();
  }, 240_000);
});
