import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba } from './apoio.ts';
import { fotografarTemas } from './estoque-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// relatoriosDoSistema and relatoriosCriados (issue 19), as the finance clerk (financeiro@exemplo.com.br), who holds
// the finance reports and may save reports but opens no sales or stock report. Through the menu she opens the
// catalogue, finds the DRE by searching, opens it with one click, runs it by cash compared with the previous
// period and saves it shared with the group; the DRE opened again from the menu is back to its default (competência);
// from Relatórios Criados one click brings the saved filter back. Then she renames and deletes it. Pictures of the
// catalogue, the saved list and the reopened report in both themes under /tmp/shots-relatorios-salvos.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_RELATORIOS_SALVOS ?? '/tmp/shots-relatorios-salvos';
const FINANCEIRO = { email: 'financeiro@exemplo.com.br', senha: 'financeiro123' };
const NOME = 'DRE por caixa comparado';
let navegador: Browser;
let aba: Aba;
let pagina: Page;

beforeAll(async () => {
  navegador = await abrirNavegador();
  aba = await novaAba(navegador);
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, FINANCEIRO.email, FINANCEIRO.senha, 'Loja Centro');
});

afterAll(async () => {
  if (aba?.erros.length) console.error('erros do navegador:', aba.erros.join('\n'));
  await aba?.contexto.close();
  await navegador?.close();
});

const menu = () => pagina.getByTestId('menu-principal');
async function abrirPeloMenu(titulo: string) {
  const link = menu().getByRole('link', { name: titulo, exact: true });
  if (!(await link.isVisible())) await menu().getByText('Relatórios', { exact: true }).click();
  await link.click();
  await pagina.getByTestId('titulo-pagina').getByText(titulo).waitFor();
}
const item = (rota: string) => pagina.getByTestId(`relatorio-${rota}`);
const segmentoAtivo = () => pagina.locator('.ant-segmented-item-selected').textContent();
const comparar = () => pagina.getByRole('checkbox', { name: 'Comparar com o período anterior' });
const salvos = () => pagina.getByTestId('relatorios-criados');

describe('relatoriosDoSistema', () => {
  it('lists every report by group with its permission, the ones she lacks greyed', async () => {
    await abrirPeloMenu('Relatórios do Sistema');
    for (const grupo of ['Vendas', 'Estoque', 'Financeiro', 'Fiscal'])
      await pagina.getByRole('region', { name: `Relatórios de ${grupo}` }).waitFor();
    await pagina.getByText('3 de 22 relatórios liberados para você').waitFor();
    // Her finance reports open; a sales report is shown with its permission and no link.
    await item('relatorioFinanceiroPlanoDeContas').getByRole('link').waitFor();
    expect(await item('relatorioFinanceiroPlanoDeContas').textContent()).toContain('Permissão 1001');
    expect(await item('relatorioVenda').getAttribute('aria-disabled')).toBe('true');
    expect(await item('relatorioVenda').textContent()).toContain('Sem permissão');
    expect(await item('relatorioVenda').getByRole('link').count()).toBe(0);
    await fotografarTemas(pagina, PASTA, 'catalogo');
  });

  it('searches by words, accents ignored, and one click opens the report', async () => {
    await pagina.getByLabel('Buscar relatório').fill('plano de contas financeiro');
    await expect.poll(() => pagina.locator('[data-testid^="relatorio-"]').count()).toBe(2);
    await pagina.getByRole('region', { name: 'Relatórios de Financeiro' }).waitFor();
    expect(await pagina.getByRole('region', { name: 'Relatórios de Vendas' }).count()).toBe(0);
    await fotografarTemas(pagina, PASTA, 'catalogo-busca');
    await pagina.getByLabel('Buscar relatório').fill('xyz inexistente');
    await pagina.getByText('Nenhum relatório encontrado.').waitFor();
    await pagina.getByLabel('Buscar relatório').fill('dre');
    await pagina
      .getByRole('link', { name: 'Abrir Relatório Financeiro Plano de Contas', exact: true })
      .click();
    await expect.poll(() => pagina.url()).toContain('#/relatorioFinanceiroPlanoDeContas');
    await pagina.getByTestId('relatorio-dre').waitFor();
  });
});

describe('relatoriosCriados', () => {
  it('saves the DRE by cash compared with the previous period, shared with the group', async () => {
    await pagina.locator('.ant-segmented').getByText('Caixa', { exact: true }).click();
    await comparar().check();
    await pagina.getByRole('button', { name: 'Gerar' }).click();
    await expect.poll(() => pagina.url()).toContain('regime=caixa');
    await pagina.getByTestId('relatorio-dre').getByText('Período anterior').first().waitFor();

    await pagina.getByRole('button', { name: 'Salvar relatório' }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Salvar relatório' });
    await dialogo.getByLabel('Nome').fill(NOME);
    await dialogo.getByText('Usuários do grupo com acesso a este relatório').click();
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await pagina.getByText(`Relatório "${NOME}" salvo em Relatórios Criados.`).waitFor();
    await dialogo.waitFor({ state: 'hidden' });
  });

  it('the DRE opened again from the menu is back to its default filter', async () => {
    await abrirPeloMenu('Relatórios Criados');
    await salvos().getByText(NOME).waitFor();
    await abrirPeloMenu('Relatório Financeiro Plano de Contas');
    await pagina.getByTestId('relatorio-dre').waitFor();
    expect(await segmentoAtivo()).toBe('Competência');
    expect(await comparar().isChecked()).toBe(false);
  });

  it('one click in Relatórios Criados reopens it with the saved filter applied', async () => {
    await abrirPeloMenu('Relatórios Criados');
    const linha = salvos().locator('tr', { hasText: NOME });
    await linha.waitFor();
    expect(await linha.textContent()).toContain('Compartilhado');
    expect(await linha.textContent()).toContain('Você');
    expect(await linha.textContent()).toContain('Relatório Financeiro Plano de Contas');
    await fotografarTemas(pagina, PASTA, 'relatorios-criados');

    await linha.getByRole('button', { name: 'Abrir' }).click();
    await expect.poll(() => pagina.url()).toContain('#/relatorioFinanceiroPlanoDeContas?');
    expect(pagina.url()).toContain('regime=caixa');
    expect(pagina.url()).toContain('comparar=1');
    await pagina.getByTestId('relatorio-salvo-aberto').getByText(`Relatório salvo: ${NOME}`).waitFor();
    await pagina.getByTestId('relatorio-dre').getByText('Período anterior').first().waitFor();
    expect(await segmentoAtivo()).toBe('Caixa');
    expect(await comparar().isChecked()).toBe(true);
    await fotografarTemas(pagina, PASTA, 'relatorio-reaberto');
  });

  it('the owner renames and deletes it', async () => {
    await abrirPeloMenu('Relatórios Criados');
    await pagina.getByRole('button', { name: `Renomear ${NOME}` }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Renomear relatório salvo' });
    await dialogo.getByLabel('Nome').fill('DRE caixa (diretoria)');
    await dialogo.getByText('Somente eu').click();
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    const linha = salvos().locator('tr', { hasText: 'DRE caixa (diretoria)' });
    await linha.waitFor();
    await expect.poll(() => linha.textContent()).toContain('Privado');

    await pagina.getByRole('button', { name: 'Excluir DRE caixa (diretoria)' }).click();
    await pagina.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
    await salvos().getByText('Nenhum relatório salvo.', { exact: false }).waitFor();
    expect(aba.erros).toEqual([]);
  });
});
