import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgenteFilho,
  diretorioTemporario,
  type ImpressoraFalsa,
  impressoraFalsa,
  iniciarAgente,
} from '../../print-agent/test/apoio.ts';
import { type Aba, abrirNavegador, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import { esperarTelasOcupadas, fotografarTemas, lojasDemo, sessoesDoEstoque } from './estoque-apoio.ts';
import { requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Shelf labels in Chromium (issue 20 "Labels"), as the stock keeper who fills the shelves: two products picked on
// Gerenciar Etiquetas (a can with its EAN-13, a burger with no GTIN, so its internal code as Code 128), the
// preview with the bars drawn, the A4 sheet downloaded and its text read, and the batch printed on the store's
// Zebra through the print queue: the real print agent delivers the ZPL to a fake TCP printer. The admin only sets
// up the printer (the keeper does not register printers). Pictures in both themes under /tmp/shots-etiquetas.

const baseUrl = urlDoServidor();
esperarTelasOcupadas();
const PASTA = process.env.SHOTS_ETIQUETAS ?? '/tmp/shots-etiquetas';

let navegador: Browser;
let aba: Aba;
let pagina: Page;
let zebra: ImpressoraFalsa;
let agente: AgenteFilho | undefined;

beforeAll(async () => {
  navegador = await abrirNavegador();
  const { admin } = await sessoesDoEstoque(baseUrl);
  const { centro } = await lojasDemo(baseUrl, admin);
  expect(centro).not.toBe('');
  const chamar = <T>(metodo: string, caminho: string, corpo?: unknown) =>
    requisitarApi<T>(baseUrl, admin, metodo, caminho, corpo, centro);
  // The store's label printer: a Zebra (model 6, ZPL) registered with the 60 x 30 mm format (13), on a fake TCP
  // printer, in its own sector.
  zebra = await impressoraFalsa();
  const impressora = await chamar<{ _id: string }>('POST', 'impressora', {
    empresa: centro,
    descricao: 'Zebra Gôndola',
    modelo: 6,
    ip: '127.0.0.1',
    porta: String(zebra.porta),
    formatoEtiqueta: 13,
  });
  await chamar('POST', 'setorImpressao', {
    empresa: centro,
    descricao: 'Etiquetas',
    impressora: impressora._id,
    numeroVias: 1,
  });
  const terminais = await chamar<{ _id: string }[]>('POST', 'terminal/getPopulate', {
    filtro: { empresa: centro },
  });
  const { token: tokenAgente } = await chamar<{ token: string }>('POST', 'impressao/tokenAgente', {
    empresa: centro,
  });
  agente = iniciarAgente([
    '--servidor',
    baseUrl,
    '--token',
    tokenAgente,
    '--terminais',
    terminais.map((t) => t._id).join(','),
    '--diretorio',
    diretorioTemporario(),
  ]);
  await agente.esperarLog(/"evento":"tempoReal","conectado":true/);

  aba = await novaAba(navegador, { width: 1366, height: 800 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.estoquista.email, USUARIOS.estoquista.senha, 'Loja Centro');
});

afterAll(async () => {
  await agente?.parar();
  await zebra?.fechar();
  await aba?.contexto.close();
  await navegador?.close();
});

/** Picks a product in "Adicionar produto" by typing part of its name. */
async function adicionarProduto(busca: string, descricao: string) {
  await pagina.locator('#etiquetas-produto').click();
  await pagina.keyboard.type(busca);
  await pagina
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: descricao })
    .first()
    .click();
}

/** The text of every content stream of a PDF (jsPDF deflates them). */
function textoDoPdf(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  let texto = '';
  for (const m of latin1.matchAll(/stream\r?\n/g)) {
    const inicio = (m.index ?? 0) + m[0].length;
    const fim = latin1.indexOf('endstream', inicio);
    const trecho = bytes.subarray(inicio, fim);
    try {
      texto += inflateSync(trecho).toString('latin1');
    } catch {
      texto += trecho.toString('latin1');
    }
  }
  return texto;
}

describe('shelf labels, as the stock keeper', () => {
  it('picks two products, sees the bars, downloads the A4 sheet and prints the batch on the Zebra', async () => {
    await pagina.goto(`${baseUrl}/#/gerenciarEtiquetas`);
    await pagina.getByText('Etiquetas de gôndola e de produto').waitFor();
    // The store's label printer is chosen by itself, with its registered 60 x 40 mm format.
    await pagina.getByText('Zebra Gôndola', { exact: false }).first().waitFor();
    await adicionarProduto('Refrigerante La', 'Refrigerante Lata 350ml');
    await adicionarProduto('X-Burg', 'X-Burguer');
    await pagina.getByText('Produtos (2)').waitFor();

    await pagina.getByRole('button', { name: 'Pré-visualizar' }).click();
    await pagina.getByText(/Pré-visualização — .* · 2 etiquetas/).waitFor();
    // Bars drawn for both symbologies: the EAN-13's 95 modules have 30+ dark ones; the burger's one-digit
    // internal code as Code 128 (start, the digit, check, stop: 46 modules) 24.
    for (const titulo of ['Etiqueta de Refrigerante Lata 350ml', 'Etiqueta de X-Burguer']) {
      const barras = await pagina.getByRole('img', { name: titulo }).locator('rect').count();
      expect(barras, titulo).toBeGreaterThanOrEqual(24);
    }
    await pagina.getByText('7894900011517').first().waitFor();
    await fotografarTemas(pagina, PASTA, 'etiquetas-previa');

    const [download] = await Promise.all([
      pagina.waitForEvent('download'),
      pagina.getByRole('button', { name: 'Baixar PDF (folha A4)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^etiquetas-\d+x\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    await pagina.getByText('PDF com 2 etiquetas em folhas A4 gerado.').waitFor();
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoDoPdf(pdf);
    expect(texto).toContain('(R$ 6,50) Tj');
    expect(texto).toContain('(R$ 24,90) Tj');
    expect(texto).toContain('(7894900011517) Tj');

    await pagina.getByRole('button', { name: 'Imprimir na impressora de etiquetas' }).click();
    await pagina.getByText(/^2 etiquetas enviadas para a fila de impressão \(ZPL/).waitFor();
    // The agent takes the job from the queue and the Zebra receives one ZPL batch: both labels, both barcodes.
    await expect.poll(() => zebra.trabalhos.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const zpl = Buffer.concat(zebra.trabalhos).toString('utf8');
    expect(zpl.split('^XA')).toHaveLength(3);
    // (the description may wrap on the 60 mm label)
    expect(zpl).toContain('Refrigerante');
    expect(zpl).toContain('X-Burguer');
    expect(zpl).toContain('^BEN,');
    expect(zpl).toContain('^BCN,');
    expect(aba.erros).toEqual([]);
  });
});
