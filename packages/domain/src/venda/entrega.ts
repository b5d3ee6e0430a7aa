import { TIPO_VENDA } from '../catalogos/venda.ts';
import type { Centavos } from '../dinheiro/decimal.ts';
import { lerDinheiro, lerEscalado } from '../dinheiro/decimal.ts';
import type { AreaAtendimento, ConfiguracaoVenda } from './configuracao.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { ClienteVenda, Localizacao } from './esquemas.ts';

/**
 * Default customer used when none is chosen (spec 1 section 3 "Default customer"): fixed id,
 * name 'Consumidor' / 'Cliente Padrao', born 1900-01-01, physical person, sex Masculino.
 */
export const CLIENTE_PADRAO = {
  _id: '000000000000000000000001',
  nome: 'Consumidor',
  nomeFantasia: 'Cliente Padrao',
  dataNascimento: '1900-01-01',
  tipoPessoa: 'Fisica',
  sexo: 'Masculino',
  clientePadrao: true,
  telefone: [],
  endereco: [],
} as const;

export function ehClientePadrao(
  cliente: { _id: string; clientePadrao?: boolean } | null | undefined,
): boolean {
  return !cliente || cliente.clientePadrao === true || cliente._id === CLIENTE_PADRAO._id;
}

/** Lower case, no accents, single spaces: 'São  José' -> 'sao jose' (spec 9: accent- and case-insensitive). */
export function normalizarTexto(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

export interface DadosEntrega {
  readonly tipoVenda: number;
  readonly cliente:
    | (Pick<ClienteVenda, '_id'> & {
        clientePadrao?: boolean;
        endereco?: { cidade?: string; bairro?: string } | null | undefined;
      })
    | null
    | undefined;
  readonly distanciaMetros?: number | null | undefined;
}

/**
 * Delivery fee (spec 9): only for delivery sales whose customer is not the default customer.
 * First the distance bands (km x 1000 against metres, ascending), else city and neighbourhood
 * (accent- and case-insensitive), else the default fee. A distance beyond the last band is outside the
 * delivery area and refused (docs/decisions/0008-regras-de-venda.md): a farther customer never pays the
 * neighbourhood or default fee, which is lower than a nearer band's.
 */
export function calcularTaxaEntrega(dados: DadosEntrega, config: ConfiguracaoVenda): Centavos {
  if (dados.tipoVenda !== TIPO_VENDA.delivery || ehClientePadrao(dados.cliente)) return 0 as Centavos;
  if (dados.distanciaMetros != null && config.taxaKm.length > 0) {
    const faixas = config.taxaKm
      .map((f) => ({ metros: lerEscalado(f.km, 3, 'arredondar'), taxa: lerDinheiro(f.taxaEntrega) }))
      .sort((a, b) => a.metros - b.metros);
    const faixa = faixas.find((f) => dados.distanciaMetros! <= f.metros);
    if (faixa) return faixa.taxa;
    const ultima = faixas[faixas.length - 1]!;
    throw new ErroNegocio(MENSAGENS.foraFaixaEntrega(km(dados.distanciaMetros), km(ultima.metros)));
  }
  const endereco = dados.cliente?.endereco;
  if (endereco?.cidade && endereco.bairro) {
    const cidade = normalizarTexto(endereco.cidade);
    const bairro = normalizarTexto(endereco.bairro);
    for (const c of config.taxaBairro) {
      if (normalizarTexto(c.cidade) !== cidade) continue;
      const b = c.bairros.find((x) => normalizarTexto(x.bairro) === bairro);
      if (b) return lerDinheiro(b.taxaEntrega);
    }
  }
  return config.taxaEntregaPadrao ? lerDinheiro(config.taxaEntregaPadrao) : (0 as Centavos);
}

/** Metres as pt-BR kilometres with one decimal: 25000 -> '25,0'. */
const km = (metros: number) => (Math.floor(metros / 100) / 10).toFixed(1).replace('.', ',');

const RAIO_TERRA_M = 6_371_008.8;
const rad = (g: number) => (g * Math.PI) / 180;

/** Great-circle distance in metres (haversine); geometry, not money, so floats are fine here. */
export function distanciaMetros(a: Localizacao, b: Localizacao): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * RAIO_TERRA_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Point-in-area test for the service areas (polygon, circle, rectangle). */
export function pontoNaArea(ponto: Localizacao, area: AreaAtendimento): boolean {
  switch (area.tipo) {
    case 'circulo':
      return distanciaMetros(ponto, area.centro) <= area.raioMetros;
    case 'retangulo': {
      const dentroLat = ponto.lat <= area.norte && ponto.lat >= area.sul;
      // A rectangle may cross the antimeridian (oeste > leste).
      const dentroLng =
        area.oeste <= area.leste
          ? ponto.lng >= area.oeste && ponto.lng <= area.leste
          : ponto.lng >= area.oeste || ponto.lng <= area.leste;
      return dentroLat && dentroLng;
    }
    default: {
      // Ray casting with lng as x and lat as y.
      let dentro = false;
      const pts = area.pontos;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const a = pts[i]!;
        const b = pts[j]!;
        if (a.lat > ponto.lat !== b.lat > ponto.lat) {
          const x = ((b.lng - a.lng) * (ponto.lat - a.lat)) / (b.lat - a.lat) + a.lng;
          if (ponto.lng < x) dentro = !dentro;
        }
      }
      return dentro;
    }
  }
}

/** First service area containing the point, or null. */
export function areaDoPonto(ponto: Localizacao, areas: readonly AreaAtendimento[]): AreaAtendimento | null {
  return areas.find((a) => pontoNaArea(ponto, a)) ?? null;
}

/** Refuses an address outside every service area ('Endereço fora da área de cobertura das lojas!'). */
export function validarAreaAtendimento(
  ponto: Localizacao,
  areas: readonly AreaAtendimento[],
): AreaAtendimento {
  const area = areaDoPonto(ponto, areas);
  if (!area) throw new ErroNegocio(MENSAGENS.foraAreaCobertura);
  return area;
}
