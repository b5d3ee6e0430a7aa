import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, desligarHappyHours, novaAba, USUARIOS } from './apoio.ts';
import {
  abrirFrenteLoja,
  capturarDialogo,
  fecharAvisos,
  garantirCaixaAberto,
  TELA,
  total,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// A whole counter sale by the cashier with the keyboard only (issue 13, points 5, 6 and 8): the scanner's
// burst, the same GTIN twice on one line, '+', arrows through the results, an unsent line removed with no
// release, F7 with the supervisor's release by Enter, F4 with a key per method, a quick note and Enter to
// finish; F1 lists the keys; function keys wait while a dialog is open. Then the payment on a touch screen.

const baseUrl = urlDoServidor();
const LATA = '7894900011517';
const DOIS_LITROS = '7894900027013';
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
});
afterAll(async () => {
  await navegador?.close();
});

const quantidade = (pagina: Page, n: number) =>
  pagina.getByTestId(`item-${n}`).locator('span').nth(2).textContent();
const focado = (pagina: Page) =>
  pagina.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      `${document.activeElement?.tagName} ${document.activeElement?.outerHTML.slice(0, 160)}`,
  );
const dialogo = (pagina: Page, titulo: string) =>
  pagina
    .locator('.ant-modal-wrap:visible')
    .filter({ has: pagina.locator('.ant-modal-title', { hasText: titulo }) });

/** A scanner: the code typed fast, then Enter, wherever the focus is. */
async function escanear(pagina: Page, codigo: string) {
  await pagina.keyboard.type(codigo, { delay: 5 });
  await pagina.keyboard.press('Enter');
}

