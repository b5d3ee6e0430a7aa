import { createHash } from 'node:crypto';
import { recursos } from '@retaguarda/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  capturar,
  escolherOpcao,
  fazerLogin,
  listasFechadas,
  novaAba,
  USUARIOS,
} from './apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Issue 4's proof, as a new user meets it: the back-office registers a customer (address by CEP, through
// the server's CEP simulator), a product with a per-store price and a tax configuration, a combo with its
// colour and a promotion; the Frente Loja then sells them at the counter and shows the combo and the
// promotion on the lines and totals. A user without the write permissions sees no edit button and the
// server refuses the write.
//
// Independent of the time of day: the products are new (no happy hour names them) and every happy-hour
// window of the group is switched off first. The sale happens in Loja Shopping, whose cash register the
// other browser tests do not use.

const baseUrl = urlDoServidor();
let navegador: Browser;
// Unique names, so the test may run again against the same server (E2E_BASE_URL).
const SUFIXO = Date.now().toString(36).slice(-5).toUpperCase();
const PRODUTO = `Wrap de Frango ${SUFIXO}`;
const COMBO = `Wrap + Refri ${SUFIXO}`;
const PROMOCAO = `Wrap em oferta ${SUFIXO}`;
const CLIENTE = `Cliente Balcão ${SUFIXO}`;
const COR_COMBO = '#2185D0';
const LEITOR = { email: `consulta.${SUFIXO.toLowerCase()}@exemplo.com.br`, senha: 'consulta123' };

const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');

/** A valid CPF from random digits (its two check digits computed). */
function cpfValido(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const tamanho of [9, 10]) {
    const soma = d.slice(0, tamanho).reduce((s, x, i) => s + x * (tamanho + 1 - i), 0);
    const resto = (soma * 10) % 11;
    d.push(resto === 10 ? 0 : resto);
  }
  return d.join('');
}

interface Api {
  token: string;
  chamar<T = Record<string, unknown>>(
    metodo: string,
    caminho: string,
    corpo?: unknown,
    empresa?: string,
  ): Promise<{ valido: boolean; data: T }>;
}

async function entrarPorApi(email: string, senha: string): Promise<Api> {
  const grupos = (await (
    await fetch(`${baseUrl}/api/getGrupoEmpresarialLista`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lixo: false }),
    })
  ).json()) as { data: { _id: string }[] };
  const login = (await (
    await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, senha: sha256(senha), grupoEmpresarial: grupos.data[0]?._id }),
    })
  ).json()) as { valido: boolean; data: { token: string } };
  if (!login.valido) throw new Error(`login ${email}: ${JSON.stringify(login.data)}`);
  const token = login.data.token;
  return {
    token,
    async chamar(metodo, caminho, corpo, empresa) {
      const r = await fetch(`${baseUrl}/api/${caminho}`, {
        method: metodo,
        headers: {
          'content-type': 'application/json',
          token,
          version: 'e2e',
          ...(empresa ? { empresa } : {}),
        },
        body: corpo === undefined ? undefined : JSON.stringify(corpo),
      });
      return (await r.json()) as never;
    },
  };
}

let admin: Api;
const empresas: Record<string, string> = {};

beforeAll(async () => {
  navegador = await abrirNavegador();
  admin = await entrarPorApi(USUARIOS.admin.email, USUARIOS.admin.senha);
  const lista = await admin.chamar<{ _id: string; descricao: string }[]>('POST', 'empresa/getPopulate', {
    filtro: {},
  });
  for (const e of lista.data) empresas[e.descricao] = e._id;
  // Prices must not depend on the hour the test runs: no happy-hour window stays on.
  const periodos = await admin.chamar<({ _id: string; habilitado?: boolean } & Record<string, unknown>)[]>(
    'POST',
    'periodoPorHora/getPopulate',
    { filtro: {} },
  );
  for (const p of periodos.data) {
    if (p.habilitado === false) continue;
    const r = await admin.chamar('PUT', `periodoPorHora/${p._id}`, { ...p, habilitado: false });
    if (!r.valido) throw new Error(`periodoPorHora ${p._id}: ${JSON.stringify(r.data)}`);
  }
});
afterAll(async () => {
  await navegador?.close();
});

