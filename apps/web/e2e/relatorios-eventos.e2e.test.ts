import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PERMISSAO } from '@retaguarda/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, fazerLogin, novaAba, tokenPorApi, USUARIOS } from './apoio.ts';
import { fotografarTemas, novoId } from './estoque-apoio.ts';
import { lojaParaVendas, requisitarApi } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// The four event reports (issue 19) in Chromium, as the store supervisor (the demo's non-admin user who holds
// them: the floor supervisor reads back what was released on the floor). By API, the cashier with the
// supervisor's releases makes at Loja Centro: an item discount of 4,90 and a cancelled water (3,00) at table 61,
// table 63 (a can, 6,50) moved whole to table 64, and an ended digital-menu (QR code) order of 54,90. Each report
// opens with its default filter and shows the day; a period of last year shows nothing; the CSV carries the
// rows and the total. Pictures in both themes at 1366x768 under /tmp/shots-relatorios-eventos.

const baseUrl = urlDoServidor();
const PASTA = process.env.SHOTS_RELATORIOS_EVENTOS ?? '/tmp/shots-relatorios-eventos';
let navegador: Browser;
let aba: Aba;
let pagina: Page;

beforeAll(async () => {
  navegador = await abrirNavegador();
  const admin = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
  const caixa = await tokenPorApi(baseUrl, USUARIOS.caixa.email, USUARIOS.caixa.senha);
  const loja = await lojaParaVendas(baseUrl, admin, 'Loja Centro', [
    'Pizza Grande Calabresa',
    'Água Mineral 500ml',
    'Refrigerante Lata 350ml',
  ]);
  const { terminal, dinheiro } = loja;
  const calabresa = loja.produtos['Pizza Grande Calabresa'] ?? '';
  const agua = loja.produtos['Água Mineral 500ml'] ?? '';
  const lata = loja.produtos['Refrigerante Lata 350ml'] ?? '';
  const comoCaixa = <T>(caminho: string, corpo: unknown, metodo = 'POST') =>
    requisitarApi<T>(baseUrl, caixa, metodo, caminho, corpo, loja.empresa);
  const liberacao = async (permissao: number, extra: Record<string, unknown> = {}) =>
    (
      await comoCaixa<{ liberacao: string }>('liberacaoSupervisor', {
        login: USUARIOS.supervisor.email,
        senha: createHash('sha256').update(USUARIOS.supervisor.senha).digest('hex'),
        permissao,
        motivo: 'teste',
        ...extra,
      })
    ).liberacao;
  await comoCaixa('periodo/abrir', { terminal, valorAbertura: '100.00' }).catch(() => undefined);

  const mesa61 = await comoCaixa<{ _id: string }>('venda', { tipoVenda: 54, mesa: 61, terminal });
  await comoCaixa(`venda/${mesa61._id}/itens`, { produtos: [{ produto: calabresa }, { produto: agua }] });
  await comoCaixa(`venda/${mesa61._id}/confirmarItens`, {});
  await comoCaixa(`venda/${mesa61._id}/descontoItem`, {
    numeroItem: 1,
    modo: 3,
    valor: '4.90',
    justificativa: 'Cliente fiel',
    liberacao: await liberacao(PERMISSAO.descontoItem, {
      venda: mesa61._id,
      desconto: { modo: 3, valor: '4.90' },
    }),
  });
  await comoCaixa(
    `vendaDeletarProduto/${mesa61._id}`,
    {
      vendaEvento: { numeroItem: 2, motivo: 'Lançado errado' },
      liberacao: await liberacao(PERMISSAO.excluirProdutoConfirmado),
    },
    'PUT',
  );
  const mesa63 = await comoCaixa<{ _id: string }>('venda', { tipoVenda: 54, mesa: 63, terminal });
  await comoCaixa(`venda/${mesa63._id}/itens`, { produtos: [{ produto: lata }] });
  await comoCaixa('vendaTransferencia', {
    vendaOrigem: mesa63._id,
    mesaDestino: 64,
    liberacao: await liberacao(PERMISSAO.transferirMesa),
  });
  const qr = await comoCaixa<{ _id: string }>('venda', { tipoVenda: 53, terminal, localPedido: 73 });
  await comoCaixa(`venda/${qr._id}/itens`, { produtos: [{ produto: calabresa }] });
  await comoCaixa(`venda/${qr._id}/pagamentos`, {
    _id: novoId(),
    formaPagamento: dinheiro,
    terminal,
    valorPago: '54.90',
  });
  await comoCaixa(`venda/${qr._id}/encerrar`, {});

  aba = await novaAba(navegador, { width: 1366, height: 768 });
  pagina = aba.pagina;
  await fazerLogin(pagina, baseUrl, USUARIOS.supervisor.email, USUARIOS.supervisor.senha, 'Loja Centro');
});

afterAll(async () => {
  await aba?.contexto.close();
  await navegador?.close();
});

/** The value of a total card (the card's title left out). */
const texto = (testId: string) =>
  pagina.getByTestId(testId).first().locator('.ant-statistic-content').textContent();

