import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aba,
  abrirNavegador,
  capturar,
  desligarHappyHours,
  fazerLogin,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import {
  abrirFrenteLoja,
  escolher,
  fecharAvisos,
  liberarComSupervisor,
  TELA,
  total,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 13, the proof: a day in Loja Centro run by its real staff, each in a browser of their own and every
// step on screen (the API only prepares data): the cashier opens the register and sells at the counter by
// keyboard (scanner, quantity, discount released by the supervisor's operational password, two payments,
// the receipt) -> the waiter on a phone opens table 64, launches from the grid and sends to the kitchen ->
// the kitchen bumps it on the KDS -> the expedition shows it produced -> a delivery launched at the POS is
// bumped and the rider takes it out, back and settles -> the supervisor cancels a line of the table in the
// POS -> the cashier closes the register with a difference, highlighted. Pictures 'dia-na-loja-*' in both
// themes.

const baseUrl = urlDoServidor();
const MESA = 64;
const LATA = '7894900011517';
const CLIENTE = 'Maria Cliente';
const GARCOM = USUARIOS.garcom;
const COZINHA = USUARIOS.cozinha;
const MOTOBOY = USUARIOS.motoboy;
const CELULAR = { width: 390, height: 844 };
let navegador: Browser;
const abas: Aba[] = [];
let caixa: Page;
let kds: Page;
let expedicao: Page;
/** The waiter's phone, left on the table's order after sending it. */
let garcomCelular: Page;

/** Setup only: the day starts with Loja Centro's register closed (another test may have left it open). */
async function caixaDaLojaFechado() {
  const token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const chamar = async <T>(caminho: string, corpo?: unknown, empresa?: string): Promise<T> => {
    const r = await fetch(`${baseUrl}/api/${caminho}`, {
      method: corpo === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        token,
        version: 'e2e',
        ...(empresa ? { empresa } : {}),
      },
      ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
    });
    const e = (await r.json()) as { valido: boolean; data: T };
    if (!e.valido) throw new Error(`${caminho}: ${JSON.stringify(e.data)}`);
    return e.data;
  };
  const [centro] = await chamar<{ _id: string }[]>('empresa/getPopulate', {
    filtro: { descricao: 'Loja Centro' },
  });
  const empresa = String(centro?._id);
  const [terminal] = await chamar<{ _id: string }[]>(
    'terminal/getPopulate',
    { filtro: { empresa, descricao: 'Terminal Caixa 1' } },
    empresa,
  );
  const atual = await chamar<{ periodoAberto: boolean }>(
    `periodo/atual?empresa=${empresa}&terminal=${terminal?._id}`,
    undefined,
    empresa,
  );
  if (atual.periodoAberto)
    await chamar('periodo/fechar', { empresa, terminal: terminal?._id, contagem: [] }, empresa);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  await caixaDaLojaFechado();
});
afterAll(async () => {
  for (const a of abas) {
    if (a.erros.length) console.error('erros do navegador:', a.erros.join('\n'));
    await a.contexto.close().catch(() => undefined);
  }
  await navegador?.close();
});

