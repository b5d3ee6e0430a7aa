import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aba,
  abrirNavegador,
  desligarHappyHours,
  fazerLogin,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import {
  abrirFrenteLoja,
  capturarDialogo,
  fecharAvisos,
  garantirCaixaAberto,
  requisitarApi,
  TELA,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// CPF na nota (issue 15 point 6) as the people whose job it is. The cashier (caixa@exemplo.com.br) asks the
// consumer's CPF with F3 at the start of a counter sale, types a wrong check digit (refused as typed, Enter does
// not take it), corrects it, sees it again before finishing (payment dialog) and finishes: the DANFE the demo
// store prints carries the CPF. The call-center attendant (atendente@exemplo.com.br) does the same in an order
// for Loja Centro; the store's cashier settles it and prints its DANFE, with that CPF. Screenshots of the CPF
// dialog and of the payment with the CPF in both themes.

const baseUrl = urlDoServidor();
const ATENDENTE = { email: 'atendente@exemplo.com.br', senha: 'atende123' };
let navegador: Browser;
const abas: Aba[] = [];
let admin = '';
let centro = '';

interface Job {
  _id: string;
  tipoImpressao: { id: number };
}

const chamar = <T>(metodo: string, caminho: string, corpo?: unknown, empresa?: string): Promise<T> =>
  requisitarApi<T>(baseUrl, admin, metodo, caminho, corpo, empresa);

/** What the printer got for the sale's DANFE jobs, as text (the jobs' HTML preview). */
async function danfesImpressos(vendaId: string): Promise<string[]> {
  const jobs = await chamar<Job[]>('POST', 'impressao/lista', { origemId: vendaId, limit: 100 });
  const textos: string[] = [];
  for (const j of jobs.filter((x) => x.tipoImpressao.id === 1)) {
    const r = await fetch(`${baseUrl}/api/impressao/${j._id}/preview.html`, {
      headers: { token: admin, version: 'e2e' },
    });
    textos.push(
      (await r.text())
        .replace(/<[^>]+>/g, '\n')
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean)
        .join(' '),
    );
  }
  return textos;
}

/** Types a document in the open CPF dialog, key by key as a cashier does. */
async function digitarCpf(pagina: Page, texto: string) {
  const campo = pagina.getByLabel('CPF ou CNPJ do consumidor');
  await campo.waitFor();
  await campo.press('Control+A');
  await campo.press('Backspace');
  await pagina.keyboard.type(texto, { delay: 15 });
}

/** The wrong check digit is refused as typed: the message, the field marked, and Enter does not take it. */
async function cpfErradoRecusado(pagina: Page, errado: string) {
  await digitarCpf(pagina, errado);
  const mensagem = pagina.getByTestId('cpf-nota-mensagem');
  await expect.poll(() => mensagem.textContent()).toBe('CPF Inválido');
  expect(await pagina.getByLabel('CPF ou CNPJ do consumidor').getAttribute('aria-invalid')).toBe('true');
  await pagina.keyboard.press('Enter');
  await pagina.waitForTimeout(300);
  expect(await pagina.getByTestId('cpf-nota-dialog').isVisible()).toBe(true);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  admin = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const empresas = await chamar<{ _id: string; descricao: string }[]>('POST', 'empresa/getPopulate', {
    filtro: {},
  });
  centro = String(empresas.find((e) => e.descricao === 'Loja Centro')?._id);
});

afterAll(async () => {
  for (const a of abas) {
    if (a.erros.length) console.error('erros do navegador:', a.erros.join('\n'));
    await a.contexto.close().catch(() => undefined);
  }
  await navegador?.close();
});