/** Downloads the report's CSV through the export menu and answers its lines. */
async function baixarCsv(): Promise<{ nome: string; linhas: string[] }> {
  const [download] = await Promise.all([
    pagina.waitForEvent('download'),
    (async () => {
      await pagina.getByRole('button', { name: 'Exportar' }).click();
      await pagina.getByText('Exportar CSV').click();
    })(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  return {
    nome: download.suggestedFilename(),
    linhas: csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  };
}

/** Picks a period of last year in the range picker and generates: the report has nothing then. */
async function periodoDoAnoPassado() {
  const ano = new Date().getFullYear() - 1;
  // Each end typed into its own input (clicked first): the picker keeps the focus where the last choice left it.
  const inicio = pagina.getByPlaceholder('Data inicial');
  await inicio.click();
  await inicio.fill(`01/03/${ano}`);
  const fim = pagina.getByPlaceholder('Data final');
  await fim.click();
  await fim.fill(`31/03/${ano}`);
  await fim.press('Enter');
  await pagina.keyboard.press('Escape');
  await pagina.getByRole('button', { name: 'Gerar' }).click();
  await expect.poll(() => pagina.url()).toMatch(new RegExp(`inicio=${ano}-03-01&fim=${ano}-03-31`));
}

describe('relatórios de eventos de venda', () => {
  it('cancellations: the day by default, the reason and supervisor, the CSV total, another period empty', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioVendaCancelamentos`);
    await expect.poll(() => texto('cancelamentos-quantidade')).toBe('1');
    await expect.poll(() => texto('cancelamentos-valor')).toMatch(/R\$\s3,00/);
    const tabela = pagina.getByTestId('tabela-relatorioVendaCancelamentos');
    await expect
      .poll(() => tabela.locator('tbody tr').filter({ hasText: 'Lançado errado' }).first().textContent())
      .toMatch(
        /Mesa 61.*Item.*1× Água Mineral 500ml.*Carlos Caixa.*Sandra Supervisora.*Lançado errado.*R\$\s3,00/,
      );
    await fotografarTemas(pagina, PASTA, 'cancelamentos');
    const csv = await baixarCsv();
    expect(csv.nome).toMatch(/^cancelamentos-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.linhas[0]).toBe(
      'Data/hora;Empresa;Venda;Tipo;Cancelamento;Produtos;Operador;Supervisor;Motivo;Valor',
    );
    expect(csv.linhas).toContainEqual(
      expect.stringMatching(
        /;Mesa 61;Item;1× Água Mineral 500ml;Carlos Caixa;Sandra Supervisora;Lançado errado;3$/,
      ),
    );
    expect(csv.linhas.at(-1)).toBe('Total cancelado;;;;;;;;;3');
    await periodoDoAnoPassado();
    await expect.poll(() => texto('cancelamentos-quantidade')).toBe('0');
    await expect.poll(() => tabela.textContent()).toContain('Nenhum cancelamento no período.');
    expect(aba.erros).toEqual([]);
  });

  it('discounts: item discount with its supervisor, by supervisor, the CSV total', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioVendaDescontos`);
    await expect.poll(() => texto('descontos-valor')).toMatch(/R\$\s4,90/);
    await expect.poll(() => texto('descontos-itens')).toMatch(/1 · R\$\s4,90/);
    await expect
      .poll(() => pagina.getByTestId('descontos-supervisores').textContent())
      .toMatch(/Sandra Supervisora\s*1\s*R\$\s4,90/);
    await fotografarTemas(pagina, PASTA, 'descontos');
    const csv = await baixarCsv();
    expect(csv.linhas).toContainEqual(
      expect.stringMatching(/;Mesa 61;Item;1× Pizza Grande Calabresa;.*;Cliente fiel;4,9$/),
    );
    expect(csv.linhas.at(-1)).toBe('Total de descontos;;;;;;;;;4,9');
    await periodoDoAnoPassado();
    await expect.poll(() => texto('descontos-quantidade')).toBe('0');
  });

  it('transfers: the whole table 63 to 64 with its value, the CSV total', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioVendaTransferencias`);
    await expect.poll(() => texto('transferencias-mesas')).toBe('1');
    await expect.poll(() => texto('transferencias-valor')).toMatch(/R\$\s6,50/);
    await expect
      .poll(() =>
        pagina.getByTestId('tabela-relatorioVendaTransferencias').locator('tbody tr').first().textContent(),
      )
      .toMatch(/63\s*64.*Mesa inteira.*1× Refrigerante Lata 350ml.*Sandra Supervisora.*R\$\s6,50/);
    await fotografarTemas(pagina, PASTA, 'transferencias');
    const csv = await baixarCsv();
    expect(csv.linhas).toContainEqual(
      expect.stringMatching(/;63;64;\d+;\d+;Mesa inteira;1× Refrigerante Lata 350ml;/),
    );
    expect(csv.linhas.at(-1)).toBe('Total movido;;;;;;;;;;6,5');
    await periodoDoAnoPassado();
    await expect.poll(() => texto('transferencias-quantidade')).toBe('0');
  });

  it('QR code: the ended digital-menu order by origin, the CSV total', async () => {
    await pagina.goto(`${baseUrl}/#/relatorioQrCode`);
    await expect.poll(() => texto('qrcode-total')).toMatch(/R\$\s54,90/);
    await expect
      .poll(() => pagina.getByTestId('qrcode-origens').textContent())
      .toMatch(/Cardápio digital\s*1\s*R\$\s54,90/);
    await fotografarTemas(pagina, PASTA, 'qrcode');
    const csv = await baixarCsv();
    expect(csv.linhas).toContainEqual(
      expect.stringMatching(/;Balcão;Cardápio digital;Carlos Caixa;1;Encerrada;54,9$/),
    );
    expect(csv.linhas.at(-1)).toBe('Total dos pedidos;;;;;;;;54,9');
    await periodoDoAnoPassado();
    await expect.poll(() => texto('qrcode-quantidade')).toBe('0');
    expect(aba.erros).toEqual([]);
  });
});
