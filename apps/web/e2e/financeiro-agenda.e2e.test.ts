import { readFileSync } from 'node:fs';
import { diaComercial, somarMeses } from '@retaguarda/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, definirTemaEscuro, fazerLogin, novaAba, tokenPorApi } from './apoio.ts';
import { fotografarTemas, novoId } from './estoque-apoio.ts';
import { fecharAvisos, requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// The finance agenda in Chromium as the finance clerk (issue 18): a payable of R$ 1.500,00 in 3 instalments made
// on the screen (the preview shows the split), then two titles paid at once into the store's bank account — the
// first instalment whole with interest and fine, a gas bill in part with a discount — the dialog's total, the
// statuses after it and the account's balance down by exactly that total; the partial settlement reversed from the
// title's detail; the report with its chart, CSV and PDF. Pictures in both themes under /tmp/shots-financeiro-agenda.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_FINANCEIRO_AGENDA ?? '/tmp/shots-financeiro-agenda';
const EMAIL = 'financeiro@exemplo.com.br';
const SENHA = 'financeiro123';
const CONSULTORIA = 'Consultoria contábil - implantação';
const GAS = 'Gás - recarga P45';
const hoje = diaComercial(new Date());
let navegador: Browser;
let aba: Aba;
let pagina: Page;
let token = '';
let centro = '';
let banco = '';

const api = <T>(metodo: string, caminho: string, corpo?: unknown) =>
  requisitarApi<T>(baseUrl, token, metodo, caminho, corpo, centro || undefined);
const saldoBanco = async () =>
  (await api<{ _id: string; saldo: string }[]>('POST', 'financeiroAgenda/contas', { empresa: centro })).find(
    (c) => c._id === banco,
  )?.saldo ?? '';
const notificacao = (texto: string) =>
  pagina.locator('.ant-notification-notice').filter({ hasText: texto }).first().waitFor();
const linha = (texto: string) => pagina.locator('.ant-table-row').filter({ hasText: texto }).first();

/** Both themes of an open dialog: the theme button sits under the dialog's mask, so it is clicked in the DOM. */
async function fotografarDialogo(nome: string) {
  for (const escuro of [false, true]) {
    const atual = await pagina.evaluate(() => localStorage.getItem('retaguarda.tema') === 'true');
    if (atual !== escuro)
      await pagina.evaluate(() =>
        (document.querySelector('[data-testid="alternar-tema"]') as HTMLElement | null)?.click(),
      );
    await pagina.waitForFunction(
      (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
      escuro,
    );
    await pagina.waitForTimeout(500);
    await pagina.screenshot({ path: `${PASTA}/${nome}-${escuro ? 'escuro' : 'claro'}.png` });
  }
  await pagina.evaluate(() =>
    (document.querySelector('[data-testid="alternar-tema"]') as HTMLElement | null)?.click(),
  );
  await pagina.waitForFunction(() => document.documentElement.style.colorScheme === 'light');
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  token = await tokenPorApi(baseUrl, EMAIL, SENHA);
  const lojas = await api<{ _id: string; descricao: string }[]>('POST', 'empresa/getPopulate', {
    filtro: {},
  });
  centro = lojas.find((l) => l.descricao === 'Loja Centro')?._id ?? '';
  expect(centro).toBeTruthy();
  const contas = await api<{ _id: string; descricao: string }[]>('POST', 'financeiroAgenda/contas', {
    empresa: centro,
  });
  banco = contas.find((c) => c.descricao.startsWith('Banco da loja'))?._id ?? '';
  expect(banco).toBeTruthy();
  // Set-up: the gas bill due today, the second title paid below.
  const [gas] = await api<{ _id: string }[]>('POST', 'financeiroPlanoConta/getPopulate', {
    filtro: { codigo: '4.02.004' },
  });
  await api('POST', 'financeiroTitulo', {
    _id: novoId(),
    empresa: centro,
    tipo: 'pagar',
    descricao: GAS,
    planoConta: gas?._id,
    valor: '420.00',
    competencia: hoje,
    vencimento: hoje,
  });
  aba = await novaAba(navegador, { width: 1366, height: 800 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, EMAIL, SENHA, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

describe('agenda financeira', () => {
  it('lança uma conta a pagar em 3 parcelas pela tela', async () => {
    await pagina.goto(`${baseUrl}/#/financeiroAgenda?visao=dia&ref=${hoje}`);
    await linha(GAS).waitFor();
    await pagina.getByRole('button', { name: 'Conta a pagar' }).click();
    await pagina.locator('#titulo-descricao').fill(CONSULTORIA);
    await pagina.locator('#titulo-plano').click();
    await pagina.keyboard.type('Contabilidade');
    await pagina
      .locator('.ant-select-tree-title')
      .filter({ hasText: '4.04.001 Contabilidade' })
      .first()
      .click();
    await pagina.locator('#titulo-valor').fill('1.500,00');
    await pagina.locator('#titulo-parcelas').fill('3');
    const previa = pagina.locator('.ant-modal:visible').getByRole('table').last();
    await expect.poll(() => previa.locator('tbody tr.ant-table-row').count()).toBe(3);
    await expect(previa.textContent()).resolves.toContain('R$ 500,00');
    await pagina.waitForTimeout(300);
    await pagina.screenshot({ path: `${PASTA}/novo-titulo-claro.png` });
    await pagina.getByRole('button', { name: 'Lançar' }).dblclick();
    await notificacao('3 parcelas lançadas.');

    const agenda = await api<{ titulos: { valor: string; vencimento: string; parcela: number }[] }>(
      'POST',
      'financeiroAgenda',
      { empresas: [centro], de: hoje, ate: somarMeses(hoje, 3), busca: 'Consultoria contábil' },
    );
    expect(agenda.titulos.map((t) => [t.parcela, t.valor, t.vencimento])).toEqual([
      [1, '500.00', hoje],
      [2, '500.00', somarMeses(hoje, 1)],
      [3, '500.00', somarMeses(hoje, 2)],
    ]);
    await linha(`${CONSULTORIA} (1/3)`).waitFor();
  });

  it('paga duas contas de uma vez (uma em parte) e o saldo da conta cai exatamente o total', async () => {
    const antes = await saldoBanco();
    await pagina.getByLabel(`Escolher ${CONSULTORIA} 1/3`).check();
    await pagina.getByLabel(`Escolher ${GAS} 1/1`).check();
    await pagina.getByRole('button', { name: 'Baixar selecionados' }).click();
    const dialogo = pagina.locator('.ant-modal:visible');
    await dialogo.locator('#baixa-conta').click();
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Banco da loja' })
      .click();
    await dialogo.getByLabel(`Juros ${CONSULTORIA} 1`).fill('12,50');
    await dialogo.getByLabel(`Multa ${CONSULTORIA} 1`).fill('10');
    await dialogo.getByLabel(`Valor ${GAS} 1`).fill('200,00');
    await dialogo.getByLabel(`Desconto ${GAS} 1`).fill('5,00');
    // 500 + 12,50 + 10 = 522,50 and 200 − 5 = 195,00 leave the account.
    await expect.poll(() => dialogo.getByTestId('total-baixa').textContent()).toContain('-R$ 717,50');
    await fecharAvisos(pagina);
    await fotografarDialogo('baixa');
    await dialogo.getByRole('button', { name: 'Confirmar baixa' }).dblclick();
    await notificacao('2 títulos baixados.');

    await expect.poll(() => linha(`${CONSULTORIA} (1/3)`).textContent()).toContain('Pago');
    await expect(linha(GAS).textContent()).resolves.toContain('Pago parcial');
    await expect(linha(GAS).textContent()).resolves.toContain('R$ 220,00');
    const depois = (Number(antes) - 717.5).toFixed(2);
    expect(await saldoBanco()).toBe(depois);

    // The account's new balance on the screen: the pay dialog of the gas bill offers it.
    await linha(GAS).getByRole('button', { name: GAS }).click();
    await pagina.locator('.ant-drawer').getByRole('button', { name: 'Pagar' }).click();
    await pagina.locator('.ant-modal:visible #baixa-conta').click();
    const opcao = pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Banco da loja' });
    await expect(opcao.textContent()).resolves.toContain(
      `saldo -R$ ${Number(depois.replace('-', '')).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`,
    );
    await pagina.keyboard.press('Escape');
    await pagina.locator('.ant-modal:visible').getByRole('button', { name: 'Cancelar' }).click();
  });

  it('estorna a baixa parcial no detalhe do título', async () => {
    await linha(GAS).getByRole('button', { name: GAS }).click();
    const gaveta = pagina.locator('.ant-drawer');
    await gaveta.getByRole('button', { name: 'Estornar' }).click();
    await pagina.locator('.ant-popconfirm').getByRole('button', { name: 'Estornar' }).click();
    await notificacao('Baixa estornada.');
    await gaveta.getByText('Estornada').waitFor();
    await gaveta.locator('.ant-drawer-close').click();
    await expect.poll(() => linha(GAS).textContent()).toContain('Aberto');
  });

  it('mostra o mês com os vencimentos e o relatório com gráfico e exportação', async () => {
    await pagina.goto(`${baseUrl}/#/financeiroAgenda?visao=mes&ref=${hoje}`);
    await pagina.getByTestId('grade-dias').waitFor();
    await linha(CONSULTORIA).waitFor();
    await fotografarTemas(pagina, PASTA, 'agenda-mes');

    await pagina.goto(`${baseUrl}/#/relatorioFinanceiroAgenda`);
    await pagina.getByTestId('grafico-agenda').waitFor();
    await linha(CONSULTORIA).waitFor();
    const baixandoCsv = pagina.waitForEvent('download');
    await pagina.getByRole('button', { name: 'Exportar' }).click();
    await pagina.getByText('Exportar CSV').click();
    const csv = readFileSync((await (await baixandoCsv).path()) ?? '', 'utf8');
    expect(csv).toContain(`${CONSULTORIA};1/3`);
    const baixandoPdf = pagina.waitForEvent('download');
    await pagina.getByRole('button', { name: 'Exportar' }).click();
    await pagina.getByText('Exportar PDF').click();
    const pdf = readFileSync((await (await baixandoPdf).path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/Title (Relat\xf3rio da Agenda Financeira)');
    await definirTemaEscuro(pagina, false);
    await fotografarTemas(pagina, PASTA, 'relatorio-agenda');
    // On a phone: the day view of the agenda.
    await pagina.setViewportSize({ width: 390, height: 844 });
    await pagina.goto(`${baseUrl}/#/financeiroAgenda?visao=dia&ref=${hoje}`);
    // A fresh load, so the shell starts with the phone's collapsed menu.
    await pagina.reload();
    await linha(CONSULTORIA).waitFor();
    await fotografarTemas(pagina, PASTA, 'agenda-celular');
    expect(aba.erros.filter((e) => !/favicon|Failed to load resource/.test(e))).toEqual([]);
  });
});
