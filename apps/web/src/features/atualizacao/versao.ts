// The build id embedded in this bundle; dist/version.json of the same build holds the same value.
export const BUILD_ID: string = __BUILD_ID__;

export const INTERVALO_VERIFICACAO_MS = 60_000;

const ouvintes = new Set<() => void>();

/** Asks the mounted banner to check now (socket event `versaoAtualizada`). */
export function solicitarVerificacaoVersao(): void {
  for (const ouvinte of ouvintes) ouvinte();
}

export function aoSolicitarVerificacao(ouvinte: () => void): () => void {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

/** The build currently deployed, or null when it cannot be read (offline, dev without plugin). */
export async function buscarBuildPublicado(buscar: typeof fetch = fetch): Promise<string | null> {
  try {
    const resposta = await buscar(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!resposta.ok) return null;
    const corpo = (await resposta.json()) as { build?: unknown };
    return typeof corpo.build === 'string' ? corpo.build : null;
  } catch {
    return null;
  }
}
