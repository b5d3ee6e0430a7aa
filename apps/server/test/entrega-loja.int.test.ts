import { distanciaMetros } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { DistanciaEntregaLoja } from '../src/modules/enderecos/entrega-loja.ts';
import { ServicoGeocodificacao } from '../src/modules/enderecos/geocodificacao.ts';
import { ClienteMapasHttp } from '../src/modules/enderecos/mapas.client.ts';
import { iniciarSimuladorMapas } from '../src/simuladores/mapas.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { type Loja, prepararLoja } from './vendas-apoio.ts';

// Store-mode delivery (POST /api/venda, tipoVenda 55) with the maps simulator: the fee goes by the distance
// the server measures from the customer's registered address, whatever distance the POS sends; the POS
// measures it with the same calls (enderecos/geocodificar + distanciaGoogle) and gets the same figure.

let t: AppTeste;
let mapas: Awaited<ReturnType<typeof iniciarSimuladorMapas>>;
let centro: Loja;
let xBurguer: string;
const LOJA_CENTRO = { lat: -25.4296, lng: -49.2713 };

const dados = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};

async function pessoa(nome: string): Promise<string> {
  const l = await consultarUm(t.banco.db, sql`select id from pessoa where nome = ${nome}`);
  if (!l) throw new Error(nome);
  return l.id as string;
}

async function clienteEm(endereco: Record<string, string>): Promise<string> {
  return dados(
    await centro.post('/api/pessoa', {
      nome: `Cliente ${novoId().slice(-6)}`,
      tiposPessoa: ['Cliente'],
      telefone: { ddd: '41', numero: '912345678', tipo: 'Celular', principal: true },
      endereco: { uf: 'PR', pais: 'Brasil', cidade: 'Curitiba', principal: true, ...endereco },
    }),
  )._id as string;
}

const delivery = async (cliente: string, distanciaEntregaMetros?: number) =>
  dados(
    await centro.post('/api/venda', {
      tipoVenda: 55,
      cliente,
      ...(distanciaEntregaMetros === undefined ? {} : { distanciaEntregaMetros }),
      produtos: [{ produto: xBurguer }],
    }),
  );

/** What the POS measures: the customer's address geocoded, then the road distance from the store. */
async function medidaDoPdv(endereco: Registro): Promise<number> {
  const local = dados(await centro.post('/api/enderecos/geocodificar', { endereco }));
  const d = dados(
    await centro.post('/api/distanciaGoogle', { localizacaoA: LOJA_CENTRO, localizacaoB: local.localizacao }),
  );
  const elementos = (d.rows as { elements: { distance: { value: number } }[] }[])[0]?.elements;
  return Math.round(elementos?.[0]?.distance.value ?? Number.NaN);
}

beforeAll(async () => {
  mapas = await iniciarSimuladorMapas();
  t = await criarAppTeste({ mapasUrl: mapas.url, mapasChave: mapas.chave });
  centro = await prepararLoja(t, t.demo.empresas.centro);
  xBurguer = await centro.produto('X-Burguer');
});
afterAll(async () => {
  await t?.fechar();
  await mapas?.fechar();
});

describe('store delivery: the distance is the server’s', () => {
  it('replaces the distance the POS sends by the one it measures (same figure as the POS’s calls)', async () => {
    const joao = await pessoa('João Cliente'); // Avenida Batel 1200, about 3 km by road from Loja Centro
    const esperado = await medidaDoPdv({
      logradouro: 'Avenida Batel',
      numero: '1200',
      bairro: 'Batel',
      cidade: 'Curitiba',
      uf: 'PR',
      cep: '80020-000',
    });
    expect(esperado).toBeGreaterThan(3000);
    expect(esperado).toBeLessThan(6000);
    // 500 m would be the 3 km band (5.00); the server's 3-6 km band is 8.00.
    const v = await delivery(joao, 500);
    expect(v.distanciaEntregaMetros).toBe(esperado);
    expect(v.taxaEntrega).toBe('8.00');
    // Sent nothing: the same.
    const semDistancia = await delivery(joao);
    expect(semDistancia).toMatchObject({ distanciaEntregaMetros: esperado, taxaEntrega: '8.00' });
  });

  it('an address the maps service refuses gives no distance: the fee goes by neighbourhood', async () => {
    // Street without number: a street-centre result, refused ('Falha ao tentar localizar o endereço no mapa...').
    const endereco = { logradouro: 'Rua XV de Novembro', bairro: 'Centro', cep: '80020-000' };
    const recusa = await centro.post('/api/enderecos/geocodificar', {
      endereco: { ...endereco, cidade: 'Curitiba', uf: 'PR' },
    });
    expect(recusa.corpo.data.message).toBe('Falha ao tentar localizar o endereço no mapa...');
    const v = await delivery(await clienteEm(endereco), 9000);
    expect(v.distanciaEntregaMetros).toBeNull();
    expect(v.taxaEntrega).toBe('4.00');
  });

  it('a counter sale keeps no delivery distance', async () => {
    const v = dados(
      await centro.post('/api/venda', {
        tipoVenda: 53,
        terminal: centro.terminal,
        distanciaEntregaMetros: 700,
        produtos: [{ produto: xBurguer }],
      }),
    );
    expect(v.taxaEntrega).toBe('0.00');
  });
});

describe('measuring without the maps service', () => {
  it('no key configured: nothing to measure with, the POS’s value stands (undefined)', async () => {
    const semChave = new ServicoGeocodificacao(t.banco.db, new ClienteMapasHttp(mapas.url), '');
    const medir = new DistanciaEntregaLoja(t.banco.db, semChave);
    expect(await medir.medir(t.demo.grupoId, t.demo.empresas.centro, 55, await pessoa('João Cliente'))).toBe(
      undefined,
    );
  });

  it('service unreachable: the location stored with the address, in a straight line', async () => {
    const fora = new ServicoGeocodificacao(t.banco.db, new ClienteMapasHttp('http://127.0.0.1:9', 500), 'x');
    const medir = new DistanciaEntregaLoja(t.banco.db, fora);
    const maria = await pessoa('Maria Cliente Convênio'); // stored at -25.4302, -49.2701
    expect(await medir.medir(t.demo.grupoId, t.demo.empresas.centro, 55, maria)).toBe(
      Math.round(distanciaMetros(LOJA_CENTRO, { lat: -25.4302, lng: -49.2701 })),
    );
    // Not a delivery, or no customer: not measured.
    expect(await medir.medir(t.demo.grupoId, t.demo.empresas.centro, 53, maria)).toBe(undefined);
    expect(await medir.medir(t.demo.grupoId, t.demo.empresas.centro, 55, undefined)).toBe(undefined);
  });
});
