import {
  type AreaAtendimento,
  areaDoPonto,
  type ConfiguracaoVenda,
  calcularTaxaEntrega,
  distanciaMetros,
  ErroNegocio,
  escreverDinheiro,
  type Localizacao,
  MENSAGENS,
  TIPO_VENDA,
} from '@retaguarda/domain';
import { api, ErroApi } from '../../lib/api/cliente.ts';
import type { EnderecoPessoa, Pessoa } from './cliente-busca.tsx';

// Where a store-mode delivery (55) goes and what it costs, before the sale exists: the customer's registered
// address is geocoded by the server (POST enderecos/geocodificar: the spec's acceptance rules and messages),
// must lie in one of THIS store's service areas (a store without areas delivers anywhere), and the fee comes
// from the domain engine with the road distance of POST distanciaGoogle (the straight line when the service
// has no route or fails). The server measures the same way when the sale is created and its figure wins
// (apps/server/src/modules/enderecos/entrega-loja.ts).

export const MENSAGEM_FALHA_MAPA_COMUNICACAO = 'Falha de comunicação! Verifique sua internet.';

export type ResultadoEntrega =
  | {
      situacao: 'atendida';
      localizacao: Localizacao;
      enderecoFormatado: string;
      /** The store's area containing the address; null when the store has none drawn. */
      area: AreaAtendimento | null;
      distanciaMetros: number | null;
      /** Road distance of the maps service (false: straight line). */
      porRota: boolean;
      taxaEntrega: string;
    }
  | { situacao: 'recusada'; mensagem: string; foraDaArea: boolean; enderecoFormatado: string | null }
  /** The maps service (or the server) cannot be reached: the operator may go on without the distance. */
  | { situacao: 'semComunicacao'; mensagem: string };

export interface LojaEntrega {
  localizacao?: unknown;
  endereco?: { localizacao?: unknown } | null;
}

const numero = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** A stored location ({lat, lng} as numbers or decimal strings), or null. */
export function lerLocalizacao(v: unknown): Localizacao | null {
  const o = v as { lat?: unknown; lng?: unknown } | null | undefined;
  const lat = numero(o?.lat);
  const lng = numero(o?.lng);
  return lat !== null && lng !== null ? { lat, lng } : null;
}

/** The store's location (the company's own, else its address's), as the server reads it. */
export const localizacaoDaLoja = (loja: LojaEntrega): Localizacao | null =>
  lerLocalizacao(loja.localizacao) ?? lerLocalizacao(loja.endereco?.localizacao);

/** The fee of the engine for this customer at this distance (bands, else neighbourhood, else default). */
export function taxaDaEntrega(
  pessoa: Pessoa,
  distancia: number | null,
  configuracao: ConfiguracaoVenda,
): string {
  return escreverDinheiro(
    calcularTaxaEntrega(
      {
        tipoVenda: TIPO_VENDA.delivery,
        cliente: {
          _id: pessoa._id,
          endereco: { cidade: pessoa.endereco?.cidade ?? '', bairro: pessoa.endereco?.bairro ?? '' },
        },
        distanciaMetros: distancia,
      },
      configuracao,
    ),
  );
}

const enderecoParaMapa = (e: EnderecoPessoa | null | undefined) => ({
  logradouro: e?.logradouro ?? '',
  numero: e?.numero ?? '',
  bairro: e?.bairro ?? '',
  cidade: e?.cidade ?? '',
  uf: e?.uf ?? '',
  cep: e?.cep ?? '',
});

/** The maps service or the server out of reach (as opposed to a refusal of the address). */
const semComunicacao = (erro: ErroApi) =>
  erro.tipo === 'rede' ||
  erro.tipo === 'http' ||
  erro.message === MENSAGEM_FALHA_MAPA_COMUNICACAO ||
  erro.message.startsWith('Falha ao consultar o mapa');

async function medirDistancia(
  loja: Localizacao,
  ponto: Localizacao,
): Promise<{ metros: number; porRota: boolean }> {
  try {
    const r = await api.post<{
      rows?: { elements?: { status?: string; distance?: { value?: number } }[] }[];
    }>('distanciaGoogle', { localizacaoA: loja, localizacaoB: ponto }, { silencioso: true });
    const valor = r.rows?.[0]?.elements?.[0]?.distance?.value;
    if (typeof valor === 'number' && Number.isFinite(valor))
      return { metros: Math.round(valor), porRota: true };
  } catch {
    // the straight line below
  }
  return { metros: Math.round(distanciaMetros(loja, ponto)), porRota: false };
}

/** Geocodes the customer's address, checks this store's areas and prices the delivery. */
export async function localizarEntrega(
  pessoa: Pessoa,
  loja: LojaEntrega,
  configuracao: ConfiguracaoVenda,
): Promise<ResultadoEntrega> {
  let local: { localizacao: Localizacao; enderecoFormatado: string };
  try {
    local = await api.post(
      'enderecos/geocodificar',
      { endereco: enderecoParaMapa(pessoa.endereco) },
      { silencioso: true },
    );
  } catch (erro) {
    if (!(erro instanceof ErroApi)) throw erro;
    if (semComunicacao(erro))
      return { situacao: 'semComunicacao', mensagem: MENSAGEM_FALHA_MAPA_COMUNICACAO };
    return { situacao: 'recusada', mensagem: erro.message, foraDaArea: false, enderecoFormatado: null };
  }
  const areas = configuracao.areasAtendimento;
  const area = areas.length > 0 ? areaDoPonto(local.localizacao, areas) : null;
  if (areas.length > 0 && !area)
    return {
      situacao: 'recusada',
      mensagem: MENSAGENS.foraAreaCobertura,
      foraDaArea: true,
      enderecoFormatado: local.enderecoFormatado,
    };
  const origem = localizacaoDaLoja(loja);
  const medida = origem ? await medirDistancia(origem, local.localizacao) : null;
  const distancia = medida?.metros ?? null;
  let taxaEntrega: string;
  try {
    taxaEntrega = taxaDaEntrega(pessoa, distancia, configuracao);
  } catch (erro) {
    // Beyond the store's last distance band: outside the delivery area (docs/decisions/0008).
    if (!(erro instanceof ErroNegocio)) throw erro;
    return {
      situacao: 'recusada',
      mensagem: erro.message,
      foraDaArea: true,
      enderecoFormatado: local.enderecoFormatado,
    };
  }
  return {
    situacao: 'atendida',
    localizacao: local.localizacao,
    enderecoFormatado: local.enderecoFormatado,
    area,
    distanciaMetros: distancia,
    porRota: medida?.porRota ?? false,
    taxaEntrega,
  };
}

/** '850 m', '2,4 km'. */
export function formatarDistancia(metros: number): string {
  if (metros < 1000) return `${metros} m`;
  return `${(metros / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}
