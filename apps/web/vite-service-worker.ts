import { readdirSync } from 'node:fs';
import type { Plugin } from 'vite';
import { codigoServiceWorker } from './src/lib/offline/service-worker.ts';

// Emits dist/sw.js with the build id and every built file (plus the public folder) to precache, so the
// app opens offline after one online visit. Source maps and the Vite manifest are left out.
export function serviceWorkerPlugin(versao: string): Plugin {
  let publicos: string[] = [];
  return {
    name: 'retaguarda-service-worker',
    apply: 'build',
    // After the HTML plugin, so index.html is in the bundle.
    enforce: 'post',
    configResolved(config) {
      try {
        publicos = config.publicDir
          ? readdirSync(config.publicDir, { withFileTypes: true })
              .filter((d) => d.isFile())
              .map((d) => d.name)
          : [];
      } catch {
        publicos = [];
      }
    },
    generateBundle(_opcoes, bundle) {
      const nomes = new Set([...Object.keys(bundle), ...publicos, 'index.html']);
      const arquivos = [...nomes]
        .filter((f) => !f.endsWith('.map') && !f.startsWith('.vite/') && f !== 'sw.js')
        .map((f) => `/${f}`)
        .sort();
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: codigoServiceWorker(versao, arquivos) });
    },
  };
}
