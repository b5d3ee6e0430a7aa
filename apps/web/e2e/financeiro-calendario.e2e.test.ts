import { diaComercial, proximoDiaUtil, somarDias } from '@retaguarda/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba, tokenPorApi, USUARIOS } from './apoio.ts';
import { fotografarTemas, novoId } from './estoque-apoio.ts';
import { fecharAvisos, requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// The receivables calendar in Chromium as the finance clerk (issue 18). Set-up through the API as the POS does it:
// the cashier sells a pizza on Cielo debit and one on Cielo credit in 3 instalments and closes the register; the
// posting worker turns them into Cielo's receivables (the demo rules: debit 1.39% D+1, instalments 3.59% every 30
// days, business days). On the screen: the debit's day shows Cielo's net, the day's drawer lists the receivable;
// then Cielo's settlement file is imported (debit on time, instalment 1 short by R$ 0,10, instalment 3 on time,
// one unknown line): three divergences listed — short, never paid (instalment 2), unknown. Pictures in both themes
// under /tmp/shots-financeiro-calendario.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_FINANCEIRO_CALENDARIO ?? '/tmp/shots-financeiro-calendario';
const PIZZA = 'Pizza Grande Mussarela';
const hoje = diaComercial(new Date());
const br = (d: string) => d.split('-').reverse().join('/');
let navegador: Browser;
let aba: Aba;
let pagina: Page;
let fin = '';
let centro = '';
let cielo = '';
const venc = {
  debito: proximoDiaUtil(somarDias(hoje, 1)),
  p1: proximoDiaUtil(somarDias(hoje, 30)),
  p2: proximoDiaUtil(somarDias(hoje, 60)),
  p3: proximoDiaUtil(somarDias(hoje, 90)),
};

/** Both themes with the drawer open: its mask covers the theme button, so the button is clicked in the DOM. */
async function fotografarComGaveta(nome: string) {
  const alternar = () =>
    pagina.evaluate(() =>
      (document.querySelector('[data-testid="alternar-tema"]') as HTMLElement | null)?.click(),
    );
  for (const escuro of [false, true]) {
    const atual = await pagina.evaluate(() => localStorage.getItem('retaguarda.tema') === 'true');
    if (atual !== escuro) await alternar();
    await pagina.waitForFunction(
      (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
      escuro,
    );
    await pagina.waitForTimeout(500);
    await pagina.screenshot({ path: `${PASTA}/${nome}-${escuro ? 'escuro' : 'claro'}.png` });
  }
  await alternar();
  await pagina.waitForFunction(() => document.documentElement.style.colorScheme === 'light');
}

async function vendasNoCartao() {
  const admin = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const caixa = await tokenPorApi(baseUrl, USUARIOS.caixa.email, USUARIOS.caixa.senha);
  const comoAdmin = <T>(caminho: string, corpo: unknown) =>
    requisitarApi<T>(baseUrl, admin, 'POST', caminho, corpo, centro);
  const comoCaixa = <T>(caminho: string, corpo: unknown) =>
    requisitarApi<T>(baseUrl, caixa, 'POST', caminho, corpo, centro);
  const terminais = await comoAdmin<{ _id: string; configuracoes?: { caixa?: string } }[]>(
    'terminal/getPopulate',
    { filtro: { empresa: centro }, limit: 50 },
  );
  const terminal = terminais.find((t) => t.configuracoes?.caixa)?._id ?? '';
  const formas = await comoAdmin<{ _id: string; tipo: { id: number } }[]>('formaPagamento/getPopulate', {
    filtro: { empresa: centro },
    limit: 100,
  });
  const forma = (tipo: number) => formas.find((f) => f.tipo?.id === tipo)?._id ?? '';
  const [produto] = await comoAdmin<{ _id: string }[]>('produtoGeral/getPopulate', {
    filtro: { descricao: PIZZA },
  });
  await comoCaixa('periodo/abrir', { terminal, valorAbertura: '100.00' }).catch(() => undefined);
  const vender = async (pagamento: Record<string, unknown>) => {
    const v = await comoCaixa<{ _id: string }>('venda', { tipoVenda: 53, terminal });
    await comoCaixa(`venda/${v._id}/itens`, { produtos: [{ produto: produto?._id }] });
    await comoCaixa(`venda/${v._id}/pagamentos`, {
      _id: novoId(),
      valorPago: '49.90',
      terminal,
      operadora: cielo,
      ...pagamento,
    });
    await comoCaixa(`venda/${v._id}/encerrar`, {});
  };
  await vender({ formaPagamento: forma(79), nsu: '7001', autorizacao: 'DEB701' });
  await vender({ formaPagamento: forma(80), parcelas: 3, nsu: '7002', autorizacao: 'CRE702' });
  await comoCaixa('periodo/fechar', {
    terminal,
    contagem: [
      { tipo: 77, valor: '100.00' },
      { tipo: 79, valor: '49.90' },
      { tipo: 80, valor: '49.90' },
    ],
  });
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  fin = await tokenPorApi(baseUrl, 'financeiro@exemplo.com.br', 'financeiro123');
  const lojas = await requisitarApi<{ _id: string; descricao: string }[]>(
    baseUrl,
    fin,
    'POST',
    'empresa/getPopulate',
    { filtro: {} },
  );
  centro = lojas.find((l) => l.descricao === 'Loja Centro')?._id ?? '';
  const ops = await requisitarApi<{ _id: string; descricao: string }[]>(
    baseUrl,
    fin,
    'POST',
    'operadora/getPopulate',
    { filtro: { empresa: centro } },
    centro,
  );
  cielo = ops.find((o) => o.descricao === 'Cielo')?._id ?? '';
  expect(centro && cielo).toBeTruthy();
  await vendasNoCartao();
  // The posting worker makes the receivables within seconds of the closing.
  let prontos = 0;
  for (let i = 0; i < 60 && prontos < 1; i++) {
    prontos = (
      await requisitarApi<{ total: number }>(baseUrl, fin, 'POST', 'financeiro/calendario/dia', {
        empresas: [centro],
        data: venc.p3,
        visao: 'receber',
      })
    ).total;
    if (prontos < 1) await new Promise((ok) => setTimeout(ok, 500));
  }
  expect(prontos).toBe(1);
  aba = await novaAba(navegador, { width: 1366, height: 900 });
  pagina = aba.pagina;
}, 120_000);

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

describe('calendário de recebimento', () => {
  it("shows the day's Cielo receivables and lists them on a click", async () => {
    await fazerLogin(pagina, baseUrl, 'financeiro@exemplo.com.br', 'financeiro123', 'Loja Centro');
    await pagina.goto(`${baseUrl}/#/calendarioRecebimento?mes=${venc.debito.slice(0, 7)}`);
    // Debit 49,90 − 1,39% (0,69) = 49,21 net on D+1 (a business day).
    const celula = pagina.locator(`[data-dia="${venc.debito}"]`);
    await celula.getByText('Cielo').waitFor();
    await expect.poll(() => celula.textContent()).toContain('R$ 49,21');
    await fecharAvisos(pagina);
    await fotografarTemas(pagina, PASTA, 'calendario-recebimento');
    await celula.click();
    const gaveta = pagina.getByRole('dialog');
    await gaveta.getByText(`Recebimentos de ${br(venc.debito)}`).waitFor();
    const linha = gaveta.locator('.ant-table-row').filter({ hasText: '7001' });
    await linha.waitFor();
    expect(await linha.textContent()).toContain('R$ 49,21');
    await fotografarComGaveta('calendario-dia');
    await pagina.keyboard.press('Escape');
    await gaveta.waitFor({ state: 'hidden' });
    await pagina.locator('.ant-drawer-mask').first().waitFor({ state: 'hidden' });
  });

  it("imports Cielo's settlement file and lists the three divergences", async () => {
    // Instalments of 49,90 in 3: 16,64 + 16,63 + 16,63, fee 0,60 each (3.59%): net 16,04, 16,03, 16,03.
    const csv = [
      'data_pagamento;operadora;bandeira;produto;data_venda;nsu;autorizacao;parcela;parcelas;valor_bruto;taxa;valor_liquido',
      `${br(venc.debito)};Cielo;Visa;debito;${br(hoje)};7001;DEB701;1;1;49,90;0,69;49,21`,
      `${br(venc.p1)};Cielo;Visa;creditoParcelado;${br(hoje)};7002;CRE702;1;3;16,64;0,70;15,94`,
      `${br(venc.p3)};Cielo;Visa;creditoParcelado;${br(hoje)};7002;CRE702;3;3;16,63;0,60;16,03`,
      `${br(venc.p3)};Cielo;Master;debito;${br(hoje)};9999;XYZ999;1;1;12,00;0,17;11,83`,
    ].join('\n');
    await pagina.getByRole('combobox', { name: 'Operadora do extrato' }).click();
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Cielo' })
      .click();
    await pagina.locator('input[type="file"]').setInputFiles({
      name: 'cielo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const resultado = pagina.getByTestId('resultado-importacao');
    await resultado.getByText('4 linhas importadas').waitFor({ timeout: 30_000 });
    expect(await resultado.textContent()).toContain('2 baixadas, 3 divergências');
    const tabela = resultado.locator('.ant-table-row');
    await expect.poll(() => tabela.count()).toBe(3);
    const textos = await tabela.allTextContents();
    expect(textos[0]).toContain('Pago a menor');
    expect(textos[0]).toContain('-R$ 0,10');
    expect(textos[1]).toContain('Desconhecido');
    expect(textos[1]).toContain('9999');
    expect(textos[2]).toContain('Não pago');
    expect(textos[2]).toContain(br(venc.p2));
    await fecharAvisos(pagina);
    await resultado.scrollIntoViewIfNeeded();
    await fotografarTemas(pagina, PASTA, 'calendario-importacao');
    // The debit's day now shows it received.
    await pagina.locator(`[data-dia="${venc.debito}"]`).getByText('Recebido R$ 49,21').waitFor();
    expect(aba.erros).toEqual([]);
  });
});