describe('CPF na nota', () => {
  it('the cashier: a wrong digit refused as typed, corrected, finished; the DANFE shows the CPF', async () => {
    const aba = await novaAba(navegador, TELA);
    abas.push(aba);
    const { pagina } = aba;
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    await pagina.getByTestId('modos').getByText('Balcão').click();
    await pagina.getByTestId('busca-produto').waitFor();

    // At the start, before the first item: F3 from the search box.
    await pagina.keyboard.press('F3');
    await pagina.getByTestId('cpf-nota-dialog').waitFor();
    await cpfErradoRecusado(pagina, '52998224726');
    expect(await pagina.getByLabel('CPF ou CNPJ do consumidor').inputValue()).toBe('529.982.247-26');
    await capturarDialogo(pagina, 'cpf-nota-invalido', async () => {
      await pagina.keyboard.press('F3');
      await cpfErradoRecusado(pagina, '52998224726');
    });
    // Corrected: the last digit only.
    await pagina.getByLabel('CPF ou CNPJ do consumidor').press('Backspace');
    await pagina.keyboard.type('5');
    await pagina.getByTestId('cpf-nota-valido').getByText('CPF válido').waitFor();
    await capturarDialogo(pagina, 'cpf-nota-valido', async () => {
      await pagina.keyboard.press('F3');
      await digitarCpf(pagina, '52998224725');
      await pagina.getByTestId('cpf-nota-valido').waitFor();
    });
    await pagina.keyboard.press('Enter');
    await pagina.getByTestId('cpf-nota-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => pagina.getByTestId('cpf-venda').textContent()).toBe('529.982.247-25');

    // The sale; before finishing the payment shows the CPF (F3 would change it there).
    await pagina.getByTestId('busca-produto').fill('7894900011517');
    await pagina.getByTestId('busca-produto').press('Enter');
    await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toBe('R$ 6,50');
    await pagina.keyboard.press('F4');
    const cpfPagamento = pagina.getByTestId('pag-cpf');
    await expect.poll(() => cpfPagamento.textContent()).toContain('529.982.247-25');
    await capturarDialogo(pagina, 'cpf-nota-pagamento', async () => {
      await pagina.keyboard.press('F4');
      await cpfPagamento.waitFor();
    });
    await pagina.keyboard.press('F3');
    await pagina.getByTestId('cpf-nota-dialog').waitFor();
    expect(await pagina.getByLabel('CPF ou CNPJ do consumidor').inputValue()).toBe('529.982.247-25');
    await pagina.keyboard.press('Escape');
    await pagina.getByTestId('cpf-nota-dialog').waitFor({ state: 'detached' });
    await pagina.getByRole('radio', { name: 'Dinheiro' }).click();
    await pagina.getByLabel('Valor recebido').fill('10,00');
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await pagina.getByTestId('confirmar-venda').click();
    // The demo store prints the DANFE of the note it issued at the end.
    const aviso = pagina.getByText(/^DANFE da NFC-e nº \d+ enviado para impressão\.$/);
    await aviso.waitFor({ timeout: 30_000 });
    const numero = Number(/nº (\d+)/.exec((await aviso.textContent()) ?? '')?.[1]);
    const [nota] = await chamar<{ venda: string; cpfCnpj: string | null }[]>('POST', 'nfce/getPopulate', {
      filtro: { empresa: centro, numero },
    });
    expect(nota?.cpfCnpj).toBe('52998224725');
    const danfes = await danfesImpressos(String(nota?.venda));
    expect(danfes).toHaveLength(1);
    expect(danfes[0]).toContain('CONSUMIDOR - CPF 52998224725');
    expect(aba.erros).toEqual([]);
  });

  it("an ended sale without its note: the cashier corrects the CPF in 'Vendas', the note is issued with it", async () => {
    // Setup: the store issues its notes by hand for this test (the sale ends without one).
    await chamar('PUT', `fiscal/configuracao/${centro}`, { emitirNfce: false });
    try {
      const aba = await novaAba(navegador, TELA);
      abas.push(aba);
      const { pagina } = aba;
      await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
      await garantirCaixaAberto(pagina);
      await pagina.getByTestId('modos').getByText('Balcão').click();
      await pagina.getByTestId('busca-produto').fill('7894900011517');
      await pagina.getByTestId('busca-produto').press('Enter');
      await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toBe('R$ 6,50');
      // The customer's CPF as the cashier heard it (another person's, valid).
      await pagina.keyboard.press('F4');
      await pagina.getByTestId('pag-cpf').waitFor();
      await pagina.keyboard.press('F3');
      await digitarCpf(pagina, '11144477735');
      await pagina.getByTestId('cpf-nota-valido').waitFor();
      await pagina.keyboard.press('Enter');
      await expect.poll(() => pagina.getByTestId('pag-cpf').textContent()).toContain('111.444.777-35');
      await pagina.getByRole('radio', { name: 'Dinheiro' }).click();
      await pagina.getByRole('button', { name: 'Valor exato' }).click();
      await pagina.getByTestId('confirmar-venda').click();
      const encerrada = pagina.getByText(/^Venda \d+ encerrada\./).first();
      await encerrada.waitFor({ timeout: 30_000 });
      const numero = /Venda (\d+)/.exec((await encerrada.textContent()) ?? '')?.[1] ?? '';
      await fecharAvisos(pagina);

      await pagina.getByTestId('modos').getByText('Vendas').click();
      const linha = pagina.getByTestId(`venda-${numero}`);
      await linha.click();
      const corrigir = pagina.getByTestId('corrigir-cpf-emitir');
      await expect.poll(() => corrigir.isEnabled()).toBe(true);
      await corrigir.click();
      await pagina.getByTestId('cpf-nota-dialog').waitFor();
      expect(await pagina.getByLabel('CPF ou CNPJ do consumidor').inputValue()).toBe('111.444.777-35');
      await cpfErradoRecusado(pagina, '52998224726');
      await pagina.getByLabel('CPF ou CNPJ do consumidor').press('Backspace');
      await pagina.keyboard.type('5');
      await pagina.getByTestId('cpf-nota-valido').waitFor();
      await pagina.keyboard.press('Enter');
      await pagina.getByText(/^NFC-e nº \d+ autorizada\.$/).waitFor({ timeout: 30_000 });
      const aviso = pagina.getByText(/^DANFE da NFC-e nº \d+ enviado para impressão\.$/);
      await aviso.waitFor();
      const nfce = Number(/nº (\d+)/.exec((await aviso.textContent()) ?? '')?.[1]);
      const [nota] = await chamar<{ venda: string; cpfCnpj: string | null }[]>('POST', 'nfce/getPopulate', {
        filtro: { empresa: centro, numero: nfce },
      });
      expect(nota?.cpfCnpj).toBe('52998224725');
      const danfes = await danfesImpressos(String(nota?.venda));
      expect(danfes).toHaveLength(1);
      expect(danfes[0]).toContain('CONSUMIDOR - CPF 52998224725');
      // Issued: nothing more to correct on this sale.
      await linha.click();
      await expect.poll(() => corrigir.isDisabled()).toBe(true);
      expect(aba.erros).toEqual([]);
    } finally {
      await chamar('PUT', `fiscal/configuracao/${centro}`, { emitirNfce: true });
    }
  });

  it('the call center: the attendant types a wrong digit, corrects it and sends; the DANFE shows the CPF', async () => {
    const aba = await novaAba(navegador, { width: 1366, height: 768 });
    abas.push(aba);
    const { pagina } = aba;
    await fazerLogin(pagina, baseUrl, ATENDENTE.email, ATENDENTE.senha, 'Franqueadora Exemplo');
    await pagina.getByTestId('abrir-call-center').click();
    await pagina.getByTestId('tela-call-center').waitFor();
    // Maria lives inside Loja Centro's area (the demo store that issues NFC-e).
    await pagina.getByLabel('Buscar cliente').fill('Maria');
    await pagina.getByRole('button', { name: 'Buscar', exact: true }).click();
    await pagina
      .locator('.ant-list-item', { hasText: 'Maria Cliente Convênio' })
      .first()
      .getByRole('button', { name: 'Escolher' })
      .click();
    await expect.poll(() => pagina.getByTestId('enviar-pedido').textContent()).toContain('Loja Centro');
    const busca = pagina.getByTestId('busca-produto');
    await busca.fill('Refrigerante Lata');
    await pagina.getByRole('listbox', { name: 'Produtos encontrados' }).waitFor();
    await busca.press('Enter');
    await expect.poll(() => pagina.getByTestId('subtotal').textContent()).toMatch(/R\$\s6,50/);

    await pagina.keyboard.press('F3');
    await pagina.getByTestId('cpf-nota-dialog').waitFor();
    await cpfErradoRecusado(pagina, '11144477736');
    await capturarDialogo(pagina, 'cpf-nota-call-center', async () => {
      await pagina.keyboard.press('F3');
      await cpfErradoRecusado(pagina, '11144477736');
    });
    await pagina.getByLabel('CPF ou CNPJ do consumidor').press('Backspace');
    await pagina.keyboard.type('5');
    await pagina.getByTestId('cpf-nota-valido').waitFor();
    await pagina.keyboard.press('Enter');
    await pagina.getByTestId('cpf-nota-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => pagina.getByTestId('cpf-pedido').textContent()).toBe('111.444.777-35');

    // Cash on delivery, collected by the store; sent with F10.
    await pagina.getByTestId('painel-pagamento').getByText('Dinheiro', { exact: true }).click();
    await pagina.keyboard.press('F10');
    const enviado = pagina.getByTestId('pedido-enviado');
    await enviado.waitFor();
    expect(await enviado.textContent()).toContain('enviado para Loja Centro');
    const vendaId = String(await enviado.getAttribute('data-venda'));
    expect((await chamar<{ cpfCnpj: string }>('GET', `venda/${vendaId}`, undefined, centro)).cpfCnpj).toBe(
      '11144477735',
    );

    // The store's cashier settles the order in the POS ('Vendas' > 'Em aberto') and prints its DANFE.
    const loja = await novaAba(navegador, TELA);
    abas.push(loja);
    const caixa = loja.pagina;
    await abrirFrenteLoja(caixa, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(caixa);
    await caixa.getByTestId('modos').getByText('Vendas').click();
    await caixa.getByTestId('tela-vendas').getByText('Em aberto').click();
    await caixa.getByTestId('tela-vendas').getByText('Maria Cliente Convênio').first().click();
    await caixa.getByRole('button', { name: 'Abrir venda' }).click();
    await expect.poll(() => caixa.getByTestId('cpf-venda').textContent()).toBe('111.444.777-35');
    await caixa.getByTestId('abrir-pagamento').click();
    await caixa.getByRole('radio', { name: 'Dinheiro' }).click();
    await caixa.getByRole('button', { name: 'Valor exato' }).click();
    await caixa.getByTestId('confirmar-venda').click();
    await caixa.getByText(/NFC-e nº \d+ autorizada\./).waitFor({ timeout: 30_000 });
    await fecharAvisos(caixa);
    await caixa.getByTestId('tela-vendas').getByText('Encerradas').click();
    await caixa.getByTestId('tela-vendas').getByText('Maria Cliente Convênio').first().click();
    await caixa.getByTestId('reimprimir-comprovante').click();
    await caixa.getByText(/^DANFE da NFC-e nº \d+ enviado para impressão\.$/).waitFor();
    const danfes = await danfesImpressos(vendaId);
    expect(danfes).toHaveLength(1);
    expect(danfes[0]).toContain('CONSUMIDOR - CPF 11144477735');
    expect(aba.erros).toEqual([]);
    expect(loja.erros).toEqual([]);
  });
});
