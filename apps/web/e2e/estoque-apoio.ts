import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { definirTemaEscuro, tokenPorApi, USUARIOS } from './apoio.ts';
import { fecharAvisos, requisitarApi } from './frente-loja-apoio.ts';

// What the stock e2e files share: the stock keeper's and the admin's sessions by API, the demo stores' ids, a
// client id for the ledger calls, and the picture of a screen in both themes. Login, the API call and the theme
// switch are apoio.ts's and frente-loja-apoio.ts's; this file only puts them together as the stock tests use them.

/**
 * On two cores shared by many runs a screen can take seconds to answer: the calling file's `expect.poll`s wait up
 * to 15 s instead of 1 s (a poll that passes returns at once; only a real failure waits the whole time).
 */
export const esperarTelasOcupadas = (): void => vi.setConfig({ expect: { poll: { timeout: 15_000 } } });

/** A client id (24 hex, as the server's ids) that doubles as the idempotency key of a stock move. */
export const novoId = (): string => randomBytes(12).toString('hex');

/** The demo stock keeper's session (the screens' user) and the admin's (set-up data the keeper may not write). */
export async function sessoesDoEstoque(baseUrl: string): Promise<{ token: string; admin: string }> {
  const token = await tokenPorApi(baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha);
  const admin = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  return { token, admin };
}

/** The ids of the demo's Loja Centro and Loja Shopping ('' when missing: the tests assert them). */
export async function lojasDemo(
  baseUrl: string,
  admin: string,
): Promise<{ centro: string; shopping: string }> {
  const empresas = await requisitarApi<{ _id: string; descricao: string }[]>(
    baseUrl,
    admin,
    'POST',
    'empresa/getPopulate',
    { filtro: {} },
  );
  const id = (descricao: string) => empresas.find((e) => e.descricao === descricao)?._id ?? '';
  return { centro: id('Loja Centro'), shopping: id('Loja Shopping') };
}

/**
 * An API call as the test's session in the test's store. Both are read at each call (the tests fill them in
 * beforeAll); `chave` overrides the token (an admin call).
 */
export function apiDoEstoque(baseUrl: string, sessao: () => { token: string; empresa: string }) {
  return <T>(metodo: string, caminho: string, corpo?: unknown, chave = sessao().token) =>
    requisitarApi<T>(baseUrl, chave, metodo, caminho, corpo, sessao().empresa || undefined);
}

/**
 * The page in the light and the dark theme, `<pasta>/<nome>-claro.png` and `-escuro.png`, then back to light.
 * The pointer rests where nothing lights up and the theme button's tooltip fades (`espera` ms) before each picture.
 */
export async function fotografarTemas(
  pagina: Page,
  pasta: string,
  nome: string,
  espera = 700,
): Promise<void> {
  mkdirSync(pasta, { recursive: true });
  await fecharAvisos(pagina);
  for (const escuro of [false, true]) {
    await definirTemaEscuro(pagina, escuro);
    await pagina.mouse.move(4, 760);
    await pagina.waitForTimeout(espera);
    await pagina.screenshot({ path: `${pasta}/${nome}-${escuro ? 'escuro' : 'claro'}.png`, fullPage: true });
  }
  await definirTemaEscuro(pagina, false);
}

// ------------------------------------------------------------------------------------------------------------
// Figures. The demo stores start with stock (the seed's opening entry), so a test reads a product's balance and
// average before it acts and expects what its own moves change. Quantities and costs are integers at 6 decimals,
// money in cents, rounded half away from zero (the rules, written here again and not imported, so the
// product is checked against them).

