import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aba,
  abrirNavegador,
  capturar,
  definirTemaEscuro,
  fazerLogin,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// layoutsImpressao in Chromium against the real server: every receipt layout with its sample, the paper at
// 48 and 64 columns, text-only and label printer models, and a real job queued for a terminal of the store.

const baseUrl = urlDoServidor();
let navegador: Browser;
let aba: Aba;
let pagina: Page;

beforeAll(async () => {
  navegador = await abrirNavegador();
  aba = await novaAba(navegador, { width: 1366, height: 900 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

const papel = (): FrameLocator => pagina.frameLocator('[data-testid="previa-papel"]');

async function escolherLayout(nome: string, trecho: string) {
  await pagina.getByTestId('lista-layouts').getByRole('menuitem', { name: nome, exact: true }).click();
  await papel().getByText(trecho).first().waitFor();
}

async function escolherModelo(nome: string) {
  await pagina.getByRole('combobox', { name: 'Modelo da impressora' }).click();
  await pagina
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: nome })
    .click();
}

async function emAmbosOsTemas(nome: string) {
  await definirTemaEscuro(pagina, false);
  await pagina.mouse.move(5, 600);
  await capturar(pagina, `${nome}-claro`);
  await definirTemaEscuro(pagina, true);
  await pagina.mouse.move(5, 600);
  await capturar(pagina, `${nome}-escuro`);
  await definirTemaEscuro(pagina, false);
}

describe('layoutsImpressao', () => {
  it('shows every layout as paper, at 48 and 64 columns, per printer model', async () => {
    await pagina.goto(`${baseUrl}/#/layoutsImpressao`);
    await pagina.getByTestId('titulo-pagina').getByText('Layouts de Impressão').waitFor();
    const itens = pagina.getByTestId('lista-layouts').getByRole('menuitem');
    await expect
      .poll(() => itens.allInnerTexts())
      .toEqual([
        'Produção (cozinha)',
        'Expedição',
        'Conta',
        'Recibo não fiscal',
        'Pagamento',
        'Convênio',
        'Cortesia',
        'Cancelamento',
        'Sangria',
        'Suprimento',
        'Fechamento de caixa',
        'NFC-e (DANFE)',
        'Outros (teste de impressão)',
      ]);
    // The production ticket first: the table in double size and bold on the paper.
    await papel().getByText('PRODUÇÃO - COZINHA').waitFor();
    const mesa = papel().locator('.x.b', { hasText: 'MESA 12' });
    await mesa.waitFor();
    await emAmbosOsTemas('layouts-impressao-producao');

    await escolherLayout('Expedição', 'EXPEDIÇÃO');
    await papel().getByText('Endereço: Avenida Batel, 1200 - Batel').waitFor();
    await emAmbosOsTemas('layouts-impressao-expedicao');

    // The bill with its PIX QR code, condensed: 64 columns.
    await escolherLayout('Conta', 'NÃO É DOCUMENTO FISCAL');
    await papel().locator('.qr svg').waitFor();
    await pagina.getByText('64 colunas (condensada)').click();
    await pagina.getByText('64 colunas', { exact: true }).waitFor();
    const largura = await papel()
      .locator('.sep')
      .first()
      .evaluate((e) => e.textContent?.length);
    expect(largura).toBe(64);
    await emAmbosOsTemas('layouts-impressao-conta-64');

    // Every layout renders (the NFC-e through the fiscal DANFE).
    await pagina.getByText('48 colunas', { exact: true }).click();
    for (const [nome, trecho] of [
      ['Pagamento', 'Troco'],
      ['Convênio', 'Reconheço e pagarei a importância acima.'],
      ['Cortesia', 'Total em cortesia'],
      ['Cancelamento', 'Total cancelado'],
      ['Sangria', 'SANGRIA'],
      ['Suprimento', 'SUPRIMENTO'],
      ['Recibo não fiscal', 'Obrigado pela preferência!'],
      ['Fechamento de caixa', 'Total de vendas pela contagem'],
      ['NFC-e (DANFE)', 'Consulte pela Chave de Acesso'],
      ['Outros (teste de impressão)', 'Teste de impressão: acentuação ÁÉÍÓÚ ÂÊÔ ÃÕ Ç àèìòù'],
    ] as const)
      await escolherLayout(nome, trecho);

    // A text-only printer: no bold or double size, no condensed font.
    await escolherLayout('Sangria', 'SANGRIA');
    await escolherModelo('Genérica (somente texto)');
    await pagina.getByText(/não tem negrito, expandido, condensado nem QR Code/).waitFor();
    await expect.poll(() => papel().locator('.b, .x').count()).toBe(0);
    expect(await pagina.locator('.ant-segmented-item-disabled').textContent()).toBe(
      '64 colunas (condensada)',
    );
    await emAmbosOsTemas('layouts-impressao-somente-texto');
    // A label printer does not print receipts: the server's reason on the screen.
    await escolherModelo('Zebra (etiqueta)');
    await pagina
      .getByTestId('erro-previa')
      .getByText(/é de etiquetas/)
      .waitFor();
    await escolherModelo('Epson (ESC/POS)');
    await papel().locator('.x.b', { hasText: 'SANGRIA' }).waitFor();
    expect(aba.erros).toEqual([]);
  });

  it('sends the layout to a printer of the store: a job in the terminal queue', async () => {
    await escolherLayout('Outros (teste de impressão)', 'AVISO');
    await pagina.getByRole('combobox', { name: 'Terminal' }).click();
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Terminal Caixa 1' })
      .click();
    await pagina.getByRole('button', { name: 'Enviar à impressora' }).click();
    await pagina.getByText('Enviado para a impressora: 1 via.').waitFor();
    const token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
    const r = (await (
      await fetch(`${baseUrl}/api/impressao/lista`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, version: 'e2e' },
        body: JSON.stringify({ limit: 20 }),
      })
    ).json()) as { data: { descricao: string; tipoImpressao: { id: number }; tipoStatus: { id: number } }[] };
    expect(r.data.find((j) => j.descricao === 'Aviso')).toMatchObject({
      tipoImpressao: { id: 5 },
      tipoStatus: { id: 1 },
    });
    expect(aba.erros).toEqual([]);
  });
});
