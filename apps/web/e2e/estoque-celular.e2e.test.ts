import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import {
  apiDoEstoque,
  esperarTelasOcupadas,
  fotografarTemas,
  lojasDemo,
  novoId,
  sessoesDoEstoque,
} from './estoque-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// The stock screens a stock keeper uses on a phone (390 × 844), signed in as the demo's stock keeper: typing a
// count on the shelf, a manual exit, receiving a transfer, the kardex. On each, in both themes, the page never
// scrolls sideways (a wide table scrolls inside its own box) and the buttons of the task are on the screen.
// Pictures under /tmp/shots-estoque-celular.

const baseUrl = urlDoServidor();
esperarTelasOcupadas();
const PASTA = process.env.SHOTS_ESTOQUE_CELULAR ?? '/tmp/shots-estoque-celular';
const CELULAR = { width: 390, height: 844 };
let navegador: Browser;
let aba: Aba;
let pagina: Page;
let token = '';
let centro = '';
let shopping = '';
let mussarela = '';
let inventario = '';
let transferencia = '';

const api = apiDoEstoque(baseUrl, () => ({ token, empresa: centro }));

/** The page's width is the phone's: nothing pushes it sideways. */
async function semRolagemLateral() {
  const largura = await pagina.evaluate(() => document.documentElement.scrollWidth);
  expect(largura, 'a página rola para o lado').toBeLessThanOrEqual(CELULAR.width);
}

/** The element is inside the phone's width (a button one can reach without scrolling sideways). */
async function naTela(testIdOuNome: { testId?: string; botao?: string }) {
  const alvo = testIdOuNome.testId
    ? pagina.getByTestId(testIdOuNome.testId).first()
    : pagina.getByRole('button', { name: testIdOuNome.botao }).first();
  await alvo.scrollIntoViewIfNeeded();
  const caixa = await alvo.boundingBox();
  expect(caixa, JSON.stringify(testIdOuNome)).not.toBeNull();
  expect((caixa?.x ?? -1) >= 0 && (caixa?.x ?? 0) + (caixa?.width ?? 0) <= CELULAR.width).toBe(true);
}

async function fotografar(nome: string) {
  await pagina.evaluate(() => window.scrollTo(0, 0));
  await fotografarTemas(pagina, PASTA, nome);
  await semRolagemLateral();
}

