import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aba, abrirNavegador, capturar, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import { abrirFrenteLoja, garantirCaixaAberto, TELA } from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// NFC-e end to end (issue 7 proof): a sale ended in the Frente Loja -> NFC-e issued by the server at the end and
// authorised by the local SEFAZ simulator the server started -> the list and the DANFE in the browser ->
// printed; SEFAZ down -> offline note at once -> SEFAZ back -> authorised in the background and the open
// list updates by socket; cancel by a cashier through the supervisor release; a number already used at
// SEFAZ renumbered with the duplicate advice. Screenshots of every fiscal screen in light and dark.

const baseUrl = urlDoServidor();
// A real inbound NF-e kept in the repository (packages/fiscal/test/fixtures/fiscal-ref/SOURCES.md).
const AMOSTRA_NFE = new URL(
  '../../../packages/fiscal/test/fixtures/fiscal-ref/samples/nfe55/nfelib__35180834128745000152550010000474281920007498-nfe.xml',
  import.meta.url,
).pathname;
let navegador: Browser;
let token = '';
const ids: Record<string, string> = {};
const abas: Aba[] = [];
let cnpjShopping = '';

interface Envelope {
  valido: boolean;
  data: Record<string, unknown> & { message?: string };
  jsonMsg?: string;
}

async function bruto(
  metodo: string,
  caminho: string,
  corpo?: unknown,
  empresa = ids.centro,
): Promise<Envelope> {
  const r = await fetch(`${baseUrl}/api/${caminho}`, {
    method: metodo,
    headers: { 'content-type': 'application/json', token, version: 'e2e', ...(empresa ? { empresa } : {}) },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  return (await r.json()) as Envelope;
}

async function chamar(metodo: string, caminho: string, corpo?: unknown, empresa?: string) {
  const e = await bruto(metodo, caminho, corpo, empresa);
  if (!e.valido) throw new Error(`${metodo} ${caminho}: ${JSON.stringify(e.data)}`);
  return e.data;
}

async function lista(tabela: string, filtro: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  return (await chamar('POST', `${tabela}/getPopulate`, { filtro })) as unknown as Record<string, unknown>[];
}

const novoId = () => randomBytes(12).toString('hex');

/**
 * A counter sale of `empresa` through the POS API (the same calls the Frente Loja makes): `latas` cans at 6.50
 * paid with R$ 3,50 of change, then ended. A store with `emitirNfce` gets its NFC-e from the server at this end
 * (in `nfce` of the answer).
 */
async function venderPelaApi(empresa: string, latas: number): Promise<Record<string, unknown>> {
  const terminal = (await lista('terminal', { empresa })).find((t) =>
    String(t.descricao).startsWith('Terminal Caixa'),
  );
  const abrir = await bruto(
    'POST',
    'periodo/abrir',
    { terminal: terminal?._id, valorAbertura: '100.00' },
    empresa,
  );
  if (!abrir.valido)
    expect(abrir.data.message).toBe('Já existe um período aberto para o caixa deste terminal!');
  const criada = await chamar('POST', 'venda', { tipoVenda: 53, terminal: terminal?._id, empresa }, empresa);
  const id = String(criada._id);
  await chamar(
    'POST',
    `venda/${id}/itens`,
    { produtos: [{ produto: ids.lata, quantidade: String(latas) }] },
    empresa,
  );
  await chamar(
    'POST',
    `venda/${id}/pagamentos`,
    {
      _id: novoId(),
      formaPagamento: ids[`dinheiro-${empresa}`],
      terminal: terminal?._id,
      valorPago: (latas * 6.5 + 3.5).toFixed(2),
    },
    empresa,
  );
  return chamar('POST', `venda/${id}/encerrar`, {}, empresa);
}

/** The sale's valid NFC-e (authorised or offline) as the server wrote it into venda.nfce. */
const notaDaVenda = (v: Record<string, unknown>) =>
  ((v.nfce ?? []) as Record<string, unknown>[]).find(
    (n) => n.statusNota === 'processado' || n.statusNota === 'contingencia',
  ) ?? {};

const cenario = (c: Record<string, unknown>) => chamar('POST', 'fiscal/simulador/cenario', c);

async function entrarComo(usuario: { email: string; senha: string }, empresa?: string): Promise<Page> {
  const aba = await novaAba(navegador);
  abas.push(aba);
  await fazerLogin(aba.pagina, baseUrl, usuario.email, usuario.senha, empresa);
  return aba.pagina;
}

async function abrirRota(pagina: Page, rota: string, titulo: string): Promise<void> {
  await pagina.goto(`${baseUrl}/#/${rota}`);
  await pagina
    .getByTestId('titulo-pagina')
    .getByText(titulo)
    .waitFor()
    .catch(async (erro: unknown) => {
      await capturar(pagina, `fiscal-falha-${rota}`);
      throw erro;
    });
}

/** The row of note `numero` in the emissaoNotaFiscal table. */
const linhaNota = (pagina: Page, numero: number) =>
  pagina.locator('.ant-table-tbody tr.ant-table-row').filter({
    has: pagina.locator('td:first-child', { hasText: new RegExp(`^${numero}$`) }),
  });

/** Theme switch that also works with a drawer or modal open (their mask covers the header button). */
async function tema(pagina: Page, escuro: boolean): Promise<void> {
  const atual = await pagina.evaluate(() => localStorage.getItem('retaguarda.tema') === 'true');
  if (atual !== escuro) await pagina.getByTestId('alternar-tema').first().dispatchEvent('click');
  await pagina.waitForFunction(
    (e) => document.documentElement.style.colorScheme === (e ? 'dark' : 'light'),
    escuro,
  );
}

/** Waits for the toasts still on screen (5 s each) to go, so the next screenshots show the screen only. */
async function semToasts(pagina: Page): Promise<void> {
  await pagina.waitForFunction(
    () => document.querySelectorAll('.ant-notification-notice').length === 0,
    null,
    {
      timeout: 20_000,
    },
  );
}

async function capturarTemas(pagina: Page, nome: string): Promise<void> {
  // No header tooltip left over from an earlier hover.
  await pagina.mouse.move(300, 760);
  await semToasts(pagina);
  await tema(pagina, false);
  await capturar(pagina, `fiscal-${nome}-claro`);
  await tema(pagina, true);
  await capturar(pagina, `fiscal-${nome}-escuro`);
  await tema(pagina, false);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  const grupos = (await (
    await fetch(`${baseUrl}/api/getGrupoEmpresarialLista`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lixo: false }),
    })
  ).json()) as { data: { _id: string }[] };
  ids.grupo = grupos.data[0]?._id ?? '';
  const login = (await (
    await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: USUARIOS.admin.email,
        senha: createHash('sha256').update(USUARIOS.admin.senha).digest('hex'),
        grupoEmpresarial: ids.grupo,
      }),
    })
  ).json()) as { data: { token: string } };
  token = login.data.token;
  const empresas = await lista('empresa', {});
  const porNome = (n: string) => empresas.find((e) => e.descricao === n) ?? {};
  ids.centro = String(porNome('Loja Centro')._id);
  ids.shopping = String(porNome('Loja Shopping')._id);
  cnpjShopping = String(porNome('Loja Shopping').cnpj ?? '');
  ids.cnpjCentro = String(porNome('Loja Centro').cnpj ?? '');
  // Store registrations are edited in the franchise manager company (special permission).
  ids.gestor = String(empresas.find((e) => e.tipoEmpresa === 'Gestor Franquia')?._id ?? ids.centro);
  ids.lata = String((await lista('produtoGeral', { descricao: 'Refrigerante Lata 350ml' }))[0]?._id);
  for (const empresa of [ids.centro, ids.shopping]) {
    const formas = await lista('formaPagamento', { empresa });
    const dinheiro = formas.find((f) => {
      const tipo = f.tipo as { id?: number } | number | undefined;
      return (typeof tipo === 'object' ? tipo?.id : tipo) === 77;
    });
    ids[`dinheiro-${empresa}`] = String(dinheiro?._id);
  }
  // The cashier may open the NFC-e screen in the back-office (424, 865) but cannot cancel (29): the
  // cancellation needs a supervisor.
  const perfil = (await lista('acessoSistema', { descricao: 'Caixa' }))[0] as {
    _id: string;
    permissoes: number[];
  };
  await chamar('PUT', `acessoSistema/${perfil._id}`, {
    permissoes: [...new Set([...perfil.permissoes, 424, 865])],
  });
  // The server starts its simulator on first need; authorise.
  await cenario({ modo: 'autorizar' });
  // Loja Centro issues its NFC-e at sale end (server side); Loja Shopping keeps the spec's enviaNFCE call.
  await chamar('PUT', `fiscal/configuracao/${ids.centro}`, { emitirNfce: true });
});

