import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const PASTA_SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

export const USUARIOS = {
  admin: { email: 'admin@exemplo.com.br', senha: 'admin123', codigoInterno: '1', nome: 'Administrador' },
  supervisor: { email: 'supervisor@exemplo.com.br', senha: 'super123', codigoInterno: '2' },
  caixa: { email: 'caixa@exemplo.com.br', senha: 'caixa123', codigoInterno: '3' },
  motoboy: { email: 'motoboy@exemplo.com.br', senha: 'moto123', codigoInterno: '4' },
  garcom: { email: 'garcom@exemplo.com.br', senha: 'garcom123', codigoInterno: '5' },
  cozinha: { email: 'cozinha@exemplo.com.br', senha: 'cozinha123', codigoInterno: '6' },
  atendente: { email: 'atendente@exemplo.com.br', senha: 'atende123', codigoInterno: '7' },
  estoquista: { email: 'estoque@exemplo.com.br', senha: 'estoque123', codigoInterno: '8' },
} as const;

export function abrirNavegador(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Aba {
  contexto: BrowserContext;
  pagina: Page;
  /** Console errors and uncaught page errors seen so far. */
  erros: string[];
}

export async function novaAba(
  navegador: Browser,
  viewport: { width: number; height: number } = { width: 1366, height: 768 },
): Promise<Aba> {
  const contexto = await navegador.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const pagina = await contexto.newPage();
  const erros: string[] = [];
  pagina.on('console', (mensagem) => {
    if (mensagem.type() === 'error') erros.push(`console: ${mensagem.text()}`);
  });
  pagina.on('pageerror', (erro) => erros.push(`pageerror: ${erro.message}`));
  return { contexto, pagina, erros };
}

export async function fazerLogin(
  pagina: Page,
  baseUrl: string,
  identificador: string,
  senha: string,
  empresa?: string,
): Promise<void> {
  await pagina.goto(`${baseUrl}/#/login`);
  await pagina.getByText('Acesso ao sistema').waitFor();
  // The only group of the demo data is pre-selected.
  await pagina
    .locator('#login-grupo')
    .locator('xpath=ancestor::div[contains(@class,"ant-select")]')
    .first()
    .getByText('Grupo Exemplo')
    .waitFor();
  await pagina.getByLabel('E-mail ou Código Interno').fill(identificador);
  await pagina.getByLabel('Senha').fill(senha);
  await pagina.getByRole('button', { name: 'Entrar' }).click();
  await pagina.getByText('Selecione a empresa').waitFor();
  await pagina.locator('#login-empresa').click();
  const opcoes = pagina.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await opcoes.first().waitFor();
  if (empresa) await opcoes.filter({ hasText: empresa }).first().click();
  else await opcoes.first().click();
  await pagina.getByRole('button', { name: 'Acessar' }).click();
  await pagina.getByTestId('titulo-pagina').getByText('Início').waitFor();
}

/** Every select's dropdown closed (two may be leaving at once after a quick pick in each). */
export async function listasFechadas(pagina: Page): Promise<void> {
  await pagina.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
}

/**
 * Picks an option of a searchable select by typing part of it, as a person does; when the select does not show
 * the option afterwards (the list closed under the click on a loaded machine) it is picked again, up to 3 times.
 */
export async function escolherDigitando(pagina: Page, campo: Locator, busca: string, opcao: string) {
  const selecao = campo.locator(
    'xpath=ancestor-or-self::div[contains(concat(" ", @class, " "), " ant-select ")][1]',
  );
  for (let tentativa = 1; ; tentativa++) {
    await campo.click();
    await pagina.keyboard.type(busca);
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: opcao })
      .first()
      .click();
    const limite = Date.now() + 5_000;
    while (Date.now() < limite) {
      if ((await selecao.textContent({ timeout: 1_000 }).catch(() => ''))?.includes(opcao)) return;
      await pagina.waitForTimeout(100);
    }
    if (tentativa >= 3) throw new Error(`a seleção não mostra '${opcao}' depois de 3 tentativas`);
  }
}

/**
 * Every dialog and drawer has ended its opening motion: a click aimed while the panel still grows or slides can
 * land on the control next to its target (a loaded machine draws few frames, and the pointer checks see them
 * as still).
 */
