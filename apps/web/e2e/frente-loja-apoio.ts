import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animacoesParadas, capturar, definirTemaEscuro, fazerLogin, USUARIOS } from './apoio.ts';

// Steps shared by the Frente Loja browser tests: bind the terminal, release with the supervisor, launch a
// product, screenshots in both themes, and a server of their own that a test may stop and restart.

export const TELA = { width: 1024, height: 768 };

/** Opens the select and taps the option; a list that closed under the finger (the screen re-laid out on a
 * loaded machine) is opened again, as a person would. */
export async function escolher(pagina: Page, id: string, texto: string) {
  for (let tentativa = 1; ; tentativa++) {
    await pagina.locator(`#${id}`).click();
    const opcao = pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: texto })
      .first();
    try {
      await opcao.click({ timeout: tentativa < 3 ? 10_000 : 30_000 });
      return;
    } catch (erro) {
      if (tentativa >= 3) throw erro;
    }
  }
}

/** Logs in, opens the POS and binds it to Loja Centro / Terminal Caixa 1 when not bound yet. */
export async function abrirFrenteLoja(
  pagina: Page,
  baseUrl: string,
  usuario: { email: string; senha: string } = USUARIOS.admin,
) {
  await fazerLogin(pagina, baseUrl, usuario.email, usuario.senha, 'Loja Centro');
  await pagina.goto(`${baseUrl}/#/frenteLoja`);
  await pagina.getByTestId('titulo-frente-loja').waitFor();
  await pagina.getByTestId('config-terminal').or(pagina.getByTestId('modos')).first().waitFor();
  if (await pagina.getByTestId('config-terminal').isVisible()) {
    await escolher(pagina, 'fl-empresa', 'Loja Centro');
    await escolher(pagina, 'fl-terminal', 'Terminal Caixa 1');
    await pagina.getByRole('button', { name: 'Salvar e carregar' }).click();
  }
  await pagina.getByTestId('modos').waitFor();
}

export async function garantirCaixaAberto(pagina: Page) {
  await pagina.getByTestId('status-periodo').waitFor();
  if ((await pagina.getByTestId('status-periodo').textContent()) === 'Caixa aberto') return;
  await pagina.getByTestId('modos').getByText('Caixa').click();
  await pagina.getByRole('button', { name: 'Abrir caixa' }).click();
  await expect.poll(() => pagina.getByTestId('status-periodo').textContent()).toBe('Caixa aberto');
}

export async function liberarComSupervisor(pagina: Page, motivo = 'Cliente frequente') {
  const dialogo = pagina.getByTestId('liberacao-form');
  await dialogo.waitFor();
  await dialogo.getByLabel('Login').fill(USUARIOS.supervisor.email);
  await dialogo.getByLabel('Senha').fill(USUARIOS.supervisor.senha);
  const campoMotivo = dialogo.getByLabel('Motivo');
  if (await campoMotivo.isVisible()) await campoMotivo.fill(motivo);
  await pagina.locator('.ant-modal', { has: dialogo }).getByRole('button', { name: 'Confirmar' }).click();
  try {
    await dialogo.waitFor({ state: 'detached', timeout: 10_000 });
  } catch (erro) {
    const avisos = await pagina.locator('.ant-notification-notice, .ant-message-notice').allInnerTexts();
    throw new Error(`liberação não concluída: ${avisos.join(' | ')} (${String(erro)})`);
  }
}

export async function buscarELancar(pagina: Page, texto: string) {
  const busca = pagina.getByTestId('busca-produto');
  await busca.fill(texto);
  await busca.press('Enter');
}

export const total = (pagina: Page) => pagina.getByTestId('total-venda').textContent();

/**
 * The cashier picks cash in the open payment dialog, types what was received and launches it. 'Lançar' waits
 * for the sale's writes to reach the server (slow on a loaded machine); the choice of cash and the value typed
 * stay meanwhile, even when the sync answer changes the total.
 */
export async function lancarEmDinheiro(pagina: Page, valor: string) {
  const dinheiro = pagina.getByRole('radio', { name: 'Dinheiro' });
  const lancar = pagina.getByRole('button', { name: 'Lançar', exact: true });
  const recebido = pagina.getByLabel('Valor recebido');
  await animacoesParadas(pagina);
  await dinheiro.click();
  await recebido.fill(valor);
  await expect.poll(() => lancar.isEnabled(), { timeout: 90_000 }).toBe(true);
  expect(await dinheiro.isChecked()).toBe(true);
  expect(await recebido.inputValue()).toBe(valor);
  await lancar.click();
}

