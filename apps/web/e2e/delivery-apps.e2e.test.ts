import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  iniciarSimuladorOpenDelivery,
  type SimuladorOpenDelivery,
} from '../../server/src/simuladores/open-delivery.ts';
import {
  type Aba,
  abrirNavegador,
  definirTemaEscuro,
  fazerLogin,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 20 end to end in Chromium, as the people who do the job: an order placed on the Open Delivery
// simulator (its own free port; it calls our signed webhook) appears on the supervisor's order desk with the
// beep, its items, customer, payment and countdown; she accepts it; the kitchen sees it on the KDS, starts it
// and bumps it; she dispatches it and marks it delivered on the expedition board; the simulator saw confirm,
// preparing, readyForPickup, dispatch, delivered in that order. Also a refusal with its reason and a
// customer's cancellation accepted. Only the setup (the store's integration) goes through the API.

const baseUrl = urlDoServidor();
let navegador: Browser;
let sim: SimuladorOpenDelivery;
let token = '';
let empresa = '';
let xBurguer = '';
let estacaoCozinha = '';
const abas: Aba[] = [];
/** The supervisor's desk and expedition, the kitchen's KDS station. */
let balcao: Page;
let expedicao: Page;
let kds: Page;

async function chamar<T>(metodo: string, caminho: string, corpo?: unknown): Promise<T> {
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: { 'content-type': 'application/json', token, version: 'e2e', empresa },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  const e = (await r.json()) as { valido: boolean; data: T };
  if (!e.valido) throw new Error(`${metodo} ${caminho}: ${JSON.stringify(e.data)}`);
  return e.data;
}

async function idPor(tabela: string, descricao: string): Promise<string> {
  const lista = await chamar<{ _id: string }[]>('POST', `${tabela}/getPopulate`, { filtro: { descricao } });
  const id = lista[0]?._id;
  if (!id) throw new Error(`${tabela} ${descricao}`);
  return id;
}

/** Our order row of an app order (to find its sale on the KDS and the expedition). */
async function nossoPedido(pedidoExterno: string) {
  let achado: { _id: string; venda: string | null; situacao: string } | undefined;
  await expect
    .poll(async () => {
      const lista = await chamar<
        { _id: string; pedidoExterno: string; venda: string | null; situacao: string }[]
      >('GET', 'deliveryApps/pedidos');
      achado = lista.find((p) => p.pedidoExterno === pedidoExterno);
      return achado !== undefined;
    })
    .toBe(true);
  return achado as { _id: string; venda: string | null; situacao: string };
}

const acoesDo = (orderId: string) => sim.acoes.filter((a) => a.orderId === orderId).map((a) => a.acao);

/** The order's id in the app's display form ("iFood #ABC123"), as the desk names it. */
const nomeNoBalcao = (orderId: string) => `iFood #${orderId.slice(0, 6).toUpperCase()}`;

async function abrirComo(
  usuario: { email: string; senha: string },
  rota: string,
  testId?: string,
): Promise<Aba> {
  const aba = await novaAba(navegador, { width: 1366, height: 900 });
  abas.push(aba);
  // Counts the oscillators the page starts: the desk's beep is two tones (aviso-sonoro.ts).
  await aba.contexto.addInitScript(() => {
    const w = window as unknown as { __tons: number[] };
    w.__tons = [];
    const original = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      w.__tons.push(this.frequency.value);
      return original.apply(this, args);
    };
  });
  await fazerLogin(aba.pagina, baseUrl, usuario.email, usuario.senha, 'Loja Centro');
  await aba.pagina.goto(`${baseUrl}/#/${rota}`);
  if (testId) await aba.pagina.getByTestId(testId).waitFor();
  return aba;
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  empresa = await idPor('empresa', 'Loja Centro');
  xBurguer = await idPor('produtoGeral', 'X-Burguer');
  const estacoes = await chamar<{ _id: string; descricao: string }[]>('GET', 'kds/estacoes');
  estacaoCozinha = estacoes.find((e) => e.descricao === 'Cozinha Quente')?._id ?? '';
  // The app: a local Ordering Application on a free port that sends each event to our webhook, signed.
  sim = await iniciarSimuladorOpenDelivery({ webhookUrl: `${baseUrl}/api/deliveryApps/od/newEvent` });
  await chamar('POST', 'deliveryApps/integracoes', {
    empresa,
    app: 1,
    protocolo: 'open-delivery',
    merchantId: sim.credenciais.merchantId,
    appIdExterno: sim.credenciais.appId,
    baseUrl: sim.url,
    clientId: sim.credenciais.clientId,
    clientSecret: sim.credenciais.clientSecret,
    ativo: true,
    aceiteAutomatico: false,
    intervaloPollingSegundos: 300,
  });

  const supervisor = await abrirComo(USUARIOS.supervisor, 'appIntegracaoDelivery');
  balcao = supervisor.pagina;
  await balcao.getByText('Pedidos dos aplicativos de delivery').waitFor();
  // The browser plays sound only after a gesture: the supervisor switches it on, as on a shift's start.
  await balcao.getByRole('button', { name: /Ativar som/ }).click();
  await balcao.getByText('Som ativo').waitFor();
  expedicao = await supervisor.contexto.newPage();
  await expedicao.setViewportSize({ width: 1366, height: 900 });
  await expedicao.goto(`${baseUrl}/#/frenteLoja/expedicao`);
  await expedicao.getByTestId('tela-expedicao').waitFor();
  const cozinha = await abrirComo(USUARIOS.cozinha, `frenteLoja/kds/${estacaoCozinha}`, 'tela-kds');
  kds = cozinha.pagina;
  await kds.getByText('Online').waitFor();
});

