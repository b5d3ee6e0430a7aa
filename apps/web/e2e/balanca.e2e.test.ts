import { readFileSync } from 'node:fs';
import { gerarCodigoBalanca } from '@retaguarda/domain';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, desligarHappyHours, fazerLogin, novaAba, tokenPorApi, USUARIOS } from './apoio.ts';
import {
  abrirFrenteLoja,
  capturarTemas,
  chamarApi,
  fecharAvisos,
  garantirCaixaAberto,
  TELA,
  total,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 20 "Scales", as the people who do it: the supervisor loads the deli scale (the Toledo item file of
// Loja Centro) and checks how the POS reads its labels; the cashier then sells the cheese weighed at the
// counter by scanning the label the scale printed, and a misread label (wrong check digit) launches nothing.

const baseUrl = urlDoServidor();
const QUEIJO = 'Queijo Mussarela (kg)';
// Loja Centro's demo setting: Toledo's usual label 2 CCCCC 0 PPPPP D, weight in grams.
const TOLEDO = {
  habilitado: true,
  tamanhoCodigo: 5,
  tipoValor: 'peso',
  tamanhoValor: 5,
  casasDecimais: 3,
} as const;
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
});
afterAll(async () => {
  await navegador?.close();
});

/** A scanner: the code typed fast, then Enter. */
async function escanear(pagina: Page, codigo: string) {
  await pagina.getByTestId('busca-produto').click();
  await pagina.keyboard.type(codigo, { delay: 5 });
  await pagina.keyboard.press('Enter');
}

describe('Balança: the deli scale and its labels at the POS', () => {
  it("the supervisor downloads the scale's item file and sees how the POS reads the labels", async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, USUARIOS.supervisor.email, USUARIOS.supervisor.senha, 'Loja Centro');
    await pagina.goto(`${baseUrl}/#/balanca`);
    await pagina.getByText('Balança — arquivo de carga de itens').waitFor();
    const exemplo = pagina.getByTestId('etiqueta-exemplo');
    await exemplo.waitFor();
    expect(await exemplo.textContent()).toContain('2 CCCCC 0 PPPPP D');
    expect(
      await pagina
        .getByRole('switch', { name: 'Ler etiquetas da balança no PDV' })
        .getAttribute('aria-checked'),
    ).toBe('true');

    // The selection's search: the cheese, typed.
    await pagina.locator('#balanca-produtos').click();
    await pagina.keyboard.type('queijo');
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: QUEIJO })
      .click();
    await pagina.keyboard.press('Escape');
    const baixando = pagina.waitForEvent('download');
    await pagina.getByRole('button', { name: 'Baixar zip' }).click();
    const arquivo = await baixando;
    expect(arquivo.suggestedFilename()).toBe('balanca-toledo-mgv.zip');
    const zip = unzipSync(new Uint8Array(readFileSync((await arquivo.path()) ?? '')));
    expect(Object.keys(zip).sort()).toEqual(['DEPTO.TXT', 'ITENSMGV.TXT', 'TXITENS.TXT']);
    const itens = Buffer.from(zip['ITENSMGV.TXT'] ?? new Uint8Array()).toString('latin1');
    // One line: department 01, weighed (0), the PLU, R$ 45,00 a kg, the description.
    expect(itens).toMatch(/^010\d{6}004500000Queijo Mussarela \(kg\) {29}.{82}\r\n$/);
    await pagina.getByText('Arquivo balanca-toledo-mgv.zip gerado.').waitFor();
    await capturarTemas(pagina, 'balanca');
    await exemplo.scrollIntoViewIfNeeded();
    await capturarTemas(pagina, 'balanca-etiqueta');
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('the cashier scans the weighed cheese: the weight from the label, a misread label refused', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    if (!(await pagina.getByTestId('busca-produto').isVisible()))
      await pagina.getByTestId('modos').getByText('Balcão').click();
    await pagina.getByTestId('busca-produto').waitFor();

    // The label the scale prints for 350 g of the cheese (its PLU is the product's internal code, read by API).
    const [queijo] = await chamarApi<{ codigoInterno: number }[]>(
      baseUrl,
      await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha),
      'produtoGeral/getPopulate',
      { filtro: { descricao: QUEIJO } },
    );
    const etiqueta = gerarCodigoBalanca(queijo?.codigoInterno ?? -1, '0.350', TOLEDO);

    // A misread label (last digit wrong): the cashier is told to read it again, nothing is launched.
    const errada = `${etiqueta.slice(0, 12)}${(Number(etiqueta[12]) + 1) % 10}`;
    await escanear(pagina, errada);
    await pagina.getByText(/Dígito verificador inválido no código de balança/).waitFor();
    expect(await pagina.getByTestId('item-1').count()).toBe(0);
    await fecharAvisos(pagina);

    await escanear(pagina, etiqueta);
    await pagina.getByTestId('item-1').getByText(QUEIJO).waitFor();
    // 0,350 kg × R$ 45,00 = R$ 15,75.
    await expect.poll(() => total(pagina)).toBe('R$ 15,75');
    expect(await pagina.getByTestId('item-1').textContent()).toMatch(/0,35/);
    expect(await pagina.getByTestId('busca-produto').inputValue()).toBe('');

    // Paid with a R$ 20 note: R$ 4,25 change.
    await pagina.getByTestId('abrir-pagamento').click();
    await pagina.getByRole('radio', { name: 'Dinheiro' }).click();
    await pagina.getByRole('button', { name: 'R$ 20', exact: true }).click();
    await expect.poll(() => pagina.getByTestId('pag-troco').textContent()).toBe('R$ 4,25');
    await pagina.getByTestId('confirmar-venda').click();
    await pagina.getByText(/encerrada\. Troco: R\$\s4,25/).waitFor();
    await pagina.getByText('Nenhum item lançado', { exact: false }).waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
