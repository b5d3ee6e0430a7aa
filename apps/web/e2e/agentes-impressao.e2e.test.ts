import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Issue 14 point 5: whoever manages the store's printers (the demo's administrator) creates the print agent
// of the store PC, copies its token once, and revokes it from the back office; the revoked token is refused.

const baseUrl = urlDoServidor();
let navegador: Browser;
let aba: Aba;

beforeAll(async () => {
  navegador = await abrirNavegador();
  aba = await novaAba(navegador, { width: 1366, height: 800 });
  await fazerLogin(aba.pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

async function reservar(token: string) {
  const r = await fetch(`${baseUrl}/api/impressao/agente/reservar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ agente: 'pc-do-caixa', terminais: ['0'.repeat(24)] }),
  });
  return (await r.json()) as { valido: boolean; loginExpirado?: boolean; data: { message?: string } };
}

describe('agentesImpressao', () => {
  it('creates an agent, shows its token once, and revokes it', async () => {
    const { pagina } = aba;
    await pagina.goto(`${baseUrl}/#/agentesImpressao`);
    await pagina.getByTestId('titulo-pagina').getByText('Agentes de Impressão').waitFor();
    await pagina.getByRole('button', { name: 'Novo agente' }).waitFor();

    await pagina.getByLabel('Descrição do novo agente').fill('PC do caixa');
    await pagina.getByRole('button', { name: 'Novo agente' }).click();
    const token = (await pagina.locator('.ant-alert code').textContent())?.trim() ?? '';
    expect(token).toMatch(/^ey/);
    const linha = pagina.getByRole('row').filter({ hasText: 'PC do caixa' }).filter({ hasText: 'Ativo' });
    await linha.first().waitFor();
    // The token works for the agent's own route (an unknown terminal is its only complaint).
    expect((await reservar(token)).loginExpirado).toBeUndefined();
    await definirTemaEscuro(pagina, false);
    await capturar(pagina, 'agentes-impressao-claro');
    await definirTemaEscuro(pagina, true);
    await capturar(pagina, 'agentes-impressao-escuro');
    await definirTemaEscuro(pagina, false);

    await linha.first().getByRole('button', { name: 'Revogar' }).click();
    const confirmacao = pagina
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Revogar o agente "PC do caixa"?' });
    await confirmacao.waitFor();
    await confirmacao.getByRole('button', { name: 'Revogar' }).click();
    await pagina.getByText(/^Revogado em /).waitFor();
    expect(await reservar(token)).toMatchObject({ valido: false, loginExpirado: true });
    expect(aba.erros).toEqual([]);
  });
});
