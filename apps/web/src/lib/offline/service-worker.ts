// The service worker of the built app (issue 5 point 8: a reload while offline still opens the POS).
// `trabalhador` runs inside the worker: the Vite plugin (vite-service-worker.ts) serialises it with
// Function.prototype.toString into dist/sw.js, with the build id and the list of built files, so it must
// not use anything from outside its own body. It precaches the app shell and every built asset, answers
// navigations network-first (a deploy is seen at once) with the cached shell as fallback, assets
// cache-first (their names carry a hash), config.json network-first, and never touches API, socket,
// storage or version.json requests: those always go to the network (the sale queue lives in IndexedDB).

export interface EventoInstalacao {
  waitUntil(p: Promise<unknown>): void;
}

export interface EventoBusca {
  request: { url: string; method: string; mode: string };
  respondWith(r: Promise<unknown>): void;
}

export interface CacheMinimo {
  addAll(urls: string[]): Promise<void>;
  put(req: unknown, res: unknown): Promise<void>;
  match(req: unknown): Promise<unknown>;
}

export interface AmbienteTrabalhador {
  location: { origin: string };
  caches: {
    open(nome: string): Promise<CacheMinimo>;
    keys(): Promise<string[]>;
    delete(nome: string): Promise<boolean>;
    match(req: unknown): Promise<unknown>;
  };
  fetch(req: unknown): Promise<{ ok: boolean; clone(): unknown }>;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(tipo: 'install' | 'activate', f: (e: EventoInstalacao) => void): void;
  addEventListener(tipo: 'fetch', f: (e: EventoBusca) => void): void;
}

export const PREFIXO_CACHE = 'retaguarda-app-';

export function trabalhador(sw: AmbienteTrabalhador, versao: string, arquivos: string[]): void {
  const nomeCache = `retaguarda-app-${versao}`;
  // Never cached: the server's data and the deploy check.
  const somenteRede = /^\/(api|socket\.io|storage)(\/|$)|^\/version\.json$/;

  sw.addEventListener('install', (e) => {
    e.waitUntil(
      sw.caches
        .open(nomeCache)
        .then((c) => c.addAll(arquivos))
        .then(() => sw.skipWaiting()),
    );
  });

  sw.addEventListener('activate', (e) => {
    e.waitUntil(
      sw.caches
        .keys()
        .then((nomes) =>
          Promise.all(
            nomes
              .filter((n) => n.startsWith('retaguarda-app-') && n !== nomeCache)
              .map((n) => sw.caches.delete(n)),
          ),
        )
        .then(() => sw.clients.claim()),
    );
  });

  const guardar = (chave: unknown, resposta: { ok: boolean; clone(): unknown }) => {
    if (resposta.ok) {
      const copia = resposta.clone();
      void sw.caches.open(nomeCache).then((c) => c.put(chave, copia));
    }
    return resposta;
  };

  const redePrimeiro = (req: unknown, reserva: string) =>
    sw.fetch(req).then(
      (r) => guardar(reserva, r),
      () =>
        sw.caches.match(reserva).then((c) => {
          if (c) return c;
          throw new Error('offline');
        }),
    );

  sw.addEventListener('fetch', (e) => {
    const { request } = e;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== sw.location.origin || somenteRede.test(url.pathname)) return;
    if (request.mode === 'navigate') {
      e.respondWith(redePrimeiro(request, '/index.html'));
      return;
    }
    if (url.pathname === '/config.json') {
      e.respondWith(redePrimeiro(request, '/config.json'));
      return;
    }
    e.respondWith(
      sw.caches.match(request).then((c) => c ?? sw.fetch(request).then((r) => guardar(request, r))),
    );
  });
}

/** The text of dist/sw.js. */
export function codigoServiceWorker(versao: string, arquivos: readonly string[]): string {
  return `'use strict';\n(${trabalhador.toString()})(self, ${JSON.stringify(versao)}, ${JSON.stringify(arquivos)});\n`;
}