export async function animacoesParadas(pagina: Page): Promise<void> {
  const emMovimento = pagina.locator('.ant-modal[class*="-zoom-"], [class*="ant-drawer-panel-motion-"]');
  const limite = Date.now() + 10_000;
  while ((await emMovimento.count()) > 0) {
    if (Date.now() > limite) throw new Error('um diálogo ou gaveta não terminou de abrir em 10 s');
    await pagina.waitForTimeout(50);
  }
}

/**
 * Answers 'Descartar' to the form's unsaved-changes question, once the question has ended its opening zoom (a
 * click aimed while it grew missed the button on a loaded CI machine, and the question stayed open).
 */
export async function descartarAlteracoes(pagina: Page): Promise<void> {
  const pergunta = pagina.locator('.ant-modal-confirm:visible');
  await pergunta.getByRole('button', { name: 'Descartar' }).waitFor();
  await animacoesParadas(pagina);
  await pergunta.getByRole('button', { name: 'Descartar' }).click();
  await pergunta.first().waitFor({ state: 'hidden' });
}

export async function capturar(pagina: Page, nome: string): Promise<void> {
  mkdirSync(PASTA_SCREENSHOTS, { recursive: true });
  // Let antd's enter animations (modal, drawer, notification) finish.
  await pagina.waitForTimeout(600);
  await pagina.screenshot({ path: `${PASTA_SCREENSHOTS}${nome}.png` });
}

export async function definirTemaEscuro(pagina: Page, escuro: boolean): Promise<void> {
  const atual = await pagina.evaluate(() => localStorage.getItem('retaguarda.tema') === 'true');
  if (atual !== escuro) await pagina.getByTestId('alternar-tema').first().click();
  await pagina.waitForFunction(
    (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
    escuro,
  );
}

/** Signs in through the API (as the login screen does) and returns the session token. */
export async function tokenPorApi(baseUrl: string, email: string, senha: string): Promise<string> {
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
        email,
        senha: createHash('sha256').update(senha).digest('hex'),
        grupoEmpresarial: grupos.data[0]?._id,
      }),
    })
  ).json()) as { data: { token: string } };
  return login.data.token;
}

/**
 * Turns off every happy-hour window (periodoPorHora) of the demo group. The POS tests assert exact prices;
 * the demo's late-night window on fries would change them whenever a test runs inside it, so the tests'
 * data is made independent of the time of day (the engine's own tests cover the windows).
 */
export async function desligarHappyHours(baseUrl: string): Promise<void> {
  const token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const headers = { 'content-type': 'application/json', token, version: 'e2e' };
  const lista = (await (
    await fetch(`${baseUrl}/api/periodoPorHora/getPopulate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ filtro: {} }),
    })
  ).json()) as { data: ({ _id: string; habilitado?: boolean } & Record<string, unknown>)[] };
  for (const periodo of lista.data) {
    if (periodo.habilitado === false) continue;
    const r = await fetch(`${baseUrl}/api/periodoPorHora/${periodo._id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...periodo, habilitado: false }),
    });
    const corpo = (await r.json()) as { valido: boolean; data: unknown };
    if (!corpo.valido) throw new Error(`periodoPorHora ${periodo._id}: ${JSON.stringify(corpo.data)}`);
  }
}

/**
 * Picks an option of an antd select by the field's id. A click that lands during the dropdown's opening animation
 * leaves it open: it is closed and the pick retried, until the field shows the option.
 */
export async function escolherOpcao(pagina: Page, idCampo: string, opcao: string): Promise<void> {
  const selecao = pagina
    .locator(`#${idCampo}`)
    .locator('xpath=ancestor::div[contains(@class,"ant-select ")][1]');
  for (let tentativa = 0; tentativa < 3; tentativa++) {
    await pagina.locator(`#${idCampo}`).click();
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: opcao })
      .first()
      .click();
    const fechou = await pagina
      .locator('.ant-select-dropdown:visible')
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (!fechou) await pagina.keyboard.press('Escape');
    if ((await selecao.getByTitle(opcao).count()) > 0) return;
  }
  throw new Error(`opção não escolhida: ${opcao}`);
}
