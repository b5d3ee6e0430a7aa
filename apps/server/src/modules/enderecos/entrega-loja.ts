import { distanciaMetros, type Localizacao, TIPO_VENDA } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import type { EnderecoEntrada, ServicoGeocodificacao } from './geocodificacao.ts';
import { MENSAGEM_FALHA_COMUNICACAO } from './mapas.client.ts';

// The road distance of a store-mode delivery (POST /api/venda, tipoVenda 55) measured by the server, so the
// fee does not rest on a distance the POS sends. The POS measures it the same way before the sale exists
// (geocodificar + distanciaGoogle, frente-loja/entrega-loja.ts on the web) to show the fee and refuse an
// address outside the store's areas; here the server only measures:
// - maps service not configured (no key for the store: no MAPAS_CHAVE nor keyGoogleMapsApi): nobody can
//   measure, the POS's value is kept (`undefined`);
// - the customer's registered address (never one sent by the client) geocoded with the acceptance rules;
//   an address the service refuses gives no distance (`null`: the fee goes by neighbourhood, else the
//   default), a service that cannot be reached falls back to the location stored with the address;
// - road distance store -> address from the maps service, the straight line when it has no route or
//   cannot be reached (as the call center does), in whole metres.

/** The service could not be reached or answered an HTTP error (mapas.client.ts). */
const inalcancavel = (erro: ErroNegocio) =>
  erro.message === MENSAGEM_FALHA_COMUNICACAO || erro.message.startsWith('Falha ao consultar o mapa');

const numero = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function lerLocalizacao(v: unknown): Localizacao | null {
  const o = v as { lat?: unknown; lng?: unknown } | null | undefined;
  const lat = numero(o?.lat);
  const lng = numero(o?.lng);
  return lat !== null && lng !== null ? { lat, lng } : null;
}

export class DistanciaEntregaLoja {
  constructor(
    private readonly db: Db,
    private readonly mapas: ServicoGeocodificacao,
  ) {}

  /**
   * Metres from the store to the customer of a delivery sale; `undefined` when the server cannot measure
   * (not a delivery with a customer, or no maps service configured for the store).
   */
  async medir(
    grupo: string,
    empresa: string | undefined,
    tipoVenda: number,
    cliente: string | undefined,
  ): Promise<number | null | undefined> {
    if (tipoVenda !== TIPO_VENDA.delivery || !cliente || !empresa) return undefined;
    if (!(await this.mapas.chave(grupo, empresa))) return undefined;
    const l = await consultarUm(
      this.db,
      sql`select (select endereco from pessoa where id = ${cliente} and grupo_empresarial_id = ${grupo}
                    and lixo = false) as endereco,
                 e.localizacao, e.endereco as endereco_loja
          from empresa e where e.id = ${empresa} and e.grupo_empresarial_id = ${grupo}`,
    );
    const endereco = (l?.endereco ?? null) as (EnderecoEntrada & { localizacao?: unknown }) | null;
    const loja =
      lerLocalizacao(l?.localizacao) ??
      lerLocalizacao((l?.endereco_loja as Record<string, unknown>)?.localizacao);
    if (!endereco?.logradouro || !loja) return null;
    let ponto: Localizacao | null;
    try {
      ponto = (await this.mapas.localizar(grupo, empresa, endereco)).localizacao;
    } catch (erro) {
      if (!(erro instanceof ErroNegocio)) throw erro;
      // Refused by the rules: no distance; unreachable: where the address was found before, if ever.
      ponto = inalcancavel(erro) ? lerLocalizacao(endereco.localizacao) : null;
    }
    if (!ponto) return null;
    try {
      const d = await this.mapas.distancia(grupo, empresa, loja, ponto);
      if (d) return Math.round(d.metros);
    } catch {
      // the straight line below
    }
    return Math.round(distanciaMetros(loja, ponto));
  }
}
