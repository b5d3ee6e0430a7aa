import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aba,
  abrirNavegador,
  capturar,
  definirTemaEscuro,
  desligarHappyHours,
  fazerLogin,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import {
  abrirFrenteLoja,
  buscarELancar,
  capturarDialogo,
  capturarTemas,
  fecharAvisos,
  garantirCaixaAberto,
  liberarComSupervisor,
  TELA,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Orders reach the kitchen from the POS as the store works (issue 13 point 2), each step through the screens
// of the person whose job it is: the waiter launches table items and presses 'Enviar para cozinha' (and F10,
// and leaving the table sends the rest) and the kitchen's KDS shows them at once; a counter sale finished
// by the cashier reaches the KDS; a delivery launched at the POS reaches the KDS and, bumped, shows as produced
// at the rider departure. And a table moved onto an occupied one asks before merging (point 7).

const baseUrl = urlDoServidor();
const GARCOM = USUARIOS.garcom;
const COZINHA = USUARIOS.cozinha;
let navegador: Browser;
const abas: Aba[] = [];
const estacoes: Record<string, string> = {};
let tentativasJuntar = 0;

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  // Setup only: the demo kitchen's station ids, to open each KDS screen at its address.
  const token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const empresas = (await (
    await fetch(`${baseUrl}/api/empresa/getPopulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, version: 'e2e' },
      body: JSON.stringify({ filtro: { descricao: 'Loja Centro' } }),
    })
  ).json()) as { data: { _id: string }[] };
  const empresa = empresas.data[0]?._id ?? '';
  const lista = (await (
    await fetch(`${baseUrl}/api/kds/estacoes`, { headers: { token, version: 'e2e', empresa } })
  ).json()) as { data: { _id: string; descricao: string }[] };
  for (const e of lista.data) estacoes[e.descricao] = e._id;
});
afterAll(async () => {
  for (const a of abas) await a.contexto.close();
  await navegador?.close();
});

async function aba(viewport = TELA): Promise<Aba> {
  const a = await novaAba(navegador, viewport);
  abas.push(a);
  return a;
}

/** The kitchen user's station screen (Loja Centro), online (its socket joined the store room). */
async function kds(estacao: string): Promise<Page> {
  const { pagina } = await aba({ width: 1366, height: 768 });
  await fazerLogin(pagina, baseUrl, COZINHA.email, COZINHA.senha, 'Loja Centro');
  await pagina.goto(`${baseUrl}/#/frenteLoja/kds/${estacoes[estacao]}`);
  await pagina.getByTestId('titulo-estacao').getByText(estacao).waitFor();
  await pagina.getByText('Online').waitFor();
  return pagina;
}

const pedido = (pagina: Page, texto: string): Locator =>
  pagina.locator('[data-testid^="pedido-"]').filter({ hasText: texto });

const itensKds = async (cartao: Locator) =>
  (await cartao.getByTestId('item-kds').allInnerTexts()).map((t) => t.split('\n')[0] ?? '');

/** Clicks (or presses) and answers how long the kitchen card took to show `esperado` items. */
async function medir(acao: () => Promise<void>, cartao: Locator, esperado: number): Promise<number> {
  const inicio = Date.now();
  await acao();
  await expect
    .poll(async () => (await cartao.count()) > 0 && (await cartao.getByTestId('item-kds').count()), {
      timeout: 10_000,
      interval: 20,
    })
    .toBe(esperado);
  return Date.now() - inicio;
}

// The spec's "within 1 s" is held where it is the server's (kds.int: the socket event < 1 s after the sale's
// commit). Here it is a click in one browser to a card drawn in another, through the POS's request, on 2 cores shared with another test file's server and browsers (CI
// saw 1.0 and 3.4 s): bounded at 5 s, which an event lost or left for a later poll still fails.
const ATE_A_COZINHA_MS = 5000;

async function abrirMesa(pagina: Page, n: number) {
  await pagina.getByLabel('Número da mesa').fill(String(n));
  await pagina.getByLabel('Número da mesa').press('Enter');
  await pagina.getByText(`Mesa ${n}`).first().waitFor();
}

// Four long flows through several screens: more time than one screen's test when the machine is busy.
describe('Frente Loja: orders reach the kitchen', { timeout: 240_000 }, () => {
  it('the waiter sends table items (button, F10, leaving the table) and the KDS shows them at once', async () => {
    const cozinha = await kds('Cozinha Quente');
    const bar = await kds('Bar');
    const { pagina, erros } = await aba();
    await abrirFrenteLoja(pagina, baseUrl, GARCOM);
    await pagina.getByTestId('modos').getByText('Mesa', { exact: true }).click();
    await abrirMesa(pagina, 41);
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    await buscarELancar(pagina, 'refrigerante lata');
    await pagina.getByTestId('item-2').waitFor();
    await pagina.getByText('Gravada').waitFor();
    // Launched, not sent: the kitchen has nothing, the lines carry no 'Enviado' tag.
    await pagina.waitForTimeout(500);
    expect(await pedido(cozinha, 'Mesa 41').count()).toBe(0);
    expect(await pagina.getByTestId('item-1-enviado').count()).toBe(0);
    expect(await pagina.getByTestId('enviar-cozinha').textContent()).toBe('Enviar para cozinha (F10) · 2');

    const ms = await medir(() => pagina.getByTestId('enviar-cozinha').click(), pedido(cozinha, 'Mesa 41'), 1);
    expect(ms).toBeLessThan(ATE_A_COZINHA_MS);
    await expect.poll(() => pedido(bar, 'Mesa 41').count(), { timeout: ATE_A_COZINHA_MS }).toBe(1);
    expect(await itensKds(pedido(cozinha, 'Mesa 41'))).toEqual(['1x X-Burguer']);
    expect(await itensKds(pedido(bar, 'Mesa 41'))).toEqual(['1x Refrigerante Lata 350ml']);
    await pagina.getByTestId('item-1-enviado').waitFor();
    await pagina.getByTestId('item-2-enviado').waitFor();
    expect(await pagina.getByTestId('enviar-cozinha').textContent()).toBe('Enviar para cozinha (F10)');

    // One more, sent with the key.
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-3').waitFor();
    await expect.poll(() => pagina.getByTestId('enviar-cozinha').textContent()).toContain('· 1');
    await fecharAvisos(pagina);
    await capturarTemas(pagina, 'frente-loja-mesa-cozinha');
    const comTecla = await medir(() => pagina.keyboard.press('F10'), pedido(cozinha, 'Mesa 41'), 2);
    expect(comTecla).toBeLessThan(ATE_A_COZINHA_MS);
    await pagina.getByTestId('item-3-enviado').waitFor();

    // Another, and the waiter leaves the table: it goes by itself.
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-4').waitFor();
    await pagina.getByText('Gravada').waitFor();
    const aoSair = await medir(
      () => pagina.getByRole('button', { name: 'Voltar', exact: true }).click(),
      pedido(cozinha, 'Mesa 41'),
      3,
    );
    expect(aoSair).toBeLessThan(ATE_A_COZINHA_MS);
    await pagina.getByTestId('mapa-mesas').waitFor();
    expect(erros).toEqual([]);
  });

  it('a table moved onto an occupied one asks to merge; refusing changes nothing; merging keeps one bill', async () => {
    // Retry-safe (the suite runs a failed test once more): each attempt takes two tables of its own.
    tentativasJuntar++;
    const destino = 40 + 2 * tentativasJuntar;
    const origem = destino + 1;
    const { pagina, erros } = await aba();
    await abrirFrenteLoja(pagina, baseUrl, GARCOM);
    await pagina.getByTestId('modos').getByText('Mesa', { exact: true }).click();
    // Table 42 (44 on a retry): a can; table 43: a burger and a can. Leaving each table sends its lines.
    for (const [mesa, produtos] of [
      [destino, ['refrigerante lata']],
      [origem, ['x-burg', 'refrigerante lata']],
    ] as const) {
      await abrirMesa(pagina, mesa);
      for (const [k, produto] of produtos.entries()) {
        await buscarELancar(pagina, produto);
        await pagina.getByTestId(`item-${k + 1}`).waitFor();
      }
      await pagina.getByText('Gravada').waitFor();
      await pagina.getByRole('button', { name: 'Voltar', exact: true }).click();
      await pagina.getByTestId('mapa-mesas').waitFor();
      await expect.poll(() => pagina.getByTestId(`mesa-${mesa}`).getAttribute('data-estado')).toBe('ocupada');
    }
    const antesDestino = await pagina.getByTestId(`mesa-${destino}`).textContent();
    const antesOrigem = await pagina.getByTestId(`mesa-${origem}`).textContent();

    await abrirMesa(pagina, origem);
    const perguntar = async () => {
      await pagina.getByRole('button', { name: 'Transferir mesa' }).click();
      await pagina.getByLabel('Mesa destino').fill(String(destino));
      await pagina.locator('.ant-modal:visible').getByRole('button', { name: 'Confirmar' }).click();
      await pagina.getByTestId('juntar-mesas').waitFor();
    };
    await perguntar();
    expect(await pagina.getByTestId('juntar-mesas').textContent()).toContain(`Na mesa ${destino}: 1 item`);
    // Both themes of the question (Escape between them is a refusal).
    await capturarDialogo(pagina, 'frente-loja-juntar-mesas', perguntar);
    await pagina.getByRole('button', { name: 'Não juntar' }).click();
    await pagina.getByText('Transferência cancelada: nenhuma mesa foi alterada.').first().waitFor();
    await pagina.getByRole('button', { name: 'Voltar', exact: true }).click();
    await pagina.getByTestId('mapa-mesas').waitFor();
    expect(await pagina.getByTestId(`mesa-${destino}`).textContent()).toBe(antesDestino);
    expect(await pagina.getByTestId(`mesa-${origem}`).textContent()).toBe(antesOrigem);

    await abrirMesa(pagina, origem);
    await perguntar();
    await pagina.getByRole('button', { name: 'Juntar as contas' }).click();
    await liberarComSupervisor(pagina, 'Clientes juntaram as mesas');
    await pagina.getByText(`Contas juntadas na mesa ${destino}.`).first().waitFor();
    await pagina.getByTestId('mapa-mesas').waitFor();
    // Table 43 is free again (past the 24 drawn tables a free one is not drawn at all).
    await expect
      .poll(() => pagina.locator(`[data-testid="mesa-${origem}"][data-estado="ocupada"]`).count())
      .toBe(0);
    await abrirMesa(pagina, destino);
    // The can of table 42, then the burger and the can of table 43, every line already in the kitchen.
    await pagina.getByTestId('item-3').waitFor();
    expect(await pagina.getByTestId('itens-venda').locator('[data-testid$="-enviado"]').count()).toBe(3);
    // The waiter's phone: the order tab shows the lines sent and the button.
    await pagina.setViewportSize({ width: 390, height: 844 });
    await pagina.getByTestId('aba-pedido').click();
    await pagina.getByTestId('enviar-cozinha').scrollIntoViewIfNeeded();
    await fecharAvisos(pagina);
    for (const escuro of [false, true]) {
      await definirTemaEscuro(pagina, escuro);
      // The theme button's tooltip leaves with the pointer; the button stays in view.
      await pagina.mouse.move(200, 300);
      await pagina
        .getByRole('tooltip')
        .waitFor({ state: 'hidden' })
        .catch(() => undefined);
      await pagina.getByTestId('enviar-cozinha').scrollIntoViewIfNeeded();
      await capturar(pagina, `frente-loja-mesa-cozinha-celular-${escuro ? 'escuro' : 'claro'}`);
    }
    await definirTemaEscuro(pagina, false);
    expect(erros).toEqual([]);
  });

  it('a counter sale finished by the cashier reaches the KDS', async () => {
    const cozinha = await kds('Cozinha Quente');
    const antes = new Set(
      await cozinha
        .locator('[data-testid^="pedido-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    );
    const { pagina, erros } = await aba();
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await garantirCaixaAberto(pagina);
    await pagina.getByTestId('modos').getByText('Balcão').click();
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    // Kept on this terminal until finished: the kitchen has nothing yet.
    await pagina.getByText('Neste caixa').waitFor();
    await pagina.getByTestId('abrir-pagamento').click();
    await pagina.getByRole('radio', { name: 'Dinheiro' }).click();
    await pagina.getByLabel('Valor recebido').fill('50,00');
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 0,00');
    expect(
      await cozinha
        .locator('[data-testid^="pedido-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    ).toEqual([...antes]);
    const inicio = Date.now();
    await pagina.getByTestId('confirmar-venda').click();
    const novo = cozinha.locator('[data-testid^="pedido-"]').filter({ hasText: 'X-Burguer' });
    await expect
      .poll(
        async () =>
          (await novo.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).some(
            (id) => !antes.has(id),
          ),
        {
          timeout: 10_000,
          interval: 20,
        },
      )
      .toBe(true);
    expect(Date.now() - inicio).toBeLessThan(ATE_A_COZINHA_MS);
    await pagina
      .getByText(/encerrada\./)
      .first()
      .waitFor();
    expect(erros).toEqual([]);
  });

  it('a delivery launched at the POS reaches the KDS, and bumped it is produced at the rider departure', async () => {
    const cozinha = await kds('Cozinha Quente');
    const { pagina, erros } = await aba();
    await abrirFrenteLoja(pagina, baseUrl, USUARIOS.caixa);
    await pagina.getByTestId('modos').getByText('Delivery').click();
    await pagina.getByLabel('Buscar cliente').fill('Maria Cliente');
    await pagina.getByRole('button', { name: 'Buscar', exact: true }).click();
    await pagina.getByRole('button', { name: 'Escolher' }).first().click();
    await pagina.getByTestId('area-entrega').waitFor();
    await pagina.getByRole('button', { name: 'Iniciar venda' }).click();
    await pagina.getByText('Delivery · Maria Cliente').first().waitFor();
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    await pagina.getByText('Gravada').waitFor();
    await fecharAvisos(pagina);
    await capturarTemas(pagina, 'frente-loja-delivery-lancar');

    // Leaving before launching asks; 'Continuar' (or Escape) stays.
    const sair = async () => {
      await pagina.getByRole('button', { name: 'Voltar', exact: true }).click();
      await pagina.getByText('Pedido não enviado para a cozinha').waitFor();
    };
    await sair();
    await capturarDialogo(pagina, 'frente-loja-delivery-sair', sair);
    await pagina.getByRole('button', { name: 'Continuar', exact: true }).click();
    await pagina.getByText('Pedido não enviado para a cozinha').waitFor({ state: 'hidden' });
    expect(await pedido(cozinha, 'Maria Cliente').count()).toBe(0);

    const ms = await medir(
      () => pagina.getByTestId('enviar-cozinha').click(),
      pedido(cozinha, 'Maria Cliente'),
      1,
    );
    expect(ms).toBeLessThan(ATE_A_COZINHA_MS);
    // Launched: the operator is back at the customer search for the next call.
    await pagina.getByTestId('tela-delivery').waitFor();

    // The rider departure, opened by the supervisor who dispatches (the cashier's profile does not hold
    // permission 50), sees it waiting, then produced after the bump.
    const { pagina: saida } = await aba();
    await fazerLogin(saida, baseUrl, USUARIOS.supervisor.email, USUARIOS.supervisor.senha, 'Loja Centro');
    await saida.goto(`${baseUrl}/#/frenteLoja/saidaMotoboy`);
    await saida.getByTestId('tela-saida-motoboy').waitFor();
    // Other tests' deliveries for the same customer may be on the board: this order by its sale id.
    const vendaId = await pedido(cozinha, 'Maria Cliente').getAttribute('data-venda');
    const despacho = saida.getByTestId(`despacho-${vendaId}`);
    await despacho.waitFor();
    await pedido(cozinha, 'Maria Cliente').getByTestId('bump').click();
    await expect
      .poll(() => despacho.locator('.ant-tag').first().textContent(), { timeout: 5000 })
      .toBe('Produzido');
    expect(erros).toEqual([]);
  });
});
