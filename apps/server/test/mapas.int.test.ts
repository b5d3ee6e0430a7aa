import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClienteMapasHttp } from '../src/modules/enderecos/mapas.client.ts';
import { iniciarSimuladorMapas } from '../src/simuladores/mapas.ts';

// The maps client against the local simulator of the Google Geocoding / Distance Matrix protocol: what it
// reads from the JSON, and how it reports a network cut and a server error.

let mapas: Awaited<ReturnType<typeof iniciarSimuladorMapas>>;
let cliente: ClienteMapasHttp;

beforeAll(async () => {
  mapas = await iniciarSimuladorMapas();
  cliente = new ClienteMapasHttp(mapas.url, 2000);
});
afterAll(async () => {
  await mapas.fechar();
});

describe('maps client against the simulator', () => {
  it('reads location, precision, formatted address and partial match of a geocoding answer', async () => {
    expect(
      await cliente.geocodificar('Rua XV de Novembro, 100 - Centro, Curitiba - PR', mapas.chave),
    ).toEqual({
      status: 'OK',
      mensagemErro: null,
      resultados: [
        {
          enderecoFormatado: 'Rua XV de Novembro, 100 - Centro, Curitiba - PR, 80020-000, Brasil',
          localizacao: { lat: -25.4296, lng: -49.2713 },
          tipoLocalizacao: 'ROOFTOP',
          correspondenciaParcial: false,
        },
      ],
    });
    const aproximado = await cliente.geocodificar('Rua Que Não Existe, 1, Curitiba', mapas.chave);
    expect(aproximado.resultados[0]).toMatchObject({
      tipoLocalizacao: 'APPROXIMATE',
      correspondenciaParcial: true,
    });
    expect((await cliente.geocodificar('Lugar nenhum', mapas.chave)).status).toBe('ZERO_RESULTS');
  });

  it('passes the key: without one, or with a refused one, the service answers REQUEST_DENIED', async () => {
    expect(await cliente.geocodificar('Rua XV de Novembro, 100, Curitiba', '')).toMatchObject({
      status: 'REQUEST_DENIED',
      mensagemErro: 'You must use an API key.',
      resultados: [],
    });
    expect((await cliente.geocodificar('Rua XV de Novembro, 100, Curitiba', 'chave-invalida')).status).toBe(
      'REQUEST_DENIED',
    );
    expect(
      await cliente.distancia({ lat: -25.43, lng: -49.27 }, { lat: -25.44, lng: -49.28 }, ''),
    ).toBeNull();
  });

  it('reads the road distance in metres and its text', async () => {
    const d = await cliente.distancia(
      { lat: -25.4296, lng: -49.2713 },
      { lat: -25.4398, lng: -49.2776 },
      mapas.chave,
    );
    // About 1.3 km in a straight line, 1.3 x on the road.
    expect(d?.metros).toBeGreaterThan(1500);
    expect(d?.metros).toBeLessThan(2000);
    expect(d?.texto).toMatch(/^\d+,\d km$/);
  });

  it("a network cut: 'Falha de comunicação! Verifique sua internet.'", async () => {
    mapas.derrubar(true);
    try {
      await expect(cliente.geocodificar('Rua XV de Novembro, 100, Curitiba', mapas.chave)).rejects.toThrow(
        'Falha de comunicação! Verifique sua internet.',
      );
    } finally {
      mapas.derrubar(false);
    }
  });

  it('an HTTP error of the service is reported with its status', async () => {
    const quebrado = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('indisponível');
    });
    await new Promise<void>((r) => quebrado.listen(0, '127.0.0.1', r));
    try {
      const { port } = quebrado.address() as AddressInfo;
      const c = new ClienteMapasHttp(`http://127.0.0.1:${port}/maps/api`);
      await expect(c.geocodificar('Rua A, 1', 'x')).rejects.toThrow('Falha ao consultar o mapa: 503');
    } finally {
      await new Promise<void>((r) => quebrado.close(() => r()));
    }
  });
});