afterAll(async () => {
  for (const a of abas) await a.contexto.close();
  await navegador?.close();
  await sim?.fechar();
});

const tons = (p: Page) => p.evaluate(() => (window as unknown as { __tons: number[] }).__tons.length);

describe('delivery apps: the order desk, the kitchen and the expedition with the app', () => {
  it('an app order beeps on the desk, is accepted, made on the KDS, dispatched and delivered; the app sees each status in order', async () => {
    const antes = await tons(balcao);
    const inicio = Date.now();
    const orderId = sim.criarPedido({
      items: [{ externalCode: xBurguer, name: 'X-Burguer', quantity: 2, unitPrice: 25, obs: 'sem picles' }],
      deliveryFee: 5,
      pagamento: { type: 'PENDING', method: 'CASH', changeFor: 100 },
      customerName: 'Maria do App',
    });
    const secao = balcao.getByTestId('secao-aguardando');
    const linha = secao.locator('tr').filter({ hasText: nomeNoBalcao(orderId) });
    await linha.first().waitFor({ timeout: 15_000 });
    const chegou = Date.now() - inicio;
    // Announced on the socket, not found by the 10 s refresh.
    expect(chegou).toBeLessThan(8_000);
    console.info(`pedido no balcão ${chegou} ms depois de feito no aplicativo`);
    await expect.poll(() => tons(balcao)).toBe(antes + 2);

    const pedido = await nossoPedido(orderId);
    const detalhe = balcao.getByTestId(`detalhe-${pedido._id}`);
    for (const texto of [
      '2x X-Burguer',
      'Obs: sem picles',
      'Maria do App',
      'Tel. 0800 000 0000',
      'Rua XV de Novembro, 100, Centro, Curitiba - PR',
      'Cobrar na entrega',
    ])
      await detalhe.getByText(texto).first().waitFor();
    expect(await detalhe.textContent()).toMatch(/Troco para R\$\s100,00 \(levar R\$\s45,00\)/);
    expect(await linha.first().getByTestId('prazo').textContent()).toMatch(/^0[78]:\d\d$/);
    expect(await linha.first().textContent()).toMatch(/R\$\s55,00/);

    // The desk in both themes, for a person to look at (the system's temporary folder: not committed).
    for (const escuro of [false, true]) {
      await definirTemaEscuro(balcao, escuro);
      await balcao.mouse.move(5, 500);
      await balcao.waitForTimeout(400);
      await balcao.screenshot({
        path: join(tmpdir(), `delivery-balcao-${escuro ? 'escuro' : 'claro'}.png`),
        fullPage: true,
      });
    }
    await definirTemaEscuro(balcao, false);

    await linha
      .first()
      .getByRole('button', { name: /Aceitar/ })
      .click();
    await balcao.getByText(`Pedido #${orderId.slice(0, 6).toUpperCase()} aceito.`).waitFor();
    await expect.poll(() => acoesDo(orderId)).toEqual(['confirm']);
    const vendaId = pedido.venda as string;

    // The kitchen: the order on the station, started, then bumped.
    const cartao = kds.getByTestId(`pedido-${vendaId}`);
    await cartao.waitFor({ timeout: 15_000 });
    expect(await cartao.getByTestId('item-kds').first().textContent()).toMatch(/2x X-Burguer/);
    await cartao.getByRole('button', { name: /Iniciar$/ }).click();
    await expect.poll(() => acoesDo(orderId)).toEqual(['confirm', 'preparing']);
    await cartao.getByTestId('bump').click();
    await cartao.waitFor({ state: 'detached' });
    await expect.poll(() => acoesDo(orderId)).toEqual(['confirm', 'preparing', 'readyForPickup']);

    // The supervisor's expedition board: out for delivery, then delivered.
    const noQuadro = expedicao.getByTestId('coluna-Produzido').getByTestId(`expedicao-${vendaId}`);
    await noQuadro.waitFor();
    await noQuadro.getByRole('button', { name: 'Em entrega', exact: true }).click();
    const emEntrega = expedicao.getByTestId('coluna-Em entrega').getByTestId(`expedicao-${vendaId}`);
    await emEntrega.waitFor();
    await emEntrega.getByRole('button', { name: 'Entregue', exact: true }).click();
    await expedicao.getByTestId('coluna-Entregue').getByTestId(`expedicao-${vendaId}`).waitFor();

    await expect
      .poll(() => acoesDo(orderId))
      .toEqual(['confirm', 'preparing', 'readyForPickup', 'dispatch', 'delivered']);
    expect(sim.estado(orderId)).toBe('DELIVERED');
    // The desk follows: the order is among the latest, delivered in the app.
    const recente = balcao
      .getByTestId('secao-recentes')
      .locator('tr')
      .filter({ hasText: nomeNoBalcao(orderId) });
    await expect.poll(() => recente.first().getByTestId('estado-app').textContent()).toBe('Entregue');
    for (const a of abas) expect(a.erros).toEqual([]);
  });

  it('a refused order: the reason asked in a dialog goes to the app as requestCancellation', async () => {
    const orderId = sim.criarPedido({
      items: [{ externalCode: xBurguer, name: 'X-Burguer', quantity: 1, unitPrice: 25 }],
      pagamento: { type: 'PREPAID', method: 'CREDIT' },
    });
    const linha = balcao
      .getByTestId('secao-aguardando')
      .locator('tr')
      .filter({ hasText: nomeNoBalcao(orderId) });
    await linha.first().waitFor({ timeout: 15_000 });
    await linha
      .first()
      .getByRole('button', { name: /Recusar/ })
      .click();
    const dialogo = balcao.locator('.ant-modal:visible');
    // Without a reason the domain's message, nothing sent.
    await dialogo.getByRole('button', { name: 'Recusar pedido' }).click();
    await dialogo.getByText('Informe o motivo da recusa').waitFor();
    expect(acoesDo(orderId)).toEqual([]);
    await dialogo.getByLabel('Motivo da recusa (enviado ao aplicativo)').fill('Acabou o pão de hambúrguer');
    await dialogo.getByRole('button', { name: 'Recusar pedido' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    await expect.poll(() => acoesDo(orderId)).toEqual(['requestCancellation']);
    expect(sim.acoes.find((a) => a.orderId === orderId)?.corpo).toMatchObject({
      reason: 'Acabou o pão de hambúrguer',
    });
    const recente = balcao
      .getByTestId('secao-recentes')
      .locator('tr')
      .filter({ hasText: nomeNoBalcao(orderId) });
    // The app takes the request and cancels the order (CANCELLED comes back): the refusal's reason is kept.
    await expect.poll(() => recente.first().textContent()).toMatch(/Cancelado.*Acabou o pão de hambúrguer/);
  });

  it("a customer's cancellation request shows with its reason and is accepted", async () => {
    const orderId = sim.criarPedido({
      items: [{ externalCode: xBurguer, name: 'X-Burguer', quantity: 1, unitPrice: 25 }],
      pagamento: { type: 'PREPAID', method: 'CREDIT' },
    });
    const linha = balcao
      .getByTestId('secao-aguardando')
      .locator('tr')
      .filter({ hasText: nomeNoBalcao(orderId) });
    await linha.first().waitFor({ timeout: 15_000 });
    await linha
      .first()
      .getByRole('button', { name: /Aceitar/ })
      .click();
    await expect.poll(() => acoesDo(orderId)).toEqual(['confirm']);
    sim.clientePedeCancelamento(orderId);
    const pedido = balcao
      .getByTestId('secao-cancelamentos')
      .locator('tr')
      .filter({ hasText: nomeNoBalcao(orderId) });
    await pedido.first().waitFor({ timeout: 15_000 });
    expect(await pedido.first().textContent()).toContain('Cliente desistiu');
    await pedido.first().getByRole('button', { name: 'Aceitar cancelamento' }).click();
    await expect.poll(() => acoesDo(orderId)).toEqual(['confirm', 'acceptCancellation']);
    expect(sim.estado(orderId)).toBe('CANCELLED');
    await balcao.getByTestId('secao-cancelamentos').getByText('Nenhum pedido de cancelamento.').waitFor();
    expect(abas.flatMap((a) => a.erros)).toEqual([]);
  });

  it('an order with an app item we do not know waits; the supervisor maps it (product search under 868) and reprocesses it', async () => {
    const orderId = sim.criarPedido({
      items: [{ externalCode: 'COMBO-APP-9', name: 'Combo Lanche do App', quantity: 1, unitPrice: 30 }],
      pagamento: { type: 'PREPAID', method: 'CREDIT' },
    });
    const atencao = balcao
      .getByTestId('secao-atencao')
      .locator('tr')
      .filter({ hasText: 'Combo Lanche do App' });
    await atencao.first().waitFor({ timeout: 15_000 });
    await atencao.first().getByRole('link', { name: 'Mapear 1 item(ns)' }).click();
    // The supervisor holds no product registration permission: the picker searches under 868.
    const campo = balcao.locator('#produto-COMBO-APP-9');
    await campo.waitFor();
    await campo.click();
    await campo.fill('X-Burg');
    await balcao
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'X-Burguer' })
      .first()
      .click();
    const linha = balcao.locator('tr').filter({ hasText: 'COMBO-APP-9' });
    await linha.getByRole('button', { name: /Salvar/ }).click();
    await balcao.getByText('Item Combo Lanche do App mapeado.').waitFor();
    await balcao.goto(`${baseUrl}/#/appIntegracaoDelivery`);
    const deNovo = balcao
      .getByTestId('secao-atencao')
      .locator('tr')
      .filter({ hasText: 'Combo Lanche do App' });
    await deNovo
      .first()
      .getByRole('button', { name: /Reprocessar/ })
      .click();
    // Reprocessed, it waits for acceptance under the app's display id.
    await balcao
      .getByTestId('secao-aguardando')
      .locator('tr')
      .filter({ hasText: nomeNoBalcao(orderId) })
      .first()
      .waitFor();
    expect(abas.flatMap((a) => a.erros)).toEqual([]);
  });
});
