import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pacote from './package.json' with { type: 'json' };
import { serviceWorkerPlugin } from './vite-service-worker.ts';

// One build id shared by the bundle (header `version`, update banner) and dist/version.json.
const buildId = `${pacote.version}+${Date.now().toString(36)}`;

// Writes dist/version.json at build time and serves the same answer from the dev server,
// so a running client can tell that a newer build was deployed (spec section 1, update banner).
function versaoPlugin(): Plugin {
  const corpo = JSON.stringify({ build: buildId });
  let saida = 'dist';
  return {
    name: 'retaguarda-versao',
    configResolved(config) {
      saida = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(corpo);
      });
    },
    closeBundle() {
      mkdirSync(saida, { recursive: true });
      writeFileSync(resolve(saida, 'version.json'), corpo);
    },
  };
}

const servidor = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), versaoPlugin(), serviceWorkerPlugin(buildId)],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { target: 'es2022', manifest: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': servidor,
      '/config.json': servidor,
      '/storage': servidor,
      '/socket.io': { target: servidor, ws: true },
    },
  },
});