async function aba(viewport = TELA, toque = false): Promise<Aba> {
  if (!toque) {
    const a = await novaAba(navegador, viewport);
    abas.push(a);
    return a;
  }
  const contexto = await navegador.newContext({
    viewport,
    hasTouch: true,
    isMobile: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const pagina = await contexto.newPage();
  const erros: string[] = [];
  pagina.on('pageerror', (e) => erros.push(`pageerror: ${e.message}`));
  const a = { contexto, pagina, erros };
  abas.push(a);
  return a;
}

const dialogo = (pagina: Page, titulo: string) =>
  pagina
    .locator('.ant-modal-wrap:visible')
    .filter({ has: pagina.locator('.ant-modal-title', { hasText: titulo }) });

const pedidoKds = (pagina: Page, texto: string): Locator =>
  pagina.locator('[data-testid^="pedido-"]').filter({ hasText: texto });

const itensKds = async (cartao: Locator) =>
  (await cartao.getByTestId('item-kds').allInnerTexts()).map((t) => t.split('\n')[0] ?? '');

/** A scanner: the code typed fast, then Enter, wherever the focus is. */
async function escanear(pagina: Page, codigo: string) {
  await pagina.keyboard.type(codigo, { delay: 5 });
  await pagina.keyboard.press('Enter');
}

/** Switches the theme by the header's button; its click event directly, as the button may sit behind a dialog
 * or, on a phone's back-office header, past the screen's right edge. */
async function tema(pagina: Page, escuro: boolean) {
  const atual = await pagina.evaluate(() => document.documentElement.style.colorScheme === 'dark');
  if (atual !== escuro) await pagina.getByTestId('alternar-tema').first().dispatchEvent('click');
  await pagina.waitForFunction(
    (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
    escuro,
  );
}

/** Both themes of what a page shows (toasts closed unless `avisos`), the pointer away from any tooltip. */
async function temas(pagina: Page, nome: string, ponteiro = { x: 4, y: 700 }, avisos = false) {
  if (!avisos) await fecharAvisos(pagina);
  for (const escuro of [false, true]) {
    await tema(pagina, escuro);
    await pagina.mouse.move(ponteiro.x, ponteiro.y);
    await capturar(pagina, `dia-na-loja-${nome}-${escuro ? 'escuro' : 'claro'}`);
  }
  await tema(pagina, false);
}

/** Both themes of a dialog that stays up. */
async function temasComDialogo(pagina: Page, nome: string) {
  await temas(pagina, nome, { x: 4, y: 300 }, true);
}

/** The value field selected again after a method key (the next digits replace the balance). */
async function valorSelecionado(pagina: Page, forma: string) {
  const pagamento = dialogo(pagina, 'Pagamento');
  await expect
    .poll(() => pagamento.getByRole('radio', { name: forma }).getAttribute('aria-checked'))
    .toBe('true');
  await expect
    .poll(() =>
      pagina.evaluate(() => {
        const e = document.activeElement;
        return e instanceof HTMLInputElement && e.selectionStart === 0 && e.selectionEnd === e.value.length;
      }),
    )
    .toBe(true);
}

describe('um dia na loja, pela equipe de verdade', { timeout: 240_000 }, () => {
  it('the cashier opens the register and sells at the counter by keyboard, the supervisor typing the release', async () => {
    const a = await aba(TELA);
    caixa = a.pagina;
    await abrirFrenteLoja(caixa, baseUrl, USUARIOS.caixa);
    await caixa.getByTestId('status-periodo').waitFor();
    expect(await caixa.getByTestId('status-periodo').textContent()).not.toBe('Caixa aberto');
    await caixa.getByTestId('modos').getByText('Caixa', { exact: true }).click();
    await caixa.getByTestId('caixa-situacao').getByText('Fechado').waitFor();
    await caixa.getByLabel('Fundo de troco (abertura)').fill('100,00');
    await temas(caixa, '01-caixa-abertura');
    await caixa.getByRole('button', { name: 'Abrir caixa' }).click();
    await expect.poll(() => caixa.getByTestId('status-periodo').textContent()).toBe('Caixa aberto');

    await caixa.getByTestId('modos').getByText('Balcão').click();
    await caixa.getByTestId('busca-produto').waitFor();
    await caixa.getByTestId('busca-produto').focus();
    // The quantity first (3*), then the scanner's burst.
    await caixa.keyboard.type('3*');
    await escanear(caixa, LATA);
    await caixa.getByTestId('item-1').getByText('Refrigerante Lata 350ml').waitFor();
    await expect.poll(() => total(caixa)).toBe('R$ 19,50');
    // '+' adds one more to the line just launched.
    await caixa.keyboard.press('+');
    await expect.poll(() => total(caixa)).toBe('R$ 26,00');

    // F7: R$ 2,00 off; the supervisor types the code and the operational password at the cashier's till.
    await caixa.keyboard.press('F7');
    await dialogo(caixa, 'Desconto geral').waitFor();
    await expect.poll(() => caixa.evaluate(() => document.activeElement?.id)).toBe('desconto-valor');
    await caixa.keyboard.type('2');
    await caixa.keyboard.press('Enter');
    const liberacao = caixa.getByTestId('liberacao-form');
    await liberacao.waitFor();
    await expect.poll(() => caixa.evaluate(() => document.activeElement?.id)).toBe('liberacao_login');
    await caixa.keyboard.type(USUARIOS.supervisor.codigoInterno);
    await caixa.keyboard.press('Tab');
    await caixa.keyboard.type(`100${USUARIOS.supervisor.codigoInterno}`);
    await caixa.keyboard.press('Tab');
    await caixa.keyboard.type('Cliente frequente');
    await temasComDialogo(caixa, '02-balcao-liberacao');
    await caixa.keyboard.press('Enter');
    await liberacao.waitFor({ state: 'detached' });
    await expect.poll(() => total(caixa)).toBe('R$ 24,00');
    await temas(caixa, '03-balcao-venda');

    // F4: B = Cartão de Débito R$ 10,00, D = Dinheiro R$ 20,00, change R$ 6,00; Enter finishes.
    await caixa.keyboard.press('F4');
    await dialogo(caixa, 'Pagamento').waitFor();
    await expect
      .poll(() => caixa.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Valor recebido');
    await caixa.keyboard.press('b');
    await valorSelecionado(caixa, 'Cartão de Débito');
    await caixa.keyboard.type('10');
    await caixa.keyboard.press('Enter');
    await expect.poll(() => caixa.getByTestId('pag-restante').textContent()).toBe('R$ 14,00');
    await caixa.keyboard.press('d');
    await valorSelecionado(caixa, 'Dinheiro');
    await caixa.keyboard.type('20');
    await caixa.keyboard.press('Enter');
    await expect.poll(() => caixa.getByTestId('pag-troco').textContent()).toBe('R$ 6,00');
    await temasComDialogo(caixa, '04-balcao-pagamento');
    await caixa.keyboard.press('Enter');
    await caixa.getByText(/encerrada\. Troco: R\$\s6,00/).waitFor();

    // The receipt: the store prints the DANFE of its homologation NFC-e (or asks: '1' is the DANFE).
    const pergunta = caixa.getByTestId('pergunta-comprovante');
    const impresso = caixa.getByText(/^DANFE da NFC-e nº \d+ enviado para impressão\.$/);
    await pergunta.or(impresso).first().waitFor({ timeout: 30_000 });
    if (await pergunta.isVisible()) {
      await temasComDialogo(caixa, '05-balcao-recibo-pergunta');
      await caixa.keyboard.press('1');
    }
    await impresso.waitFor({ timeout: 30_000 });
    await caixa.getByText('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL').first().waitFor();
    await caixa.getByText('Nenhum item lançado', { exact: false }).waitFor();
    // The toast of the printed DANFE is the receipt step's answer: it stays in the picture.
    await temas(caixa, '05-balcao-recibo', { x: 4, y: 700 }, true);
    expect(a.erros).toEqual([]);
  });

  it('the waiter on a phone opens a table, launches from the grid and sends to the kitchen; the KDS shows it', async () => {
    // The kitchen's station screen is up before the order goes.
    const k = await aba({ width: 1366, height: 768 });
    kds = k.pagina;
    await fazerLogin(kds, baseUrl, COZINHA.email, COZINHA.senha, 'Loja Centro');
    await kds.goto(`${baseUrl}/#/frenteLoja/kds`);
    await kds.getByRole('link', { name: /Cozinha Quente/ }).click();
    await kds.getByTestId('titulo-estacao').getByText('Cozinha Quente').waitFor();
    await kds.getByText('Online').waitFor();
    expect(await pedidoKds(kds, `Mesa ${MESA}`).count()).toBe(0);

    const g = await aba(CELULAR, true);
    const garcom = g.pagina;
    garcomCelular = garcom;
    await fazerLogin(garcom, baseUrl, GARCOM.email, GARCOM.senha, 'Loja Centro');
    // The first screen on the phone: the job's screens, the page the width of the phone.
    await garcom.getByTestId('telas-equipe').waitFor();
    const telas = await garcom.getByTestId('telas-equipe').boundingBox();
    expect((telas?.x ?? 0) + (telas?.width ?? 999)).toBeLessThanOrEqual(CELULAR.width);
    await temas(garcom, '06-garcom-inicio', { x: 4, y: 400 });
    await garcom.getByTestId('tela-frenteLoja').tap();
    await garcom.getByTestId('config-terminal').or(garcom.getByTestId('modos')).first().waitFor();
    if (await garcom.getByTestId('config-terminal').isVisible()) {
      await escolher(garcom, 'fl-empresa', 'Loja Centro');
      await escolher(garcom, 'fl-terminal', 'Terminal Caixa 1');
      await garcom.getByRole('button', { name: 'Salvar e carregar' }).tap();
    }
    await garcom.getByTestId('modos').getByText('Mesa', { exact: true }).tap();
    await garcom.getByTestId('mapa-mesas').waitFor();
    await garcom.getByLabel('Número da mesa').fill(String(MESA));
    await garcom.getByLabel('Número da mesa').press('Enter');
    await garcom.getByTestId('grade-produtos').waitFor();
    const grade = garcom.getByTestId('grade-produtos');
    await grade.getByTestId('categorias-grade').getByRole('button', { name: 'Lanches', exact: true }).tap();
    await grade.getByRole('button', { name: /^X-Burguer/ }).tap();
    await expect.poll(() => garcom.getByTestId('aba-pedido').textContent()).toBe('Pedido (1)');
    await grade.getByRole('button', { name: /^Batata Frita Porção/ }).tap();
    await expect.poll(() => garcom.getByTestId('aba-pedido').textContent()).toBe('Pedido (2)');
    await temas(garcom, '07-garcom-grade', { x: 4, y: 400 });
    await garcom.getByTestId('aba-pedido').tap();
    await garcom.getByText('Gravada').waitFor();
    await temas(garcom, '08-garcom-pedido', { x: 4, y: 400 });
    await garcom.getByTestId('enviar-cozinha').tap();
    for (const n of [1, 2]) await garcom.getByTestId(`item-${n}-enviado`).waitFor();
    await temas(garcom, '09-garcom-enviado', { x: 4, y: 400 });

    const cartao = pedidoKds(kds, `Mesa ${MESA}`);
    await cartao.waitFor({ timeout: 10_000 });
    expect((await itensKds(cartao)).sort()).toEqual(['1x Batata Frita Porção', '1x X-Burguer']);
    await temas(kds, '10-kds-mesa', { x: 5, y: 300 });
    expect(g.erros).toEqual([]);
  });

  it('the kitchen bumps the table order and the expedition shows it produced', async () => {
    const k = abas.find((a) => a.pagina === kds);
    if (!k) throw new Error('KDS do teste anterior');
    expedicao = await k.contexto.newPage();
    await expedicao.setViewportSize({ width: 1366, height: 768 });
    await expedicao.goto(`${baseUrl}/#/frenteLoja/expedicao`);
    await expedicao.getByTestId('tela-expedicao').waitFor();
    const naExpedicao = expedicao.locator('[data-testid^="expedicao-"]').filter({ hasText: `Mesa ${MESA}` });
    await naExpedicao.first().waitFor();

    await pedidoKds(kds, `Mesa ${MESA}`).getByTestId('bump').click();
    await pedidoKds(kds, `Mesa ${MESA}`).waitFor({ state: 'detached' });
    // The waiter's phone sees what is ready (issue 13 point 3): the table's lines turn 'Pronto' by themselves.
    for (const n of [1, 2]) await garcomCelular.getByTestId(`item-${n}-pronto`).waitFor({ timeout: 10_000 });
    expect(await garcomCelular.getByTestId('itens-venda').locator('[data-testid$="-enviado"]').count()).toBe(
      0,
    );
    await temas(garcomCelular, '10b-garcom-pronto', { x: 4, y: 400 });
    await expedicao
      .getByTestId('coluna-Produzido')
      .locator('[data-testid^="expedicao-"]')
      .filter({ hasText: `Mesa ${MESA}` })
      .waitFor({ timeout: 10_000 });
    await temas(expedicao, '11-expedicao-produzido', { x: 5, y: 300 });
    expect(k.erros).toEqual([]);
  });

  it('a delivery from the POS goes to the kitchen; the rider takes it out, back and settles', async () => {
    // The cashier takes the call: the demo's customer in the store's area, an X-Burguer, 'Lançar pedido'.
    // (A new customer cannot be registered here: the cashier's profile is refused 'Usuário sem permissão'.)
    await fecharAvisos(caixa);
    await caixa.getByTestId('modos').getByText('Delivery').click();
    await caixa.getByLabel('Buscar cliente').fill(CLIENTE);
    await caixa.getByRole('button', { name: 'Buscar', exact: true }).click();
    await caixa.getByRole('button', { name: 'Escolher' }).first().click();
    await caixa.getByTestId('area-entrega').waitFor();
    await caixa.getByRole('button', { name: 'Iniciar venda' }).click();
    await caixa.getByText(`Delivery · ${CLIENTE}`).first().waitFor();
    await caixa.getByTestId('busca-produto').fill('x-burg');
    await caixa.getByTestId('busca-produto').press('Enter');
    await caixa.getByTestId('item-1').waitFor();
    await caixa.getByText('Gravada').waitFor();
    await temas(caixa, '12-delivery-pedido');
    const idsNoKds = () =>
      pedidoKds(kds, CLIENTE).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    const antes = new Set(await idsNoKds());
    await caixa.getByTestId('enviar-cozinha').click();
    await caixa.getByTestId('tela-delivery').waitFor();

    // Other tests leave orders of the same customer on the boards: this one is known by its KDS card's id.
    let vendaId = '';
    await expect
      .poll(
        async () => {
          vendaId = (await idsNoKds()).find((id) => !antes.has(id))?.replace('pedido-', '') ?? '';
          return vendaId;
        },
        { timeout: 5000 },
      )
      .not.toBe('');
    const cartao = kds.getByTestId(`pedido-${vendaId}`);
    expect(await itensKds(cartao)).toEqual(['1x X-Burguer']);

    // The rider's phone: the order waits for dispatch until the kitchen bumps it.
    const m = await aba(CELULAR, true);
    const motoboy = m.pagina;
    await fazerLogin(motoboy, baseUrl, MOTOBOY.email, MOTOBOY.senha, 'Loja Centro');
    await motoboy.getByTestId('tela-saidaMotoboy').tap();
    await motoboy.getByTestId('tela-saida-motoboy').waitFor();
    const despacho = motoboy.getByTestId(`despacho-${vendaId}`);
    await despacho.waitFor();
    await cartao.getByTestId('bump').click();
    await cartao.waitFor({ state: 'detached' });
    await expect
      .poll(() => despacho.locator('.ant-tag').first().textContent(), { timeout: 10_000 })
      .toBe('Produzido');
    await expedicao
      .getByTestId('coluna-Produzido')
      .getByTestId(`expedicao-${vendaId}`)
      .waitFor({ timeout: 10_000 });
    await temas(motoboy, '13-motoboy-despacho', { x: 4, y: 400 });

    await despacho.getByTestId('selecionar-motoboy').tap();
    await motoboy
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Marcos Motoboy' })
      .tap();
    await despacho.getByRole('button', { name: 'Atribuir' }).tap();
    const cartaoMotoboy = motoboy
      .locator('[data-testid^="motoboy-"]')
      .filter({ hasText: 'Marcos Motoboy' })
      .first();
    const pedidoMotoboy = cartaoMotoboy.getByTestId(`motoboy-pedido-${vendaId}`);
    await pedidoMotoboy.waitFor();
    await cartaoMotoboy.getByRole('button', { name: 'Saída' }).tap();
    await expect
      .poll(() => cartaoMotoboy.getByTestId('situacao-motoboy').textContent(), { timeout: 10_000 })
      .toBe('Em rota');
    await expedicao
      .getByTestId('coluna-Em entrega')
      .getByTestId(`expedicao-${vendaId}`)
      .waitFor({ timeout: 10_000 });
    await pedidoMotoboy.scrollIntoViewIfNeeded();
    await temas(motoboy, '14-motoboy-em-rota', { x: 4, y: 400 });
    await cartaoMotoboy.getByRole('button', { name: 'Retorno' }).tap();
    await expedicao
      .getByTestId('coluna-Entregue')
      .getByTestId(`expedicao-${vendaId}`)
      .waitFor({ timeout: 10_000 });
    await cartaoMotoboy.getByRole('button', { name: 'Acerto' }).tap();
    const acerto = motoboy.getByTestId('acerto');
    await acerto.waitFor();
    expect(await acerto.textContent()).toMatch(/Entregues[1-9]/);
    await temasComDialogo(motoboy, '15-motoboy-acerto');
    await motoboy.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar' }).tap();
    await expect
      .poll(() => cartaoMotoboy.getByTestId('situacao-motoboy').textContent(), { timeout: 10_000 })
      .toBe('Livre');
    expect(m.erros).toEqual([]);
  });

  it('the supervisor cancels a sent line of the table in the POS, logged in as supervisor', async () => {
    const s = await aba(TELA);
    const sup = s.pagina;
    await abrirFrenteLoja(sup, baseUrl, USUARIOS.supervisor);
    await sup.getByTestId('modos').getByText('Mesa', { exact: true }).click();
    await sup.getByLabel('Número da mesa').fill(String(MESA));
    await sup.getByLabel('Número da mesa').press('Enter');
    await sup.getByText(`Mesa ${MESA}`).first().waitFor();
    await sup.getByTestId('item-2').getByText('Batata Frita Porção').waitFor();
    const antes = await total(sup);
    await sup.getByTestId('item-2').click();
    await sup.getByRole('button', { name: 'Excluir item (Del)' }).click();
    // A sent line asks for the reason (and the supervisor's own password: permission 12).
    await liberarComSupervisor(sup, 'Cliente desistiu da batata');
    await sup.getByTestId('item-2').getByText('Cancelado').waitFor();
    await expect.poll(() => total(sup)).not.toBe(antes);
    await temas(sup, '16-supervisor-item-cancelado');
    expect(s.erros).toEqual([]);
  });

  it('the cashier closes the register with a difference, highlighted', async () => {
    await fecharAvisos(caixa);
    await caixa.getByTestId('modos').getByText('Caixa', { exact: true }).click();
    await caixa.getByRole('button', { name: 'Fechar caixa' }).click();
    // Cash counted: the R$ 100,00 float and R$ 14,00 of the sale would be R$ 114,00; R$ 110,00 is in the drawer.
    await caixa.getByLabel('Contagem Dinheiro').fill('110,00');
    await caixa.getByLabel('Contagem Cartão de Débito').fill('10,00');
    await temasComDialogo(caixa, '17-fechamento-contagem');
    await caixa.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar caixa' }).click();
    await liberarComSupervisor(caixa, 'Contagem conferida');
    const relatorio = caixa.getByTestId('relatorio-caixa');
    await relatorio.waitFor();
    const diferenca = caixa.getByTestId('relatorio-diferenca');
    await expect.poll(() => diferenca.textContent()).toMatch(/^falta R\$ [\d.,]+ \(-R\$ [\d.,]+\)$/);
    expect(await diferenca.evaluate((e) => getComputedStyle(e).color)).not.toBe('rgb(0, 0, 0)');
    await caixa
      .getByTestId('conferencia-77')
      .getByText(/falta R\$\s?4,00/)
      .waitFor();
    await expect.poll(() => caixa.getByTestId('status-periodo').textContent()).not.toBe('Caixa aberto');
    await temas(caixa, '18-fechamento-diferenca');
    const a = abas.find((x) => x.pagina === caixa);
    expect(a?.erros).toEqual([]);
  });
});
