import { readFileSync } from 'node:fs';
import { formatarMoeda, type LinhaDre, type RelatorioDre, type ResumoFinanceiro } from '@retaguarda/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba, tokenPorApi } from './apoio.ts';
import { fotografarTemas, lojasDemo } from './estoque-apoio.ts';
import { requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 18's DRE reports and the finance summary, as the finance clerk (financeiro@exemplo.com.br) in Loja Centro.
// The demo's bills of this month (rent, electricity, water, payroll, a drinks supplier) are what the DRE by
// competence shows under their nodes; the screen's figures are checked against the API's answer for the same
// filter (so the POS's own postings of the demo, if any, do not matter). The month-column version, the CSV export
// and the summary (overdue water bill, the cash-flow chart, the account balances) follow. Pictures of the three
// screens in both themes under /tmp/shots-financeiro-relatorios.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_FINANCEIRO_RELATORIOS ?? '/tmp/shots-financeiro-relatorios';
const FINANCEIRO = { email: 'financeiro@exemplo.com.br', senha: 'financeiro123' };
let navegador: Browser;
let aba: Aba;
let pagina: Page;
let token = '';
let centro = '';

const chamar = <T>(caminho: string, corpo: unknown) =>
  requisitarApi<T>(baseUrl, token, 'POST', caminho, corpo);

function achar(linhas: readonly LinhaDre[], descricao: string): LinhaDre | undefined {
  for (const l of linhas) {
    if (l.descricao === descricao) return l;
    const f = l.tipo === 'conta' && l.filhos ? achar(l.filhos, descricao) : undefined;
    if (f) return f;
  }
  return undefined;
}

/** This month in São Paulo, as the screen's default. */
function mesAtual() {
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const [a, m] = hoje.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
  return { inicio: `${hoje.slice(0, 7)}-01`, fim: `${hoje.slice(0, 7)}-${String(ultimo).padStart(2, '0')}` };
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  token = await tokenPorApi(baseUrl, FINANCEIRO.email, FINANCEIRO.senha);
  centro = (await lojasDemo(baseUrl, token)).centro;
  aba = await novaAba(navegador);
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, FINANCEIRO.email, FINANCEIRO.senha, 'Loja Centro');
});

afterAll(async () => {
  if (aba?.erros.length) console.error('erros do navegador:', aba.erros.join('\n'));
  await aba?.contexto.close();
  await navegador?.close();
});

const tabela = () => pagina.getByTestId('relatorio-dre');
const linhaTabela = (texto: string) => tabela().locator('tr', { hasText: texto }).first();

describe('DRE por plano de contas', () => {
  it("shows the month's demo bills by competence, as the API computes them", async () => {
    const mes = mesAtual();
    const api = await chamar<RelatorioDre>('relatorio/financeiroPlanoDeContas', {
      empresas: [centro],
      dataInicio: mes.inicio,
      dataFim: mes.fim,
      regime: 'competencia',
    });
    const aluguel = achar(api.linhas, 'Aluguel e condomínio');
    expect(aluguel?.valor).toBe('-6500.00');
    expect(achar(api.linhas, 'Salários e pró-labore')?.valor).toBe('-18750.00');

    await pagina.goto(`${baseUrl}/#/relatorioFinanceiroPlanoDeContas`);
    await tabela().waitFor();
    await expect
      .poll(() => pagina.getByTestId('dre-resultado-liquido').textContent())
      .toContain(formatarMoeda(api.resultadoLiquido));
    // Groups open one level by default; "Expandir tudo" shows the leaves.
    await pagina.getByRole('button', { name: 'Expandir tudo' }).click();
    await expect
      .poll(() => linhaTabela('Aluguel e condomínio').textContent())
      .toContain(formatarMoeda('-6500.00'));
    await expect
      .poll(() => linhaTabela('Salários e pró-labore').textContent())
      .toContain(formatarMoeda('-18750.00'));
    await expect
      .poll(() => linhaTabela('(=) Resultado líquido').textContent())
      .toContain(formatarMoeda(api.resultadoLiquido));
    await pagina.getByRole('button', { name: 'Recolher tudo' }).click();
    await expect.poll(() => tabela().getByText('Aluguel e condomínio').count()).toBe(0);
  });

  it('by cash with the previous period: the unpaid bills leave, the comparison columns appear', async () => {
    await pagina.getByRole('button', { name: 'Expandir tudo' }).click();
    await pagina.locator('.ant-segmented').getByText('Caixa', { exact: true }).click();
    await pagina.getByText('Comparar com o período anterior').click();
    await pagina.getByRole('button', { name: 'Gerar' }).click();
    await expect.poll(() => pagina.url()).toContain('regime=caixa');
    await tabela().getByText('Período anterior').first().waitFor();
    // No demo bill is paid: none of them is in the cash DRE.
    await expect.poll(() => tabela().getByText('Aluguel e condomínio').count()).toBe(0);
    await fotografarTemas(pagina, PASTA, 'dre-caixa-comparado');
  });

  it('exports the report as CSV', async () => {
    await pagina.locator('.ant-segmented').getByText('Competência', { exact: true }).click();
    await pagina.getByRole('button', { name: 'Gerar' }).click();
    await expect.poll(() => pagina.url()).toContain('regime=competencia');
    await pagina.getByRole('button', { name: 'Expandir tudo' }).click();
    await expect.poll(() => tabela().getByText('Aluguel e condomínio').count()).toBeGreaterThan(0);
    await fotografarTemas(pagina, PASTA, 'dre-competencia');
    await pagina.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      pagina.waitForEvent('download'),
      pagina.getByText('Exportar CSV').click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Aluguel e condomínio');
    expect(csv).toContain('(=) Resultado líquido');
    expect(csv).toContain('-6500');
  });

  it('month columns (Teste): one column per month of the year so far', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioFinanceiroPlanoDeContasTeste`);
    await tabela().waitFor();
    const mes = mesAtual();
    const nomes = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
    const coluna = `${nomes[Number(mes.inicio.slice(5, 7)) - 1]}/${mes.inicio.slice(0, 4)}`;
    await tabela().getByRole('columnheader', { name: coluna }).waitFor();
    await tabela()
      .getByRole('columnheader', { name: `jan/${mes.inicio.slice(0, 4)}` })
      .waitFor();
    await pagina.getByRole('button', { name: 'Expandir tudo' }).click();
    await expect
      .poll(() => linhaTabela('Aluguel e condomínio').textContent())
      .toContain(formatarMoeda('-6500.00'));
    await fotografarTemas(pagina, PASTA, 'dre-por-mes');
  });
});

describe('resumo financeiro', () => {
  it('due and overdue bills, the cash flow and the balances', async () => {
    const api = await chamar<ResumoFinanceiro>('financeiroResumo', { empresas: [centro] });
    // The demo's water bill fell due two days ago.
    expect(api.pagar.vencidos.quantidade).toBeGreaterThanOrEqual(1);
    await pagina.goto(`${baseUrl}/#/financeiroResumo`);
    await expect
      .poll(() => pagina.getByTestId('resumo-pagar-vencido').textContent())
      .toContain(formatarMoeda(api.pagar.vencidos.valor));
    await expect
      .poll(() => pagina.getByTestId('resumo-pagar-hoje').textContent())
      .toContain(formatarMoeda(api.pagar.hoje.valor));
    await pagina.getByRole('img', { name: 'Fluxo de caixa realizado e previsto por dia' }).waitFor();
    for (const c of api.contas)
      await pagina.getByTestId('resumo-contas').getByText(c.descricao).first().waitFor();
    await fotografarTemas(pagina, PASTA, 'resumo');
  });
});