async function ir(rota: string) {
  await pagina.evaluate((r) => {
    window.location.hash = `#/${r}`;
  }, rota);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  const sessoes = await sessoesDoEstoque(baseUrl);
  token = sessoes.token;
  const lojas = await lojasDemo(baseUrl, sessoes.admin);
  centro = lojas.centro;
  shopping = lojas.shopping;
  const [produto] = await api<{ _id: string }[]>(
    'GET',
    `estoque/produtos?empresa=${centro}&busca=${encodeURIComponent('Queijo Mussarela')}`,
  );
  mussarela = produto?._id ?? '';
  expect(centro && shopping && mussarela).toBeTruthy();
  // A count of the cold room in Loja Centro, and a transfer of cheese shipped from Centro to Shopping (the demo's
  // opening stock is on the shelves).
  inventario = novoId();
  await api('POST', 'estoque/inventario', {
    _id: inventario,
    empresa: centro,
    descricao: 'Câmara fria - celular',
    cega: false,
    filtro: {
      produtos: 'controlados',
      agrupadores: [],
      localizacoes: ['Câmara fria'],
      somenteComSaldo: false,
    },
  });
  transferencia = novoId();
  await api('POST', 'estoque/transferencia', {
    _id: transferencia,
    empresaOrigem: centro,
    empresaDestino: shopping,
    itens: [{ produto: mussarela, quantidade: '2' }],
    enviar: true,
  });
  aba = await novaAba(navegador, CELULAR);
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

describe('estoque no celular (390 × 844)', () => {
  it('typing a count on the shelf', async () => {
    await ir(`estoqueInventario?inventario=${inventario}`);
    await pagina.getByTestId('folha-contagem').waitFor();
    const busca = pagina.locator('#inv-busca');
    await busca.fill('mussarela');
    await busca.press('Enter');
    await expect
      .poll(() => pagina.getByTestId('produto-escolhido').textContent())
      .toContain('Queijo Mussarela');
    await pagina.locator('#inv-quantidade').fill('24,5');
    await pagina.locator('#inv-quantidade').press('Enter');
    await pagina.getByTestId('ultimo-gravado').getByText('Queijo Mussarela (kg): 24,5').waitFor();
    await naTela({ testId: 'ultimo-gravado' });
    await naTela({ botao: 'Concluir contagem' });
    await fotografar('inventario-contagem');
  });

  it('a manual exit', async () => {
    await ir('estoqueSaidaManual');
    await pagina.getByTestId('formulario-saida').waitFor();
    await pagina.locator('#saida-produto-0').click();
    await pagina.locator('#saida-produto-0').fill('mussarela');
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Queijo Mussarela (kg)' })
      .first()
      .click();
    await pagina.locator('#saida-quantidade-0').fill('0,5');
    await expect.poll(() => pagina.getByTestId('saldo-apos').first().textContent()).toMatch(/KG/);
    await naTela({ botao: 'Lançar saída' });
    await fotografar('saida-manual');
  });

  it('receiving a transfer at Loja Shopping', async () => {
    await ir('');
    await pagina.getByTestId('trocar-empresa').click();
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Shopping' })
      .click();
    await pagina.getByTestId('trocar-empresa').getByText('Shopping').waitFor();
    await ir(`estoqueTransferencia?transferencia=${transferencia}`);
    const detalhe = pagina.getByTestId('detalhe-transferencia');
    await detalhe.getByRole('button', { name: 'Receber' }).click();
    const recebimento = pagina.getByTestId('recebimento');
    await recebimento.waitFor();
    await recebimento.getByLabel('Quantidade recebida da linha 1').fill('1,5');
    await recebimento.getByLabel('Motivo da divergência da linha 1').fill('Pacote aberto');
    await naTela({ botao: 'Confirmar recebimento' });
    await fotografar('transferencia-recebimento');
  });

  it('the kardex of the cheese: one card per move, nothing cut, no sideways scroll', async () => {
    await ir(`relatorioMovimentacaoProdutos?empresa=${centro}&produto=${mussarela}`);
    const kardex = pagina.getByTestId('tabela-kardex');
    await kardex.getByTestId('kardex-saldo').first().waitFor();
    await naTela({ testId: 'kardex-atualizar' });
    await naTela({ testId: 'kardex-saldo-atual' });
    // Cards, not a table that scrolls inside its box: the transfer's exit is on the first card with its figures.
    expect(await kardex.locator('table').count()).toBe(0);
    const cartoes = kardex.getByTestId('kardex-cartao');
    await expect.poll(() => cartoes.count()).toBeGreaterThanOrEqual(2);
    const primeiro = cartoes.first();
    expect(await primeiro.textContent()).toContain('Transferência');
    for (const rotulo of ['Quantidade', 'Valor', 'Saldo', 'Custo unit.', 'Custo médio']) {
      expect(await primeiro.textContent()).toContain(rotulo);
    }
    await expect.poll(() => primeiro.getByTestId('kardex-quantidade').textContent()).toMatch(/^-2(,0+)?$/);
    // Nothing cut: every card and every figure is inside the phone's width and not clipped by its box.
    const cortados = await kardex.evaluate((el, largura) => {
      const fora: string[] = [];
      for (const c of el.querySelectorAll<HTMLElement>(
        '[data-testid="kardex-cartao"], [data-testid="kardex-cartao"] *',
      )) {
        const r = c.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < 0 || r.right > largura || c.scrollWidth > c.clientWidth + 1)
          fora.push(c.textContent ?? '');
      }
      return fora;
    }, CELULAR.width);
    expect(cortados).toEqual([]);
    await naTela({ testId: 'kardex-totais' });
    const rolagem = await pagina.evaluate(() => {
      const e = document.scrollingElement ?? document.documentElement;
      return { scrollWidth: e.scrollWidth, clientWidth: e.clientWidth };
    });
    expect(rolagem.scrollWidth, 'a página rola para o lado').toBeLessThanOrEqual(rolagem.clientWidth);
    await fotografar('kardex');
    expect(aba.erros).toEqual([]);
  });
});
