import { mkdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  capturar,
  definirTemaEscuro,
  escolherOpcao,
  fazerLogin,
  listasFechadas,
  novaAba,
  PASTA_SCREENSHOTS,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Registrations (issue 4) as a user would use them: the generic list/form on formaPagamento and pessoa,
// the permission matrix of a profile, a service area drawn on the company screen, and screenshots.

const baseUrl = urlDoServidor();
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(async () => {
  await navegador?.close();
});

async function ir(pagina: Page, rota: string): Promise<void> {
  await pagina.evaluate((r) => {
    window.location.hash = `#/${r}`;
  }, rota);
}

const escolher = escolherOpcao;
const gaveta = (pagina: Page) => pagina.locator('.ant-drawer-content-wrapper:visible').last();

/** Saved: nothing left unsaved, the footer offers 'Fechar' again (the success toast lasts only 5 s). */
async function esperarSalvo(pagina: Page): Promise<void> {
  await gaveta(pagina).locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).waitFor();
}

/** Closes the open drawers from the top one down (history over form). */
async function fecharGavetas(pagina: Page): Promise<void> {
  const fechar = pagina.locator('.ant-drawer-open .ant-drawer-close');
  for (let vez = 0; (await fechar.count()) > 0; vez++) {
    expect(vez, 'a drawer that does not close').toBeLessThan(6);
    // On a busy machine the drawer clicked before may finish closing between the count and this click: then
    // there is nothing left to click, and the loop counts again.
    await fechar
      .last()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await pagina.waitForTimeout(400);
  }
}

async function pesquisar(pagina: Page, texto: string): Promise<void> {
  const busca = pagina.getByLabel('Pesquisar');
  await busca.fill(texto);
  await busca.press('Enter');
}

