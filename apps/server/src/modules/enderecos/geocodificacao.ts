import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import {
  type ClienteMapas,
  ClienteMapasHttp,
  type Distancia,
  type Localizacao,
  type RespostaGeocodificacao,
  type TipoLocalizacao,
} from './mapas.client.ts';

// Geocoding of an address with the acceptance rules of spec 1 section 8 "Address":
// - no result: 'Endereço não encontrado!';
// - a street-centre result (GEOMETRIC_CENTER) is refused unless the business group allows it
//   (grupoEmpresarial.configuracoes.permitirEnderecoCentroRua); approximate results (APPROXIMATE) and
//   partial matches (the service matched something other than what was typed) are refused, as is any
//   refusal of the service itself: 'Falha ao tentar localizar o endereço no mapa...';
// - an address without street or city, or a result without coordinates:
//   'Não foi encontrado a localização do endereço, favor refazer o processo.'.

export const MENSAGENS_GEOCODIFICACAO = {
  naoEncontrado: 'Endereço não encontrado!',
  falhaMapa: 'Falha ao tentar localizar o endereço no mapa...',
  semLocalizacao: 'Não foi encontrado a localização do endereço, favor refazer o processo.',
} as const;

export interface EnderecoEntrada {
  logradouro?: string | null | undefined;
  numero?: string | null | undefined;
  bairro?: string | null | undefined;
  cidade?: string | null | undefined;
  uf?: string | null | undefined;
  cep?: string | null | undefined;
  pais?: string | null | undefined;
}

export interface EnderecoLocalizado {
  localizacao: Localizacao;
  enderecoFormatado: string;
  tipoLocalizacao: TipoLocalizacao | string;
}

/** 'Rua XV de Novembro, 100 - Centro, Curitiba - PR, 80020-000, Brasil' (the order Google reads best). */
export function textoEndereco(e: EnderecoEntrada): string {
  const limpo = (v: string | null | undefined) => String(v ?? '').trim();
  const rua = [limpo(e.logradouro), limpo(e.numero)].filter(Boolean).join(', ');
  const cidade = [limpo(e.cidade), limpo(e.uf)].filter(Boolean).join(' - ');
  const primeira = [rua, limpo(e.bairro)].filter(Boolean).join(' - ');
  return [primeira, cidade, limpo(e.cep), limpo(e.pais) || 'Brasil'].filter(Boolean).join(', ');
}

/** Judges the service's answer (pure: the rules above). */
export function avaliarGeocodificacao(
  r: RespostaGeocodificacao,
  opcoes: { permitirCentroRua: boolean },
): EnderecoLocalizado {
  if (r.status === 'ZERO_RESULTS' || (r.status === 'OK' && r.resultados.length === 0))
    throw new ErroNegocio(MENSAGENS_GEOCODIFICACAO.naoEncontrado);
  const primeiro = r.resultados[0];
  if (r.status !== 'OK' || !primeiro) throw new ErroNegocio(MENSAGENS_GEOCODIFICACAO.falhaMapa);
  if (primeiro.correspondenciaParcial) throw new ErroNegocio(MENSAGENS_GEOCODIFICACAO.falhaMapa);
  const tipo = primeiro.tipoLocalizacao;
  const aceito =
    tipo === 'ROOFTOP' ||
    tipo === 'RANGE_INTERPOLATED' ||
    (tipo === 'GEOMETRIC_CENTER' && opcoes.permitirCentroRua);
  if (!aceito) throw new ErroNegocio(MENSAGENS_GEOCODIFICACAO.falhaMapa);
  if (!primeiro.localizacao) throw new ErroNegocio(MENSAGENS_GEOCODIFICACAO.semLocalizacao);
  return {
    localizacao: primeiro.localizacao,
    enderecoFormatado: primeiro.enderecoFormatado,
    tipoLocalizacao: tipo,
  };
}

const LIMITE_CACHE = 20_000;

export class ServicoGeocodificacao {
  /** Accepted and refused answers by address text and key: a quota-billed service is asked once. */
  private readonly cache = new Map<string, RespostaGeocodificacao>();

  constructor(
    private readonly db: Db,
    private readonly cliente: ClienteMapas,
    private readonly chavePadrao: string,
  ) {}

  /** The company's keyGoogleMapsApi, else the server's MAPAS_CHAVE. */
  async chave(grupo: string, empresa: string | undefined): Promise<string> {
    if (empresa) {
      const l = await consultarUm(
        this.db,
        sql`select configuracoes->>'keyGoogleMapsApi' as chave from empresa
            where id = ${empresa} and grupo_empresarial_id = ${grupo} and lixo = false`,
      );
      const chave = (l?.chave as string | null | undefined)?.trim();
      if (chave) return chave;
    }
    return this.chavePadrao;
  }

  async localizar(
    grupo: string,
    empresa: string | undefined,
    endereco: EnderecoEntrada,
  ): Promise<EnderecoLocalizado> {
    if (!String(endereco.logradouro ?? '').trim() || !String(endereco.cidade ?? '').trim())
      throw new ErroNegocio(MENSAGENS_GEOCODIFICACAO.semLocalizacao);
    const texto = textoEndereco(endereco);
    const chave = await this.chave(grupo, empresa);
    const grupoCfg = await consultarUm(
      this.db,
      sql`select (configuracoes->>'permitirEnderecoCentroRua')::boolean as centro from grupo_empresarial where id = ${grupo}`,
    );
    const id = `${chave}\u0000${texto.toLowerCase()}`;
    let resposta = this.cache.get(id);
    if (!resposta) {
      resposta = await this.cliente.geocodificar(texto, chave);
      // Only final answers are kept: a quota or key problem may be gone on the next try.
      if (resposta.status === 'OK' || resposta.status === 'ZERO_RESULTS') {
        if (this.cache.size >= LIMITE_CACHE) this.cache.clear();
        this.cache.set(id, resposta);
      }
    }
    return avaliarGeocodificacao(resposta, { permitirCentroRua: grupoCfg?.centro === true });
  }

  async distancia(
    grupo: string,
    empresa: string | undefined,
    origem: Localizacao,
    destino: Localizacao,
    chave?: string | null,
  ): Promise<Distancia | null> {
    return this.cliente.distancia(origem, destino, chave || (await this.chave(grupo, empresa)));
  }
}

const porServidor = new WeakMap<object, ServicoGeocodificacao>();

/**
 * One geocoding service (and cache) per server, shared by the address and call-center routes (keyed by the
 * server's services object, the same in every plugin context).
 */
export function servicoGeocodificacao(app: FastifyInstance): ServicoGeocodificacao {
  let s = porServidor.get(app.servicos);
  if (!s) {
    const { config, banco } = app.servicos;
    s = new ServicoGeocodificacao(banco.db, new ClienteMapasHttp(config.mapasUrl), config.mapasChave);
    porServidor.set(app.servicos, s);
  }
  return s;
}