afterAll(async () => {
  for (const [i, a] of abas.entries()) {
    if (a.erros.length > 0) console.error('erros do navegador:', a.erros.join('\n'));
    await capturar(a.pagina, `fiscal-final-${i}`).catch(() => undefined);
  }
  await cenario({ modo: 'autorizar' }).catch(() => undefined);
  // The other browser tests start with the registers closed and sell in Loja Centro without NFC-e.
  for (const empresa of [ids.centro, ids.shopping].filter(Boolean)) {
    for (const t of await lista('terminal', { empresa }).catch(() => [])) {
      if (String(t.descricao).startsWith('Terminal Caixa'))
        await bruto('POST', 'periodo/fechar', { terminal: t._id }, empresa).catch(() => undefined);
    }
  }
  // Back to the demo's state (Loja Centro issues NFC-e at sale end, seed-nfce-demo.ts) for the other tests.
  if (ids.centro)
    await chamar('PUT', `fiscal/configuracao/${ids.centro}`, { emitirNfce: true }).catch(() => undefined);
  if (ids.shopping && cnpjShopping)
    await chamar('PUT', `empresa/${ids.shopping}`, { cnpj: cnpjShopping }, ids.gestor).catch(() => undefined);
  for (const a of abas) await a.contexto.close();
  await navegador?.close();
});

