import type { Browser, Page } from 'playwright-core';
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
import { urlDoServidor } from './servidor.ts';

// The call center as an attendant meets it: from the franchisor's desk, pick the customer (his history
// shows; a failing history gives the spec's message), the server geocodes his address (maps simulator) and
// routes the order to the store whose service area covers it, with that store's fee; a customer outside
// every area gets the spec's message; switching to a store where a product is inactive is refused with the
// spec's message; the order is built as in the POS (addition and note by keyboard, half-and-half pizza from
// the POS's builder, a combo, quantity), paid in cash on delivery with change for a R$ 100 note; the order
// sent lands on the routed store's expedition screen, not on the other store's, and the attendant follows
// its expedition status live in 'Pedidos de hoje' and opens its lines.

const baseUrl = urlDoServidor();
let navegador: Browser;
let token = '';
const abas: Aba[] = [];
const TELA = { width: 1366, height: 768 };
/**
 * The full order at Loja Shopping (delivery): X-Burguer 24,90 + Queijo Extra 5,00 + 3 x Água 4,00, the
 * half-and-half pizza at the average of its halves (52,40) and the soda (6,50) with the combo's 10% off
 * (53,01), plus the 5,00 fee.
 */
const TOTAL_PEDIDO = /R\$\s99,91/;
const TROCO_PEDIDO = /^Levar troco de R\$\s50,09$/;

async function chamar(
  metodo: string,
  caminho: string,
  corpo?: unknown,
  empresa?: string,
): Promise<Record<string, unknown>> {
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: {
      'content-type': 'application/json',
      token,
      version: 'e2e',
      ...(empresa ? { empresa } : {}),
    },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  const e = (await r.json()) as { valido: boolean; data: Record<string, unknown> };
  if (!e.valido) throw new Error(`${metodo} ${caminho}: ${JSON.stringify(e.data)}`);
  return e.data;
}

async function idPor(tabela: string, filtro: Record<string, unknown>): Promise<Record<string, unknown>> {
  const lista = (await chamar('POST', `${tabela}/getPopulate`, { filtro })) as unknown as Record<
    string,
    unknown
  >[];
  const r = lista[0];
  if (!r) throw new Error(`${tabela} ${JSON.stringify(filtro)}`);
  return r;
}

/** X-Burguer active or not in Loja Centro (the store switch test). */
async function burguerNoCentro(ativo: boolean) {
  const centro = (await idPor('empresa', { descricao: 'Loja Centro' }))._id as string;
  const burguer = (await idPor('produtoGeral', { descricao: 'X-Burguer' }))._id as string;
  const registro = await idPor('produtoGeralEmpresa', { empresa: centro, produtoGeral: burguer });
  await chamar('PUT', `produtoGeralEmpresa/${registro._id as string}`, { ...registro, ativo }, centro);
}

async function fecharAvisos(pagina: Page) {
  for (const x of await pagina.locator('.ant-notification-notice-close').all())
    await x.click().catch(() => undefined);
  await pagina
    .locator('.ant-notification-notice')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** Light and dark pictures of the screen as it is (pointer away from the theme tooltip). */
async function capturarTemas(pagina: Page, nome: string) {
  await pagina.mouse.move(4, 760);
  await capturar(pagina, `${nome}-claro`);
  await definirTemaEscuro(pagina, true);
  await pagina.mouse.move(4, 760);
  await capturar(pagina, `${nome}-escuro`);
  await definirTemaEscuro(pagina, false);
}

async function escolherCliente(pagina: Page, busca: string, nome: string) {
  await pagina.getByLabel('Buscar cliente').fill(busca);
  await pagina.getByRole('button', { name: 'Buscar', exact: true }).click();
  await pagina
    .locator('.ant-list-item', { hasText: nome })
    .first()
    .getByRole('button', { name: 'Escolher' })
    .click();
  await pagina.getByTestId('cliente-escolhido').getByText(nome).waitFor();
}

async function lancar(pagina: Page, texto: string) {
  const busca = pagina.getByTestId('busca-produto');
  await busca.fill(texto);
  await pagina.getByRole('listbox', { name: 'Produtos encontrados' }).waitFor();
  await busca.press('Enter');
}

async function escolherNoSelect(pagina: Page, id: string, texto: string) {
  await pagina.locator(`#${id}`).click();
  await pagina
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: texto })
    .first()
    .click();
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
});
afterAll(async () => {
  await burguerNoCentro(true).catch(() => undefined);
  for (const a of abas) await a.contexto.close().catch(() => undefined);
  await navegador?.close();
});

