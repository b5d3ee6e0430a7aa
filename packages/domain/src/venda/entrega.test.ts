import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AreaAtendimento } from './configuracao.ts';
import {
  areaDoPonto,
  CLIENTE_PADRAO,
  calcularTaxaEntrega,
  distanciaMetros,
  ehClientePadrao,
  normalizarTexto,
  pontoNaArea,
  validarAreaAtendimento,
} from './entrega.ts';
import { AGORA, criarCatalogo, criarConfiguracao, id, produtos, vendaComItens } from './fabricas-teste.ts';
import { recalcularVenda } from './recalcular.ts';

const config = criarConfiguracao({
  taxaKm: [
    { km: '5', taxaEntrega: '8.00' },
    { km: '2', taxaEntrega: '5.00' },
  ],
  taxaBairro: [{ cidade: 'São José dos Pinhais', bairros: [{ bairro: 'Centro', taxaEntrega: '6.50' }] }],
  taxaEntregaPadrao: '12.00',
});
const cliente = (cidade = 'Curitiba', bairro = 'Batel') => ({
  _id: id(0xc1),
  nome: 'Ana',
  endereco: { cidade, bairro },
});
const taxa = (over: Partial<Parameters<typeof calcularTaxaEntrega>[0]>) =>
  calcularTaxaEntrega({ tipoVenda: 55, cliente: cliente(), ...over }, config);

describe('taxa de entrega (spec 9)', () => {
  it('só em delivery e nunca para o cliente padrão', () => {
    expect(taxa({ tipoVenda: 53 })).toBe(0);
    expect(taxa({ cliente: null })).toBe(0);
    expect(taxa({ cliente: { ...cliente(), _id: CLIENTE_PADRAO._id } })).toBe(0);
    expect(ehClientePadrao({ _id: id(7), clientePadrao: true })).toBe(true);
    expect(CLIENTE_PADRAO).toMatchObject({
      nome: 'Consumidor',
      dataNascimento: '1900-01-01',
      sexo: 'Masculino',
      clientePadrao: true,
    });
    expect(CLIENTE_PADRAO._id).toMatch(/^[0-9a-f]{24}$/);
  });
  it('faixas de distância (km x 1000 contra metros, em ordem crescente)', () => {
    expect(taxa({ distanciaMetros: 1500 })).toBe(500);
    expect(taxa({ distanciaMetros: 2000 })).toBe(500);
    expect(taxa({ distanciaMetros: 2001 })).toBe(800);
  });
  it('além da última faixa: fora da área de entrega, nunca a taxa do bairro ou a padrão (mais baratas)', () => {
    expect(taxa({ distanciaMetros: 5000 })).toBe(800);
    expect(() =>
      taxa({ distanciaMetros: 5001, cliente: cliente('SAO JOSE DOS PINHAIS', ' centro ') }),
    ).toThrow('Endereço fora da área de entrega: 5,0 km, a loja entrega até 5,0 km!');
    expect(() => taxa({ distanciaMetros: 25_000 })).toThrow(
      'Endereço fora da área de entrega: 25,0 km, a loja entrega até 5,0 km!',
    );
  });
  it('propriedade: com faixas, quem mora mais longe nunca paga menos', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const [perto, longe] = a <= b ? [a, b] : [b, a];
        expect(taxa({ distanciaMetros: longe })).toBeGreaterThanOrEqual(taxa({ distanciaMetros: perto }));
      }),
    );
  });
  it('senão cidade e bairro sem acento nem caixa, senão a taxa padrão', () => {
    expect(taxa({ cliente: cliente('são josé dos pinhais', 'Céntro') })).toBe(650);
    expect(taxa({ cliente: cliente() })).toBe(1200);
    expect(calcularTaxaEntrega({ tipoVenda: 55, cliente: cliente() }, criarConfiguracao())).toBe(0);
    expect(normalizarTexto('  Água   Verde ')).toBe('agua verde');
  });
  it('recalcularVenda soma a taxa no total; taxa manual é mantida', () => {
    const catalogo = criarCatalogo({ produtos: produtos({ 1: '10.00' }) });
    const venda = vendaComItens([{ produto: 1 }], {
      tipoVenda: { id: 55 },
      cliente: cliente(),
      distanciaEntregaMetros: 1200,
    });
    const r = recalcularVenda(venda, catalogo, config, AGORA);
    expect(r.taxaEntrega).toBe('5.00');
    expect(r.total).toBe('15.00');
    const manual = recalcularVenda(
      { ...venda, taxaEntrega: '3.00', taxaEntregaManual: true },
      catalogo,
      config,
      AGORA,
    );
    expect(manual.total).toBe('13.00');
  });
});

describe('áreas de atendimento', () => {
  const poligono: AreaAtendimento = {
    tipo: 'poligono',
    descricao: 'Centro',
    pontos: [
      { lat: -25.42, lng: -49.28 },
      { lat: -25.42, lng: -49.26 },
      { lat: -25.44, lng: -49.26 },
      { lat: -25.44, lng: -49.28 },
    ],
  };
  const circulo: AreaAtendimento = {
    tipo: 'circulo',
    descricao: 'Raio',
    centro: { lat: -25.5, lng: -49.3 },
    raioMetros: 1000,
  };
  const retangulo: AreaAtendimento = {
    tipo: 'retangulo',
    descricao: 'R',
    norte: -25.3,
    sul: -25.35,
    leste: -49.1,
    oeste: -49.2,
  };
  it('polígono, círculo e retângulo', () => {
    expect(pontoNaArea({ lat: -25.43, lng: -49.27 }, poligono)).toBe(true);
    expect(pontoNaArea({ lat: -25.45, lng: -49.27 }, poligono)).toBe(false);
    expect(pontoNaArea({ lat: -25.505, lng: -49.3 }, circulo)).toBe(true);
    expect(pontoNaArea({ lat: -25.52, lng: -49.3 }, circulo)).toBe(false);
    expect(pontoNaArea({ lat: -25.32, lng: -49.15 }, retangulo)).toBe(true);
    expect(pontoNaArea({ lat: -25.32, lng: -49.25 }, retangulo)).toBe(false);
    expect(Math.round(distanciaMetros({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }))).toBe(111195);
  });
  it("fora de todas: 'Endereço fora da área de cobertura das lojas!'", () => {
    expect(areaDoPonto({ lat: -25.43, lng: -49.27 }, [circulo, poligono])).toBe(poligono);
    expect(() => validarAreaAtendimento({ lat: 0, lng: 0 }, [poligono, circulo, retangulo])).toThrow(
      'Endereço fora da área de cobertura das lojas!',
    );
  });
});
