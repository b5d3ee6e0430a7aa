import { configuracaoVendaSchema, distanciaMetros } from '@retaguarda/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { entrar, reiniciarSessaoParaTeste } from '../../lib/session/sessao.ts';
import { type ChamadaRegistrada, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import type { Pessoa } from './cliente-busca.tsx';
import { formatarDistancia, localizarEntrega, taxaDaEntrega } from './entrega-loja.ts';

const EMPRESA = '0000000000000000000000e1';
const LOJA = { endereco: { localizacao: { lat: -25.4296, lng: -49.2713 } } };
const configuracao = (areas = true) =>
  configuracaoVendaSchema.parse({
    empresa: EMPRESA,
    taxaKm: [
      { km: '3', taxaEntrega: '5.00' },
      { km: '6', taxaEntrega: '8.00' },
    ],
    taxaBairro: [{ cidade: 'Curitiba', bairros: [{ bairro: 'Centro', taxaEntrega: '4.00' }] }],
    taxaEntregaPadrao: '10.00',
    areasAtendimento: areas
      ? [
          {
            tipo: 'poligono',
            descricao: 'Centro',
            pontos: [
              { lat: -25.418, lng: -49.282 },
              { lat: -25.418, lng: -49.25 },
              { lat: -25.437, lng: -49.25 },
              { lat: -25.437, lng: -49.282 },
            ],
          },
        ]
      : [],
  });
const maria: Pessoa = {
  _id: '0000000000000000000000c1',
  nome: 'Maria',
  endereco: { logradouro: 'Rua das Flores', numero: '50', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' },
};
const DENTRO = { lat: -25.4316, lng: -49.2727 };
const FORA = { lat: -25.447, lng: -49.34 };

type Resposta = Response | Promise<Response>;
function servidor(geocodificar: () => Resposta, distancia: () => Resposta = () => rota(2400)) {
  return instalarFetch((c: ChamadaRegistrada) =>
    c.url.endsWith('/geocodificar') ? geocodificar() : distancia(),
  );
}
const achado = (localizacao: { lat: number; lng: number }) => () =>
  envelope(true, {
    localizacao,
    enderecoFormatado: 'Rua das Flores, 50 - Centro, Curitiba - PR',
    tipoLocalizacao: 'ROOFTOP',
  });
const rota = (metros: number) =>
  envelope(true, {
    status: 'OK',
    rows: [{ elements: [{ status: 'OK', distance: { text: '', value: metros } }] }],
  });

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
  entrar(
    { token: 't', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    { _id: 'g1', descricao: 'G' },
    {
      _id: EMPRESA,
      descricao: 'Loja Centro',
    },
  );
});

describe('store delivery: geocoding, this store’s areas and the fee', () => {
  it('inside the area: road distance from the store and the fee of its band', async () => {
    const chamadas = servidor(achado(DENTRO));
    const r = await localizarEntrega(maria, LOJA, configuracao());
    expect(r).toMatchObject({
      situacao: 'atendida',
      localizacao: DENTRO,
      area: { descricao: 'Centro' },
      distanciaMetros: 2400,
      porRota: true,
      taxaEntrega: '5.00',
    });
    // The registered address goes to the geocoder; the store's location is the origin.
    expect(chamadas[0]?.corpo).toEqual({
      endereco: {
        logradouro: 'Rua das Flores',
        numero: '50',
        bairro: 'Centro',
        cidade: 'Curitiba',
        uf: 'PR',
        cep: '',
      },
    });
    expect(chamadas[1]?.corpo).toEqual({ localizacaoA: LOJA.endereco.localizacao, localizacaoB: DENTRO });
  });

  it("outside this store's areas: 'Endereço fora da área de cobertura das lojas!' and no distance asked", async () => {
    const chamadas = servidor(achado(FORA));
    const r = await localizarEntrega(maria, LOJA, configuracao());
    expect(r).toEqual({
      situacao: 'recusada',
      mensagem: 'Endereço fora da área de cobertura das lojas!',
      foraDaArea: true,
      enderecoFormatado: 'Rua das Flores, 50 - Centro, Curitiba - PR',
    });
    expect(chamadas).toHaveLength(1);
  });

  it('a store without areas delivers anywhere', async () => {
    servidor(achado(FORA), () => rota(4500));
    expect(await localizarEntrega(maria, LOJA, configuracao(false))).toMatchObject({
      situacao: 'atendida',
      area: null,
      taxaEntrega: '8.00',
    });
  });

  it('the geocoder’s refusals are shown as the server says them', async () => {
    for (const mensagem of [
      'Endereço não encontrado!',
      'Falha ao tentar localizar o endereço no mapa...',
      'Não foi encontrado a localização do endereço, favor refazer o processo.',
    ]) {
      servidor(() => envelope(false, { message: mensagem }));
      expect(await localizarEntrega(maria, LOJA, configuracao())).toEqual({
        situacao: 'recusada',
        mensagem,
        foraDaArea: false,
        enderecoFormatado: null,
      });
    }
  });

  it('maps service or server out of reach: semComunicacao (the operator may go on without distance)', async () => {
    servidor(() => envelope(false, { message: 'Falha de comunicação! Verifique sua internet.' }));
    expect((await localizarEntrega(maria, LOJA, configuracao())).situacao).toBe('semComunicacao');
    servidor(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await localizarEntrega(maria, LOJA, configuracao())).toEqual({
      situacao: 'semComunicacao',
      mensagem: 'Falha de comunicação! Verifique sua internet.',
    });
  });

  it('no route: the straight line; a store without location: no distance, fee by neighbourhood', async () => {
    servidor(achado(DENTRO), () =>
      envelope(true, { status: 'ZERO_RESULTS', rows: [{ elements: [{ status: 'ZERO_RESULTS' }] }] }),
    );
    const reta = Math.round(distanciaMetros(LOJA.endereco.localizacao, DENTRO));
    expect(await localizarEntrega(maria, LOJA, configuracao())).toMatchObject({
      distanciaMetros: reta,
      porRota: false,
      taxaEntrega: '5.00',
    });
    servidor(achado(DENTRO));
    expect(await localizarEntrega(maria, {}, configuracao())).toMatchObject({
      distanciaMetros: null,
      taxaEntrega: '4.00',
    });
  });

  it('fee without distance: neighbourhood, else the default; distances read in m / km', () => {
    expect(taxaDaEntrega(maria, null, configuracao())).toBe('4.00');
    expect(
      taxaDaEntrega({ ...maria, endereco: { bairro: 'Batel', cidade: 'Curitiba' } }, null, configuracao()),
    ).toBe('10.00');
    // Beyond the last band (6 km) the address is outside the delivery area (docs/decisions/0008).
    expect(() => taxaDaEntrega(maria, 7000, configuracao())).toThrow(
      'Endereço fora da área de entrega: 7,0 km, a loja entrega até 6,0 km!',
    );
    expect(formatarDistancia(850)).toBe('850 m');
    expect(formatarDistancia(2430)).toBe('2,4 km');
  });
});
