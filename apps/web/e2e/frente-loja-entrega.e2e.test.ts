import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, desligarHappyHours, fazerLogin, novaAba, USUARIOS } from './apoio.ts';
import {
  abrirFrenteLoja,
  buscarELancar,
  capturarTemas,
  chamarApi,
  escolher,
  fecharAvisos,
  garantirCaixaAberto,
  liberarComSupervisor,
  TELA,
  tokenDaPagina,
  total,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// Store-mode delivery (55) with the maps simulator of the demo server: the customer's address is located on
// the map and must lie in the store's own service area (Loja Centro: a polygon over the centre; Loja
// Shopping: a circle around the mall and a rectangle over Batel); the geocoder's refusals show the spec's
// messages and offer no sale until the address is fixed; the fee comes from the road distance. And a POS
// bound to Loja Shopping while the user logged into Loja Centro acts for Shopping (tables, delivery).

const baseUrl = urlDoServidor();
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
});
afterAll(async () => {
  await navegador?.close();
});

async function escolherCliente(pagina: Page, busca: string) {
  await pagina.getByLabel('Buscar cliente').fill(busca);
  await pagina.getByRole('button', { name: 'Buscar', exact: true }).click();
  await pagina.getByRole('button', { name: 'Escolher' }).first().click();
  await pagina.getByTestId('tela-delivery-entrega').waitFor();
}

async function recusa(pagina: Page): Promise<string> {
  const alerta = pagina.getByTestId('entrega-recusada');
  await alerta.waitFor();
  return (await alerta.locator('.ant-alert-title').textContent()) ?? '';
}