async function ir(pagina: Page, rota: string): Promise<void> {
  await pagina.evaluate((r) => {
    window.location.hash = `#/${r}`;
  }, rota);
}

const gaveta = (pagina: Page) => pagina.locator('.ant-drawer-content-wrapper:visible').last();
const dropdown = (pagina: Page) => pagina.locator('.ant-select-dropdown:visible .ant-select-item-option');

const escolher = escolherOpcao;

/**
 * Searches a reference picker and picks the record: the list must narrow to records that answer the
 * typed text (the picker once kept the table's first page listed whatever was typed).
 */
async function escolherReferencia(pagina: Page, idCampo: string, busca: string, opcao: string) {
  const caixa = pagina.locator(`#${idCampo}`);
  await caixa.click();
  await caixa.fill(busca);
  const item = dropdown(pagina).filter({ hasText: opcao }).first();
  await item.waitFor();
  const textos = await dropdown(pagina).allTextContents();
  expect(
    textos.every((t) => t.toLowerCase().includes(busca.toLowerCase())),
    `opções de "${busca}": ${textos.join(' | ')}`,
  ).toBe(true);
  await item.click();
  const selecao = caixa.locator('xpath=ancestor::div[contains(@class,"ant-select ")][1]');
  await selecao.getByTitle(opcao).first().waitFor();
  // A multiple picker stays open after a choice.
  if (await pagina.locator('.ant-select-dropdown:visible').count()) await pagina.keyboard.press('Escape');
  await listasFechadas(pagina);
}

async function incluir(pagina: Page, tabela: string, titulo: string) {
  await ir(pagina, tabela);
  const lista = pagina.getByTestId(`lista-${tabela}`);
  await lista.locator('.ant-table-tbody').waitFor();
  await lista.getByRole('button', { name: /Incluir$/ }).click();
  const form = gaveta(pagina);
  await form.getByText(`Incluir ${titulo}`).waitFor();
  return form;
}

/** Saves the drawer's form and waits until it is stored (the title turns to 'Alterar'). */
async function salvar(pagina: Page, titulo: string) {
  const form = gaveta(pagina);
  await form.getByRole('button', { name: 'Salvar' }).click();
  try {
    await form.getByText(`Alterar ${titulo}`).waitFor({ timeout: 10_000 });
  } catch (erro) {
    const avisos = await pagina
      .locator('.ant-notification-notice, .ant-form-item-explain-error')
      .allInnerTexts();
    throw new Error(`${titulo} não foi salvo: ${avisos.join(' | ')} (${String(erro)})`);
  }
  await form.locator('.ant-drawer-footer').getByRole('button', { name: 'Fechar' }).click();
  await pagina.locator('.ant-drawer-open').waitFor({ state: 'detached' });
}

async function escolherNoFrenteLoja(pagina: Page, id: string, texto: string) {
  await pagina.locator(`#${id}`).click();
  await dropdown(pagina).filter({ hasText: texto }).first().click();
}

