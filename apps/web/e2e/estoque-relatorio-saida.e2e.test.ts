import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import { apiDoEstoque, fotografarTemas, lojasDemo, novoId, sessoesDoEstoque } from './estoque-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// relatorioEstoqueSaidaManual in Chromium (issue 17), as the stock keeper: by API an entry of cheese and soft
// drinks at known costs, a loss of 1,5 kg of cheese, a tasting of 2 cans, a breakage of 1 can reversed; the report
// shows each reason with its total, the overall total without the reversed line (marked on its row), the bars
// per reason, and the CSV carries the same rows and totals. Pictures in both themes under /tmp/shots-relsaida.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_RELSAIDA ?? '/tmp/shots-relsaida';
let navegador: Browser;
let aba: Aba;
let pagina: Page;
let token = '';
let centro = '';

const api = apiDoEstoque(baseUrl, () => ({ token, empresa: centro }));

async function produto(descricao: string): Promise<string> {
  const [p] = await api<{ _id: string }[]>('POST', 'produtoGeral/getPopulate', { filtro: { descricao } });
  return p?._id ?? '';
}

const fotografar = (nome: string) => fotografarTemas(pagina, PASTA, nome);

beforeAll(async () => {
  navegador = await abrirNavegador();
  const sessoes = await sessoesDoEstoque(baseUrl);
  token = sessoes.token;
  const admin = sessoes.admin;
  const lojas = await lojasDemo(baseUrl, admin);
  centro = lojas.centro;
  const queijo = await produto('Queijo Mussarela (kg)');
  const lata = await produto('Refrigerante Lata 350ml');
  expect(centro && queijo && lata).toBeTruthy();
  const agora = Date.now();
  const hora = (h: number) => new Date(agora - h * 3_600_000).toISOString();
  await api('POST', 'estoque/entrada', {
    _id: novoId(),
    empresa: centro,
    data: hora(5),
    documento: 'NF 9001',
    itens: [
      { produto: queijo, quantidade: '10', custoUnitario: '40.00' },
      { produto: lata, quantidade: '24', custoUnitario: '3.50' },
    ],
  });
  // Loss 1,5 kg × 40,00 = 60,00; tasting 2 × 3,50 = 7,00; breakage 1 × 3,50 reversed (out of the totals).
  await api('POST', 'estoque/saidaManual', {
    _id: novoId(),
    empresa: centro,
    data: hora(4),
    motivo: 'perda',
    observacao: 'Caiu da bancada',
    itens: [{ produto: queijo, quantidade: '1.5' }],
  });
  await api('POST', 'estoque/saidaManual', {
    _id: novoId(),
    empresa: centro,
    data: hora(3),
    motivo: 'degustacao',
    itens: [{ produto: lata, quantidade: '2' }],
  });
  const quebra = await api<{ movimentos: { _id: string }[] }>('POST', 'estoque/saidaManual', {
    _id: novoId(),
    empresa: centro,
    data: hora(2),
    motivo: 'quebra',
    itens: [{ produto: lata, quantidade: '1' }],
  });
  await api('POST', `estoque/movimento/${quebra.movimentos[0]?._id}/estornar`, {
    motivo: 'Lançada por engano',
  });

  aba = await novaAba(navegador, { width: 1366, height: 800 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

describe('estoque: relatório de saída manual', () => {
  it('shows the totals per reason and overall, the reversed line marked and out of them, and the CSV', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioEstoqueSaidaManual`);
    const totais = pagina.getByTestId('saida-totais-motivo');
    await totais.waitFor();
    const linha = (motivo: string) => totais.locator('tbody tr').filter({ hasText: motivo }).first();
    await expect.poll(() => linha('Perda').textContent()).toMatch(/Perda\s*11R\$\s60,00/);
    await expect.poll(() => linha('Degustação').textContent()).toMatch(/Degustação\s*11R\$\s7,00/);
    await expect.poll(() => linha('Quebra').textContent()).toMatch(/Quebra\s*00R\$\s0,00.*R\$\s3,50/);
    await expect
      .poll(() => pagina.getByTestId('saida-total-geral-tabela').textContent())
      .toMatch(/^R\$\s67,00$/);
    await expect.poll(() => pagina.getByTestId('saida-total-perda').textContent()).toMatch(/^R\$\s60,00$/);
    await expect
      .poll(() => pagina.getByTestId('saida-total-degustacao').textContent())
      .toMatch(/^R\$\s7,00$/);
    const grupoQuebra = pagina.getByTestId('saida-grupo-quebra');
    await expect(grupoQuebra.getByText('Estornada').count()).resolves.toBe(1);
    await expect(pagina.getByRole('list', { name: 'Valor por motivo' }).textContent()).resolves.toMatch(
      /Perda.*89,6%.*Degustação.*10,4%/,
    );
    await fotografar('relatorio-saida-manual');

    const [download] = await Promise.all([
      pagina.waitForEvent('download'),
      (async () => {
        await pagina.getByRole('button', { name: 'Exportar' }).click();
        await pagina.getByText('Exportar CSV').click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^saidas-manuais-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    const linhas = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(linhas[0]).toBe(
      'Motivo;Data;Empresa;Produto;Unidade;Quantidade;Custo unitário;Valor;Situação;Observação',
    );
    expect(linhas).toContainEqual(
      expect.stringMatching(
        /^Perda;[\d/]+ [\d:]+;[^;]+;Queijo Mussarela \(kg\);KG;1,5;40;60;Lançada;Caiu da bancada$/,
      ),
    );
    expect(linhas).toContainEqual(
      expect.stringMatching(/^Degustação;[^;]+;[^;]+;Refrigerante Lata 350ml;[^;]*;2;3,5;7;Lançada;$/),
    );
    expect(linhas).toContainEqual(
      expect.stringMatching(/^Quebra;[^;]+;[^;]+;Refrigerante Lata 350ml;[^;]*;1;3,5;3,5;Estornada;$/),
    );
    expect(linhas.slice(-4)).toEqual([
      'Total Perda;;;;;;;60;;',
      'Total Quebra;;;;;;;0;;',
      'Total Degustação;;;;;;;7;;',
      'Total geral;;;;;;;67;;',
    ]);

    // XLSX: the same rows as numeric cells (a zip whose sheet holds the totals as numbers).
    const [planilha] = await Promise.all([
      pagina.waitForEvent('download'),
      (async () => {
        await pagina.getByRole('button', { name: 'Exportar' }).click();
        await pagina.getByText('Exportar Excel (XLSX)').click();
      })(),
    ]);
    expect(planilha.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsx = readFileSync((await planilha.path()) ?? '');
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    // Deflated entries, read back by unzipping: the 'Total geral' row (text in the shared strings) has 67 as a
    // numeric cell in column H.
    const partes = unzipSync(new Uint8Array(xlsx));
    const textos = [
      ...strFromU8(partes['xl/sharedStrings.xml'] ?? new Uint8Array()).matchAll(/<t[^>]*>(.*?)<\/t>/g),
    ];
    const indice = textos.findIndex((m) => m[1] === 'Total geral');
    expect(indice).toBeGreaterThanOrEqual(0);
    expect(strFromU8(partes['xl/worksheets/sheet1.xml'] ?? new Uint8Array())).toMatch(
      new RegExp(`<c r="A(\\d+)"[^>]*t="s"><v>${indice}</v></c>(<c [^>]*>.*?</c>)*<c r="H\\1"><v>67</v>`),
    );

    // Print: a plain table in a hidden frame (its HTML is caught as the frame is added).
    await pagina.evaluate(() => {
      const w = window as unknown as { impresso: string };
      w.impresso = '';
      new MutationObserver((mudancas) => {
        for (const m of mudancas)
          for (const n of m.addedNodes) if (n instanceof HTMLIFrameElement) w.impresso = n.srcdoc;
      }).observe(document.body, { childList: true });
    });
    await pagina.getByRole('button', { name: 'Imprimir' }).click();
    await expect
      .poll(() => pagina.evaluate(() => (window as unknown as { impresso: string }).impresso))
      .toMatch(
        /<h1>Saídas Manuais<\/h1>[\s\S]*Queijo Mussarela \(kg\)[\s\S]*<tfoot>[\s\S]*Total geral[\s\S]*R\$\s67,00/,
      );
    expect(aba.erros).toEqual([]);
  });
});
