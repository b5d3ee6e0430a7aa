import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { iniciarServidor, RAIZ } from './servidor.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** E2E_BASE_URL when the tests drive a server started elsewhere; empty otherwise. */
    baseUrl: string;
    /** A DATA_DIR holding the seeded demo data, copied by each file's own server. */
    modeloDados: string;
  }
}

/**
 * Seeds the demo data once (a server started on an empty DATA_DIR, then stopped cleanly) so that each e2e file's
 * server starts from a copy of it instead of seeding again.
 */
export async function setup(project: TestProject) {
  const externo = process.env.E2E_BASE_URL;
  if (externo) {
    project.provide('baseUrl', externo.replace(/\/$/, ''));
    project.provide('modeloDados', '');
    return;
  }
  const dist = process.env.WEB_DIST ?? join(RAIZ, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `${dist} não existe: rode \`npm run build -w apps/web\` antes (npm run test:e2e já faz).`,
    );
  }
  const modelo = await iniciarServidor();
  await modelo.encerrar({ manterDados: true });
  project.provide('baseUrl', '');
  project.provide('modeloDados', modelo.dados);
  return () => rmSync(modelo.dados, { recursive: true, force: true });
}