describe('registrations sold at the counter (issue 4 proof)', () => {
  it('customer by CEP, product with store price and tax, combo and promotion registered; the POS applies them', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador);
    // Products, combos and promotions are the franchise manager's (special permissions).
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Franqueadora');

    // Customer: the address comes from the CEP service (the server's local simulator).
    let form = await incluir(pagina, 'pessoa', 'Pessoa');
    await form.locator('#campo-nome').fill(CLIENTE);
    await form.locator('#campo-cpfCnpj').fill(cpfValido());
    await form.getByLabel('Cliente', { exact: true }).check();
    await form.locator('#campo-endereco-cep').fill('80420-090');
    await form.getByRole('button', { name: 'Buscar CEP' }).first().click();
    await expect.poll(() => form.locator('#campo-endereco-logradouro').inputValue()).toBe('Avenida do Batel');
    expect(await form.locator('#campo-endereco-bairro').inputValue()).toBe('Batel');
    expect(await form.locator('#campo-endereco-cidade').inputValue()).toBe('Curitiba');
    await form.locator('#campo-endereco-numero').fill('1500');
    await salvar(pagina, 'Pessoa');

    // Product with its ICMS configuration.
    form = await incluir(pagina, 'produtoGeral', 'Produto');
    await form.locator('#campo-descricao').fill(PRODUTO);
    await escolher(pagina, 'campo-tipoProduto', 'Normal');
    await form.locator('#campo-preco').fill('32,00');
    await form.locator('#campo-ncm').fill('21069090');
    await form.locator('#campo-configuracaoImposto-uf').fill('PR');
    await escolher(pagina, 'campo-configuracaoImposto-origem', 'Nacional');
    await form.locator('#campo-configuracaoImposto-CFOP').fill('5102');
    await form.locator('#campo-configuracaoImposto-CSOSN').fill('102');
    await form.locator('#campo-configuracaoImposto-aliquotaIcms').fill('18');
    await salvar(pagina, 'Produto');

    // Combo: the new product with a soda, R$ 4,00 off, blue.
    form = await incluir(pagina, 'produtoCombo', 'Combo');
    await form.locator('#campo-descricao').fill(COMBO);
    await form.locator('#campo-desconto').fill('4');
    await escolher(pagina, 'campo-tipoDesconto', 'Valor');
    await form.locator('#campo-corPredominanteCombo').fill(COR_COMBO);
    await form.getByRole('button', { name: 'Adicionar Agrupadores' }).click();
    await form.locator('#campo-agrupadores-0-descricao').fill('Lanche');
    await form.locator('#campo-agrupadores-0-quantidade').fill('1');
    await escolherReferencia(pagina, 'campo-agrupadores-0-produtos', `Wrap de Frango ${SUFIXO}`, PRODUTO);
    await form.getByRole('button', { name: 'Adicionar Agrupadores' }).click();
    await form.locator('#campo-agrupadores-1-descricao').fill('Bebida');
    await form.locator('#campo-agrupadores-1-quantidade').fill('1');
    await escolherReferencia(
      pagina,
      'campo-agrupadores-1-produtos',
      'Refrigerante Lata',
      'Refrigerante Lata 350ml',
    );
    await capturar(pagina, 'cadastros-venda-combo-claro');
    await salvar(pagina, 'Combo');

    // Promotion: R$ 5,00 off the product.
    form = await incluir(pagina, 'produtoPromocao', 'Promoção de Produto');
    await form.locator('#campo-descricao').fill(PROMOCAO);
    await escolher(pagina, 'campo-tipoPromocao', 'Desconto em valor');
    await form.locator('#campo-valor').fill('5');
    await escolherReferencia(pagina, 'campo-produto', `Wrap de Frango ${SUFIXO}`, PRODUTO);
    await salvar(pagina, 'Promoção de Produto');
    expect(erros).toEqual([]);
    await contexto.close();

    // The store's price: Loja Shopping sells the product for R$ 30,00 at the counter.
    const loja = await novaAba(navegador);
    await fazerLogin(loja.pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Shopping');
    form = await incluir(loja.pagina, 'produtoGeralEmpresa', 'Produto por Empresa');
    await escolherReferencia(loja.pagina, 'campo-produtoGeral', SUFIXO, PRODUTO);
    await form.locator('#campo-preco').fill('30,00');
    await form.getByLabel('Balcão', { exact: true }).check();
    await salvar(loja.pagina, 'Produto por Empresa');
    expect(loja.erros).toEqual([]);
    await loja.contexto.close();

    // What was stored: the tax configuration on the product, the combo's groups with ids.
    const produto = (
      await admin.chamar<{ _id: string; configuracaoImposto: Record<string, unknown> }[]>(
        'POST',
        'produtoGeral/getPopulate',
        { filtro: { descricao: PRODUTO } },
        empresas['Franqueadora Exemplo'],
      )
    ).data[0];
    expect(produto?.configuracaoImposto).toMatchObject({ uf: 'PR', CFOP: '5102', CSOSN: '102' });

    // The POS of Loja Shopping, as a cashier meets it.
    const {
      pagina: pdv,
      contexto: ctxPdv,
      erros: errosPdv,
    } = await novaAba(navegador, {
      width: 1024,
      height: 768,
    });
    await fazerLogin(pdv, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Shopping');
    await pdv.goto(`${baseUrl}/#/frenteLoja`);
    await pdv.getByTestId('config-terminal').waitFor();
    await escolherNoFrenteLoja(pdv, 'fl-empresa', 'Loja Shopping');
    await escolherNoFrenteLoja(pdv, 'fl-terminal', 'Terminal Caixa');
    await pdv.getByRole('button', { name: 'Salvar e carregar' }).click();
    await pdv.getByTestId('modos').waitFor();
    await pdv.getByTestId('status-periodo').waitFor();
    if ((await pdv.getByTestId('status-periodo').textContent()) !== 'Caixa aberto') {
      await pdv.getByTestId('modos').getByText('Caixa').click();
      await pdv.getByRole('button', { name: 'Abrir caixa' }).click();
      await expect.poll(() => pdv.getByTestId('status-periodo').textContent()).toBe('Caixa aberto');
    }
    await pdv.getByTestId('modos').getByText('Balcão').click();
    const total = () => pdv.getByTestId('total-venda').textContent();
    const busca = pdv.getByTestId('busca-produto');
    await busca.fill(PRODUTO);
    await busca.press('Enter');
    const linha1 = pdv.getByTestId('item-1');
    await linha1.waitFor();
    // Store price R$ 30,00 (not the general R$ 32,00), promotion R$ 5,00 off.
    await linha1.getByText('Promoção').waitFor();
    await expect.poll(() => pdv.getByTestId('item-1-valor').textContent()).toBe('R$ 25,00');
    await expect.poll(total).toBe('R$ 25,00');
    await busca.fill('Refrigerante Lata');
    await busca.press('Enter');
    const linha2 = pdv.getByTestId('item-2');
    await linha2.waitFor();
    // The combo forms: both lines carry its mark in its colour, the totals its R$ 4,00.
    await linha1.getByText('Combo').waitFor();
    await linha2.getByText('Combo').waitFor();
    const azul = 'rgb(33, 133, 208)';
    for (const linha of [linha1, linha2]) {
      expect(await linha.evaluate((e) => getComputedStyle(e).borderInlineStartColor)).toBe(azul);
    }
    const resumo = pdv.locator('.ant-tag', { hasText: COMBO });
    await resumo.waitFor();
    // R$ 25,00 + R$ 6,50 less the combo's R$ 4,00, shared by the lines in proportion to their value.
    await expect.poll(total).toBe('R$ 27,50');
    expect(await pdv.getByTestId('subtotal').textContent()).toBe('R$ 31,50');
    expect(await pdv.getByTestId('total-desconto').textContent()).toBe('R$ 4,00');
    expect(await pdv.getByTestId('item-1-valor').textContent()).toBe('R$ 21,82');
    expect(await pdv.getByTestId('item-2-valor').textContent()).toBe('R$ 5,68');
    // The summary tag is drawn in the combo's colour too.
    const estiloResumo = await resumo.evaluate((e) => {
      const c = getComputedStyle(e);
      return [c.color, c.borderTopColor, c.backgroundColor];
    });
    expect(estiloResumo).toContain(azul);
    await pdv.getByText('Neste caixa').waitFor();
    await pdv.mouse.move(4, 700);
    await capturar(pdv, 'cadastros-venda-frente-loja-claro');

    // Paid and ended.
    await pdv.getByTestId('abrir-pagamento').click();
    await pdv.getByRole('radio', { name: 'Dinheiro' }).click();
    await pdv.getByLabel('Valor recebido').fill('30,00');
    await pdv.getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(() => pdv.getByTestId('pag-troco').textContent()).toBe('R$ 2,50');
    await pdv.getByTestId('confirmar-venda').click();
    await pdv.getByText(/encerrada\. Troco: R\$\s2,50/).waitFor();
    expect(errosPdv).toEqual([]);
    await ctxPdv.close();
  });

  it('a user who may only read combos and promotions sees no edit button and the server refuses the write', async () => {
    const gestor = empresas['Franqueadora Exemplo'];
    if (!gestor) throw new Error(`empresas: ${JSON.stringify(empresas)}`);
    const pc = recursos.produtoCombo.permissoes;
    const pp = recursos.produtoPromocao.permissoes;
    const perfil = await admin.chamar<{ _id: string }>(
      'POST',
      'acessoSistema',
      { descricao: `Consulta de Combos ${SUFIXO}`, permissoes: [424, 425, pc.acessar, pp.acessar] },
      gestor,
    );
    expect(perfil.valido, JSON.stringify(perfil.data)).toBe(true);
    const usuario = await admin.chamar<{ _id: string }>(
      'POST',
      'usuarios',
      {
        nome: `Consulta ${SUFIXO}`,
        email: LEITOR.email,
        codigoInterno: 9000 + Math.floor(Math.random() * 900),
        ativo: true,
        acessos: [{ empresa: gestor, acessoSistema: perfil.data._id }],
      },
      gestor,
    );
    expect(usuario.valido, JSON.stringify(usuario.data)).toBe(true);
    const senha = await admin.chamar(
      'PUT',
      `usuarios/${usuario.data._id}/senhas`,
      { senha: sha256(LEITOR.senha) },
      gestor,
    );
    expect(senha.valido, JSON.stringify(senha.data)).toBe(true);

    const { pagina, contexto, erros } = await novaAba(navegador);
    await fazerLogin(pagina, baseUrl, LEITOR.email, LEITOR.senha, 'Franqueadora');
    await ir(pagina, 'produtoCombo');
    const lista = pagina.getByTestId('lista-produtoCombo');
    await lista.getByText('Pizza + Refri').waitFor();
    expect(await lista.getByRole('button', { name: /Incluir$/ }).count()).toBe(0);
    expect(await lista.getByRole('button', { name: 'Alterar' }).count()).toBe(0);
    expect(await lista.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await lista.getByRole('button', { name: 'Visualizar' }).first().click();
    await gaveta(pagina).getByText('Visualizar Combo').waitFor();
    expect(await gaveta(pagina).getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await pagina.keyboard.press('Escape');
    await ir(pagina, 'produtoPromocao');
    const promocoes = pagina.getByTestId('lista-produtoPromocao');
    await promocoes.getByText('Água em promoção').waitFor();
    expect(await promocoes.getByRole('button', { name: /Incluir$/ }).count()).toBe(0);
    expect(await promocoes.getByRole('button', { name: 'Alterar' }).count()).toBe(0);

    // The calls the hidden buttons would make, from this user's session.
    const respostas = await pagina.evaluate(async () => {
      const usuario = JSON.parse(localStorage.getItem('retaguarda.usuario') ?? '{}') as { token?: string };
      const empresa = JSON.parse(localStorage.getItem('retaguarda.empresa') ?? '{}') as { _id?: string };
      const cabecalhos = {
        'Content-Type': 'application/json',
        token: usuario.token ?? '',
        empresa: empresa._id ?? '',
      };
      const lidos = (await (
        await fetch('/api/produtoCombo/getPopulate', {
          method: 'POST',
          headers: cabecalhos,
          body: JSON.stringify({ filtro: { descricao: 'Pizza + Refri' } }),
        })
      ).json()) as { data: ({ _id: string } & Record<string, unknown>)[] };
      const combo = lidos.data[0];
      const incluir = await fetch('/api/produtoCombo', {
        method: 'POST',
        headers: cabecalhos,
        body: JSON.stringify({ ...combo, _id: undefined, descricao: 'Indevido' }),
      });
      const alterar = await fetch(`/api/produtoCombo/${combo?._id}`, {
        method: 'PUT',
        headers: cabecalhos,
        body: JSON.stringify({ ...combo, desconto: '99' }),
      });
      const excluir = await fetch(`/api/produtoCombo/${combo?._id}`, {
        method: 'DELETE',
        headers: { token: cabecalhos.token, empresa: cabecalhos.empresa },
      });
      return Promise.all(
        [incluir, alterar, excluir].map(async (r) => ({ status: r.status, corpo: await r.json() })),
      );
    });
    // Spec 8's envelope: a refusal is HTTP 200 with valido false and the message.
    for (const r of respostas) {
      expect(r).toEqual({
        status: 200,
        corpo: { valido: false, data: { message: 'Usuário sem permissão para esta operação.' } },
      });
    }
    const combo = await admin.chamar<{ desconto: string; lixo?: boolean }[]>(
      'POST',
      'produtoCombo/getPopulate',
      { filtro: { descricao: 'Pizza + Refri' } },
      gestor,
    );
    expect(combo.data).toHaveLength(1);
    expect(Number(combo.data[0]?.desconto)).toBe(10);
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