describe('call center', () => {
  it('an order routed by the address lands on the right store expedition', async () => {
    const aba = await novaAba(navegador, TELA);
    abas.push(aba);
    const { pagina } = aba;
    // The call-center attendant, whose job it is, from the back-office header.
    await fazerLogin(
      pagina,
      baseUrl,
      USUARIOS.atendente.email,
      USUARIOS.atendente.senha,
      'Franqueadora Exemplo',
    );
    await capturarTemas(pagina, 'call-center-cabecalho-retaguarda');
    await pagina.getByTestId('abrir-call-center').click();
    await pagina.getByTestId('tela-call-center').waitFor();
    await pagina.getByLabel('Buscar cliente').waitFor();
    await capturarTemas(pagina, 'call-center-inicio');

    // A customer outside every store's area: the spec's message where the store would be. His history
    // cannot be read (the server refuses it here): the spec's message, and the call goes on.
    await pagina.route('**/api/historicoCliente', (rota) =>
      rota.fulfill({ json: { valido: false, data: { message: 'indisponível' } } }),
    );
    await escolherCliente(pagina, 'Mossungu', 'Pedro Cliente Mossunguê');
    await pagina
      .locator('.ant-notification-notice')
      .getByText('Falha de Comunicação ao tentar Buscar histórico do cliente!')
      .waitFor();
    await pagina
      .getByTestId('historico-resumo')
      .getByText('Falha de Comunicação ao tentar Buscar histórico do cliente!')
      .waitFor();
    await pagina.unroute('**/api/historicoCliente');
    await expect
      .poll(() => pagina.getByTestId('erro-roteamento').textContent())
      .toBe('Endereço fora da área de cobertura das lojas!');
    await expect(pagina.getByTestId('enviar-pedido').isDisabled()).resolves.toBe(true);
    await capturarTemas(pagina, 'call-center-fora-da-area');

    // João lives on Avenida Batel: the server routes him to Loja Shopping, whose fee is 5,00 up to 3 km.
    await pagina.getByRole('button', { name: 'Trocar cliente' }).click();
    await fecharAvisos(pagina);
    await escolherCliente(pagina, 'João', 'João Cliente');
    // His history as soon as he is picked (POST historicoCliente).
    await expect
      .poll(() => pagina.getByTestId('historico-resumo').textContent())
      .toMatch(/Últimos pedidos|Primeiro pedido deste cliente\./);
    const roteada = pagina.getByTestId('loja-roteada');
    await roteada.getByText('Loja Shopping').waitFor();
    expect(await pagina.getByTestId('taxa-roteada').textContent()).toMatch(/Taxa de entrega R\$\s5,00/);
    await lancar(pagina, 'X-Burguer');
    // As in the POS, the burger offers its suggested product (demo: fries with 10% off).
    await pagina
      .getByTestId('sugestoes')
      .getByRole('button', { name: /Batata.*-10%/ })
      .waitFor();
    await capturarTemas(pagina, 'call-center-sugestao');
    await lancar(pagina, '2*agua');
    await pagina.getByTestId('sugestoes').waitFor({ state: 'detached' });
    await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toMatch(/R\$\s37,90/);
    expect(await pagina.getByTestId('taxa-entrega').textContent()).toMatch(/R\$\s5,00/);
    await capturarTemas(pagina, 'call-center-pedido');
    // The store's products found by the box: pizzas and additions are tagged so.
    await pagina.getByTestId('busca-produto').fill('queijo');
    const achados = pagina.getByRole('listbox', { name: 'Produtos encontrados' });
    await achados.getByRole('option', { name: /Queijo Extra.*Adicional/ }).waitFor();
    await achados.getByRole('option', { name: /Pizza Grande Quatro Queijos.*Pizza/ }).waitFor();
    await capturarTemas(pagina, 'call-center-busca');
    await pagina.getByTestId('busca-produto').fill('');

    // Store switch to a store where the burger is off: refused with the spec's message, nothing changes.
    await burguerNoCentro(false);
    await pagina.getByTestId('tipo-pedido').getByText('Balcão (retirada)').click();
    await pagina.locator('#cc-loja-retirada').waitFor();
    const seletor = pagina.locator('.ant-select', { has: pagina.locator('#cc-loja-retirada') });
    await expect.poll(() => seletor.textContent()).toContain('Loja Shopping');
    await escolherNoSelect(pagina, 'cc-loja-retirada', 'Loja Centro');
    await pagina
      .locator('.ant-notification-notice')
      .getByText('Produto X-Burguer não esta ativo para a esta Loja.')
      .waitFor();
    await capturar(pagina, 'call-center-troca-recusada-claro');
    expect(await pagina.getByTestId('enviar-pedido').textContent()).toContain('Loja Shopping');
    expect(await seletor.textContent()).toContain('Loja Shopping');
    // Pick-up at Shopping: no fee, and the water's counter promotion (3,00) applies: 24,90 + 2 x 3,00.
    await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toMatch(/R\$\s30,90/);
    await fecharAvisos(pagina);

    // Back to delivery: routed by the address again, then sent.
    await pagina.getByTestId('tipo-pedido').getByText('Delivery').click();
    await roteada.getByText('Loja Shopping').waitFor();
    await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toMatch(/R\$\s37,90/);

    // Lines as in the POS. The burger gets a cheese (F7, additions of the store) and a note (F6).
    await pagina.getByTestId('item-1').click();
    await pagina.keyboard.press('F7');
    await pagina
      .getByTestId('adicionais')
      .getByRole('button', { name: /Queijo Extra/ })
      .click();
    await pagina.getByRole('button', { name: 'Concluir' }).click();
    await pagina.getByTestId('item-1').click();
    await pagina.keyboard.press('F6');
    await pagina.getByLabel('Observação do item').fill('sem cebola');
    await pagina.getByLabel('Observação do item').press('Enter');
    // Half calabresa, half mussarela from the POS's pizza builder; a soda completes 'Pizza + Refri'.
    await lancar(pagina, 'Pizza Grande Calabresa');
    const montar = pagina.locator('.ant-modal', { hasText: 'Montar pizza' });
    await montar.getByRole('button', { name: /Pizza Grande Mussarela/ }).click();
    await montar.getByTestId('pizza-partes').getByText('Partes: 2 de 4').waitFor();
    await montar.getByRole('button', { name: 'Lançar pizza' }).click();
    await montar.waitFor({ state: 'detached' });
    await lancar(pagina, 'Refrigerante Lata');
    // One more water with the keyboard (+ on the selected line).
    await pagina.getByTestId('item-3').click();
    await pagina.keyboard.press('+');
    expect(await pagina.getByTestId('quantidade-selecionada').textContent()).toBe('3');
    const linhas = pagina.getByTestId('itens-venda');
    expect(await linhas.textContent()).toMatch(
      /X-Burguer.*Obs: sem cebola.*Queijo Extra.*Água Mineral 500ml.*Pizza Grande Calabresa.*1\/2 Pizza Grande Calabresa · 1\/2 Pizza Grande Mussarela.*Refrigerante Lata/,
    );
    await pagina
      .getByTestId('combos')
      .getByText(/Pizza \+ Refri/)
      .waitFor();
    await expect.poll(() => pagina.getByTestId('total-venda').textContent()).toMatch(TOTAL_PEDIDO);

    // Cash on delivery; the customer pays with R$ 150 (a quick note): the rider takes the change. A note
    // below the total is refused before sending.
    const painel = pagina.getByTestId('painel-pagamento');
    await painel.getByText('Dinheiro', { exact: true }).click();
    await pagina.getByLabel('Troco para').fill('90');
    await expect
      .poll(() => pagina.getByTestId('erro-pagamento').textContent())
      .toBe('O valor para troco (R$ 90,00) é menor que o valor a cobrar (R$ 99,91)!');
    expect(await pagina.getByTestId('enviar-pedido').isDisabled()).toBe(true);
    await painel.getByRole('button', { name: 'R$ 150,00' }).click();
    await expect.poll(() => pagina.getByTestId('troco-levar').textContent()).toMatch(TROCO_PEDIDO);
    await pagina.getByTestId('item-1').click();
    await capturarTemas(pagina, 'call-center-pedido-completo');
    // The 1024x768 touch screen of the stores.
    await pagina.setViewportSize({ width: 1024, height: 768 });
    await capturar(pagina, 'call-center-pedido-1024-claro');
    await pagina.setViewportSize(TELA);
    // The additions dialog in both themes (the theme button is behind the dialog: close, switch, reopen).
    for (const escuro of [false, true]) {
      await definirTemaEscuro(pagina, escuro);
      await pagina.keyboard.press('F7');
      await pagina.getByTestId('adicionais').waitFor();
      await capturar(pagina, `call-center-adicionais-${escuro ? 'escuro' : 'claro'}`);
      await pagina.getByRole('button', { name: 'Concluir' }).click();
      await pagina.getByTestId('adicionais').waitFor({ state: 'detached' });
    }
    await definirTemaEscuro(pagina, false);

    await pagina.getByTestId('enviar-pedido').click();
    const enviado = pagina.getByTestId('pedido-enviado');
    await enviado.waitFor();
    expect(await enviado.textContent()).toContain('enviado para Loja Shopping');
    expect(await pagina.getByTestId('pagamento-enviado').textContent()).toMatch(
      /^Cobrar R\$\s99,91 na entrega em Dinheiro · troco para R\$\s150,00 \(levar R\$\s50,09\)$/,
    );
    const vendaId = await enviado.getAttribute('data-venda');
    expect(vendaId).toMatch(/^[0-9a-f]{24}$/);
    await fecharAvisos(pagina);
    await capturarTemas(pagina, 'call-center-enviado');

    // The routed store's expedition shows the order to its supervisor (dispatch), the other store's does not.
    const loja = await novaAba(navegador, TELA);
    abas.push(loja);
    await fazerLogin(
      loja.pagina,
      baseUrl,
      USUARIOS.supervisor.email,
      USUARIOS.supervisor.senha,
      'Loja Shopping',
    );
    await loja.pagina.goto(`${baseUrl}/#/frenteLoja/expedicao`);
    const cartao = loja.pagina.getByTestId(`expedicao-${vendaId}`);
    await cartao.waitFor();
    expect(await cartao.textContent()).toContain('João Cliente');
    expect(await cartao.textContent()).toMatch(TOTAL_PEDIDO);
    // What the rider collects, as agreed on the phone, on the expedition card and on the motoboy departure.
    const COBRANCA =
      /^Cobrar R\$\s99,91 em DinheiroLevar troco de R\$\s50,09 \(cliente paga com R\$\s150,00\)$/;
    expect(await cartao.getByTestId('cobranca').textContent()).toMatch(COBRANCA);
    await capturarTemas(loja.pagina, 'call-center-expedicao-shopping');
    await loja.pagina.goto(`${baseUrl}/#/frenteLoja/saidaMotoboy`);
    const despacho = loja.pagina.getByTestId(`despacho-${vendaId}`);
    await despacho.waitFor();
    expect(await despacho.getByTestId('cobranca').textContent()).toMatch(COBRANCA);
    await capturarTemas(loja.pagina, 'call-center-saida-motoboy-shopping');
    // Given to the rider (by the API, then taken back): his card says it and the change he takes.
    const lojaShopping = (await idPor('empresa', { descricao: 'Loja Shopping' }))._id as string;
    const { motoboys } = (await chamar('GET', 'saidaMotoboy', undefined, lojaShopping)) as {
      motoboys: { _id: string }[];
    };
    const motoboy = motoboys[0]?._id as string;
    await chamar('POST', 'saidaMotoboy/atribuir', { vendaId, motoboy }, lojaShopping);
    const doMotoboy = loja.pagina.getByTestId(`motoboy-pedido-${vendaId}`);
    await doMotoboy.waitFor();
    expect(await doMotoboy.getByTestId('cobranca').textContent()).toMatch(COBRANCA);
    expect(await loja.pagina.getByTestId(`motoboy-${motoboy}`).textContent()).toMatch(
      /Troco a levar R\$\s50,09/,
    );
    await capturarTemas(loja.pagina, 'call-center-saida-motoboy-atribuido');
    await chamar('POST', 'saidaMotoboy/desatribuir', { vendaId }, lojaShopping);
    const centro = (await idPor('empresa', { descricao: 'Loja Centro' }))._id as string;
    const naCentro = (await chamar('GET', 'expedicao', undefined, centro)) as unknown as {
      vendaId: string;
    }[];
    expect(naCentro.some((p) => p.vendaId === vendaId)).toBe(false);

    // The attendant follows it: 'Pedidos de hoje', per store, with the expedition status moved live by the
    // store (the kitchen starts it) and its lines one tap away.
    await pagina.getByRole('button', { name: 'Acompanhar pedidos' }).click();
    const linha = pagina.getByTestId(`pedido-${vendaId}`);
    await linha.waitFor();
    const shopping = (await idPor('empresa', { descricao: 'Loja Shopping' }))._id as string;
    expect(await pagina.getByTestId(`pedidos-loja-${shopping}`).textContent()).toContain('Loja Shopping');
    expect(await pagina.getByTestId(`status-${vendaId}`).textContent()).toBe('Aguardando');
    expect(await linha.textContent()).toMatch(/João Cliente.*Cobrar R\$\s[\d,]+ na entrega em Dinheiro/);
    await chamar('PUT', `expedicao/${vendaId}/status`, { status: 1 }, shopping);
    const antes = Date.now();
    await expect
      .poll(() => pagina.getByTestId(`status-${vendaId}`).textContent(), { timeout: 5000 })
      .toBe('Em produção');
    expect(Date.now() - antes).toBeLessThan(3000);
    const detalhe = pagina.getByTestId('detalhe-pedido');
    for (const escuro of [false, true]) {
      await definirTemaEscuro(pagina, escuro);
      await linha.click();
      await detalhe.getByText('Queijo Extra').waitFor();
      expect(await detalhe.textContent()).toMatch(/Obs: sem cebola.*1\/2 Pizza Grande Calabresa/);
      expect(await pagina.getByTestId('detalhe-pagamento').textContent()).toBe(
        'Cobrar R$ 99,91 na entrega em Dinheiro · troco para R$ 150,00 (levar R$ 50,09)',
      );
      await capturar(pagina, `call-center-detalhe-pedido-${escuro ? 'escuro' : 'claro'}`);
      await pagina.keyboard.press('Escape');
      await detalhe.waitFor({ state: 'detached' });
    }
    await definirTemaEscuro(pagina, false);

    // The next call: Maria (inside both areas, Loja Centro nearer) pays in advance by card; the server puts
    // the payment on the sale, and today's orders list both stores.
    await pagina.getByTestId('abas-call-center').getByText('Atendimento').click();
    await pagina.getByRole('button', { name: 'Novo atendimento' }).click();
    await escolherCliente(pagina, 'Maria', 'Maria Cliente Convênio');
    await expect.poll(() => pagina.getByTestId('enviar-pedido').textContent()).toContain('Loja Centro');
    await lancar(pagina, 'Refrigerante Lata');
    await pagina.getByTestId('modo-pagamento').getByText('Pré-pago').click();
    await pagina.getByTestId('painel-pagamento').getByText('Cartão de Crédito', { exact: true }).click();
    await pagina.getByLabel('Comprovante do pagamento').fill('NSU 777');
    await pagina.keyboard.press('F10');
    await enviado.waitFor();
    expect(await enviado.textContent()).toContain('enviado para Loja Centro');
    expect(await pagina.getByTestId('pagamento-enviado').textContent()).toBe('Pré-pago · Cartão de Crédito');
    const segundo = (await enviado.getAttribute('data-venda')) as string;
    const paga = await chamar('GET', `venda/${segundo}`, undefined, centro);
    expect(paga.totalPago).toBe(paga.total);
    expect((paga.pagamentos as { observacao: string }[])[0]?.observacao).toBe(
      'Pré-pago no Call Center: NSU 777',
    );
    await pagina.getByRole('button', { name: 'Acompanhar pedidos' }).click();
    await pagina.getByTestId(`pedido-${segundo}`).getByText('Pré-pago · Cartão de Crédito').waitFor();
    expect(await pagina.getByTestId('pedidos-enviados').textContent()).toMatch(/Loja Centro.*Loja Shopping/);
    await fecharAvisos(pagina);
    await capturarTemas(pagina, 'call-center-pedidos-de-hoje');

    expect(aba.erros).toEqual([]);
    expect(loja.erros).toEqual([]);
  });
});
