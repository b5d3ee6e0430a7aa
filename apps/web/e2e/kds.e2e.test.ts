import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgenteFilho,
  diretorioTemporario,
  esperar,
  type ImpressoraFalsa,
  impressoraFalsa,
  iniciarAgente,
} from '../../print-agent/test/apoio.ts';
import { documentoComoTexto } from '../../server/src/modules/impressao/layouts/documento.ts';
import { lerEscPos } from '../../server/src/modules/impressao/layouts/leitura.ts';
import {
  type Aba,
  abrirNavegador,
  capturar,
  definirTemaEscuro,
  fazerLogin,
  novaAba,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Kitchen display, expedition and motoboy dispatch with several browser contexts at once, on the demo
// kitchen of the seed (seed-kds.ts: stations Cozinha Quente, Bar, Montagem): the POS (here its API) launches
// a table order with items of two sectors -> each KDS station (a 1920x1080 TV and a tablet) shows only its
// items within 1 s -> bump -> the expedition shows it produced -> a rider takes a delivery order out ->
// delivered. The production tickets and the expedition ticket reach fake TCP printers through the real
// print agent (apps/print-agent, a child process), checked byte by byte.

const baseUrl = urlDoServidor();
let navegador: Browser;
let token = '';
let empresa = '';
const ids: Record<string, string> = {};
const abas: Aba[] = [];
/** The store's kitchen printer (production tickets) and cashier printer (expedition ticket). */
let cozinhaImp: ImpressoraFalsa;
let caixaImp: ImpressoraFalsa;
let agente: AgenteFilho;

interface Envelope {
  valido: boolean;
  data: Record<string, unknown> & { message?: string };
}

async function chamar(metodo: string, caminho: string, corpo?: unknown): Promise<Envelope['data']> {
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: { 'content-type': 'application/json', token, version: 'e2e', empresa },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  const e = (await r.json()) as Envelope;
  if (!e.valido) throw new Error(`${metodo} ${caminho}: ${JSON.stringify(e.data)}`);
  return e.data;
}

async function idPor(tabela: string, descricao: string, campo = 'descricao'): Promise<string> {
  const lista = (await chamar('POST', `${tabela}/getPopulate`, {
    filtro: { [campo]: descricao },
  })) as unknown as {
    _id: string;
  }[];
  const id = lista[0]?._id;
  if (!id) throw new Error(`${tabela} ${descricao}`);
  return id;
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  const grupos = (await (
    await fetch(`${baseUrl}/api/getGrupoEmpresarialLista`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lixo: false }),
    })
  ).json()) as { data: { _id: string }[] };
  const login = (await (
    await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: USUARIOS.admin.email,
        senha: createHash('sha256').update(USUARIOS.admin.senha).digest('hex'),
        grupoEmpresarial: grupos.data[0]?._id,
      }),
    })
  ).json()) as { data: { token: string } };
  token = login.data.token;
  empresa = await idPor('empresa', 'Loja Centro');
  for (const p of [
    'Pizza Grande Calabresa',
    'Pizza Grande Portuguesa',
    'Refrigerante Lata 350ml',
    'X-Burguer',
  ])
    ids[p] = await idPor('produtoGeral', p);
  ids.joao = await idPor('pessoa', 'João Cliente', 'nome');
  // The demo kitchen of the seed, as a store has it after `npm start`.
  const estacoes = (await chamar('GET', 'kds/estacoes')) as unknown as { _id: string; descricao: string }[];
  const estacao = (descricao: string) => {
    const e = estacoes.find((x) => x.descricao === descricao);
    if (!e) throw new Error(`estação ${descricao}`);
    return e._id;
  };
  ids.estacaoCozinha = estacao('Cozinha Quente');
  ids.estacaoBar = estacao('Bar');
  ids.estacaoMontagem = estacao('Montagem');

  // Fake printers on 127.0.0.1 stand in for the store's two printers, and the real print agent serves the
  // store's terminals with a long-lived agent token.
  cozinhaImp = await impressoraFalsa();
  caixaImp = await impressoraFalsa();
  for (const [descricao, falsa] of [
    ['Impressora Cozinha', cozinhaImp],
    ['Impressora Caixa', caixaImp],
  ] as const) {
    const lista = (await chamar('POST', 'impressora/getPopulate', {
      filtro: { empresa, descricao },
    })) as unknown as Record<string, unknown>[];
    const registro = lista[0];
    if (!registro) throw new Error(descricao);
    await chamar('PUT', `impressora/${registro._id as string}`, {
      ...registro,
      ip: '127.0.0.1',
      porta: String(falsa.porta),
    });
  }
  const terminais = (await chamar('POST', 'terminal/getPopulate', {
    filtro: { empresa },
  })) as unknown as { _id: string; descricao: string }[];
  for (const t of terminais) ids[t.descricao] = t._id;
  const { token: tokenAgente } = (await chamar('POST', 'impressao/tokenAgente', { empresa })) as {
    token: string;
  };
  agente = iniciarAgente([
    '--servidor',
    baseUrl,
    '--token',
    tokenAgente,
    '--terminais',
    terminais.map((t) => t._id).join(','),
    '--diretorio',
    diretorioTemporario(),
  ]);
  await agente.esperarLog(/"evento":"tempoReal","conectado":true/);
});