describe('Frente Loja: the till by keyboard', () => {
  it('the cashier sells at the counter with the keyboard only', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    // The counter is the default mode of the terminal once the cash period is open.
    if (!(await pagina.getByTestId('busca-produto').isVisible()))
      await pagina.getByTestId('modos').getByText('Balcão').click();
    await pagina.getByTestId('busca-produto').waitFor();
    await expect.poll(() => focado(pagina)).toBe('Buscar produto');

    // The same GTIN twice: one line with quantity 2; '+' makes it 3.
    await escanear(pagina, LATA);
    await pagina.getByTestId('item-1').waitFor();
    await escanear(pagina, LATA);
    await expect.poll(() => quantidade(pagina, 1)).toBe('2');
    expect(await pagina.getByTestId('item-2').count()).toBe(0);
    await pagina.keyboard.press('+');
    await expect.poll(() => quantidade(pagina, 1)).toBe('3');
    expect(await pagina.getByTestId('busca-produto').inputValue()).toBe('');

    // Arrow keys move through the results; Enter launches the highlighted one.
    await pagina.keyboard.type('refri');
    const opcoes = pagina.getByTestId('resultados-busca').getByRole('option');
    await opcoes.nth(1).waitFor();
    await pagina.keyboard.press('ArrowDown');
    await pagina.keyboard.press('ArrowDown');
    expect(await opcoes.nth(1).getAttribute('aria-selected')).toBe('true');
    await pagina.keyboard.press('ArrowUp');
    expect(await opcoes.nth(0).getAttribute('aria-selected')).toBe('true');
    const escolhido = (await opcoes.nth(0).textContent()) ?? '';
    expect(escolhido).toContain('Refrigerante 2L');
    await pagina.keyboard.press('Enter');
    await pagina.getByTestId('item-2').getByText('Refrigerante 2L').waitFor();

    // The line just launched is unsent: Delete removes it with no supervisor.
    await pagina.keyboard.press('Delete');
    await pagina.getByTestId('item-2').waitFor({ state: 'detached' });
    expect(await pagina.getByTestId('liberacao-form').count()).toBe(0);
    await expect.poll(() => total(pagina)).toBe('R$ 19,50');

    // A click on a line, then the scanner: the code still lands in the search and is launched.
    await pagina.getByTestId('item-1').click();
    await escanear(pagina, DOIS_LITROS);
    await pagina.getByTestId('item-2').getByText('Refrigerante 2L').waitFor();
    await expect.poll(() => total(pagina)).toBe('R$ 34,40');

    // F1: the key map, in both themes; Esc closes it.
    await pagina.keyboard.press('F1');
    await pagina.getByTestId('mapa-teclas').waitFor();
    expect(await pagina.getByTestId('mapa-teclas').textContent()).toContain('Desconto geral');
    await capturarDialogo(pagina, 'frente-loja-mapa-teclas', async () => {
      await pagina.keyboard.press('F1');
      await pagina.getByTestId('mapa-teclas').waitFor();
    });
    // The focus is in the dialog (Esc closes the dialog it is in).
    await expect
      .poll(() =>
        pagina.evaluate(() =>
          Boolean(
            document
              .querySelector('.ant-modal-wrap:has([data-testid=mapa-teclas])')
              ?.contains(document.activeElement),
          ),
        ),
      )
      .toBe(true);
    // The theme button's tooltip (the screenshots switched the theme with the mouse) would take the Esc.
    await pagina.mouse.move(4, 700);
    await pagina.locator('.ant-tooltip:visible').waitFor({ state: 'hidden' });
    await pagina.keyboard.press('Escape');
    await pagina.getByTestId('mapa-teclas').waitFor({ state: 'detached' });

    // F7: general discount of R$ 2,00 by Enter; F4 there opens nothing over it.
    await pagina.keyboard.press('F7');
    await dialogo(pagina, 'Desconto geral').waitFor();
    await expect.poll(() => pagina.evaluate(() => document.activeElement?.id)).toBe('desconto-valor');
    await pagina.keyboard.press('F4');
    expect(await dialogo(pagina, 'Pagamento').count()).toBe(0);
    await pagina.keyboard.type('2');
    await pagina.keyboard.press('Enter');
    // The supervisor's release by keyboard: login, operational password, reason, Enter.
    const liberacao = pagina.getByTestId('liberacao-form');
    await liberacao.waitFor();
    await expect.poll(() => pagina.evaluate(() => document.activeElement?.id)).toBe('liberacao_login');
    await pagina.keyboard.press('F4');
    await pagina.keyboard.press('F8');
    expect(await dialogo(pagina, 'Pagamento').count()).toBe(0);
    await pagina.keyboard.type(USUARIOS.supervisor.codigoInterno);
    await pagina.keyboard.press('Tab');
    await pagina.keyboard.type('1002');
    await pagina.keyboard.press('Tab');
    await pagina.keyboard.type('Cliente frequente');
    await pagina.keyboard.press('Enter');
    await liberacao.waitFor({ state: 'detached' });
    await expect.poll(() => total(pagina)).toBe('R$ 32,40');
    expect(await pagina.getByText('Conta enviada para impressão.').count()).toBe(0);

    // F4: the focus is in the value; B picks Cartão de Débito, 20 Enter; D picks Dinheiro; the R$ 20 note.
    await pagina.keyboard.press('F4');
    const pagamento = dialogo(pagina, 'Pagamento');
    await pagamento.waitFor();
    await expect.poll(() => focado(pagina)).toBe('Valor recebido');
    const formas = await pagamento
      .getByRole('radio')
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
    // The terminal's methods only (no Cheque, Boleto, Sem Pagamento...).
    expect(formas).toContain('Dinheiro');
    expect(formas).not.toContain('Boleto Bancário');
    expect(formas.length).toBeLessThan(16);
    await pagina.keyboard.press('b');
    expect(
      await pagamento.getByRole('radio', { name: 'Cartão de Débito' }).getAttribute('aria-checked'),
    ).toBe('true');
    await pagina.keyboard.type('20');
    await pagina.keyboard.press('Enter');
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 12,40');
    await pagina.keyboard.press('d');
    expect(await pagamento.getByRole('radio', { name: 'Dinheiro' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await pagina.keyboard.press('ArrowDown');
    for (let i = 0; i < 3; i++) await pagina.keyboard.press('ArrowRight');
    expect(await pagina.evaluate(() => document.activeElement?.textContent)).toBe('R$ 20');
    await pagina.keyboard.press('Enter');
    await expect.poll(() => pagina.getByTestId('pag-troco').textContent()).toBe('R$ 7,60');
    await expect.poll(() => focado(pagina)).toBe('Valor recebido');
    await capturarDialogo(pagina, 'frente-loja-pagamento-teclado', async () => {
      await pagina.keyboard.press('F4');
      await dialogo(pagina, 'Pagamento').waitFor();
    });
    await expect.poll(() => focado(pagina)).toBe('Valor recebido');
    // Nothing left to pay: Enter finishes the sale.
    await pagina.keyboard.press('Enter');
    await pagina.getByText(/encerrada\. Troco: R\$\s7,60/).waitFor();
    await pagina.getByText('Nenhum item lançado', { exact: false }).waitFor();
    await fecharAvisos(pagina);
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('the payment on a touch screen: numeric pad, quick notes and the change shown big', async () => {
    const contexto = await navegador.newContext({
      viewport: TELA,
      hasTouch: true,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const pagina = await contexto.newPage();
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    await pagina.getByTestId('modos').getByText('Balcão').click();
    await pagina.getByTestId('busca-produto').waitFor();
    await escanear(pagina, DOIS_LITROS);
    await pagina.getByTestId('item-1').tap();
    await pagina.getByRole('button', { name: 'Somar uma unidade (+)' }).tap();
    await expect.poll(() => quantidade(pagina, 1)).toBe('2');
    await expect.poll(() => total(pagina)).toBe('R$ 29,80');
    const abrir = async () => {
      await pagina.getByTestId('abrir-pagamento').tap();
      await pagina.getByTestId('teclado-numerico').waitFor();
    };
    await abrir();
    const pagamento = dialogo(pagina, 'Pagamento');
    // The pad types the value: 1 0 , 5 -> 10,5; Limpar empties it.
    for (const t of ['1', '0', ',', '5']) await pagamento.getByRole('button', { name: t, exact: true }).tap();
    expect(await pagina.getByLabel('Valor recebido').inputValue()).toBe('10,5');
    await pagamento.getByRole('button', { name: 'Limpar' }).tap();
    expect(await pagina.getByLabel('Valor recebido').inputValue()).toBe('');
    // A R$ 50 note in cash: change R$ 20,20.
    await pagamento.getByRole('button', { name: 'R$ 50', exact: true }).tap();
    await expect.poll(() => pagina.getByTestId('pag-troco').textContent()).toBe('R$ 20,20');
    await capturarDialogo(pagina, 'frente-loja-pagamento-toque', abrir);
    await pagina.getByTestId('confirmar-venda').tap();
    await pagina.getByText(/encerrada\. Troco: R\$\s20,20/).waitFor();
    await contexto.close();
  });
});
