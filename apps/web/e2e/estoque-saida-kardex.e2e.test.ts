import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aba,
  abrirNavegador,
  definirTemaEscuro,
  escolherOpcao,
  fazerLogin,
  novaAba,
  USUARIOS,
} from './apoio.ts';
import {
  apiDoEstoque,
  custo,
  decimalApi,
  enxuto,
  esperarTelasOcupadas,
  fotografarTemas,
  kg,
  lojasDemo,
  Modelo,
  moeda,
  novoId,
  type Posicao,
  posicaoNaLoja,
  seis,
  sessoesDoEstoque,
  valor,
} from './estoque-apoio.ts';
import { fecharAvisos, requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// The stock ledger's screens in Chromium (issue 17), as the stock keeper: 15 kg of cheese in by API (two
// purchases at different costs) on top of the demo's opening stock, then through the screens a loss of 1,5 kg posted once under a double click,
// the balance down, an exit bigger than the balance refused by the store with the product, store and balance
// named, an exit dated inside a closed period refused with the closing date, the kardex with every move, its
// running balance and average, the exit reversed, and the position report with quantity and value, its kardex
// link, print and CSV. Every figure is the opening stock read before (balance and average) plus what the test
// moved, through the weighted-average model of estoque-apoio.ts. Pictures of the three screens in both themes
// under /tmp/shots-telas-estoque.

const baseUrl = urlDoServidor();
esperarTelasOcupadas();
const PASTA = process.env.SHOTS_TELAS_ESTOQUE ?? '/tmp/shots-telas-estoque';
let navegador: Browser;
let aba: Aba;
let pagina: Page;
let token = '';
let admin = '';
let centro = '';
let mussarela = '';
const QUEIJO = 'Queijo Mussarela (kg)';
const modelo = new Modelo();
/** The cheese after each step: the opening stock, the two purchases, the loss. */
let abertura: Posicao = { saldo: 0n, medio: 0n };
let depoisCompra1: Posicao = abertura;
let depoisCompras: Posicao = abertura;
let depoisPerda: Posicao = abertura;
const PERDA = seis('1.5');
let valorPerda = 0n;
/** A figure as the spreadsheet has it: no thousands separator, no trailing zeros. */
const planilha = (v: bigint, escala: number) => enxuto(v * 10n ** BigInt(6 - escala)).replace(/\./g, '');
const escaparRegex = (t: string) => t.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');

const api = apiDoEstoque(baseUrl, () => ({ token, empresa: centro }));

const fotografar = (nome: string) => fotografarTemas(pagina, PASTA, nome);

/** Both themes of an open dialog: the theme button is behind it, so it is closed, the theme switched, reopened. */
async function fotografarDialogo(nome: string, abrir: () => Promise<void>) {
  mkdirSync(PASTA, { recursive: true });
  await fecharAvisos(pagina);
  const fechar = async () => {
    await pagina.locator('.ant-modal:visible').getByRole('button', { name: 'Cancelar' }).click();
    await pagina.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  };
  for (const escuro of [false, true]) {
    if (escuro) {
      await fechar();
      await definirTemaEscuro(pagina, true);
      await abrir();
    }
    await pagina.waitForTimeout(400);
    await pagina.screenshot({ path: `${PASTA}/${nome}-${escuro ? 'escuro' : 'claro'}.png` });
  }
  await fechar();
  await definirTemaEscuro(pagina, false);
  await abrir();
}

async function escolherProduto(id: string, busca: string, nome: string) {
  await pagina.locator(`#${id}`).click();
  await pagina.locator(`#${id}`).fill(busca);
  await pagina
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: nome })
    .first()
    .click();
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  const sessoes = await sessoesDoEstoque(baseUrl);
  token = sessoes.token;
  admin = sessoes.admin;
  const lojas = await lojasDemo(baseUrl, admin);
  centro = lojas.centro;
  const [produto] = await api<{ _id: string }[]>('POST', 'produtoGeral/getPopulate', {
    filtro: { descricao: 'Queijo Mussarela (kg)' },
  });
  mussarela = produto?._id ?? '';
  expect(centro && mussarela).toBeTruthy();
  // Setup: two purchases (10 kg at 36,90, then 5 kg at 40,00) on top of the opening stock, and the store
  // refuses negative stock (its stock tab).
  abertura = await posicaoNaLoja(api, centro, mussarela);
  modelo.partir(QUEIJO, abertura);
  for (const [nf, quantidade, custoUnitario] of [
    [300, '10', '36.90'],
    [200, '5', '40.00'],
  ] as const) {
    await api('POST', 'estoque/entrada', {
      _id: novoId(),
      empresa: centro,
      documento: `NF ${nf}`,
      itens: [{ produto: mussarela, quantidade, custoUnitario }],
    });
    modelo.entrada(QUEIJO, seis(quantidade), seis(custoUnitario));
    if (nf === 300) depoisCompra1 = modelo.get(QUEIJO);
  }
  depoisCompras = modelo.get(QUEIJO);
  expect(await posicaoNaLoja(api, centro, mussarela)).toEqual(depoisCompras);
  valorPerda = -modelo.aoMedio(QUEIJO, -PERDA);
  depoisPerda = modelo.get(QUEIJO);
  const loja = await requisitarApi<Record<string, unknown>>(baseUrl, admin, 'GET', `empresa/${centro}`);
  await requisitarApi(baseUrl, admin, 'PUT', `empresa/${centro}`, {
    ...loja,
    configuracoesEstoque: {
      ...((loja.configuracoesEstoque as Record<string, unknown> | null) ?? {}),
      permitirEstoqueNegativo: false,
    },
  });
  aba = await novaAba(navegador, { width: 1366, height: 800 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

describe('estoque: saída manual, kardex e posição', () => {
  it('posts a loss once under a double click and the balance drops', async () => {
    await pagina.goto(`${baseUrl}/#/estoqueSaidaManual`);
    await pagina.getByTestId('formulario-saida').waitFor();
    await escolherOpcao(pagina, 'saida-motivo', 'Perda');
    await escolherProduto('saida-produto-0', 'mussarela', 'Queijo Mussarela (kg)');
    const linhas = pagina.getByTestId('linhas-saida');
    await expect
      .poll(() => linhas.getByTestId('saldo-atual').first().textContent())
      .toBe(`${kg(depoisCompras.saldo)} KG`);
    await expect(linhas.textContent()).resolves.toContain(custo(depoisCompras.medio));
    await pagina.locator('#saida-quantidade-0').fill('1,5');
    await expect
      .poll(() => linhas.getByTestId('saldo-apos').first().textContent())
      .toContain(`${kg(depoisPerda.saldo)} KG`);
    // 1,5 × the average, to the cent.
    await expect.poll(() => pagina.getByTestId('total-saida').textContent()).toBe(moeda(valorPerda));
    await pagina.locator('#saida-observacao').fill('Caiu da bancada');
    await fotografar('saida-manual-formulario');
    await pagina.getByRole('button', { name: 'Lançar saída' }).dblclick();
    await pagina.locator('.ant-notification-notice').filter({ hasText: 'Saída lançada' }).first().waitFor();

    // One document, one move, however many clicks.
    const saidas = await api<{ _id: string; itens: { quantidade: string; valor: string }[] }[]>(
      'GET',
      `estoque/saidaManual?empresa=${centro}`,
    );
    expect(saidas).toHaveLength(1);
    expect(saidas[0]?.itens.map((i) => [i.quantidade, i.valor])).toEqual([
      ['1.500000', decimalApi(valorPerda, 2, 2)],
    ]);

    // The document just posted opens in the list below, and the form is new and empty.
    const itens = pagina.getByTestId(`itens-saida-${saidas[0]?._id}`);
    await itens.waitFor();
    await expect(itens.textContent()).resolves.toContain('1,500 KG');
    await expect(pagina.locator('#saida-quantidade-0').inputValue()).resolves.toBe('');
    await escolherProduto('saida-produto-0', 'mussarela', 'Queijo Mussarela (kg)');
    await expect
      .poll(() => linhas.getByTestId('saldo-atual').first().textContent())
      .toBe(`${kg(depoisPerda.saldo)} KG`);
  });

  it('shows the store refusing an exit bigger than the balance, and nothing is written', async () => {
    // 6,5 kg more than the shelf has.
    const pedido = depoisPerda.saldo + seis('6.5');
    await pagina.locator('#saida-quantidade-0').fill(enxuto(pedido).replace(/\./g, ''));
    await expect.poll(() => pagina.getByTestId('saldo-apos').first().textContent()).toContain('-6,500 KG');
    await escolherOpcao(pagina, 'saida-motivo', 'Quebra');
    await pagina.getByRole('button', { name: 'Lançar saída' }).click();
    const recusa = pagina.getByTestId('recusa-saida');
    await recusa.waitFor();
    await expect(recusa.textContent()).resolves.toContain(
      `Estoque insuficiente: Queijo Mussarela (kg) na loja Pizzaria Exemplo Centro tem saldo ${enxuto(depoisPerda.saldo).replace(/\./g, '')} e a quantidade pedida é ${enxuto(pedido).replace(/\./g, '')}.`,
    );
    await fotografar('saida-manual-recusa');
    const saidas = await api<unknown[]>('GET', `estoque/saidaManual?empresa=${centro}`);
    expect(saidas).toHaveLength(1);
    // A form the server cannot take is told before it is sent: 'outro' needs its text.
    await pagina.locator('#saida-observacao').fill('');
    await escolherOpcao(pagina, 'saida-motivo', 'Outro');
    await pagina.locator('#saida-quantidade-0').fill('1');
    await pagina.getByRole('button', { name: 'Lançar saída' }).click();
    await expect.poll(() => recusa.textContent()).toContain('Descreva o motivo da saída em Observação.');

    // A closed period: the store's stock is closed up to two days ago, and an exit dated three days ago is
    // refused with the closing date and what to do.
    const diaSaoPaulo = (dias: number, comHora: boolean) =>
      new Intl.DateTimeFormat('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(comHora ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
      })
        .format(new Date(Date.now() - dias * 86_400_000))
        .replace(',', '');
    const [d, m, a] = diaSaoPaulo(2, false).split('/');
    await api('POST', 'estoque/periodo/fechar', { empresa: centro, ate: `${a}-${m}-${d}` });
    await pagina.locator('#saida-observacao').fill('Contagem antiga');
    await pagina.locator('#saida-data').click();
    await pagina.locator('#saida-data').fill(diaSaoPaulo(3, true));
    await pagina.locator('#saida-data').press('Enter');
    await pagina.getByRole('button', { name: 'Lançar saída' }).click();
    await expect
      .poll(() => recusa.textContent())
      .toContain(`O estoque da loja Pizzaria Exemplo Centro está fechado até ${diaSaoPaulo(2, false)}`);
    await expect(recusa.textContent()).resolves.toContain('Reabra o período para lançar.');
    expect(await api<unknown[]>('GET', `estoque/saidaManual?empresa=${centro}`)).toHaveLength(1);
    // (The date box has a clear icon of the same name.)
    await pagina.locator('button', { hasText: 'Limpar' }).click();
    await expect(pagina.locator('#saida-data').inputValue()).resolves.toBe('');
  });

  it('kardex: every move newest first with its running balance and average', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioMovimentacaoProdutos`);
    await escolherProduto('kardex-produto', 'mussarela', 'Queijo Mussarela (kg)');
    const tabela = pagina.getByTestId('tabela-kardex');
    // The loss, the two purchases and, oldest, the demo's opening stock.
    const linhas = [depoisPerda, depoisCompras, depoisCompra1, ...(abertura.saldo ? [abertura] : [])];
    await expect
      .poll(() => tabela.getByTestId('kardex-saldo').allTextContents())
      .toEqual(linhas.map((p) => kg(p.saldo)));
    await expect(tabela.getByTestId('kardex-quantidade').allTextContents()).resolves.toEqual([
      '-1,500',
      '+5,000',
      '+10,000',
      ...(abertura.saldo ? [`+${kg(abertura.saldo)}`] : []),
    ]);
    await expect(tabela.getByTestId('kardex-medio').allTextContents()).resolves.toEqual(
      linhas.map((p) => custo(p.medio)),
    );
    const texto = (await tabela.textContent()) ?? '';
    expect(texto).toContain('Perda - Caiu da bancada');
    expect(texto).toContain('Entrada NF 200');
    expect(texto).toContain(moeda(-valorPerda));
    // Entries of the page: 10 × 36,90 + 5 × 40,00 and the opening stock at its cost.
    const entradas = seis('369') / 10_000n + seis('200') / 10_000n + valor(abertura.saldo, abertura.medio);
    await expect(pagina.getByTestId('kardex-totais-valor').textContent()).resolves.toContain(moeda(entradas));
    await expect(pagina.getByTestId('kardex-saldo-atual').textContent()).resolves.toBe(
      `${kg(depoisPerda.saldo)} KG`,
    );
    // Store and product are in the address: the page can be reopened or shared.
    expect(pagina.url()).toContain(`produto=${mussarela}`);
    await fotografar('kardex');
  });

  it('reverses the exit with a reason, and the kardex shows the reversal', async () => {
    await pagina.goto(`${baseUrl}/#/estoqueSaidaManual`);
    const lista = pagina.getByTestId('lista-saidas');
    await lista.getByText('Caiu da bancada').click();
    const dialogo = pagina.locator('.ant-modal:visible');
    const abrirEstorno = async () => {
      await lista.getByRole('button', { name: 'Estornar' }).click();
      await dialogo.getByLabel('Motivo do estorno').waitFor();
    };
    await abrirEstorno();
    await expect(dialogo.textContent()).resolves.toContain('1,500 KG de Queijo Mussarela (kg)');
    await dialogo.getByRole('button', { name: 'Estornar' }).click();
    await expect(dialogo.getByRole('alert').textContent()).resolves.toBe('Informe o motivo do estorno.');
    await dialogo.getByLabel('Motivo do estorno').fill('Lançada na loja errada');
    await fotografarDialogo('saida-manual-estorno', async () => {
      await abrirEstorno();
      await dialogo.getByLabel('Motivo do estorno').fill('Lançada na loja errada');
    });
    await dialogo.getByRole('button', { name: 'Estornar' }).click();
    await lista.getByText('Estornada').waitFor();
    await fotografar('saida-manual-lista');

    await pagina.goto(`${baseUrl}/#/relatorioMovimentacaoProdutos?empresa=${centro}&produto=${mussarela}`);
    const tabela = pagina.getByTestId('tabela-kardex');
    // The page read this kardex before: its cached rows show first, the fresh ones a moment later.
    await expect
      .poll(() => tabela.getByTestId('kardex-saldo').allTextContents(), { timeout: 20_000 })
      .toEqual(
        [depoisCompras, depoisPerda, depoisCompras, depoisCompra1, ...(abertura.saldo ? [abertura] : [])].map(
          (p) => kg(p.saldo),
        ),
      );
    await expect(tabela.getByTestId('kardex-quantidade').first().textContent()).resolves.toBe('+1,500');
    await expect(tabela.textContent()).resolves.toContain('Lançada na loja errada');
    await expect(tabela.getByText('Estornado').count()).resolves.toBe(1);
    // A move is reversed once: the exit has no button left (the purchases and the opening entry keep theirs).
    await expect(tabela.getByRole('button', { name: 'Estornar' }).count()).resolves.toBe(
      abertura.saldo ? 3 : 2,
    );
  });

  it('position report: quantity and value per store, its chart, the kardex link and the CSV', async () => {
    // The stock keeper's store (Loja Shopping has its own opening stock of cheese).
    await pagina.goto(`${baseUrl}/#/relatorioEstoqueProduto?empresa=${centro}`);
    await pagina.locator('#posicao-busca').fill('mussarela');
    await pagina.locator('#posicao-busca').press('Enter');
    const tabela = pagina.getByTestId('tabela-posicao');
    // Every product of the store first, then the search's answer.
    await expect
      .poll(() => tabela.getByTestId('posicao-quantidade').allTextContents(), { timeout: 20_000 })
      .toEqual([kg(depoisCompras.saldo)]);
    // Quantity × average, to the cent.
    const valorQueijo = moeda(valor(depoisCompras.saldo, depoisCompras.medio));
    await expect(tabela.getByTestId('posicao-valor').allTextContents()).resolves.toEqual([valorQueijo]);
    await expect.poll(() => pagina.getByTestId('posicao-valor-total').textContent()).toContain(valorQueijo);
    await expect(pagina.getByTestId('grafico-empresas').textContent()).resolves.toContain(valorQueijo);
    await fotografar('posicao-estoque');

    // Print: the report as a plain table in a hidden frame (its HTML is caught as the frame is added).
    await pagina.evaluate(() => {
      const w = window as unknown as { impresso: string };
      w.impresso = '';
      new MutationObserver((mudancas) => {
        for (const m of mudancas)
          for (const n of m.addedNodes) if (n instanceof HTMLIFrameElement) w.impresso = n.srcdoc;
      }).observe(document.body, { childList: true });
    });
    await pagina.getByRole('button', { name: 'Imprimir' }).click();
    await expect
      .poll(() => pagina.evaluate(() => (window as unknown as { impresso: string }).impresso))
      .toMatch(
        new RegExp(
          `<h1>Estoque por Produto</h1>[\\s\\S]*Queijo Mussarela \\(kg\\)[\\s\\S]*${escaparRegex(valorQueijo)}`,
        ),
      );

    const [download] = await Promise.all([
      pagina.waitForEvent('download'),
      (async () => {
        await pagina.getByRole('button', { name: 'Exportar' }).click();
        await pagina.getByText('Exportar CSV').click();
      })(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Produto;Código;Unidade;Empresa;Quantidade;Custo;Valor');
    expect(csv).toContain(
      `Queijo Mussarela (kg);19;KG;Pizzaria Exemplo Centro;${planilha(depoisCompras.saldo, 6)};${planilha(depoisCompras.medio, 6)};${planilha(valor(depoisCompras.saldo, depoisCompras.medio), 2)};`,
    );

    await tabela.getByText('Queijo Mussarela (kg)').click();
    await pagina.waitForURL(/relatorioMovimentacaoProdutos/);
    await expect
      .poll(() => pagina.getByTestId('tabela-kardex').getByTestId('kardex-saldo').first().textContent())
      .toBe(kg(depoisCompras.saldo));
    expect(aba.erros).toEqual([]);
  });
});