describe('registrations', () => {
  it('admin creates, searches, edits, exports and soft-deletes a payment method', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
    await ir(pagina, 'formaPagamento');
    const lista = pagina.getByTestId('lista-formaPagamento');
    await lista.getByText('Dinheiro').first().waitFor();

    await lista.getByRole('button', { name: /Incluir$/ }).click();
    const form = gaveta(pagina);
    await form.getByText('Incluir Forma de Pagamento').waitFor();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('* Obrigatório').first().waitFor();
    expect(await form.getByText('* Obrigatório').count()).toBe(3);

    await form.locator('#campo-descricao').fill('Vale Teste E2E');
    await escolher(pagina, 'campo-tipo', 'Cheque');
    await escolher(pagina, 'campo-tipoTroco', 'Não permite troco');
    // Both choices are shown (and the dropdowns closed) before saving.
    await form.getByTitle('Não permite troco').waitFor();
    await listasFechadas(pagina);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await esperarSalvo(pagina);
    await form.getByText('Alterar Forma de Pagamento').waitFor();
    await form.locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).click();
    await pagina.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    await pesquisar(pagina, 'teste e2e');
    await lista.getByText('Vale Teste E2E').waitFor();
    await expect.poll(() => new URL(pagina.url()).hash).toContain('q=teste+e2e');
    await expect.poll(() => lista.locator('tbody tr.ant-table-row').count()).toBe(1);

    await lista.getByRole('button', { name: 'Alterar' }).click();
    await form.getByText('Alterar Forma de Pagamento').waitFor();
    await form.locator('#campo-descricao').fill('Vale Teste E2E Alterado');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await esperarSalvo(pagina);
    // The toast of the save sits over the drawer's top-right corner for a few seconds.
    await form
      .locator('.ant-drawer-extra')
      .getByRole('button', { name: /Histórico/ })
      .dispatchEvent('click');
    const historico = pagina.getByTestId('historico-recurso');
    await historico.getByText('Alteração').waitFor();
    await historico.getByText('Vale Teste E2E Alterado').waitFor();
    await historico.getByText('Inclusão').waitFor();
    await fecharGavetas(pagina);
    await lista.getByText('Vale Teste E2E Alterado').waitFor();

    await lista.getByRole('button', { name: /Exportar/ }).click();
    const baixando = pagina.waitForEvent('download');
    await pagina.getByRole('menuitem', { name: 'Exportar CSV' }).click();
    const arquivo = await baixando;
    expect(arquivo.suggestedFilename()).toBe('formaPagamento.csv');
    const csv = readFileSync((await arquivo.path()) ?? '', 'utf8');
    expect(csv).toContain('Descrição;Tipo;Tipo de Troco;Ativo');
    expect(csv).toContain('Vale Teste E2E Alterado;Cheque;Não permite troco;Sim');

    await lista.getByRole('button', { name: /Exportar/ }).click();
    const baixandoXlsx = pagina.waitForEvent('download');
    await pagina.getByRole('menuitem', { name: 'Exportar Excel (XLSX)' }).click();
    const xlsx = readFileSync((await (await baixandoXlsx).path()) ?? '');
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    const textosXlsx = strFromU8(unzipSync(new Uint8Array(xlsx))['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(textosXlsx).toContain('Vale Teste E2E Alterado');

    await lista.getByRole('button', { name: 'Excluir' }).click();
    await pagina.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Excluir' }).click();
    await lista.getByText('Nenhum registro encontrado com esses filtros').waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('admin registers a customer: CPF check, address by CEP, history', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    // The CEP service is outside; the browser gets the ViaCEP-shaped answer of GET /api/cep/{cep}.
    await pagina.route('**/api/cep/80020000', (rota) =>
      rota.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          valido: true,
          data: {
            cep: '80020-000',
            logradouro: 'Rua XV de Novembro',
            bairro: 'Centro',
            localidade: 'Curitiba',
            uf: 'PR',
          },
        }),
      }),
    );
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
    await ir(pagina, 'pessoa');
    const lista = pagina.getByTestId('lista-pessoa');
    await lista.getByText('Maria Cliente Convênio').waitFor();
    await lista.getByRole('button', { name: /Incluir$/ }).click();
    const form = gaveta(pagina);
    await form.locator('#campo-nome').fill('Ana Souza E2E');
    await form.locator('#campo-cpfCnpj').fill('12345678900');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('CPF Inválido').waitFor();
    await form.locator('#campo-cpfCnpj').fill('52998224725');
    await form.getByLabel('Cliente', { exact: true }).check();
    await form.locator('#campo-endereco-cep').fill('80020-000');
    await form.getByRole('button', { name: 'Buscar CEP' }).first().click();
    await expect
      .poll(() => form.locator('#campo-endereco-logradouro').inputValue())
      .toBe('Rua XV de Novembro');
    expect(await form.locator('#campo-endereco-cidade').inputValue()).toBe('Curitiba');
    expect(await form.locator('#campo-endereco-uf').inputValue()).toBe('PR');
    await form.locator('#campo-endereco-numero').fill('321');
    await capturar(pagina, 'pessoa-formulario-claro');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await esperarSalvo(pagina);
    await form.getByText('Alterar Pessoa').waitFor();
    // The toast of the save sits over the drawer's top-right corner for a few seconds.
    await form
      .locator('.ant-drawer-extra')
      .getByRole('button', { name: /Histórico/ })
      .dispatchEvent('click');
    await pagina.getByTestId('historico-recurso').getByText('Inclusão').waitFor();
    await fecharGavetas(pagina);
    await pesquisar(pagina, '529982');
    await lista.getByText('Ana Souza E2E').waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('a profile gains read access through the permission matrix; the cashier then sees no write button and the server refuses writes', async () => {
    const admin = await novaAba(navegador);
    await fazerLogin(admin.pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');

    async function alternarLeituraFormaPagamento(marcar: boolean) {
      await ir(admin.pagina, 'acessoSistema');
      const lista = admin.pagina.getByTestId('lista-acessoSistema');
      await lista.getByText('Administrador').waitFor();
      await lista
        .locator('tr', { hasText: /^Caixa/ })
        .getByRole('button', { name: 'Alterar' })
        .click();
      const form = gaveta(admin.pagina);
      const matriz = form.getByTestId('matriz-permissoes');
      await matriz.getByText('Configurações').click();
      const caixa = matriz.getByLabel('Forma de Pagamento - Acessar');
      expect(await caixa.isChecked()).toBe(!marcar);
      await caixa.setChecked(marcar);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await esperarSalvo(admin.pagina);
      await form.locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).click();
    }

    await alternarLeituraFormaPagamento(true);
    try {
      const caixa = await novaAba(navegador);
      await fazerLogin(caixa.pagina, baseUrl, USUARIOS.caixa.email, USUARIOS.caixa.senha, 'Loja Centro');
      await ir(caixa.pagina, 'formaPagamento');
      const lista = caixa.pagina.getByTestId('lista-formaPagamento');
      await lista.getByText('Dinheiro').first().waitFor();
      expect(await lista.getByRole('button', { name: /Incluir$/ }).count()).toBe(0);
      expect(await lista.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
      expect(await lista.getByRole('button', { name: 'Alterar' }).count()).toBe(0);
      await lista.getByRole('button', { name: 'Visualizar' }).first().click();
      const form = gaveta(caixa.pagina);
      await form.getByText('Visualizar Forma de Pagamento').waitFor();
      expect(await form.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
      await capturar(caixa.pagina, 'forma-pagamento-caixa-claro');
      // Read-only pickers do not list tables the cashier cannot read (no error toast).
      expect(await caixa.pagina.locator('.ant-notification-notice-error').count()).toBe(0);
      // The server refuses the call the hidden button would make.
      const resposta = await caixa.pagina.evaluate(async () => {
        const usuario = JSON.parse(localStorage.getItem('retaguarda.usuario') ?? '{}') as { token?: string };
        const empresa = JSON.parse(localStorage.getItem('retaguarda.empresa') ?? '{}') as { _id?: string };
        const r = await fetch('/api/formaPagamento', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            token: usuario.token ?? '',
            empresa: empresa._id ?? '',
          },
          body: JSON.stringify({
            descricao: 'Indevida',
            tipo: { id: 77 },
            tipoTroco: { id: 1 },
            empresa: empresa._id,
          }),
        });
        return r.json();
      });
      expect(resposta).toEqual({
        valido: false,
        data: { message: 'Usuário sem permissão para esta operação.' },
      });
      expect(caixa.erros).toEqual([]);
      await caixa.contexto.close();
    } finally {
      // The other browser tests expect the demo cashier without back-office registrations.
      await alternarLeituraFormaPagamento(false);
    }
    expect(admin.erros).toEqual([]);
    await admin.contexto.close();
  });

  it('admin draws a rectangle service area on the company screen and saves it', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    // Company data is reserved to the franchise manager in a franchise-controlled group.
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Franqueadora');
    await ir(pagina, 'empresa');
    const lista = pagina.getByTestId('lista-empresa');
    await pesquisar(pagina, 'Loja Shopping');
    await expect.poll(() => lista.locator('tbody tr.ant-table-row').count()).toBe(1);
    await lista
      .locator('tr', { hasText: 'Pizzaria Exemplo Shopping' })
      .getByRole('button', { name: 'Alterar' })
      .click();
    // The demo store already has the call center's service areas: they stay, the drawn ones come after
    // them, and the store gets its demo areas back at the end (the call-center tests route by them).
    type Area = { tipo: string; descricao: string };
    const ler = () =>
      pagina.evaluate(async () => {
        const usuario = JSON.parse(localStorage.getItem('retaguarda.usuario') ?? '{}') as { token?: string };
        const r = await fetch('/api/empresa/getPopulate', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', token: usuario.token ?? '' },
          body: JSON.stringify({ filtro: { descricao: 'Loja Shopping' }, limit: 1 }),
        });
        return ((await r.json()) as { data: Record<string, unknown>[] }).data[0] ?? {};
      });
    const original = await ler();
    const areasDe = (e: Record<string, unknown>) =>
      ((e.configuracoes as { areasAtendimento?: Area[] } | undefined)?.areasAtendimento ?? []).map((a) => [
        a.tipo,
        a.descricao,
      ]);
    const antes = areasDe(original);
    const form = gaveta(pagina);
    const areas = form.getByTestId('areas-atendimento');
    await expect.poll(() => areas.locator('tbody tr.ant-table-row').count()).toBe(antes.length);
    await areas.locator('.ant-segmented-item-label', { hasText: 'Retângulo' }).click();
    const canvas = areas.locator('canvas');
    await canvas.click({ position: { x: 200, y: 80 } });
    await canvas.click({ position: { x: 420, y: 240 } });
    await areas.getByLabel(`Descrição da área ${antes.length + 1}`).fill('Centro expandido');
    await areas.locator('.ant-segmented-item-label', { hasText: 'Círculo' }).click();
    await canvas.click({ position: { x: 340, y: 170 } });
    await canvas.click({ position: { x: 380, y: 170 } });
    expect(await areas.locator('tbody tr.ant-table-row').count()).toBe(antes.length + 2);
    await areas.scrollIntoViewIfNeeded();
    await capturar(pagina, 'empresa-areas-desenhadas-claro');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await esperarSalvo(pagina);
    expect(areasDe(await ler())).toEqual([
      ...antes,
      ['retangulo', 'Centro expandido'],
      ['circulo', `Círculo ${antes.length + 2}`],
    ]);
    const devolvida = await pagina.evaluate(async (empresa) => {
      const usuario = JSON.parse(localStorage.getItem('retaguarda.usuario') ?? '{}') as { token?: string };
      const r = await fetch(`/api/empresa/${empresa._id as string}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', token: usuario.token ?? '' },
        body: JSON.stringify(empresa),
      });
      return (await r.json()) as { valido: boolean };
    }, original);
    expect(devolvida.valido).toBe(true);
    expect(areasDe(await ler())).toEqual(antes);
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it.each([false, true])(
    'screenshots of the generic list and form, empresa, pessoa and acessoSistema (dark: %s)',
    async (escuro) => {
      const sufixo = escuro ? 'escuro' : 'claro';
      const { pagina, contexto, erros } = await novaAba(navegador);
      await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
      await definirTemaEscuro(pagina, escuro);
      await ir(pagina, 'formaPagamento');
      await pagina.getByTestId('lista-formaPagamento').getByText('Dinheiro').first().waitFor();
      await capturar(pagina, `recurso-lista-${sufixo}`);
      await pagina
        .getByTestId('lista-formaPagamento')
        .getByRole('button', { name: 'Alterar' })
        .first()
        .click();
      await gaveta(pagina).getByText('Alterar Forma de Pagamento').waitFor();
      await capturar(pagina, `recurso-formulario-${sufixo}`);
      await pagina.keyboard.press('Escape');

      await ir(pagina, 'pessoa');
      await pagina.getByTestId('lista-pessoa').getByText('Maria Cliente Convênio').waitFor();
      await pagina
        .getByTestId('lista-pessoa')
        .locator('tr', { hasText: 'Maria Cliente Convênio' })
        .getByRole('button', { name: 'Alterar' })
        .click();
      await gaveta(pagina).getByText('Alterar Pessoa').waitFor();
      await capturar(pagina, `pessoa-formulario-${sufixo}`);
      await pagina.keyboard.press('Escape');

      await ir(pagina, 'acessoSistema');
      await pagina.getByTestId('lista-acessoSistema').getByText('Supervisor de Caixa').waitFor();
      await pagina
        .getByTestId('lista-acessoSistema')
        .locator('tr', { hasText: 'Supervisor de Caixa' })
        .getByRole('button', { name: 'Alterar' })
        .click();
      const matriz = gaveta(pagina).getByTestId('matriz-permissoes');
      await matriz.getByText('Vendas').click();
      await capturar(pagina, `acesso-sistema-${sufixo}`);
      expect(erros).toEqual([]);
      await contexto.close();

      const gestor = await novaAba(navegador);
      await fazerLogin(gestor.pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Franqueadora');
      await definirTemaEscuro(gestor.pagina, escuro);
      await ir(gestor.pagina, 'empresa');
      const empresas = gestor.pagina.getByTestId('lista-empresa');
      await empresas.getByText('Loja Centro').first().waitFor();
      await capturar(gestor.pagina, `empresa-lista-${sufixo}`);
      await empresas
        .locator('tr', { hasText: 'Loja Centro' })
        .getByRole('button', { name: 'Alterar' })
        .click();
      await gaveta(gestor.pagina).getByText('Alterar Empresa').waitFor();
      await capturar(gestor.pagina, `empresa-formulario-${sufixo}`);
      await gaveta(gestor.pagina).getByTestId('areas-atendimento').scrollIntoViewIfNeeded();
      await capturar(gestor.pagina, `empresa-areas-${sufixo}`);
      expect(gestor.erros).toEqual([]);
      await gestor.contexto.close();
    },
  );
});

describe('every registration screen', () => {
  it.each([false, true])(
    'opens its list and its new-record form without console errors; screenshots (dark: %s)',
    async (escuro) => {
      const { ROTAS } = await import('../src/routes/rotas.ts');
      const { recursos } = await import('@retaguarda/domain');
      const sufixo = escuro ? 'escuro' : 'claro';
      const { pagina, contexto, erros } = await novaAba(navegador);
      await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Franqueadora');
      await definirTemaEscuro(pagina, escuro);
      // The chart of accounts is a generic resource with its own tree screen (financeiro-contas.e2e covers it).
      const telaPropria = ['financeiroPlanoConta'];
      const genericas = ROTAS.filter(
        (r) =>
          r.status === 'Pronta' &&
          !telaPropria.includes(r.nome) &&
          (recursos.recursoPorTabela(r.nome) || ['empresaSimplificado', 'criarCardapio'].includes(r.nome)),
      );
      expect(genericas.length).toBeGreaterThanOrEqual(30);
      mkdirSync(`${PASTA_SCREENSHOTS}todas`, { recursive: true });
      for (const rota of genericas) {
        await ir(pagina, rota.nome);
        await pagina.getByTestId('titulo-pagina').getByText(rota.titulo, { exact: true }).waitFor();
        const lista = pagina.locator('[data-testid^="lista-"]');
        await lista.waitFor();
        await lista.locator('.ant-table-tbody').waitFor();
        await capturar(pagina, `todas/${rota.nome}-lista-${sufixo}`);
        const incluir = lista.getByRole('button', { name: /Incluir$/ });
        if ((await incluir.count()) > 0) await incluir.click();
        else await lista.getByRole('button', { name: 'Alterar' }).first().click();
        await gaveta(pagina).getByTestId('formulario-recurso').waitFor();
        await capturar(pagina, `todas/${rota.nome}-formulario-${sufixo}`);
        await fecharGavetas(pagina);
        expect(erros, rota.nome).toEqual([]);
      }
      await contexto.close();
    },
    // About 30 screens, two shots each, on a shared machine.
    300_000,
  );
});

describe('bulk product corrections', () => {
  it('previews a change of NCM for the products found and applies it', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Franqueadora');
    await ir(pagina, 'correcaoProdutos');
    const tela = pagina.getByTestId('correcao-produtos');
    await tela.locator('#correcao-texto').fill('Batata Frita Porção');
    await escolher(pagina, 'correcao-campo', 'NCM');
    await tela.locator('#correcao-valor').fill('20052000');
    await tela.getByRole('button', { name: 'Pré-visualizar' }).click();
    await tela.getByText('Pré-visualização: 1 de 1 produto(s) mudam').waitFor();
    await tela.getByText('20052000').waitFor();
    await capturar(pagina, 'correcao-produtos-claro');
    await tela.getByRole('button', { name: 'Aplicar' }).click();
    await pagina.locator('.ant-modal-confirm').getByRole('button', { name: 'Aplicar' }).click();
    await pagina
      .locator('.ant-notification-notice')
      .filter({ hasText: '1 produto(s) corrigido(s).' })
      .waitFor();
    await tela.getByRole('button', { name: 'Pré-visualizar' }).click();
    await tela.getByText('Pré-visualização: 0 de 1 produto(s) mudam').waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