async function editarEndereco(pagina: Page, campos: Record<string, string>) {
  await pagina.getByRole('button', { name: 'Editar endereço' }).click();
  const modal = pagina.locator('.ant-modal:visible');
  for (const [rotulo, valor] of Object.entries(campos))
    await modal.getByLabel(rotulo, { exact: true }).fill(valor);
  await modal.getByRole('button', { name: 'Salvar endereço' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('Frente Loja delivery: the address on the map', () => {
  it("refuses an address outside the store's area or unknown to the map with the spec's messages; fixed, the sale goes with the fee of the road distance", async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl);
    await garantirCaixaAberto(pagina);
    await pagina.getByTestId('modos').getByText('Delivery').click();

    // Mossunguê: outside every store's area.
    await escolherCliente(pagina, 'Pedro Cliente');
    expect(await recusa(pagina)).toBe('Endereço fora da área de cobertura das lojas!');
    expect(await pagina.getByRole('button', { name: 'Iniciar venda' }).count()).toBe(0);
    await fecharAvisos(pagina);
    await capturarTemas(pagina, 'frente-loja-delivery-fora-da-area');

    // Avenida Batel: Loja Shopping's area, not this store's (Loja Centro).
    await pagina.getByRole('button', { name: 'Trocar cliente' }).click();
    await escolherCliente(pagina, 'João Cliente');
    expect(await recusa(pagina)).toBe('Endereço fora da área de cobertura das lojas!');
    expect(await pagina.getByTestId('entrega-recusada').textContent()).toContain(
      'A Loja Centro não entrega em',
    );
    expect(await pagina.getByRole('button', { name: 'Iniciar venda' }).count()).toBe(0);

    // A new customer in a city the map does not know: 'Endereço não encontrado!'.
    await pagina.getByRole('button', { name: 'Trocar cliente' }).click();
    await pagina.getByRole('button', { name: 'Novo cliente' }).click();
    const modal = pagina.locator('.ant-modal:visible');
    await modal.getByLabel('Nome').fill('Bruno Endereço');
    await modal.getByLabel('Telefone').fill('977776666');
    await modal.getByLabel('Logradouro').fill('Rua Sem Mapa');
    await modal.getByLabel('Número').fill('10');
    await modal.getByLabel('Cidade').fill('Cidade Inexistente');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    expect(await recusa(pagina)).toBe('Endereço não encontrado!');
    expect(await pagina.getByRole('button', { name: 'Iniciar venda' }).count()).toBe(0);

    // Fixed to a known street without number: the street centre is refused.
    await editarEndereco(pagina, {
      Logradouro: 'Rua XV de Novembro',
      Número: '',
      Bairro: 'Centro',
      Cidade: 'Curitiba',
    });
    expect(await recusa(pagina)).toBe('Falha ao tentar localizar o endereço no mapa...');

    // With the number: inside the centre polygon, about 550 m by road -> R$ 5,00 (up to 3 km).
    await editarEndereco(pagina, { Número: '300' });
    await pagina.getByTestId('area-entrega').waitFor();
    expect(await pagina.getByTestId('distancia-entrega').textContent()).toMatch(/^\d{3} m pela rota$/);
    expect(await pagina.getByTestId('taxa-entrega-previa').textContent()).toBe('R$ 5,00');
    await pagina.getByRole('button', { name: 'Iniciar venda' }).click();
    await pagina.getByText('Delivery · Bruno Endereço').waitFor();
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    await expect.poll(() => pagina.getByTestId('taxa-entrega').textContent()).toBe('R$ 5,00');
    await pagina.getByText('Gravada').waitFor();
    // The fee the server recorded, from the distance it measured itself.
    const token = await tokenDaPagina(pagina);
    const [venda] = await chamarApi<{ taxaEntrega: string; distanciaEntregaMetros: number | null }[]>(
      baseUrl,
      token,
      'venda/getPopulate',
      { filtro: { 'tipoVenda.id': 55, 'status.id': 57 } },
    ).then((l) =>
      l.filter((v) => (v as unknown as { vendaDescricao: string }).vendaDescricao === 'Bruno Endereço'),
    );
    expect(venda?.taxaEntrega).toBe('5.00');
    expect(venda?.distanciaEntregaMetros).toBeGreaterThan(100);
    expect(venda?.distanciaEntregaMetros).toBeLessThan(1000);

    const totalVenda = await total(pagina);
    await pagina.getByTestId('abrir-pagamento').click();
    await pagina.getByRole('radio', { name: 'Cartão de Crédito' }).click();
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 0,00');
    expect(totalVenda).toBe('R$ 29,90');
    await pagina.getByTestId('confirmar-venda').click();
    await pagina.getByText(/encerrada\./).waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('a POS bound to Loja Shopping while the user logged into Loja Centro acts for Shopping: its tables, its area and fee', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await fazerLogin(pagina, baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha, 'Loja Centro');
    const token = await tokenDaPagina(pagina);
    const empresas = await chamarApi<{ _id: string; descricao: string }[]>(
      baseUrl,
      token,
      'empresa/getPopulate',
      {
        filtro: {},
      },
    );
    const id = (descricao: string) => empresas.find((e) => e.descricao === descricao)?._id ?? '';
    // Table 23 open in Shopping, table 22 in Centro (the map shows tables 1-24 of a store without a set count).
    await chamarApi(
      baseUrl,
      token,
      'venda',
      { empresa: id('Loja Shopping'), tipoVenda: 54, mesa: 23 },
      id('Loja Shopping'),
    );
    await chamarApi(
      baseUrl,
      token,
      'venda',
      { empresa: id('Loja Centro'), tipoVenda: 54, mesa: 22 },
      id('Loja Centro'),
    );

    await pagina.goto(`${baseUrl}/#/frenteLoja`);
    await pagina.getByTestId('config-terminal').waitFor();
    await escolher(pagina, 'fl-empresa', 'Loja Shopping');
    await escolher(pagina, 'fl-terminal', 'Terminal Caixa 2');
    await pagina.getByRole('button', { name: 'Salvar e carregar' }).click();
    await pagina.getByTestId('modos').waitFor();
    await pagina.getByText('Loja Shopping · Terminal Caixa 2').waitFor();

    await pagina.getByTestId('modos').getByText('Mesa').click();
    await pagina.getByTestId('mapa-mesas').waitFor();
    await expect.poll(() => pagina.getByTestId('mesa-23').getAttribute('data-estado')).toBe('ocupada');
    expect(await pagina.getByTestId('mesa-22').getAttribute('data-estado')).toBe('livre');

    // João (Avenida Batel) is inside Shopping's circle: the delivery goes, about 1.9 km by road -> R$ 5,00.
    await pagina.getByTestId('modos').getByText('Delivery').click();
    await escolherCliente(pagina, 'João Cliente');
    await pagina.getByTestId('area-entrega').waitFor();
    expect(await pagina.getByTestId('area-entrega').textContent()).toBe('Raio do shopping');
    expect(await pagina.getByTestId('distancia-entrega').textContent()).toMatch(/^1,\d km pela rota$/);
    expect(await pagina.getByTestId('taxa-entrega-previa').textContent()).toBe('R$ 5,00');
    await fecharAvisos(pagina);
    await capturarTemas(pagina, 'frente-loja-delivery-shopping');
    await pagina.getByRole('button', { name: 'Iniciar venda' }).click();
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    await pagina.getByText('Gravada').waitFor();
    await expect.poll(() => pagina.getByTestId('taxa-entrega').textContent()).toBe('R$ 5,00');
    const abertas = await chamarApi<{ vendaDescricao: string; empresa: string; taxaEntrega: string }[]>(
      baseUrl,
      token,
      'venda/getPopulate',
      { filtro: { empresa: id('Loja Shopping'), 'tipoVenda.id': 55, 'status.id': 57 } },
      id('Loja Shopping'),
    );
    expect(abertas.find((v) => v.vendaDescricao === 'João Cliente')).toMatchObject({
      empresa: id('Loja Shopping'),
      taxaEntrega: '5.00',
    });
    // Cancelled with the supervisor (of Shopping's sale, through the bound store).
    await pagina.getByRole('button', { name: 'Cancelar venda' }).click();
    await liberarComSupervisor(pagina, 'Teste');
    await pagina.getByText('Venda cancelada.').waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });
});