/** Screenshots show the screen, not the toasts of the steps before. */
export async function fecharAvisos(pagina: Page) {
  for (const x of await pagina.locator('.ant-notification-notice-close').all())
    await x.click().catch(() => undefined);
  await pagina
    .locator('.ant-notification-notice')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** The theme button's tooltip would cover the header in the picture: the pointer leaves it first. */
export async function capturarTela(pagina: Page, nome: string) {
  await pagina.mouse.move(4, 700);
  await capturar(pagina, nome);
}

/** `-claro` and `-escuro` pictures of what is on screen (no dialog open: the theme button is behind it). */
export async function capturarTemas(pagina: Page, nome: string) {
  await fecharAvisos(pagina);
  for (const escuro of [false, true]) {
    await definirTemaEscuro(pagina, escuro);
    await capturarTela(pagina, `${nome}-${escuro ? 'escuro' : 'claro'}`);
  }
  await definirTemaEscuro(pagina, false);
}

/**
 * Both themes of a dialog: take the light one, close it (Escape), switch the theme, reopen with `abrir`,
 * take the dark one, and leave it open in the light theme.
 */
export async function capturarDialogo(pagina: Page, nome: string, abrir: () => Promise<void>) {
  await fecharAvisos(pagina);
  await capturarTela(pagina, `${nome}-claro`);
  await pagina.keyboard.press('Escape');
  await pagina
    .locator('.ant-modal-wrap:visible')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await definirTemaEscuro(pagina, true);
  await abrir();
  // Reopening may raise a notice of its own (a question asked again): the picture shows the dialog.
  await fecharAvisos(pagina);
  await capturarTela(pagina, `${nome}-escuro`);
  await pagina.keyboard.press('Escape');
  await pagina
    .locator('.ant-modal-wrap:visible')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await definirTemaEscuro(pagina, false);
  await abrir();
}

// A server of the test's own (same data folder across a stop and a restart).
const raiz = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

export function portaLivre(): Promise<number> {
  return new Promise((ok, falha) => {
    const s = createServer();
    s.once('error', falha);
    s.listen(0, '127.0.0.1', () => {
      const e = s.address();
      const porta = typeof e === 'object' && e ? e.port : 0;
      s.close(() => ok(porta));
    });
  });
}

export async function iniciarServidor(porta: number, dados: string): Promise<ChildProcess> {
  const processo = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: raiz,
    env: { ...process.env, PORT: String(porta), DATA_DIR: dados },
    detached: true,
    stdio: 'ignore',
  });
  const limite = Date.now() + 150_000;
  while (Date.now() < limite) {
    if (processo.exitCode !== null) throw new Error(`servidor terminou: ${processo.exitCode}`);
    const r = await fetch(`http://127.0.0.1:${porta}/api/health`).catch(() => null);
    if (r?.status === 200) return processo;
    await new Promise((ok) => setTimeout(ok, 300));
  }
  throw new Error('servidor não respondeu');
}

export async function pararServidor(processo: ChildProcess): Promise<void> {
  // Ended by a signal, a process has a signalCode and no exitCode; its group is gone (kill would throw ESRCH).
  if (!processo.pid || processo.exitCode !== null || processo.signalCode !== null) return;
  const fim = new Promise((ok) => processo.once('exit', ok));
  try {
    process.kill(-processo.pid, 'SIGTERM');
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw erro;
  }
  await Promise.race([fim, new Promise((ok) => setTimeout(ok, 10_000))]);
}

/** The session token the web app keeps in localStorage. */
export function tokenDaPagina(pagina: Page): Promise<string> {
  return pagina.evaluate(() => {
    for (const chave of Object.keys(localStorage)) {
      const m = /"token":"([^"]+)"/.exec(localStorage.getItem(chave) ?? '');
      if (m) return m[1] ?? '';
    }
    return '';
  });
}

/** A call to the API with a session's token (setup and checks in the tests); a refusal throws its message. */
export async function requisitarApi<T>(
  baseUrl: string,
  token: string,
  metodo: string,
  caminho: string,
  corpo?: unknown,
  empresa?: string,
): Promise<T> {
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: {
      'Content-Type': 'application/json',
      token,
      version: 'e2e',
      ...(empresa ? { empresa } : {}),
    },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  const envelope = (await r.json()) as { valido: boolean; data: T };
  if (!envelope.valido) throw new Error(`${caminho}: ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}

/** POST to the API with the page's session (checks in the tests). */
export function chamarApi<T>(
  baseUrl: string,
  token: string,
  caminho: string,
  corpo: unknown,
  empresa?: string,
): Promise<T> {
  return requisitarApi<T>(baseUrl, token, 'POST', caminho, corpo, empresa);
}

/** What a test needs to set up sales of a demo store by API: its id, a cash-register terminal, the cash form. */
export interface LojaParaVendas {
  empresa: string;
  terminal: string;
  dinheiro: string;
  /** Product ids by exact description. */
  produtos: Record<string, string>;
}

/** Reads, as the administrator (`admin` token), the store named `nomeLoja` and the given products. */
export async function lojaParaVendas(
  baseUrl: string,
  admin: string,
  nomeLoja: string,
  produtos: readonly string[],
): Promise<LojaParaVendas> {
  const lojas = await requisitarApi<{ _id: string; descricao: string }[]>(
    baseUrl,
    admin,
    'POST',
    'empresa/getPopulate',
    { filtro: {} },
  );
  const empresa = lojas.find((l) => l.descricao === nomeLoja)?._id ?? '';
  const ler = <T>(caminho: string, corpo: unknown) =>
    requisitarApi<T>(baseUrl, admin, 'POST', caminho, corpo, empresa);
  const terminais = await ler<{ _id: string; configuracoes?: { caixa?: string } }[]>('terminal/getPopulate', {
    filtro: { empresa },
    limit: 50,
  });
  const formas = await ler<{ _id: string; tipo: { id: number } }[]>('formaPagamento/getPopulate', {
    filtro: { empresa },
    limit: 100,
  });
  const ids: Record<string, string> = {};
  for (const descricao of produtos)
    ids[descricao] =
      (await ler<{ _id: string }[]>('produtoGeral/getPopulate', { filtro: { descricao } }))[0]?._id ?? '';
  const loja = {
    empresa,
    terminal: terminais.find((t) => t.configuracoes?.caixa)?._id ?? '',
    dinheiro: formas.find((f) => f.tipo?.id === 77)?._id ?? '',
    produtos: ids,
  };
  expect(loja.empresa && loja.terminal && loja.dinheiro && Object.values(ids).every(Boolean)).toBeTruthy();
  return loja;
}
