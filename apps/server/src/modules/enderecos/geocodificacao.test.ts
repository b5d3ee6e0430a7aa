import { describe, expect, it } from 'vitest';
import { geocodificarDemo } from '../../simuladores/mapas.ts';
import { avaliarGeocodificacao, MENSAGENS_GEOCODIFICACAO, textoEndereco } from './geocodificacao.ts';
import type { RespostaGeocodificacao, ResultadoGeocodificacao } from './mapas.client.ts';

const resultado = (r: Partial<ResultadoGeocodificacao> = {}): ResultadoGeocodificacao => ({
  enderecoFormatado: 'Rua XV de Novembro, 100 - Centro, Curitiba - PR',
  localizacao: { lat: -25.4296, lng: -49.2713 },
  tipoLocalizacao: 'ROOFTOP',
  correspondenciaParcial: false,
  ...r,
});
const ok = (...resultados: ResultadoGeocodificacao[]): RespostaGeocodificacao => ({
  status: 'OK',
  mensagemErro: null,
  resultados,
});
const avaliar = (r: RespostaGeocodificacao, permitirCentroRua = false) =>
  avaliarGeocodificacao(r, { permitirCentroRua });

describe('geocoding acceptance rules (spec 1 section 8 "Address")', () => {
  it('accepts an exact or an interpolated result', () => {
    expect(avaliar(ok(resultado())).localizacao).toEqual({ lat: -25.4296, lng: -49.2713 });
    expect(avaliar(ok(resultado({ tipoLocalizacao: 'RANGE_INTERPOLATED' }))).tipoLocalizacao).toBe(
      'RANGE_INTERPOLATED',
    );
  });

  it("no result: 'Endereço não encontrado!'", () => {
    expect(() => avaliar({ status: 'ZERO_RESULTS', mensagemErro: null, resultados: [] })).toThrow(
      'Endereço não encontrado!',
    );
    expect(() => avaliar(ok())).toThrow(MENSAGENS_GEOCODIFICACAO.naoEncontrado);
  });

  it('refuses a street-centre result unless the group allows it', () => {
    const centro = ok(resultado({ tipoLocalizacao: 'GEOMETRIC_CENTER' }));
    expect(() => avaliar(centro)).toThrow('Falha ao tentar localizar o endereço no mapa...');
    expect(avaliar(centro, true).tipoLocalizacao).toBe('GEOMETRIC_CENTER');
  });

  it('refuses approximate results and partial matches, even when street centres are allowed', () => {
    expect(() => avaliar(ok(resultado({ tipoLocalizacao: 'APPROXIMATE' })), true)).toThrow(
      MENSAGENS_GEOCODIFICACAO.falhaMapa,
    );
    expect(() => avaliar(ok(resultado({ correspondenciaParcial: true })), true)).toThrow(
      MENSAGENS_GEOCODIFICACAO.falhaMapa,
    );
  });

  it('a refusal of the service itself and a result without coordinates', () => {
    for (const status of ['REQUEST_DENIED', 'OVER_QUERY_LIMIT', 'INVALID_REQUEST', 'UNKNOWN_ERROR'])
      expect(() => avaliar({ status, mensagemErro: 'x', resultados: [] })).toThrow(
        MENSAGENS_GEOCODIFICACAO.falhaMapa,
      );
    expect(() => avaliar(ok(resultado({ localizacao: null })))).toThrow(
      'Não foi encontrado a localização do endereço, favor refazer o processo.',
    );
  });

  it('writes the address in the order the service reads best', () => {
    expect(
      textoEndereco({
        logradouro: 'Rua XV de Novembro',
        numero: '100',
        bairro: 'Centro',
        cidade: 'Curitiba',
        uf: 'PR',
        cep: '80020-000',
      }),
    ).toBe('Rua XV de Novembro, 100 - Centro, Curitiba - PR, 80020-000, Brasil');
    expect(textoEndereco({ logradouro: 'Rua A', cidade: 'Curitiba' })).toBe('Rua A, Curitiba, Brasil');
  });
});

describe('maps simulator gazetteer (the precisions the rules judge)', () => {
  const tipo = (texto: string) => geocodificarDemo(texto).results[0]?.geometry.location_type;
  it('produces every precision', () => {
    expect(tipo('Rua XV de Novembro, 100 - Centro, Curitiba - PR')).toBe('ROOFTOP');
    expect(tipo('Avenida do Batel, 1500 - Batel, Curitiba - PR')).toBe('RANGE_INTERPOLATED');
    expect(tipo('Avenida Batel, 1200 - Batel, Curitiba')).toBe('RANGE_INTERPOLATED');
    expect(tipo('Rua XV de Novembro - Centro, Curitiba - PR, 80020-000')).toBe('GEOMETRIC_CENTER');
    expect(geocodificarDemo('Rua XV de Novembro, 99999 - Curitiba').results[0]?.partial_match).toBe(true);
    const aproximado = geocodificarDemo('Rua Inexistente, 10 - Curitiba - PR').results[0];
    expect([aproximado?.geometry.location_type, aproximado?.partial_match]).toEqual(['APPROXIMATE', true]);
    expect(geocodificarDemo('Rua Inexistente, 10 - Cidade Nenhuma').status).toBe('ZERO_RESULTS');
  });

  it('interpolates along the street by number', () => {
    const a = geocodificarDemo('Avenida Sete de Setembro, 100, Curitiba').results[0]?.geometry.location;
    const b = geocodificarDemo('Avenida Sete de Setembro, 5000, Curitiba').results[0]?.geometry.location;
    expect(a && b && a.lng > b.lng).toBe(true);
  });
});
