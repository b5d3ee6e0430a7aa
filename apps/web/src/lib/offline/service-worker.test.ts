import { describe, expect, it } from 'vitest';
import {
  type AmbienteTrabalhador,
  type CacheMinimo,
  codigoServiceWorker,
  type EventoBusca,
  type EventoInstalacao,
  trabalhador,
} from './service-worker.ts';

// The worker against fake caches and a fake network: what it precaches, what it answers offline and that
// API calls are never answered from (or written to) the cache.

interface Resposta {
  ok: boolean;
  corpo: string;
  clone(): Resposta;
}
const resposta = (corpo: string, ok = true): Resposta => ({ ok, corpo, clone: () => resposta(corpo, ok) });

function montar(arquivos = ['/index.html', '/assets/app-1.js']) {
  const caches = new Map<string, Map<string, unknown>>();
  const chave = (r: unknown) => (typeof r === 'string' ? r : new URL((r as { url: string }).url).pathname);
  let online = true;
  const buscas: string[] = [];
  const ouvintes: Record<string, (e: never) => void> = {};
  const cache = (nome: string): CacheMinimo => {
    const m = caches.get(nome) ?? new Map<string, unknown>();
    caches.set(nome, m);
    return {
      addAll: async (urls) => {
        for (const u of urls) m.set(u, resposta(`rede:${u}`));
      },
      put: async (req, res) => {
        m.set(chave(req), res);
      },
      match: async (req) => m.get(chave(req)),
    };
  };
  const sw: AmbienteTrabalhador = {
    location: { origin: 'http://loja' },
    caches: {
      open: async (nome) => cache(nome),
      keys: async () => [...caches.keys()],
      delete: async (nome) => caches.delete(nome),
      match: async (req) => {
        for (const m of caches.values()) if (m.has(chave(req))) return m.get(chave(req));
        return undefined;
      },
    },
    fetch: async (req) => {
      buscas.push(chave(req));
      if (!online) throw new TypeError('Failed to fetch');
      return resposta(`rede:${chave(req)}`);
    },
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    addEventListener: (tipo: string, f: (e: never) => void) => {
      ouvintes[tipo] = f;
    },
  };
  trabalhador(sw, 'v1', arquivos);
  const emitir = async (tipo: 'install' | 'activate') => {
    let p: Promise<unknown> = Promise.resolve();
    (ouvintes[tipo] as (e: EventoInstalacao) => void)({ waitUntil: (x) => (p = x) });
    await p;
  };
  const buscar = async (caminho: string, opcoes: { method?: string; mode?: string } = {}) => {
    let p: Promise<unknown> | null = null;
    const e: EventoBusca = {
      request: { url: `http://loja${caminho}`, method: opcoes.method ?? 'GET', mode: opcoes.mode ?? 'cors' },
      respondWith: (x) => {
        p = x as Promise<unknown>;
      },
    };
    (ouvintes.fetch as (e: EventoBusca) => void)(e);
    if (!p) return 'rede (sem service worker)';
    return ((await p) as Resposta).corpo;
  };
  return {
    caches,
    buscas,
    emitir,
    buscar,
    offline: () => {
      online = false;
    },
  };
}

describe('service worker', () => {
  it('precaches the shell and assets, and drops the caches of older builds on activate', async () => {
    const t = montar();
    t.caches.set('retaguarda-app-v0', new Map());
    t.caches.set('outro-cache', new Map());
    await t.emitir('install');
    await t.emitir('activate');
    expect([...t.caches.keys()].sort()).toEqual(['outro-cache', 'retaguarda-app-v1']);
    expect([...(t.caches.get('retaguarda-app-v1')?.keys() ?? [])]).toEqual([
      '/index.html',
      '/assets/app-1.js',
    ]);
  });

  it('offline: a navigation gets the cached shell and an asset comes from the cache', async () => {
    const t = montar();
    await t.emitir('install');
    t.offline();
    expect(await t.buscar('/', { mode: 'navigate' })).toBe('rede:/index.html');
    expect(await t.buscar('/assets/app-1.js')).toBe('rede:/assets/app-1.js');
    await expect(t.buscar('/assets/nao-existe.js')).rejects.toThrow();
  });

  it('online: navigations go to the network first (a deploy is seen) and refresh the cached shell', async () => {
    const t = montar();
    await t.emitir('install');
    expect(await t.buscar('/', { mode: 'navigate' })).toBe('rede:/');
    expect(t.buscas).toContain('/');
    await new Promise((r) => setTimeout(r, 0));
    const guardado = t.caches.get('retaguarda-app-v1')?.get('/index.html') as Resposta | undefined;
    expect(guardado?.corpo).toBe('rede:/');
  });

  it('never answers or stores API, socket, storage or version.json requests, nor non-GET ones', async () => {
    const t = montar();
    await t.emitir('install');
    for (const caminho of [
      '/api/venda/getPopulate',
      '/api/health',
      '/socket.io/?EIO=4',
      '/storage/x.png',
      '/version.json',
    ])
      expect(await t.buscar(caminho)).toBe('rede (sem service worker)');
    expect(await t.buscar('/assets/app-1.js', { method: 'POST' })).toBe('rede (sem service worker)');
    const guardados = [...(t.caches.get('retaguarda-app-v1')?.keys() ?? [])];
    expect(guardados.some((c) => /api|socket|storage|version/.test(c))).toBe(false);
  });

  it('config.json: network first, the cached copy offline', async () => {
    const t = montar();
    await t.emitir('install');
    expect(await t.buscar('/config.json')).toBe('rede:/config.json');
    await new Promise((r) => setTimeout(r, 0));
    t.offline();
    expect(await t.buscar('/config.json')).toBe('rede:/config.json');
  });

  it('the emitted script calls the worker with the build id and the files', () => {
    const codigo = codigoServiceWorker('1.0+abc', ['/index.html']);
    expect(codigo).toContain('"1.0+abc"');
    expect(codigo).toContain('["/index.html"]');
    // Self-contained: it parses as a script on its own.
    expect(() => new Function('self', codigo)).not.toThrow();
  });
});
