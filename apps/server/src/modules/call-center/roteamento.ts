import {
  type AreaAtendimento,
  areaAtendimentoSchema,
  distanciaMetros,
  type Localizacao,
  pontoNaArea,
} from '@retaguarda/domain';

// Which store serves an address (pure). A store covers the point when one of its service areas
// (empresa.configuracoes.areasAtendimento: polygon, circle, rectangle) contains it. The spec does not say
// which store wins where areas overlap: the nearest store (straight line from the store's location) wins,
// then the lower internal code; a store without a location comes after those with one.

export interface LojaRoteamento {
  _id: string;
  descricao: string;
  codigoInterno: number | null;
  localizacao: Localizacao | null;
  areasAtendimento: readonly AreaAtendimento[];
}

export interface LojaCandidata<L extends LojaRoteamento> {
  loja: L;
  /** Straight-line distance store -> address, null without the store's location. */
  distanciaRetaMetros: number | null;
}

/** Stores whose areas contain the point, best first (nearest, then internal code). */
export function lojasQueAtendem<L extends LojaRoteamento>(
  ponto: Localizacao,
  lojas: readonly L[],
): LojaCandidata<L>[] {
  return lojas
    .filter((l) => l.areasAtendimento.some((a) => pontoNaArea(ponto, a)))
    .map((loja) => ({
      loja,
      distanciaRetaMetros: loja.localizacao ? distanciaMetros(loja.localizacao, ponto) : null,
    }))
    .sort(
      (a, b) =>
        (a.distanciaRetaMetros ?? Number.POSITIVE_INFINITY) -
          (b.distanciaRetaMetros ?? Number.POSITIVE_INFINITY) ||
        (a.loja.codigoInterno ?? Number.MAX_SAFE_INTEGER) - (b.loja.codigoInterno ?? Number.MAX_SAFE_INTEGER),
    );
}

const numeroDe = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** A stored location ({lat, lng} as numbers or decimal strings), or null. */
export function lerLocalizacao(v: unknown): Localizacao | null {
  const o = v as { lat?: unknown; lng?: unknown } | null | undefined;
  const lat = numeroDe(o?.lat);
  const lng = numeroDe(o?.lng);
  return lat !== null && lng !== null ? { lat, lng } : null;
}

/** The stored areas that have a valid shape (a half-drawn one is ignored, not fatal). */
export function lerAreas(v: unknown): AreaAtendimento[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((a) => {
    const r = areaAtendimentoSchema.safeParse(a);
    return r.success ? [r.data] : [];
  });
}