describe('NFC-e de ponta a ponta', () => {
  let numeroAutorizada = 0;
  let pagina: Page;
  let gestor: Page;

  it('venda encerrada no PDV -> NFC-e emitida pelo servidor e autorizada pelo simulador -> lista, detalhe com protocolo e XML, DANFE mostrado e impresso', async () => {
    // The sale in the Frente Loja (Chromium): two cans, cash with change, confirmed. The server issues the
    // NFC-e when the sale ends and the POS shows it from the ended sale.
    const pdv = await novaAba(navegador, TELA);
    abas.push(pdv);
    await abrirFrenteLoja(pdv.pagina, baseUrl);
    await garantirCaixaAberto(pdv.pagina);
    await pdv.pagina.getByTestId('modos').getByText('Balcão').click();
    for (let i = 0; i < 2; i++) {
      await pdv.pagina.getByTestId('busca-produto').fill('7894900011517');
      await pdv.pagina.getByTestId('busca-produto').press('Enter');
      await expect
        .poll(() => pdv.pagina.getByTestId('total-venda').textContent())
        .toBe(i ? 'R$ 13,00' : 'R$ 6,50');
    }
    await pdv.pagina.getByTestId('abrir-pagamento').click();
    await pdv.pagina.getByRole('radio', { name: 'Dinheiro' }).click();
    await pdv.pagina.getByLabel('Valor recebido').fill('20,00');
    await pdv.pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(() => pdv.pagina.getByTestId('pag-troco').textContent()).toBe('R$ 7,00');
    await pdv.pagina.getByTestId('confirmar-venda').click();
    await pdv.pagina.getByText(/encerrada\. Troco: R\$\s7,00/).waitFor();
    const aviso = pdv.pagina.getByText(/^NFC-e nº \d+ autorizada\.$/);
    await aviso.waitFor({ timeout: 30_000 });
    numeroAutorizada = Number((/\d+/.exec((await aviso.textContent()) ?? '') ?? [])[0]);
    await capturar(pdv.pagina, 'fiscal-pdv-nfce-autorizada');
    const [nota] = (await chamar('POST', 'nfce/getPopulate', {
      filtro: { empresa: ids.centro, numero: numeroAutorizada },
    })) as unknown as Record<string, unknown>[];
    expect(nota).toMatchObject({ statusNota: 'processado', cStat: 100, valor: '13.00' });
    // The note is on the ended sale (venda.nfce) too.
    const venda = await chamar('GET', `venda/${String(nota?.venda)}`);
    expect(notaDaVenda(venda)).toMatchObject({
      _id: nota?._id,
      numero: numeroAutorizada,
      statusNota: 'processado',
    });
    const r = { data: nota ?? {} };

    pagina = await entrarComo(USUARIOS.admin, 'Loja Centro');
    await abrirRota(pagina, 'emissaoNotaFiscal', 'Emissão de Nota Fiscal');
    const linha = linhaNota(pagina, numeroAutorizada);
    await linha.getByText('Autorizada').waitFor();
    await capturarTemas(pagina, 'emissao-lista');

    await linha.getByRole('button', { name: 'Detalhes' }).click();
    const protocolo = pagina.getByTestId('protocolo-nota');
    await expect.poll(() => protocolo.textContent()).toMatch(/^\d{15}$/);
    await capturarTemas(pagina, 'emissao-detalhe');
    await pagina.getByRole('tab', { name: 'XML' }).click();
    await expect.poll(() => pagina.getByTestId('xml-nota').textContent()).toContain('<nfeProc');

    // XML download: the authorised nfeProc file.
    const [download] = await Promise.all([
      pagina.waitForEvent('download'),
      pagina.getByRole('button', { name: 'Baixar XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{44}-procNFe\.xml$/);

    await pagina.getByRole('button', { name: 'DANFE' }).click();
    const danfe = pagina.frameLocator('[data-testid="danfe"]');
    await danfe.getByText('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica').first().waitFor();
    await expect.poll(() => danfe.locator('body').textContent()).toContain(`${numeroAutorizada}`);
    await capturarTemas(pagina, 'danfe');
    // Printed on the store's receipt printer: an ESC/POS job of type NFC-e for the terminal.
    await pagina.getByLabel('Terminal').click();
    await pagina.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await pagina.getByRole('button', { name: 'Enviar à impressora' }).click();
    await pagina.getByText('DANFE enviado para a impressora.').waitFor();
    const jobs = (await chamar('POST', 'impressao/lista', { empresa: ids.centro })) as unknown as {
      origemId?: string;
      tipoImpressao?: unknown;
    }[];
    expect(jobs.some((j) => j.origemId === String(r.data._id))).toBe(true);
    await pagina.keyboard.press('Escape');
  });

  it('SEFAZ fora -> nota off-line na hora -> SEFAZ de volta -> autorizada em segundo plano e a lista aberta atualiza', async () => {
    await pagina.keyboard.press('Escape');
    await abrirRota(pagina, 'emissaoNotaFiscal', 'Emissão de Nota Fiscal');
    await cenario({ modo: 'fora' });
    // Ended through the POS API: the server issues the offline note at once and the sale is ended.
    const venda = await venderPelaApi(String(ids.centro), 3);
    expect(venda.status).toMatchObject({ id: 59 });
    const r = { data: notaDaVenda(venda) };
    expect(r.data).toMatchObject({ statusNota: 'contingencia', tpEmis: 9 });
    expect(String(r.data.qrCode)).toMatch(/^https?:\/\//);
    const numero = Number(r.data.numero);
    // The open list hears nfceAlterada: the offline note appears without a reload.
    const linha = linhaNota(pagina, numero);
    await linha.getByText('Contingência').waitFor({ timeout: 15_000 });
    await capturarTemas(pagina, 'emissao-contingencia');
    // Printed at once: the offline DANFE exists before SEFAZ is back.
    await linha.getByRole('button', { name: 'Detalhes' }).click();
    await pagina.getByText('Nota emitida em contingência off-line').waitFor();
    await pagina.getByRole('button', { name: 'DANFE' }).click();
    await pagina.frameLocator('[data-testid="danfe"]').getByText('EMITIDA EM CONTINGÊNCIA').first().waitFor();
    await pagina.keyboard.press('Escape');
    await pagina.keyboard.press('Escape');

    await cenario({ modo: 'autorizar' });
    // The queue worker (every 15 s) transmits it; the row turns authorised by socket, no reload.
    await linha.getByText('Autorizada').waitFor({ timeout: 100_000 });
    const nota = (await chamar('GET', `nfce/${String(r.data._id)}`)) as {
      cStat: number;
      protocoloRecebimento: string;
    };
    expect(nota.cStat).toBe(100);
    expect(nota.protocoloRecebimento).toMatch(/^\d{15}$/);
  }, 180_000);

  it('cancelamento por um caixa com a liberação do supervisor (motivo >= 15)', async () => {
    const caixa = await entrarComo(USUARIOS.caixa, 'Loja Centro');
    await abrirRota(caixa, 'emissaoNotaFiscal', 'Emissão de Nota Fiscal');
    const linha = linhaNota(caixa, numeroAutorizada);
    await linha.getByRole('button', { name: 'Detalhes' }).click();
    await caixa.getByRole('button', { name: 'Cancelar nota' }).click();
    const dialogo = caixa.locator('.ant-modal').filter({ hasText: `Cancelar NFC-e nº ${numeroAutorizada}` });
    await dialogo.getByLabel('Motivo do cancelamento').fill('curto');
    await dialogo.getByRole('button', { name: 'Cancelar nota' }).click();
    await dialogo.getByText('A justificativa do cancelamento deve ter no mínimo 15 caracteres').waitFor();
    await dialogo.getByLabel('Motivo do cancelamento').fill('Cliente desistiu da compra');
    await capturarTemas(caixa, 'cancelamento');
    await dialogo.getByRole('button', { name: 'Cancelar nota' }).click();
    await caixa.getByText('Liberação do Supervisor').waitFor();
    const liberacao = caixa.locator('.ant-modal').filter({ hasText: 'Liberação do Supervisor' });
    await liberacao.getByLabel(/^Login/).fill(USUARIOS.supervisor.email);
    await liberacao.getByLabel(/^Senha/).fill(USUARIOS.supervisor.senha);
    await capturar(caixa, 'fiscal-liberacao');
    await liberacao.getByRole('button', { name: 'Confirmar' }).click();
    await caixa.getByText(/^Nota cancelada\. Protocolo \d{15}$/).waitFor();
    await linha.getByText('Cancelada').waitFor();
    // The admin's open list heard it too.
    await linhaNota(pagina, numeroAutorizada).getByText('Cancelada').waitFor();
  });

  it('número já usado na SEFAZ (204/539): renumerada, autorizada, com o aviso de duplicidade', async () => {
    // Loja Shopping registered with Loja Centro's CNPJ (same SEFAZ numbering) and its counter set, on the
    // numbering screen, to a number Loja Centro already used.
    await chamar('PUT', `empresa/${ids.shopping}`, { cnpj: ids.cnpjCentro }, ids.gestor);
    const ultimo = (await chamar('GET', `getSequencialNota/${ids.centro}`)) as { ultimoNumero: number };
    const usado = ultimo.ultimoNumero;
    // Numbering is a special permission (423): opened in the franchise manager company, for a store.
    gestor = await entrarComo(USUARIOS.admin, 'Franqueadora Exemplo');
    await abrirRota(gestor, 'empresaNumeroNota', 'Empresa Número Nota');
    await gestor
      .locator('#numeracao-empresa')
      .locator('xpath=ancestor::div[contains(@class,"ant-select")]')
      .first()
      .click();
    // The card shows Loja Centro's numbers until Loja Shopping's arrive: type only after they did.
    const numeracaoShopping = gestor.waitForResponse((r) =>
      r.url().includes(`getSequencialNota/${ids.shopping}`),
    );
    await gestor
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Loja Shopping' })
      .click();
    await numeracaoShopping;
    const cartao = gestor.getByTestId('sequencial-65');
    await cartao.getByText('Próximo número').waitFor();
    await cartao.getByLabel('Último número 65').fill(String(usado - 1));
    await cartao.getByRole('button', { name: 'Definir' }).click();
    await gestor.getByText(`Numeração definida: próximo número ${usado}.`).waitFor();
    await capturarTemas(gestor, 'numeracao');

    // Loja Shopping does not issue at sale end: the spec's enviaNFCE with dadosNfe (the ended sale as the client
    // holds it); the server builds the note from its stored copy.
    const venda = await venderPelaApi(String(ids.shopping), 1);
    expect(venda.nfce).toEqual([]);
    const r = await bruto('POST', 'enviaNFCE', { empresa: ids.shopping, dadosNfe: venda }, ids.shopping);
    expect(r.valido, JSON.stringify(r)).toBe(true);
    expect(r.data.numero).toBe(usado + 1);
    expect(String(r.data.aviso)).toMatch(
      new RegExp(`^Nota nº ${usado} em duplicidade na SEFAZ \\((539|204) - `),
    );
    expect(r.jsonMsg).toContain(`Nota nº ${usado} em duplicidade`);
  });

  it('telas de configuração, downloads, entrada de NF-e e relatórios (claro e escuro)', async () => {
    await chamar('PUT', `empresa/${ids.shopping}`, { cnpj: cnpjShopping }, ids.gestor);
    // The store's fiscal setup, from the numbering screen of the franchise manager (Loja Centro).
    await semToasts(gestor);
    await gestor.goto(`${baseUrl}/#/empresaNumeroNota?empresa=${ids.centro}&aba=fiscal`);
    await gestor.getByTestId('certificado').getByText(/dias/).waitFor();
    await capturarTemas(gestor, 'configuracao-fiscal');
    // NFC-e at sale end: on for Loja Centro (the first test sold with it); turned off on the screen and saved.
    const emitirNfce = gestor.getByTestId('emitir-nfce');
    await emitirNfce.scrollIntoViewIfNeeded();
    expect(await emitirNfce.isChecked()).toBe(true);
    await capturarTemas(gestor, 'configuracao-emitir-nfce');
    await emitirNfce.uncheck();
    await gestor.getByRole('button', { name: 'Salvar', exact: true }).click();
    await gestor.getByText('Configuração fiscal salva.').waitFor();
    const cfg = (await chamar('GET', `fiscal/configuracao/${ids.centro}`)) as { emitirNfce?: boolean };
    expect(cfg.emitirNfce).toBe(false);
    // Contingency on and off with its justification.
    await gestor.getByLabel('Justificativa da contingência').fill('SEFAZ PR instavel desde as 10h');
    await gestor.getByRole('button', { name: 'Habilitar contingência' }).click();
    await gestor.getByTestId('contingencia-ativa').waitFor();
    await capturarTemas(gestor, 'contingencia');
    await gestor.getByRole('button', { name: 'Desabilitar contingência' }).click();
    await gestor.getByRole('button', { name: 'Habilitar contingência' }).waitFor();

    for (const [rota, titulo, botao] of [
      ['baixarNotas', 'Baixar Notas', 'Baixar zip'],
      ['exportarDados', 'Exportar Dados', 'Exportar zip'],
    ] as const) {
      await abrirRota(pagina, rota, titulo);
      const [download] = await Promise.all([
        pagina.waitForEvent('download'),
        pagina.getByRole('button', { name: botao }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      await capturarTemas(pagina, rota);
    }

    await abrirRota(pagina, 'entradaNotaFiscal', 'Entrada de Nota Fiscal');
    await pagina.locator('input[type="file"]').setInputFiles(AMOSTRA_NFE);
    await pagina.getByText(/^NF-e nº \d+ de .+ importada\.$/).waitFor();
    const primeiraLinha = pagina.locator('.ant-card .ant-table-tbody tr.ant-table-row').first();
    await primeiraLinha.locator('.ant-select').click();
    const opcao = pagina.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    const produto = (await opcao.textContent()) ?? '';
    await opcao.click();
    await primeiraLinha.getByLabel(/^Fator de conversão/).fill('12');
    await pagina.getByRole('button', { name: 'Salvar vínculos' }).click();
    await pagina.getByText('Vínculos dos itens salvos.').waitFor();
    const entradas = (await chamar('POST', 'notaEntrada/getPopulate', {
      filtro: { empresa: ids.centro },
    })) as unknown as {
      _id: string;
    }[];
    const importada = (await chamar('GET', `notaEntrada/${entradas[0]?._id}`)) as unknown as {
      itens: { nItem: number; produtoGeral: string | null; fatorConversao: string | null }[];
    };
    const item1 = importada.itens.find((i) => i.nItem === 1);
    expect(produto).not.toBe('');
    expect(item1?.produtoGeral).toMatch(/^[0-9a-f]{24}$/);
    expect(Number(item1?.fatorConversao)).toBe(12);
    await capturarTemas(pagina, 'entrada');
    await pagina.locator('input[type="file"]').setInputFiles(AMOSTRA_NFE);
    await pagina.getByText(/Nota fiscal já importada \(chave/).waitFor();

    await abrirRota(pagina, 'relatorioVendasResumoFiscal', 'Resumo Fiscal de Vendas');
    await pagina.getByRole('button', { name: 'Gerar' }).click();
    await pagina.getByText('Por CFOP e CST/CSOSN (notas autorizadas)').waitFor();
    await capturarTemas(pagina, 'resumo-fiscal');

    await abrirRota(pagina, 'relatorioDFE', 'Relatório DF-e');
    await pagina.getByRole('button', { name: 'Gerar' }).click();
    await pagina.getByText('Documentos').waitFor();
    await capturarTemas(pagina, 'relatorio-dfe');
  }, 180_000);
});