export const ESCALA = 1_000_000n;
const abs = (x: bigint) => (x < 0n ? -x : x);
export function dividir(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  return abs(r) * 2n >= abs(d) ? q + (n < 0n !== d < 0n ? -1n : 1n) : q;
}
/** '0.350000', '1', '36,90' -> units at 6 decimals. */
export function seis(texto: string): bigint {
  const t = texto.trim().replace(',', '.');
  const negativo = t.startsWith('-');
  const [inteira = '0', fracao = ''] = t.replace('-', '').split('.');
  const v = BigInt(inteira) * ESCALA + BigInt(fracao.padEnd(6, '0').slice(0, 6));
  return negativo ? -v : v;
}
/** Cents of a quantity × a unit cost (both at 6 decimals). */
export const valor = (q: bigint, custo: bigint) => dividir(q * custo, 10_000_000_000n);
const milhares = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** A value at `escala` decimals written with `casas` places, pt-BR. */
export function numero(v: bigint, escala: number, casas: number): string {
  const r = dividir(v, 10n ** BigInt(escala - casas));
  const a = abs(r)
    .toString()
    .padStart(casas + 1, '0');
  const texto = casas ? `${milhares(a.slice(0, -casas))},${a.slice(-casas)}` : milhares(a);
  return r < 0n ? `-${texto}` : texto;
}
export const moeda = (centavos: bigint) =>
  centavos < 0n ? `-R$ ${numero(-centavos, 2, 2)}` : `R$ ${numero(centavos, 2, 2)}`;
/** Kilos on the stock screens: 3 places (a 4th when the figure has it). */
export const kg = (q: bigint) => numero(q, 6, q % 1000n === 0n ? 3 : 4);
/** A quantity without trailing zeros (reports, the ledger's messages): 2,85 / 1,5 / 2. */
export const enxuto = (q: bigint) => numero(q, 6, 6).replace(/,?0+$/, '');
/** A unit cost as the stock screens write it: 2 to 4 places, as many as it has. */
export function custo(c: bigint): string {
  const decimais = (abs(c) % ESCALA).toString().padStart(6, '0').replace(/0+$/, '').length;
  return `R$ ${numero(c, 6, Math.min(4, Math.max(2, decimais)))}`;
}
/** An API decimal of the ledger ('56.90', '1.500000') from cents or 6-decimal units. */
export const decimalApi = (v: bigint, escala: number, casas: number) => {
  const r = dividir(v, 10n ** BigInt(escala - casas));
  const a = abs(r)
    .toString()
    .padStart(casas + 1, '0');
  return `${r < 0n ? '-' : ''}${a.slice(0, -casas)}.${a.slice(-casas)}`;
};

export interface Posicao {
  saldo: bigint;
  medio: bigint;
}
/** A product's balance and average in a store as the ledger has them now. */
export async function posicaoNaLoja(
  chamar: <T>(metodo: string, caminho: string) => Promise<T>,
  empresa: string,
  produto: string,
): Promise<Posicao> {
  const [p] = await chamar<{ quantidade: string; custoMedio: string }[]>(
    'GET',
    `estoque/produtos?empresa=${empresa}&produto=${produto}`,
  );
  return { saldo: seis(p?.quantidade ?? '0'), medio: seis(p?.custoMedio ?? '0') };
}

/** Weighted average per product of a store: an entry with its cost moves it, every exit carries it. */
export class Modelo {
  readonly posicoes = new Map<string, Posicao>();
  private pos(produto: string): Posicao {
    let p = this.posicoes.get(produto);
    if (!p) {
      p = { saldo: 0n, medio: 0n };
      this.posicoes.set(produto, p);
    }
    return p;
  }
  /** Starts a product from what the ledger has (the demo's opening stock). */
  partir(produto: string, inicial: Posicao): void {
    this.posicoes.set(produto, { ...inicial });
  }
  entrada(produto: string, q: bigint, custoUnitario: bigint): bigint {
    const p = this.pos(produto);
    const saldo = p.saldo + q;
    p.medio = p.saldo <= 0n ? custoUnitario : dividir(p.saldo * p.medio + q * custoUnitario, saldo);
    p.saldo = saldo;
    return valor(q, custoUnitario);
  }
  /** A signed exit (negative) or adjustment at the average: its value in cents. */
  aoMedio(produto: string, q: bigint): bigint {
    const p = this.pos(produto);
    p.saldo += q;
    return valor(q, p.medio);
  }
  get(produto: string): Posicao {
    return { ...this.pos(produto) };
  }
}
