import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, novaAba } from './apoio.ts';
import {
  abrirFrenteLoja,
  buscarELancar,
  capturarTemas,
  chamarApi,
  garantirCaixaAberto,
  iniciarServidor,
  lancarEmDinheiro,
  pararServidor,
  portaLivre,
  TELA,
  tokenDaPagina,
  total,
} from './frente-loja-apoio.ts';

// Issue 5 point 8 with the service worker: after one online visit the POS opens from a reload while the
// server is down (app shell and assets from the worker's cache, reference data from IndexedDB), a counter
// sale is made and queued, and once the server is back the queued sale reaches it exactly once.

let navegador: Browser;
// A server per attempt (same data folder across its stop and restart): a retry starts from one that runs.
const servidores: { processo: ChildProcess; dados: string }[] = [];

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(async () => {
  await navegador?.close();
  for (const { processo, dados } of servidores) {
    await pararServidor(processo);
    rmSync(dados, { recursive: true, force: true });
  }
});

describe('Frente Loja offline reload', () => {
  it('reload without the server opens the POS from the service worker, sells, and the queued sale is sent once', async () => {
    const porta = await portaLivre();
    const dados = mkdtempSync(join(tmpdir(), 'frente-loja-sw-'));
    let processo = await iniciarServidor(porta, dados);
    servidores.push({ processo, dados });
    const url = `http://127.0.0.1:${porta}`;
    const { pagina, contexto } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, url);
    await garantirCaixaAberto(pagina);
    await pagina.getByTestId('modos').getByText('Balcão').click();
    // The worker is active and has precached the app before the server goes away.
    await pagina.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise((_, falha) => setTimeout(() => falha(new Error('service worker não ativou')), 20_000)),
      ]),
    );
    const token = await tokenDaPagina(pagina);
    const vendasBalcao = async () =>
      (
        await chamarApi<
          { total: string; status: { id: number }; tipoVenda: { id: number }; pagamentos: unknown[] }[]
        >(url, token, 'venda/getPopulate', { filtro: { 'tipoVenda.id': 53 } })
      ).filter((v) => v.tipoVenda.id === 53);
    expect(await vendasBalcao()).toHaveLength(0);

    await pararServidor(processo);
    await pagina.reload();
    await pagina.getByTestId('modos').waitFor({ timeout: 30_000 });
    await pagina.getByTestId('titulo-frente-loja').getByText('Frente Loja').waitFor();
    await pagina.getByText('Modo local').first().waitFor();
    // The cash opened online is still open in the cached period list.
    expect(await pagina.getByTestId('status-periodo').textContent()).toBe('Caixa aberto');

    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    await expect.poll(() => total(pagina)).toBe('R$ 24,90');
    await pagina.getByTestId('abrir-pagamento').click();
    await lancarEmDinheiro(pagina, '50,00');
    await expect.poll(() => pagina.getByTestId('pag-troco').textContent()).toBe('R$ 25,10');
    await pagina.getByTestId('confirmar-venda').click();
    await pagina
      .getByText(/Venda gravada localmente/)
      .first()
      .waitFor();
    await expect.poll(() => pagina.getByTestId('banner-fila').textContent()).toContain('aguardando envio: 1');
    await capturarTemas(pagina, 'frente-loja-offline-recarga');

    // The server comes back; the page is not reloaded: the queue's own rounds send the sale once.
    processo = await iniciarServidor(porta, dados);
    servidores.push({ processo, dados });
    await expect.poll(async () => (await vendasBalcao()).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await vendasBalcao())[0]?.status.id, { timeout: 15_000 }).toBe(59);
    await pagina.getByTestId('banner-fila').waitFor({ state: 'detached', timeout: 15_000 });
    await pagina.waitForTimeout(6000);
    const vendas = await vendasBalcao();
    expect(vendas).toHaveLength(1);
    expect(vendas[0]?.total).toBe('24.90');
    expect(vendas[0]?.pagamentos).toHaveLength(1);
    await contexto.close();
  }, 300_000);
});
