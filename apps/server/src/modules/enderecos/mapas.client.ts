import { ErroNegocio } from '../../lib/envelope.ts';

// Maps client (spec 1 section 7 "a maps geocoding service (by address)" and api/distanciaGoogle). It speaks
// the JSON protocol of the Google Geocoding and Distance Matrix APIs: GET {base}/geocode/json?address=&key=
// and GET {base}/distancematrix/json?origins=&destinations=&key=. The base address and the key are settings
// (MAPAS_URL, MAPAS_CHAVE, or the company's keyGoogleMapsApi); tests and the demo point it at the local
// simulator of the same protocol (src/simuladores/mapas.ts). Another provider plugs in by implementing
// `ClienteMapas`.

export interface Localizacao {
  lat: number;
  lng: number;
}

/** Precision of a result as Google names it: exact, interpolated on the block, street centre, approximate. */
export type TipoLocalizacao = 'ROOFTOP' | 'RANGE_INTERPOLATED' | 'GEOMETRIC_CENTER' | 'APPROXIMATE';

export interface ResultadoGeocodificacao {
  enderecoFormatado: string;
  localizacao: Localizacao | null;
  tipoLocalizacao: TipoLocalizacao | string;
  correspondenciaParcial: boolean;
}

/** What the geocoding service answered, before the acceptance rules (geocodificacao.ts) judge it. */
export interface RespostaGeocodificacao {
  status: string;
  mensagemErro: string | null;
  resultados: ResultadoGeocodificacao[];
}

export interface Distancia {
  metros: number;
  texto: string;
}

export interface ClienteMapas {
  geocodificar(endereco: string, chave: string): Promise<RespostaGeocodificacao>;
  /** Road distance between two points, or null when the service has no route. */
  distancia(origem: Localizacao, destino: Localizacao, chave: string): Promise<Distancia | null>;
}

export const MENSAGEM_FALHA_COMUNICACAO = 'Falha de comunicação! Verifique sua internet.';

interface GeocodeJson {
  status?: string;
  error_message?: string;
  results?: {
    formatted_address?: string;
    partial_match?: boolean;
    geometry?: { location?: { lat?: unknown; lng?: unknown }; location_type?: string };
  }[];
}

interface DistanceJson {
  status?: string;
  rows?: { elements?: { status?: string; distance?: { text?: string; value?: unknown } }[] }[];
}

const numero = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export class ClienteMapasHttp implements ClienteMapas {
  constructor(
    private readonly base: string,
    private readonly timeoutMs = 8000,
  ) {}

  private async obter<T>(caminho: string, parametros: Record<string, string>): Promise<T> {
    const url = `${this.base.replace(/\/$/, '')}/${caminho}?${new URLSearchParams(parametros)}`;
    let resposta: Response;
    try {
      resposta = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new ErroNegocio(MENSAGEM_FALHA_COMUNICACAO);
    }
    if (!resposta.ok)
      throw new ErroNegocio(`Falha ao consultar o mapa: ${resposta.status} ${resposta.statusText}`.trim());
    try {
      return (await resposta.json()) as T;
    } catch {
      throw new ErroNegocio('Falha ao tentar localizar o endereço no mapa...');
    }
  }

  async geocodificar(endereco: string, chave: string): Promise<RespostaGeocodificacao> {
    const corpo = await this.obter<GeocodeJson>('geocode/json', {
      address: endereco,
      key: chave,
      region: 'br',
      language: 'pt-BR',
    });
    return {
      status: String(corpo.status ?? 'UNKNOWN_ERROR'),
      mensagemErro: corpo.error_message ?? null,
      resultados: (corpo.results ?? []).map((r) => {
        const lat = numero(r.geometry?.location?.lat);
        const lng = numero(r.geometry?.location?.lng);
        return {
          enderecoFormatado: r.formatted_address ?? '',
          localizacao: lat !== null && lng !== null ? { lat, lng } : null,
          tipoLocalizacao: r.geometry?.location_type ?? 'APPROXIMATE',
          correspondenciaParcial: r.partial_match === true,
        };
      }),
    };
  }

  async distancia(origem: Localizacao, destino: Localizacao, chave: string): Promise<Distancia | null> {
    const corpo = await this.obter<DistanceJson>('distancematrix/json', {
      origins: `${origem.lat},${origem.lng}`,
      destinations: `${destino.lat},${destino.lng}`,
      key: chave,
      mode: 'driving',
      language: 'pt-BR',
    });
    const e = corpo.rows?.[0]?.elements?.[0];
    const metros = numero(e?.distance?.value);
    if (corpo.status !== 'OK' || e?.status !== 'OK' || metros === null) return null;
    return { metros, texto: e.distance?.text ?? '' };
  }
}
