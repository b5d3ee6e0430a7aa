// Runtime settings read once at start from GET /config.json (spec section 7).
export interface ConfigCliente {
  baseUrl: string;
  storageUrl: string;
  socketUrl: string;
  socketPath: string;
  /** False when the deployment hides the business groups (LISTA_GRUPOS_PUBLICA=false): type the code. */
  listaGrupos: boolean;
}

const padrao: ConfigCliente = {
  baseUrl: '/api/',
  storageUrl: '/storage/',
  socketUrl: '/',
  socketPath: '/socket.io',
  listaGrupos: true,
};

let atual: ConfigCliente = padrao;

function texto(valor: unknown, alternativa: string): string {
  return typeof valor === 'string' && valor !== '' ? valor : alternativa;
}

export function definirConfig(parcial: Partial<ConfigCliente>): void {
  atual = {
    baseUrl: texto(parcial.baseUrl, padrao.baseUrl),
    storageUrl: texto(parcial.storageUrl, padrao.storageUrl),
    socketUrl: texto(parcial.socketUrl, padrao.socketUrl),
    socketPath: texto(parcial.socketPath, padrao.socketPath),
    listaGrupos: parcial.listaGrupos !== false,
  };
}

export function obterConfig(): ConfigCliente {
  return atual;
}

/** Loads /config.json; on failure keeps the same-origin defaults so the login page still opens. */
export async function carregarConfig(buscar: typeof fetch = fetch): Promise<ConfigCliente> {
  try {
    const resposta = await buscar('/config.json', { cache: 'no-store' });
    if (resposta.ok) definirConfig((await resposta.json()) as Partial<ConfigCliente>);
  } catch {
    // Same-origin defaults above are what the server answers anyway.
  }
  return atual;
}
