import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import { abrirFrenteLoja, capturarTemas, garantirCaixaAberto, TELA } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 19, the sales dashboards as the demo supervisor (Sandra: both stores, the dashboard permissions, not an
// administrator): the home page opens on today's tiles, dashboardDefault shows the revenue tile; the cashier
// (caixa@exemplo.com.br) sells at the POS in another browser and ends the sale; the tile moves by the sale's total
// with no reload (socket event -> refetch of the aggregates). Screenshots of both dashboards and the home page,
// light and dark, at 1366x768.

const baseUrl = urlDoServidor();
let navegador: Browser;
let gerente: Aba;
let caixa: Aba;
let pagina: Page;

/** "R$ 1.234,56" -> 1234.56 */
const reais = (t: string | null) => Number((t ?? '').replace(/[^\d,-]/g, '').replace(',', '.'));
const faturamento = async () =>
  reais(await pagina.getByTestId('indicador-faturamento').locator('.ant-statistic-content').textContent());
const vendas = async () =>
  Number((await pagina.getByTestId('indicador-vendas').textContent())?.replace(/\D/g, ''));

/** A counter sale of one soda (R$ 6,50) paid with `forma`, ended by the cashier through the POS screen. */
async function venderNoCaixa(forma: string, recebido: string) {
  const p = caixa.pagina;
  await p.getByTestId('modos').getByText('Balcão').click();
  await p.getByTestId('busca-produto').fill('7894900011517');
  await p.getByTestId('busca-produto').press('Enter');
  await expect.poll(() => p.getByTestId('total-venda').textContent()).toBe('R$ 6,50');
  await p.getByTestId('abrir-pagamento').click();
  await p.getByRole('radio', { name: forma }).click();
  await p.getByLabel('Valor recebido').fill(recebido);
  await p.getByRole('button', { name: 'Lançar', exact: true }).click();
  await p.getByTestId('confirmar-venda').click();
  await p
    .getByText(/encerrada/)
    .first()
    .waitFor({ timeout: 30_000 });
  await p.getByText('Nenhum item lançado', { exact: false }).waitFor();
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  gerente = await novaAba(navegador, { width: 1366, height: 768 });
  pagina = gerente.pagina;
  caixa = await novaAba(navegador, TELA);
});

afterAll(async () => {
  for (const aba of [gerente, caixa]) {
    if (aba?.erros.length) console.error('erros do navegador:', aba.erros.join('\n'));
    await aba?.contexto.close();
  }
  await navegador?.close();
});

describe('dashboards de vendas, como supervisora', () => {
  it("the home page shows today's tiles of her stores under the greeting", async () => {
    await fazerLogin(pagina, baseUrl, USUARIOS.supervisor.email, USUARIOS.supervisor.senha, 'Loja Centro');
    await pagina.getByText('Hoje nas suas lojas').waitFor();
    await expect
      .poll(() => pagina.getByTestId('indicador-faturamento').locator('.ant-statistic-content').textContent())
      .toMatch(/^R\$ [\d.]+,\d{2}$/);
    // The cashier has no dashboard permission: the greeting only.
    await fazerLogin(caixa.pagina, baseUrl, USUARIOS.caixa.email, USUARIOS.caixa.senha, 'Loja Centro');
    await caixa.pagina.getByText('Use o menu para abrir as telas do sistema.').waitFor();
    expect(await caixa.pagina.getByText('Hoje nas suas lojas').count()).toBe(0);
  });

  it('dashboardDefault: the revenue tile moves by the total of a sale the POS ends, with no reload', async () => {
    const menu = pagina.getByTestId('menu-principal');
    await menu.getByText('Dashboards', { exact: true }).click();
    await menu.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await pagina.getByTestId('titulo-pagina').getByText('Dashboard').waitFor();
    await expect.poll(() => pagina.getByTestId('indicador-faturamento').count()).toBe(1);
    // Settled: two reads a second apart agree.
    let antes = await faturamento();
    await expect
      .poll(async () => {
        const agora = await faturamento();
        const igual = agora === antes;
        antes = agora;
        return igual;
      })
      .toBe(true);
    const vendasAntes = await vendas();
    await pagina.evaluate(() => {
      (window as { semRecarregar?: boolean }).semRecarregar = true;
    });

    await abrirFrenteLoja(caixa.pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(caixa.pagina);
    await venderNoCaixa('Dinheiro', '10,00');

    await expect.poll(faturamento, { timeout: 20_000 }).toBeCloseTo(antes + 6.5, 2);
    expect(await vendas()).toBe(vendasAntes + 1);
    expect(await pagina.evaluate(() => (window as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
    expect(
      await pagina.getByTestId('indicador-faturamento').locator('.ant-statistic-content').textContent(),
    ).toMatch(/^R\$ [\d.]+,\d{2}$/);
  });

  it('both dashboards and the home page, light and dark', async () => {
    // A second sale paid by debit, so the payment chart has two parts.
    await venderNoCaixa('Cartão de Débito', '6,50');
    await expect.poll(vendas, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    for (const id of [
      'grafico-por-hora',
      'grafico-por-pagamento',
      'grafico-por-loja',
      'grafico-top-produtos',
    ])
      await pagina.getByTestId(id).locator('svg').first().waitFor();
    expect(await pagina.getByTestId('grafico-por-pagamento').getAttribute('aria-label')).toMatch(
      /Recebido por tipo de pagamento: .*Dinheiro R\$ [\d.]+,\d{2}/,
    );
    await capturarTemas(pagina, 'dashboard-default');

    await pagina.evaluate(() => {
      window.location.hash = '#/dashboardDefault2';
    });
    await pagina.getByTestId('titulo-pagina').getByText('Dashboard 2').waitFor();
    for (const id of ['grafico-mapa-calor', 'grafico-por-dia', 'grafico-tipo-venda', 'grafico-origem'])
      await pagina.getByTestId(id).locator('svg').first().waitFor();
    expect(await pagina.getByTestId('grafico-tipo-venda').getAttribute('aria-label')).toMatch(
      /Balcão R\$ [\d.]+,\d{2}/,
    );
    await capturarTemas(pagina, 'dashboard-default2');

    await pagina.goto(`${baseUrl}/#/`);
    await pagina.getByText('Hoje nas suas lojas').waitFor();
    await expect.poll(vendas).toBeGreaterThanOrEqual(2);
    await capturarTemas(pagina, 'dashboard-inicio');
    expect(gerente.erros).toEqual([]);
  });
});
