import { mkdirSync, readFileSync } from 'node:fs';
import type { ProducaoDetalhe, RelatorioFluxoEstoque, RelatorioVendaInsumos } from '@retaguarda/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, fazerLogin, novaAba, tokenPorApi, USUARIOS } from './apoio.ts';
import {
  custo,
  decimalApi,
  dividir,
  enxuto,
  esperarTelasOcupadas,
  Modelo,
  moeda as moedaCentavos,
  novoId,
  type Posicao,
  posicaoNaLoja,
  seis,
  valor,
} from './estoque-apoio.ts';
import { fecharAvisos, requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 17, the central kitchen's day: ingredients enter Loja Shopping by API (flour, oil, sauce, cheese); the
// stock keeper, in the browser, asks for 10 recipes of pizza dough and watches the expected cost follow the
// quantity (the domain's custoDaReceita over the recipe scaled by planoDeProducao), finishes with 9 doughs
// instead of 10 (the cost spreads over 9), and sees the dough's balance and average; a pizza sold by API
// consumes that dough at its production cost; the food-cost report shows revenue, ingredient cost and CMV %
// as the server computes them, and the stock-flow report the period's entries, exits and closing value.
// Loja Shopping starts with the demo's opening stock: the balances and the report totals are what the setup
// read before plus what the test moved (the weighted-average model of estoque-apoio.ts; the opening stock of the
// ingredients costs what the purchase does, so only the dough's average moves). Screenshots of the three
// screens in both themes.

const baseUrl = urlDoServidor();
esperarTelasOcupadas();
const PASTA = process.env.SHOTS_DIR ?? '/tmp/shots-producao/';
let navegador: Browser;
let admin = '';
let estoquista = '';
const ids: Record<string, string> = {};
/** The products the test moves in Loja Shopping, from their balances before it. */
const modelo = new Modelo();
const antes = new Map<string, Posicao>();
let fluxoAntes: RelatorioFluxoEstoque | undefined;
/** The reports' period: the previous month to the end of this one (São Paulo days). */
const filtroPeriodo = () => {
  const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const [a, m] = hoje.split('-').map(Number) as [number, number];
  const inicio = m === 1 ? `${a - 1}-12-01` : `${a}-${String(m - 1).padStart(2, '0')}-01`;
  const fim = new Date(Date.UTC(a, m, 1)).toISOString().slice(0, 10);
  return {
    empresas: [ids.shopping ?? ''],
    dataInicio: `${inicio}T00:00:00-03:00`,
    dataFim: `${fim}T00:00:00-03:00`,
  };
};

const api = <T>(token: string, metodo: string, caminho: string, corpo?: unknown, empresa = ids.shopping) =>
  requisitarApi<T>(baseUrl, token, metodo, caminho, corpo, empresa);
const lista = (tabela: string, filtro: Record<string, unknown>, empresa?: string) =>
  api<Record<string, unknown>[]>(admin, 'POST', `${tabela}/getPopulate`, { filtro }, empresa);

async function capturar(pagina: Page, nome: string): Promise<void> {
  mkdirSync(PASTA, { recursive: true });
  await fecharAvisos(pagina);
  await pagina.mouse.move(400, 28);
  await pagina.waitForTimeout(600);
  await pagina.screenshot({ path: `${PASTA}${nome}.png`, fullPage: true });
}

/** The theme button sits under an open drawer's mask: its click is dispatched to it directly. */
async function definirTemaEscuro(pagina: Page, escuro: boolean): Promise<void> {
  const atual = await pagina.evaluate(() => document.documentElement.style.colorScheme === 'dark');
  if (atual !== escuro) await pagina.getByTestId('alternar-tema').first().dispatchEvent('click');
  await pagina.waitForFunction(
    (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
    escuro,
  );
}

async function capturarTemas(pagina: Page, nome: string): Promise<void> {
  await definirTemaEscuro(pagina, false);
  await capturar(pagina, `${nome}-claro`);
  await definirTemaEscuro(pagina, true);
  await capturar(pagina, `${nome}-escuro`);
  await definirTemaEscuro(pagina, false);
}

async function ir(pagina: Page, rota: string): Promise<void> {
  await pagina.evaluate((r) => {
    window.location.hash = `#/${r}`;
  }, rota);
}

/** 'R$ 13,49' whatever space antd puts after R$. */
const normalizar = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
const texto = async (pagina: Page, testId: string) =>
  normalizar(await pagina.getByTestId(testId).first().textContent());
/** The figure of an antd Statistic (without its title). */
const figura = async (pagina: Page, testId: string) =>
  normalizar(await pagina.getByTestId(testId).first().locator('.ant-statistic-content').textContent());
const moeda = (v: string) =>
  `R$ ${Number(v)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/** A counter sale of one pizza in Loja Shopping through the POS API, paid in cash and ended. */
async function venderPizza(): Promise<void> {
  const terminal = (await lista('terminal', { empresa: ids.shopping })).find((t) =>
    String(t.descricao).startsWith('Terminal Caixa'),
  );
  await api(admin, 'POST', 'periodo/abrir', { terminal: terminal?._id, valorAbertura: '100.00' }).catch(
    () => undefined,
  );
  const venda = await api<{ _id: string }>(admin, 'POST', 'venda', {
    tipoVenda: 53,
    terminal: terminal?._id,
    empresa: ids.shopping,
  });
  const comItens = await api<{ total: string }>(admin, 'POST', `venda/${venda._id}/itens`, {
    produtos: [{ produto: ids.pizza, quantidade: '1' }],
  });
  await api(admin, 'POST', `venda/${venda._id}/pagamentos`, {
    _id: novoId(),
    formaPagamento: ids.dinheiro,
    terminal: terminal?._id,
    valorPago: String(comItens.total),
  });
  await api(admin, 'POST', `venda/${venda._id}/encerrar`, {});
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  admin = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  estoquista = await tokenPorApi(baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha);
  const empresas = await lista('empresa', {});
  ids.shopping = String(empresas.find((e) => e.descricao === 'Loja Shopping')?._id);
  const produto = async (descricao: string) =>
    String((await lista('produtoGeral', { descricao }))[0]?._id ?? '');
  for (const [chave, descricao] of [
    ['farinha', 'Farinha de Trigo'],
    ['oleo', 'Óleo de Soja'],
    ['molho', 'Molho de Tomate'],
    ['mussarela', 'Queijo Mussarela (kg)'],
    ['massa', 'Massa de Pizza Grande'],
    ['pizza', 'Pizza Grande Mussarela'],
  ] as const) {
    ids[chave] = await produto(descricao);
    expect(ids[chave], descricao).toMatch(/^[0-9a-f]{24}$/);
  }
  const formas = await lista('formaPagamento', { empresa: ids.shopping });
  ids.dinheiro = String(
    formas.find((f) => {
      const tipo = f.tipo as { id?: number } | number | undefined;
      return (typeof tipo === 'object' ? tipo?.id : tipo) === 77;
    })?._id,
  );
  // What Loja Shopping has before the test, and the stock-flow report of the period as it stands.
  const chamar = <T>(metodo: string, caminho: string) => api<T>(estoquista, metodo, caminho);
  for (const chave of ['farinha', 'oleo', 'molho', 'mussarela', 'massa'] as const) {
    const p = await posicaoNaLoja(chamar, ids.shopping ?? '', ids[chave] ?? '');
    antes.set(chave, p);
    modelo.partir(chave, p);
  }
  fluxoAntes = await api<RelatorioFluxoEstoque>(
    estoquista,
    'POST',
    'relatorio/estoqueFluxo',
    filtroPeriodo(),
  );
  // The stock keeper's purchase, as the NF-e import would post it.
  await api(estoquista, 'POST', 'estoque/entrada', {
    _id: novoId(),
    empresa: ids.shopping,
    documento: 'NF 1234',
    itens: [
      { produto: ids.farinha, quantidade: '10', custoUnitario: '4.20' },
      { produto: ids.oleo, quantidade: '2', custoUnitario: '8.90' },
      { produto: ids.molho, quantidade: '5', custoUnitario: '12.50' },
      { produto: ids.mussarela, quantidade: '10', custoUnitario: '36.90' },
    ],
  });
  modelo.entrada('farinha', seis('10'), seis('4.20'));
  modelo.entrada('oleo', seis('2'), seis('8.90'));
  modelo.entrada('molho', seis('5'), seis('12.50'));
  modelo.entrada('mussarela', seis('10'), seis('36.90'));
  // The recipe is priced at the ingredients' averages: the opening stock cost what the purchase does.
  expect(modelo.get('farinha').medio).toBe(seis('4.20'));
  expect(modelo.get('oleo').medio).toBe(seis('8.90'));
});
afterAll(async () => {
  await navegador?.close();
});

describe('produção e relatórios de estoque (issue 17)', () => {
  it('the stock keeper produces pizza dough, then reads the food cost and the stock flow', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Loja Shopping');

    // --- Production order: 10 recipes of dough (the demo recipe: 0.3 kg flour + 0.01 l oil, yields 1).
    await ir(pagina, 'estoqueProducaoProdutos');
    await pagina.getByTestId('lista-producao').waitFor();
    await pagina.getByRole('button', { name: 'Nova ordem de produção' }).click();
    const gaveta = pagina.locator('.ant-drawer-content-wrapper:visible').last();
    await gaveta.getByText('Nova ordem de produção').waitFor();
    const produto = gaveta.locator('#producao-produto');
    await produto.click();
    await produto.fill('Massa');
    const opcao = pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Massa de Pizza Grande' })
      .first();
    await opcao.waitFor();
    await opcao.click();
    await gaveta.getByText('Farinha de Trigo').waitFor();
    // One recipe: 0.3 × 4.20 + 0.01 × 8.90 = 1.349.
    await expect.poll(() => figura(pagina, 'producao-custo-previsto')).toContain('R$ 1,35');
    await gaveta.locator('#producao-quantidade').fill('10');
    await expect.poll(() => figura(pagina, 'producao-custo-previsto')).toContain('R$ 13,49');
    expect(await figura(pagina, 'producao-prevista')).toContain('10 UN');
    expect(await figura(pagina, 'producao-custo-unidade')).toContain('R$ 1,3490');
    const massaAntes = antes.get('massa') ?? { saldo: 0n, medio: 0n };
    expect(await texto(pagina, 'producao-saldo-produto')).toContain(
      `Massa de Pizza Grande: ${enxuto(massaAntes.saldo)}`,
    );
    await capturarTemas(pagina, 'producao-nova-ordem');
    await gaveta.getByRole('button', { name: 'Solicitar produção' }).click();

    // The order opens: requested, 3 kg of flour and 0.1 l of oil to take.
    const detalhe = pagina.locator('.ant-drawer-content-wrapper:visible').last();
    await detalhe.getByText(/Ordem de produção nº \d+ — Massa de Pizza Grande/).waitFor();
    await detalhe.getByTestId('status-producao').getByText('Solicitada').waitFor();
    await detalhe.getByText('3 KG').first().waitFor();
    await detalhe.getByRole('button', { name: 'Finalizar produção' }).click();

    // 9 doughs came out instead of 10: the same R$ 13,49 over 9.
    const dialogo = pagina.locator('.ant-modal:visible').last();
    const quantidade = dialogo.locator('#producao-quantidade-produzida');
    expect(await quantidade.inputValue()).toBe('10');
    await quantidade.fill('9');
    await expect
      .poll(async () => normalizar(await dialogo.getByTestId('producao-previa-finalizar').textContent()))
      .toContain('R$ 13,49 (R$ 1,4989 por UN)');
    await dialogo.getByRole('button', { name: 'Finalizar' }).click();
    await detalhe.getByTestId('status-producao').getByText('Finalizada').waitFor();
    expect(await texto(pagina, 'producao-produzida')).toBe('9 UN');
    expect(await texto(pagina, 'producao-custo')).toBe('R$ 13,49 / R$ 1,4989');
    await detalhe.getByText('Produção (entrada)').waitFor();
    await capturarTemas(pagina, 'producao-ordem-finalizada');
    await detalhe.locator('.ant-drawer-close').click();
    // What the production moved: 3 kg of flour and 0,1 l of oil out at their averages, 9 doughs in at their value.
    const saiuFarinha = -modelo.aoMedio('farinha', -seis('3'));
    const saiuOleo = -modelo.aoMedio('oleo', -seis('0.1'));
    const custoMassa = dividir((saiuFarinha + saiuOleo) * 10_000n * 1_000_000n, seis('9'));
    const entrouMassa = modelo.entrada('massa', seis('9'), custoMassa);
    const massaProduzida = modelo.get('massa');

    // The list shows it finished; a new order shows the dough's balance and average now.
    const linha = pagina
      .getByTestId('lista-producao')
      .locator('tr')
      .filter({ hasText: 'Massa de Pizza Grande' });
    await linha.getByText('Finalizada').waitFor();
    await capturarTemas(pagina, 'producao-lista');
    await pagina.getByRole('button', { name: 'Nova ordem de produção' }).click();
    const outra = pagina.locator('.ant-drawer-content-wrapper:visible').last();
    await outra.locator('#producao-produto').click();
    await outra.locator('#producao-produto').fill('Massa');
    await pagina
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Massa de Pizza Grande' })
      .first()
      .click();
    await expect
      .poll(() => texto(pagina, 'producao-saldo-produto'))
      .toBe(
        `Saldo atual de Massa de Pizza Grande: ${enxuto(massaProduzida.saldo)} UN a ${custo(massaProduzida.medio)} (custo médio).`,
      );
    await outra.locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).click();
    const ordens = await api<{ itens: ProducaoDetalhe[] }>(
      estoquista,
      'GET',
      `estoque/producao?empresa=${ids.shopping}`,
    );
    expect(ordens.itens[0]).toMatchObject({
      status: 'finalizada',
      custoTotal: '13.49',
      custoUnitario: '1.498889',
    });

    // --- A pizza sold: its dough leaves at the dough's average now (the opening stock and the production),
    // sauce and cheese at theirs.
    await venderPizza();
    const saiuMassa = -modelo.aoMedio('massa', -seis('1'));
    const saiuMolho = -modelo.aoMedio('molho', -seis('0.12'));
    const saiuQueijo = -modelo.aoMedio('mussarela', -seis('0.35'));
    const custoVenda = saiuMassa + saiuMolho + saiuQueijo;
    const filtro = filtroPeriodo();
    let insumos: RelatorioVendaInsumos | undefined;
    await expect
      .poll(
        async () => {
          insumos = await api<RelatorioVendaInsumos>(estoquista, 'POST', 'relatorio/vendaInsumos', filtro);
          return insumos.linhas.length;
        },
        { timeout: 20_000 },
      )
      .toBe(3);
    // 1 dough at its average; 0.12 kg sauce × 12.50 -> 1.50; 0.35 kg cheese × 36.90 -> 12.92.
    expect([saiuMolho, saiuQueijo]).toEqual([150n, 1292n]);
    expect(insumos?.custoInsumos).toBe(decimalApi(custoVenda, 2, 2));
    expect(insumos?.linhas.find((l) => l.produto._id === ids.massa)?.custo).toBe(decimalApi(saiuMassa, 2, 2));

    // --- Food cost report (default filter: the session's store, previous month to end of this one).
    await ir(pagina, 'relatorioVendaInsumos');
    await pagina.getByTestId('relatorio-insumos').waitFor();
    await expect.poll(() => figura(pagina, 'cmv-custo')).toBe(moedaCentavos(custoVenda));
    expect(await figura(pagina, 'cmv-faturamento')).toBe(moeda(insumos?.faturamento ?? '0'));
    expect(await figura(pagina, 'cmv-percentual')).toContain(
      `${(insumos?.cmvPercentual ?? '').replace('.', ',')}%`,
    );
    expect(await figura(pagina, 'cmv-vendas')).toBe('1');
    const tabela = pagina.getByTestId('relatorio-insumos');
    await tabela
      .locator('tr')
      .filter({ hasText: 'Massa de Pizza Grande' })
      .getByText(moedaCentavos(saiuMassa))
      .waitFor();
    await tabela.locator('tr').filter({ hasText: 'Queijo Mussarela (kg)' }).getByText('R$ 12,92').waitFor();
    await pagina.getByTestId('grafico-cmv').locator('rect').first().waitFor();
    // The CSV the owner takes to a spreadsheet: one row per ingredient, numbers with a decimal comma.
    const download = pagina.waitForEvent('download');
    await pagina.getByRole('button', { name: 'Exportar' }).click();
    await pagina.getByRole('menuitem', { name: 'Exportar CSV' }).click();
    const arquivo = await download;
    expect(arquivo.suggestedFilename()).toBe('vendas-por-insumo.csv');
    const csv = readFileSync((await arquivo.path()) ?? '', 'utf8');
    expect(csv).toContain('Insumo;Unidade;Quantidade;Custo;Participação (%)');
    const planilha = (centavos: bigint) => enxuto(centavos * 10_000n).replace(/\./g, '');
    expect(csv).toContain(`;1;${planilha(saiuMassa)};`);
    expect(csv).toMatch(/Massa de Pizza Grande;[^;]*;1;/);
    await capturarTemas(pagina, 'relatorio-venda-insumos');

    // --- Stock flow of the same period: what came in and went out, and the closing value.
    const fluxo = await api<RelatorioFluxoEstoque>(estoquista, 'POST', 'relatorio/estoqueFluxo', filtro);
    // What the report said before, plus: in 42.00 + 17.80 + 62.50 + 369.00 + the 9 doughs; out the production's
    // flour and oil and the sale's ingredients; the closing value moved by each product's value.
    const centavos = (v: string | undefined) => seis(v ?? '0') / 10_000n;
    const entrou = 4200n + 1780n + 6250n + 36_900n + entrouMassa;
    const saiu = saiuFarinha + saiuOleo + custoVenda;
    let final = centavos(fluxoAntes?.totais.valorFinal);
    for (const [chave, p] of antes) {
      const fim = modelo.get(chave);
      final += valor(fim.saldo, fim.medio) - valor(p.saldo, p.medio);
    }
    const esperado = {
      valorInicial: fluxoAntes?.totais.valorInicial,
      valorEntradas: decimalApi(centavos(fluxoAntes?.totais.valorEntradas) + entrou, 2, 2),
      valorSaidas: decimalApi(centavos(fluxoAntes?.totais.valorSaidas) + saiu, 2, 2),
      valorFinal: decimalApi(final, 2, 2),
    };
    expect(fluxo.totais).toEqual(esperado);
    await ir(pagina, 'relatorioEstoqueFluxo');
    await pagina.getByTestId('relatorio-fluxo').waitFor();
    await expect
      .poll(() => figura(pagina, 'fluxo-valor-entradas'))
      .toBe(moedaCentavos(centavos(esperado.valorEntradas)));
    expect(await figura(pagina, 'fluxo-valor-saidas')).toBe(moedaCentavos(centavos(esperado.valorSaidas)));
    expect(await figura(pagina, 'fluxo-valor-final')).toBe(moedaCentavos(final));
    const massa = pagina
      .getByTestId('relatorio-fluxo')
      .locator('tr')
      .filter({ hasText: 'Massa de Pizza Grande' });
    // The dough: 9 in at R$ 13,49 on top of the period's earlier entries (the opening stock), 1 out, 8 more left.
    const massaAntesFluxo = fluxoAntes?.linhas.find((l) => l.produto._id === ids.massa);
    await massa.getByText(moedaCentavos(centavos(massaAntesFluxo?.valorEntradas) + entrouMassa)).waitFor();
    await massa
      .getByText(moedaCentavos(centavos(massaAntesFluxo?.valorSaidas) + saiuMassa))
      .first()
      .waitFor();
    expect((await massa.locator('td').allTextContents()).map((t) => t.trim())).toContain(
      enxuto(modelo.get('massa').saldo),
    );
    await capturarTemas(pagina, 'relatorio-fluxo-estoque');

    expect(erros).toEqual([]);
    await contexto.close();
  });
});