afterAll(async () => {
  await agente?.parar();
  await cozinhaImp?.fechar();
  await caixaImp?.fechar();
  for (const a of abas) await a.contexto.close();
  await navegador?.close();
});

/** A printed job read back from the bytes the printer got: its text and the bytes. */
interface Papel {
  bytes: Buffer;
  texto: string;
}
const lido = (bytes: Buffer): Papel => ({ bytes, texto: documentoComoTexto(lerEscPos(bytes)) });

/** Waits until the fake printer got a job whose text has every one of `trechos`. */
async function impresso(impressora: ImpressoraFalsa, ...trechos: string[]): Promise<Papel> {
  let achado: Papel | undefined;
  await esperar(() => {
    achado = impressora.trabalhos.map(lido).find((p) => trechos.every((t) => p.texto.includes(t)));
    return achado !== undefined;
  }, 20_000);
  return achado as Papel;
}

const contem = (b: Buffer, seq: number[]) => b.includes(Buffer.from(seq));

/** Real ESC/POS at 48 columns: init + code page 860, bold, double size, partial cut; no line over 48. */
function conferirEscPos(p: Papel, destaque: string): void {
  expect(p.bytes.subarray(0, 5).toString('hex')).toBe('1b401b7403');
  expect(contem(p.bytes, [0x1d, 0x21, 0x11, ...Buffer.from(destaque, 'latin1')])).toBe(true);
  expect(contem(p.bytes, [0x1b, 0x45, 1])).toBe(true);
  expect(p.bytes.subarray(-4).toString('hex')).toBe('1d564200');
  const linhas = p.texto.split('\n');
  expect(linhas).toContain('-'.repeat(48));
  for (const l of linhas) expect(l.length).toBeLessThanOrEqual(48);
}

/**
 * A screen of the Frente Loja. Without `mesmaSessao` a new browser context (its own login); with it, a new
 * page of that context (the saved session is restored by the guard), which spares a login.
 */
