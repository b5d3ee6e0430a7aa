import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, escolherDigitando, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import {
  apiDoEstoque,
  decimalApi,
  esperarTelasOcupadas,
  fotografarTemas,
  lojasDemo,
  numero,
  type Posicao,
  posicaoNaLoja,
  seis,
  sessoesDoEstoque,
} from './estoque-apoio.ts';
import { fecharAvisos, requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Purchases in Chromium (issue 17), as the stock keeper: a real supplier NF-e (packages/fiscal fixtures) uploaded
// on Entrada de Nota Fiscal — five items linked by themselves through the supplier's codes, the first linked by
// hand with a box of 12 — posted to stock, the balance and the entry on the kardex, the posting reversed; a
// purchase order typed and sent, the supplier's next note received on it at the receipt date (the pending
// quantity shown before posting), the order partly received; the purchases report with its CSV. Pictures of
// each screen in both themes under /tmp/shots-compras.

const baseUrl = urlDoServidor();
esperarTelasOcupadas();
const PASTA = process.env.SHOTS_COMPRAS ?? '/tmp/shots-compras';
const AMOSTRA = new URL(
  '../../../packages/fiscal/test/fixtures/fiscal-ref/samples/nfe55/nfelib__35180834128745000152550010000474281920007498-nfe.xml',
  import.meta.url,
).pathname;
const XML = readFileSync(AMOSTRA, 'utf8');
const CHAVE = '35180834128745000152550010000474281920007498';

let navegador: Browser;
let aba: Aba;
let pagina: Page;
let token = '';
let admin = '';
let centro = '';
/** The buns of Loja Centro before the note (the demo's opening stock). */
let paesAntes: Posicao = { saldo: 0n, medio: 0n };
const produtos: Record<string, string> = {};
/** Attempts of the purchase-order test (a retry types a new order and receives a new note). */
let tentativasDoPedido = 0;
/** Supplier notes posted in this month (the purchases report sums them). */
let notasLancadasNoMes = 0;
/** pt-BR decimals as the report and its CSV write them (no thousands separator in the CSV). */
const decimais = (v: number, casas: number) => v.toFixed(casas).replace('.', ',');

const api = apiDoEstoque(baseUrl, () => ({ token, empresa: centro }));

/** The sample as the supplier's next note: another number, its key's check digit recomputed (MOC 4.00, 5.4). */
function outraNota(nNF: number): string {
  const base = `${CHAVE.slice(0, 25)}${String(nNF).padStart(9, '0')}${CHAVE.slice(34, 43)}`;
  let soma = 0;
  let peso = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    soma += Number(base[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  const chave = base + String(resto < 2 ? 0 : 11 - resto);
  return XML.replaceAll(CHAVE, chave).replace(/<nNF>\d+<\/nNF>/, `<nNF>${nNF}</nNF>`);
}

const fotografar = (nome: string) => fotografarTemas(pagina, PASTA, nome);

/** Switches the theme with a dialog or drawer open: its mask covers the theme button, so the click is dispatched. */
async function temaSobreposto(escuro: boolean) {
  const atual = await pagina.evaluate(() => localStorage.getItem('retaguarda.tema') === 'true');
  if (atual !== escuro) await pagina.getByTestId('alternar-tema').first().dispatchEvent('click');
  await pagina.waitForFunction(
    (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
    escuro,
  );
}

/** Both themes of what is on screen with a dialog or drawer open (the window, not the whole page). */
async function fotografarSobreposto(nome: string) {
  mkdirSync(PASTA, { recursive: true });
  await fecharAvisos(pagina);
  for (const escuro of [false, true]) {
    await temaSobreposto(escuro);
    await pagina.waitForTimeout(700);
    await pagina.screenshot({ path: `${PASTA}/${nome}-${escuro ? 'escuro' : 'claro'}.png` });
  }
  await temaSobreposto(false);
}

/** Picks an option of a searchable select by typing in it. */
/** Types in the select and clicks the option; until the select shows it (a list that closed under the click on a
 * loaded machine picked nothing), as a person would look and pick again. */
const escolher = (campo: Locator, busca: string, opcao: string) =>
  escolherDigitando(pagina, campo, busca, opcao);

const cartao = () => pagina.locator('.ant-card').filter({ hasText: 'NF-e nº' }).first();
const linhaDoItem = (n: number) =>
  cartao()
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ has: pagina.locator('td', { hasText: new RegExp(`^${n}$`) }) })
    .first();

beforeAll(async () => {
  navegador = await abrirNavegador();
  const sessoes = await sessoesDoEstoque(baseUrl);
  token = sessoes.token;
  admin = sessoes.admin;
  const lojas = await lojasDemo(baseUrl, admin);
  centro = lojas.centro;
  for (const d of [
    'Pão de Hambúrguer',
    'Ovo',
    'Cebola',
    'Azeitona Verde',
    'Farinha de Trigo',
    'Óleo de Soja',
  ]) {
    const [p] = await api<{ _id: string }[]>('POST', 'produtoGeral/getPopulate', {
      filtro: { descricao: d },
    });
    produtos[d] = p?._id ?? '';
  }
  expect(centro && Object.values(produtos).every(Boolean)).toBeTruthy();
  // The supplier is registered and knows five of its codes (an earlier note taught them); item 1 (1208) is new.
  const fornecedor = await requisitarApi<{ _id: string }>(baseUrl, admin, 'POST', 'pessoa', {
    nome: 'Alimentos Ltda.',
    tiposPessoa: ['Fornecedor'],
    cpfCnpj: '34128745000152',
  });
  for (const [codigo, produto] of [
    ['1210', 'Ovo'],
    ['1211', 'Cebola'],
    ['1078', 'Azeitona Verde'],
    ['1147', 'Farinha de Trigo'],
    ['1178', 'Óleo de Soja'],
  ] as const) {
    await api('POST', 'estoqueProdutoFornecedor', {
      produtoGeral: produtos[produto],
      fornecedor: fornecedor._id,
      codigoProdutoFornecedor: codigo,
      fatorConversao: '1',
    });
  }
  aba = await novaAba(navegador, { width: 1366, height: 800 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

describe('compras: NF-e no estoque, pedido de compra e relatório', () => {
  let nota = '';

  it('posts a supplier NF-e: five items by supplier code, item 1 by hand as a box of 12; balance and kardex', async () => {
    // The buns the store has before the note (the demo's opening stock): the note adds 72.
    paesAntes = await posicaoNaLoja(api, centro, produtos['Pão de Hambúrguer'] ?? '');
    await pagina.goto(`${baseUrl}/#/entradaNotaFiscal`);
    await pagina.locator('input[type="file"]').setInputFiles(AMOSTRA);
    await pagina.getByText('NF-e nº 47428 de Alimentos Ltda. importada.').waitFor();
    nota = new URL(pagina.url().replace('#/', '')).searchParams.get('nota') ?? '';
    expect(nota).toMatch(/^[0-9a-f]{24}$/);
    await expect.poll(() => cartao().getByText('Vinculado pelo código do fornecedor').count()).toBe(5);
    await escolher(linhaDoItem(1).locator('.ant-select'), 'Pão de Hamb', 'Pão de Hambúrguer');
    await pagina.getByLabel('Fator de conversão do item 1').fill('12');
    // 6 UN of the supplier × 12 = 72 stock units at (42,93 + 7,67 freight) / 72.
    await expect.poll(() => linhaDoItem(1).textContent()).toContain('72');
    await expect(linhaDoItem(1).textContent()).resolves.toContain('R$ 0,7028');
    await fotografar('entrada-nota-vinculos');

    await cartao().getByRole('button', { name: 'Lançar no estoque' }).click();
    await pagina.locator('.ant-modal:visible').getByText('Data de entrada no estoque').waitFor();
    await fotografarSobreposto('entrada-nota-lancar');
    const dialogo = pagina.locator('.ant-modal:visible');
    await dialogo.getByText('Os vínculos alterados serão salvos antes do lançamento.').waitFor();
    await dialogo.getByRole('button', { name: 'Lançar no estoque' }).click();
    await pagina.getByText('NF-e nº 47428 lançada no estoque: 6 itens, R$ 347,28.').waitFor();
    await cartao().getByTestId('status-entrada').getByText('Lançada no estoque').waitFor();
    await cartao().getByText('Lançado no estoque em 07/08/2018').waitFor();
    await fotografar('entrada-nota-lancada');

    // The balance and the entry on the kardex of the product, in stock units.
    await pagina.goto(
      `${baseUrl}/#/relatorioMovimentacaoProdutos?empresa=${centro}&produto=${produtos['Pão de Hambúrguer']}`,
    );
    // The note entered on its 2018 date, under the opening stock of today.
    const kardex = pagina.getByTestId('tabela-kardex');
    const linhaNota = kardex.locator('tbody tr.ant-table-row').filter({ hasText: 'NF-e 47428/1' });
    await expect.poll(() => linhaNota.getByTestId('kardex-quantidade').textContent()).toBe('+72');
    const depois = paesAntes.saldo + seis('72');
    await expect(pagina.getByTestId('kardex-saldo-atual').textContent()).resolves.toMatch(
      new RegExp(`^${numero(depois, 6, 0)}\\b`),
    );
    await fotografar('kardex-entrada-nota');
    const posicao = await api<{ itens: { quantidade: string }[] }>(
      'GET',
      `estoque/posicao?empresa=${centro}&busca=${encodeURIComponent('Pão de Hambúrguer')}`,
    );
    expect(posicao.itens[0]?.quantidade).toBe(decimalApi(depois, 6, 6));
  });

  it('reverses the posting with a reason', async () => {
    await pagina.goto(`${baseUrl}/#/entradaNotaFiscal?nota=${nota}`);
    await cartao().getByRole('button', { name: 'Estornar lançamento' }).click();
    const dialogo = pagina.locator('.ant-modal:visible');
    await dialogo.getByLabel('Motivo do estorno').fill('Mercadoria devolvida ao fornecedor');
    await dialogo.getByRole('button', { name: 'Estornar' }).click();
    await pagina.getByText('Lançamento da NF-e nº 47428 estornado.').waitFor();
    await cartao().getByTestId('status-entrada').getByText('Lançamento estornado').waitFor();
    const posicao = await api<{ itens: { quantidade: string }[] }>(
      'GET',
      `estoque/posicao?empresa=${centro}&busca=${encodeURIComponent('Pão de Hambúrguer')}`,
    );
    expect(posicao.itens[0]?.quantidade).toBe(decimalApi(paesAntes.saldo, 6, 6));
  });

  it('a purchase order typed and sent is received in part by the next note at the receipt date', async () => {
    // Retry-safe (the suite runs a failed test once more): a second attempt types another order and receives
    // another note, so the order's number is read from the screen and the note's number is new each time.
    tentativasDoPedido++;
    const nNF = 47499 + tentativasDoPedido;
    await pagina.goto(`${baseUrl}/#/estoquePedidoCompra`);
    await pagina.getByRole('button', { name: 'Novo pedido' }).click();
    const gaveta = pagina.locator('.ant-drawer:visible');
    await escolher(gaveta.locator('#pedido-fornecedor'), 'Alimentos', 'Alimentos Ltda.');
    await escolher(gaveta.locator('#pedido-produto-1'), 'Pão de Hamb', 'Pão de Hambúrguer');
    await escolher(gaveta.locator('#pedido-unidade-1'), 'CX', 'CX');
    await gaveta.getByLabel('Fator de conversão do item 1').fill('12');
    await gaveta.getByLabel('Quantidade do item 1').fill('10');
    await gaveta.getByLabel('Preço unitário do item 1').fill('8,40');
    await gaveta.getByText('R$ 84,00').first().waitFor();
    await fotografarSobreposto('pedido-compra-novo');
    await gaveta.getByRole('button', { name: 'Salvar e enviar ao fornecedor' }).click();
    const aviso = pagina.getByText(/^Pedido nº \d+ enviado ao fornecedor\.$/);
    await aviso.waitFor();
    const numeroPedido = /nº (\d+)/.exec((await aviso.textContent()) ?? '')?.[1];
    expect(numeroPedido).toBeDefined();
    await pagina
      .locator('.ant-drawer:visible')
      .getByText('Nenhuma nota recebida ainda.', { exact: false })
      .waitFor();

    // The supplier's next note: all six items link by themselves now (item 1 was remembered as a box of 12).
    const segunda = await api<{ _id: string }>('POST', 'uploadXmlNfe', {
      xml: outraNota(nNF),
      empresa: centro,
    });
    await pagina.goto(`${baseUrl}/#/entradaNotaFiscal?nota=${segunda._id}`);
    await expect.poll(() => cartao().getByText('Vinculado pelo código do fornecedor').count()).toBe(6);
    await cartao().getByRole('button', { name: 'Lançar no estoque' }).click();
    const dialogo = pagina.locator('.ant-modal:visible');
    await dialogo.getByText('Data do recebimento').click();
    await escolher(dialogo.locator('#lancar-pedido'), 'Pedido', `Pedido nº ${numeroPedido}`);
    const conferencia = dialogo.locator('.ant-table-tbody tr.ant-table-row').first();
    // Ordered 10 boxes, this note brings 6, 4 still pending. (A clean-clone run with another file's server and
    // browsers on the same 2 cores did not draw it within the default 15 s; alone it takes a second.)
    await expect
      .poll(() => conferencia.locator('td').allTextContents(), { timeout: 45_000 })
      .toEqual(['Pão de Hambúrguer', 'CX', '10', '0', '6', '4', '0']);
    await dialogo.getByText('Fora do pedido (entram só no estoque)', { exact: false }).waitFor();
    await fotografarSobreposto('entrada-nota-pedido');
    await dialogo.getByRole('button', { name: 'Lançar no estoque' }).click();
    await pagina.getByText(`NF-e nº ${nNF} lançada no estoque: 6 itens, R$ 347,28.`).waitFor();
    notasLancadasNoMes++;
    await cartao().getByText(`pedido de compra nº ${numeroPedido}`).waitFor();

    await pagina.goto(`${baseUrl}/#/estoquePedidoCompra?status=parcial`);
    const linha = pagina.locator('.ant-table-tbody tr.ant-table-row').first();
    await linha.getByText('Recebido em parte').waitFor();
    await fotografar('pedido-compra-lista');
    await linha.getByRole('button', { name: 'Abrir' }).click();
    const detalhe = pagina.locator('.ant-drawer:visible');
    await detalhe.getByText(`${nNF}/1`).waitFor();
    await fotografarSobreposto('pedido-compra-recebido-em-parte');
    await detalhe.locator('.ant-drawer-close').click();
    await detalhe.waitFor({ state: 'hidden' });
  });

  it('purchases report of the month with its CSV', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioEstoqueCompras`);
    await pagina.getByRole('button', { name: 'Gerar' }).click();
    const tabela = pagina.locator('.ant-table').last();
    const pao = tabela.locator('tr.ant-table-row').filter({ hasText: 'Pão de Hambúrguer' });
    await pao.waitFor();
    // 72 UN at 50,60 a note (the reversed note of 2018 is out of the month and out of the report anyway); one note
    // unless the purchase-order test ran twice. Intl writes 'R$\u00a050,60'.
    const n = notasLancadasNoMes;
    expect(n).toBeGreaterThan(0);
    const textoPao = ((await pao.textContent()) ?? '').replace(/\u00a0/g, ' ');
    expect(textoPao).toContain(`R$ ${decimais(50.6 * n, 2)}`);
    expect(textoPao).toContain(String(72 * n));
    await fotografar('relatorio-compras');
    const [download] = await Promise.all([
      pagina.waitForEvent('download'),
      pagina.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^compras-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const caminho = await download.path();
    const csv = readFileSync(caminho, 'utf8');
    expect(csv).toContain('Produto;Unidade;Quantidade;Notas;Valor');
    expect(csv).toContain(`Pão de Hambúrguer;UN;${decimais(72 * n, 6)};${n};${decimais(50.6 * n, 2)}`);
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe(`Total;;;${n};${decimais(347.28 * n, 2)};;;`);
    expect(aba.erros).toEqual([]);
  });
});