async function abrir(
  rota: string,
  viewport: { width: number; height: number },
  testId: string,
  mesmaSessao?: Aba,
): Promise<Aba> {
  let aba: Aba;
  if (mesmaSessao) {
    const pagina = await mesmaSessao.contexto.newPage();
    await pagina.setViewportSize(viewport);
    const erros: string[] = [];
    pagina.on('console', (m) => {
      if (m.type() === 'error') erros.push(`console: ${m.text()}`);
    });
    pagina.on('pageerror', (e) => erros.push(`pageerror: ${e.message}`));
    aba = { contexto: mesmaSessao.contexto, pagina, erros };
  } else {
    aba = await novaAba(navegador, viewport);
    abas.push(aba);
    await fazerLogin(aba.pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
  }
  await aba.pagina.goto(`${baseUrl}/#/frenteLoja/${rota}`);
  await aba.pagina.getByTestId(testId).waitFor();
  return aba;
}

async function lancar(corpo: Record<string, unknown>, produtos: Record<string, unknown>[]) {
  // As the POS of the cashier terminal launches it (the agent serves that terminal's queue).
  const venda = await chamar('POST', 'venda', { ...corpo, terminal: ids['Terminal Caixa 1'], produtos });
  const inicio = Date.now();
  await chamar('POST', `venda/${venda._id as string}/confirmarItens`, {});
  return { vendaId: venda._id as string, inicio };
}

const itens = async (pagina: Page, vendaId: string) =>
  (await pagina.getByTestId(`pedido-${vendaId}`).getByTestId('item-kds').allInnerTexts()).map(
    (t) => t.split('\n')[0] ?? '',
  );

async function emAmbosOsTemas(pagina: Page, nome: string) {
  await definirTemaEscuro(pagina, false);
  // Away from the theme button, so its tooltip is not in the picture.
  await pagina.mouse.move(5, 300);
  await capturar(pagina, `${nome}-claro`);
  await definirTemaEscuro(pagina, true);
  await pagina.mouse.move(5, 300);
  await capturar(pagina, `${nome}-escuro`);
  await definirTemaEscuro(pagina, false);
}

describe('KDS, expedition and dispatch', () => {
  it('table order of two sectors -> each station shows only its items within 1 s -> bump -> produced', async () => {
    const tv = await abrir(`kds/${ids.estacaoCozinha}`, { width: 1920, height: 1080 }, 'tela-kds');
    const tablet = await abrir(`kds/${ids.estacaoBar}`, { width: 1024, height: 768 }, 'tela-kds');
    const expedicao = await abrir('expedicao', { width: 1366, height: 768 }, 'tela-expedicao');
    await tv.pagina.getByTestId('titulo-estacao').getByText('Cozinha Quente').waitFor();
    await tablet.pagina.getByTestId('titulo-estacao').getByText('Bar').waitFor();
    // Sockets joined the store room once the station shows as online.
    for (const a of [tv, tablet]) await a.pagina.getByText('Online').waitFor();

    const { vendaId, inicio } = await lancar({ tipoVenda: 54, mesa: 31 }, [
      {
        produto: ids['Pizza Grande Calabresa'],
        produtosFilho: [
          { produto: ids['Pizza Grande Calabresa'], quantidadeParte: 1 },
          { produto: ids['Pizza Grande Portuguesa'], quantidadeParte: 1 },
        ],
        obs: 'bem assada',
      },
      { produto: ids['X-Burguer'] },
      { produto: ids['Refrigerante Lata 350ml'], quantidade: '2' },
    ]);
    await Promise.all([
      tv.pagina.getByTestId(`pedido-${vendaId}`).waitFor({ timeout: 1000 }),
      tablet.pagina.getByTestId(`pedido-${vendaId}`).waitFor({ timeout: 1000 }),
    ]);
    const ate = Date.now() - inicio;
    expect(ate).toBeLessThan(1000);
    expect(await itens(tv.pagina, vendaId)).toEqual(['1x Pizza Grande Calabresa', '1x X-Burguer']);
    expect(await itens(tablet.pagina, vendaId)).toEqual(['2x Refrigerante Lata 350ml']);
    const cartaoTv = tv.pagina.getByTestId(`pedido-${vendaId}`);
    await expect.poll(() => cartaoTv.getByText('½ Pizza Grande Portuguesa').count()).toBe(1);
    expect(await cartaoTv.getByTestId('obs-item').textContent()).toBe('Obs: bem assada');
    expect(await cartaoTv.getByTestId('identificacao').textContent()).toBe('Mesa 31');

    // The production tickets, one per print sector, reach the kitchen printer through the agent.
    const cozinha = await impresso(cozinhaImp, 'PRODUÇÃO - COZINHA', 'MESA 31');
    conferirEscPos(cozinha, 'MESA 31');
    const linhasCozinha = cozinha.texto.split('\n');
    expect(linhasCozinha).toContain('1 x Pizza Grande Calabresa');
    expect(linhasCozinha.some((l) => /^ {3}\S.*Pizza Grande Portuguesa$/.test(l))).toBe(true);
    expect(linhasCozinha).toContain('   Obs: bem assada');
    expect(linhasCozinha).toContain('1 x X-Burguer');
    expect(cozinha.texto).not.toContain('Refrigerante');
    // "PRODUÇÃO" in code page 860: Ç 0x80, Ã 0x8e.
    expect(contem(cozinha.bytes, [...Buffer.from('PRODU'), 0x80, 0x8e, ...Buffer.from('O - COZINHA')])).toBe(
      true,
    );
    const bar = await impresso(cozinhaImp, 'PRODUÇÃO - BAR', 'MESA 31');
    conferirEscPos(bar, 'MESA 31');
    expect(bar.texto.split('\n')).toContain('2 x Refrigerante Lata 350ml');
    expect(bar.texto).not.toContain('Pizza');

    // A second order so the TV screenshot shows a started one and the keyboard selection.
    const segundo = await lancar({ tipoVenda: 54, mesa: 32 }, [
      { produto: ids['X-Burguer'], obs: 'sem picles' },
    ]);
    await tv.pagina.getByTestId(`pedido-${segundo.vendaId}`).waitFor({ timeout: 1000 });
    // The demo station's numeric bump bar (kdsTeclado): 6 next, 1 start; the keys are on the legend.
    expect(await tv.pagina.getByTestId('legenda-teclas').textContent()).toContain(
      'Bump bar: 4 anterior · 6 próximo · 1 iniciar · 2 pronto · 5 bump · 0 recall · 9 tela cheia',
    );
    // Other tests' counter sales may be on the station too (they go to the kitchen when finished): '6' moves
    // the selection until it reaches this order.
    const cartaoSegundo = tv.pagina.getByTestId(`pedido-${segundo.vendaId}`);
    for (let i = 0; i < 30 && (await cartaoSegundo.getAttribute('aria-current')) !== 'true'; i++)
      await tv.pagina.keyboard.press('6');
    expect(await cartaoSegundo.getAttribute('aria-current')).toBe('true');
    await tv.pagina.keyboard.press('1');
    await cartaoSegundo.getByText('Em produção').waitFor();
    await emAmbosOsTemas(tv.pagina, 'kds-tv-1920');
    await emAmbosOsTemas(tablet.pagina, 'kds-tablet-1024');
    const montagem = await abrir(`kds/${ids.estacaoMontagem}`, { width: 1366, height: 768 }, 'tela-kds', tv);
    await montagem.pagina.getByTestId(`pedido-${vendaId}`).waitFor();
    expect((await itens(montagem.pagina, vendaId)).sort()).toEqual([
      '1x Pizza Grande Calabresa',
      '1x X-Burguer',
      '2x Refrigerante Lata 350ml',
    ]);
    // Twelve minutes later (the browser's clock only): timers past the 10-minute alert turn yellow.
    await montagem.pagina.clock.setFixedTime(new Date(Date.now() + 12 * 60_000));
    await expect
      .poll(() => montagem.pagina.getByTestId(`pedido-${vendaId}`).getAttribute('data-cor'))
      .toBe('alerta');
    await emAmbosOsTemas(montagem.pagina, 'kds-montagem');

    // Bump on both stations: the order leaves them and the expedition shows it produced.
    await tv.pagina.getByTestId(`pedido-${vendaId}`).getByTestId('bump').click();
    await tablet.pagina.getByTestId(`pedido-${vendaId}`).getByTestId('bump').click();
    await tv.pagina.getByTestId(`pedido-${vendaId}`).waitFor({ state: 'detached' });
    await tablet.pagina.getByTestId(`pedido-${vendaId}`).waitFor({ state: 'detached' });
    const cartaoExp = expedicao.pagina.getByTestId(`expedicao-${vendaId}`);
    await expedicao.pagina.getByTestId('coluna-Produzido').getByTestId(`expedicao-${vendaId}`).waitFor();
    expect(await cartaoExp.getAttribute('data-status')).toBe('2');
    // Recall brings the last bumped order back to the TV.
    await tv.pagina.getByTestId('recall').click();
    await tv.pagina.getByTestId(`pedido-${vendaId}`).waitFor();
    await tv.pagina.getByTestId(`pedido-${vendaId}`).getByTestId('bump').click();
    await tv.pagina.getByTestId(`pedido-${vendaId}`).waitFor({ state: 'detached' });

    for (const a of [tv, tablet, expedicao, montagem]) expect(a.erros).toEqual([]);
  });

  it('a rider takes a delivery order out and back: in delivery -> delivered, then settles', async () => {
    const [tv, tablet, expedicao] = abas;
    if (!tv || !tablet || !expedicao) throw new Error('abas do primeiro teste');
    const saida = await abrir('saidaMotoboy', { width: 1024, height: 768 }, 'tela-saida-motoboy', tablet);
    const { vendaId } = await lancar({ tipoVenda: 55, cliente: ids.joao, distanciaEntregaMetros: 4500 }, [
      { produto: ids['Pizza Grande Calabresa'] },
    ]);
    await tv.pagina.getByTestId(`pedido-${vendaId}`).waitFor({ timeout: 1000 });

    // The delivery fee is changed on the expedition board with a supervisor's release (permission 25).
    const cartao = expedicao.pagina.getByTestId(`expedicao-${vendaId}`);
    await cartao.getByRole('button', { name: 'Taxa' }).click();
    const modal = expedicao.pagina.locator('.ant-modal:visible');
    await modal.getByRole('spinbutton').fill('5');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    const liberacao = expedicao.pagina.getByTestId('liberacao-form');
    await liberacao.waitFor();
    await liberacao.getByLabel('Login').fill('supervisor@exemplo.com.br');
    await liberacao.getByLabel('Senha').fill('super123');
    await expedicao.pagina.getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(() => cartao.textContent()).toMatch(/Taxa R\$\s5,00/);

    await tv.pagina.getByTestId(`pedido-${vendaId}`).getByTestId('bump').click();
    await expedicao.pagina.getByTestId('coluna-Produzido').getByTestId(`expedicao-${vendaId}`).waitFor();
    // Produced: the expedition ticket goes to the store's expedition sector (the cashier's printer).
    const ticket = await impresso(caixaImp, 'EXPEDIÇÃO', 'Cliente: João Cliente');
    conferirEscPos(ticket, 'DELIVERY ');
    const linhasTicket = ticket.texto.split('\n');
    expect(linhasTicket).toContain('Endereço: Avenida Batel, 1200 - Batel');
    expect(linhasTicket).toContain('1 x Pizza Grande Calabresa');
    expect(ticket.texto).toMatch(/Taxa de entrega +R\$ 5,00/);
    expect(ticket.texto).toMatch(/COBRAR NA ENTREGA +R\$ \d+,\d\d/);
    expect(cozinhaImp.trabalhos.map(lido).some((p) => p.texto.includes('EXPEDIÇÃO'))).toBe(false);

    const despacho = saida.pagina.getByTestId(`despacho-${vendaId}`);
    await despacho.waitFor();
    await despacho.getByTestId('selecionar-motoboy').click();
    await saida.pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Marcos Motoboy' })
      .click();
    await despacho.getByRole('button', { name: 'Atribuir' }).click();
    const motoboy = saida.pagina
      .locator('[data-testid^="motoboy-"]')
      .filter({ hasText: 'Marcos Motoboy' })
      .first();
    await motoboy.getByTestId(`motoboy-pedido-${vendaId}`).waitFor();
    await expect.poll(() => motoboy.getByTestId('situacao-motoboy').textContent()).toBe('Aguardando saída');
    await emAmbosOsTemas(saida.pagina, 'saida-motoboy');

    await motoboy.getByRole('button', { name: 'Saída' }).click();
    await expedicao.pagina.getByTestId('coluna-Em entrega').getByTestId(`expedicao-${vendaId}`).waitFor();
    await expect.poll(() => motoboy.getByTestId('situacao-motoboy').textContent()).toBe('Em rota');
    await emAmbosOsTemas(expedicao.pagina, 'expedicao');

    await motoboy.getByRole('button', { name: 'Retorno' }).click();
    await expedicao.pagina.getByTestId('coluna-Entregue').getByTestId(`expedicao-${vendaId}`).waitFor();
    expect(await expedicao.pagina.getByTestId(`expedicao-${vendaId}`).getAttribute('data-status')).toBe('4');
    await motoboy.getByRole('button', { name: 'Acerto' }).click();
    const acerto = saida.pagina.getByTestId('acerto');
    await acerto.waitFor();
    expect(await acerto.textContent()).toMatch(/Total das taxas de entregaR\$\s5,00/);
    await saida.pagina.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar' }).click();
    await expect.poll(() => motoboy.getByTestId('situacao-motoboy').textContent()).toBe('Livre');
    for (const a of [saida, expedicao]) expect(a.erros).toEqual([]);
  });

  it('doorman registration', async () => {
    const expedicao = abas[2];
    if (!expedicao) throw new Error('abas do primeiro teste');
    const portaria = await abrir('portaria', { width: 1366, height: 768 }, 'tela-portaria', expedicao);
    await portaria.pagina.getByLabel('Nome').fill('Ana Souza');
    await portaria.pagina.getByLabel('Comanda').fill('501');
    await portaria.pagina.getByLabel('Pessoas').fill('3');
    await portaria.pagina.getByRole('button', { name: 'Registrar', exact: true }).click();
    await portaria.pagina.getByRole('cell', { name: 'Ana Souza' }).waitFor();
    await emAmbosOsTemas(portaria.pagina, 'portaria');
    await portaria.pagina.getByRole('button', { name: 'Registrar saída' }).click();
    await portaria.pagina.getByRole('button', { name: 'Registrar saída' }).waitFor({ state: 'detached' });
    expect(portaria.erros).toEqual([]);
  });

  it('back-office KDS registrations through the generic screens', async () => {
    const expedicao = abas[2];
    if (!expedicao) throw new Error('abas do primeiro teste');
    const pagina = await expedicao.contexto.newPage();
    await pagina.setViewportSize({ width: 1366, height: 768 });
    const aba = { contexto: expedicao.contexto, pagina, erros: [] as string[] };
    pagina.on('pageerror', (e) => aba.erros.push(`pageerror: ${e.message}`));
    await pagina.goto(`${baseUrl}/#/kdsEstacao`);
    const lista = pagina.getByTestId('lista-kdsEstacao');
    for (const nome of ['Cozinha Quente', 'Bar', 'Montagem'])
      await lista.getByText(nome, { exact: true }).first().waitFor();
    await emAmbosOsTemas(pagina, 'kds-estacao-retaguarda');
    // The station picker of a new KDS monitor lists the store's stations.
    await pagina.goto(`${baseUrl}/#/frenteLoja/kds`);
    for (const nome of ['Cozinha Quente', 'Bar', 'Montagem'])
      await pagina.getByRole('link', { name: new RegExp(`^${nome}`) }).waitFor();
    await emAmbosOsTemas(pagina, 'kds-escolher-estacao');
    await pagina.goto(`${baseUrl}/#/kdsMontagem`);
    await pagina
      .getByTestId('lista-kdsMontagem')
      .getByText('Montagem dos pedidos', { exact: true })
      .first()
      .waitFor();
    expect(aba.erros).toEqual([]);
  });

  it("the POS bound to the kitchen terminal offers the screens of the terminal's functions", async () => {
    const aba = await novaAba(navegador, { width: 1024, height: 768 });
    abas.push(aba);
    const { pagina, erros } = aba;
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
    await pagina.evaluate((v) => localStorage.setItem('frenteLoja.vinculo', JSON.stringify(v)), {
      empresaPadrao: { _id: empresa, descricao: 'Loja Centro' },
      terminalPadrao: { _id: ids['Terminal Cozinha 1'], descricao: 'Terminal Cozinha 1' },
    });
    await pagina.goto(`${baseUrl}/#/frenteLoja`);
    const atalhos = pagina.getByTestId('atalhos-operacao-grandes');
    await atalhos.waitFor({ timeout: 30_000 }).catch(async (erro: unknown) => {
      await capturar(pagina, 'frente-loja-terminal-cozinha-falha');
      throw new Error(`${String(erro)}\n${erros.join('\n')}`);
    });
    expect(await atalhos.getByRole('link').allInnerTexts()).toEqual([
      'KDS (cozinha)',
      'Expedição',
      'Saída de Motoboy',
      'Portaria',
    ]);
    await emAmbosOsTemas(pagina, 'frente-loja-terminal-cozinha');
    await pagina.getByTestId('atalhos-operacao').click();
    await pagina.locator('.ant-dropdown:visible').getByRole('link', { name: 'Expedição' }).click();
    await pagina.getByTestId('tela-expedicao').waitFor();
    await pagina.goto(`${baseUrl}/#/frenteLoja`);
    await atalhos.getByRole('link', { name: 'KDS (cozinha)' }).click();
    await pagina.getByRole('link', { name: /^Cozinha Quente/ }).waitFor();
    expect(erros).toEqual([]);
  });
});
